// Project transfer (spec §1 permission transfer, §4; docs/decisions/sharing.md). The owner offers a
// project to another account; a link with a one-time token goes to it (the pluggable sender), and
// the receiver accepts or declines on /static/transfer while signed in as that account. Accepting
// makes the receiver the owner in one transaction: the giver keeps no access (spec §4 "removes the
// project from the giver's list"), the receiver's own share of it ends, every other share stays.
// The rows stay as the project's transfer history.
import { createHash, randomBytes } from 'node:crypto';
import { API_LIMITS, ErrorCode, projectNameKey, type Principal, type TransferHistory, type TransferItem } from '@airloom/contracts';
import type { Knex } from 'knex';
import { withProjectsChange } from '../../db/change-counters.js';
import { AppError } from '../../http/app-error.js';
import type { AuthorisedProject } from '../../http/project-access.js';
import type { Sender } from '../auth/sender.js';

/** how long an offer waits for its answer */
export const TRANSFER_OFFER_HOURS = 72;
const HOUR_MS = 3_600_000;

interface TransferRow {
  id: number;
  project_id: number;
  project_name: string;
  from_account: string;
  to_account: string;
  to_account_id: number;
  status: TransferItem['status'];
  expires_at: number;
}

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

function toItem(row: TransferRow): TransferItem {
  return {
    id: Number(row.id),
    projectId: Number(row.project_id),
    projectName: row.project_name,
    from: row.from_account,
    to: row.to_account,
    status: row.status,
    expiresAt: new Date(Number(row.expires_at)).toISOString(),
  };
}

export interface TransfersServiceDeps {
  db: Knex;
  sender: Sender;
  clock: () => number;
  /** the project's open event streams check again whether their viewer may still see it */
  accessChanged(projectId: number): void;
}

export function createTransfersService(deps: TransfersServiceDeps) {
  const { db, clock } = deps;
  const rows = (q: Knex | Knex.Transaction) =>
    q('project_transfers as t')
      .join('projects as p', 'p.id', 't.project_id')
      .join('accounts as f', 'f.id', 't.from_account_id')
      .join('accounts as r', 'r.id', 't.to_account_id')
      .select('t.id', 't.project_id', 'p.project_name', 'f.account as from_account', 'r.account as to_account', 't.to_account_id', 't.status', 't.expires_at');

  /** The pending offer behind a token, for the signed-in receiver only. */
  async function offerFor(q: Knex | Knex.Transaction, principal: Principal, token: string): Promise<TransferRow> {
    const row = (await rows(q).where('t.token_hash', hashToken(token)).first()) as TransferRow | undefined;
    if (!row || row.status !== 'pending' || Number(row.expires_at) <= clock()) throw new AppError(ErrorCode.INVITATION_CODE_EXPIRED);
    if (Number(row.to_account_id) !== principal.accountId) throw new AppError(ErrorCode.DATA_NOT_FOUND);
    return row;
  }

  async function answer(principal: Principal, token: string, status: 'accepted' | 'declined'): Promise<TransferItem> {
    // a person answers an offer, not a script's key
    if (principal.apiKey) throw new AppError(ErrorCode.READ_ONLY_PROJECT);
    const now = clock();
    const row = await withProjectsChange(db, async (trx) => {
      const offer = await offerFor(trx, principal, token);
      if (status === 'accepted') {
        const names = (await trx('projects').where({ owner_account_id: principal.accountId }).select('project_name')) as { project_name: string }[];
        if (names.length >= API_LIMITS.projectsPerOwnerMax) throw new AppError(ErrorCode.PROJECT_COUNT_LIMIT);
        const key = projectNameKey(offer.project_name);
        if (names.some((n) => projectNameKey(n.project_name) === key)) throw new AppError(ErrorCode.DATA_EXISTS);
        await trx('projects').where({ id: offer.project_id }).update({ owner_account_id: principal.accountId, updated_at: now });
        // an owner needs no share of its own project
        await trx('project_members').where({ project_id: offer.project_id, account_id: principal.accountId }).delete();
      }
      // only if nobody answered it meanwhile (another tab, another instance)
      const changed = await trx('project_transfers').where({ id: offer.id, status: 'pending' }).update({ status, decided_at: now });
      if (changed !== 1) throw new AppError(ErrorCode.INVITATION_CODE_EXPIRED);
      return { ...offer, status };
    });
    if (status === 'accepted') deps.accessChanged(row.project_id);
    return toItem(row);
  }

  return {
    async offer(project: AuthorisedProject, account: string): Promise<TransferItem> {
      const projectId = project.row.id;
      const receiver = (await db('accounts').where({ account }).first('id', 'account_kind')) as { id: number; account_kind: string } | undefined;
      if (!receiver) throw new AppError(ErrorCode.ACCOUNT_NOT_FOUND);
      if (Number(receiver.id) === project.row.owner_account_id) throw new AppError(ErrorCode.INVALID_PARAMS, { account: 'rules.transferAccount.owner' });
      const token = randomBytes(32).toString('base64url');
      const now = clock();
      const expiresAt = now + TRANSFER_OFFER_HOURS * HOUR_MS;
      const id = await db.transaction(async (trx) => {
        // a new offer replaces one still waiting
        await trx('project_transfers').where({ project_id: projectId, status: 'pending' }).update({ status: 'cancelled', decided_at: now });
        const [inserted] = await trx('project_transfers').insert({
          project_id: projectId,
          from_account_id: project.principal.accountId,
          to_account_id: receiver.id,
          token_hash: hashToken(token),
          status: 'pending',
          created_at: now,
          expires_at: expiresAt,
        });
        return Number(inserted);
      });
      const row = (await rows(db).where('t.id', id).first()) as TransferRow;
      await deps.sender.send({
        channel: receiver.account_kind === 'email' ? 'email' : 'sms',
        to: account,
        purpose: 'transfer',
        from: row.from_account,
        projectName: row.project_name,
        link: `/static/transfer?token=${token}`,
        expiresInSeconds: TRANSFER_OFFER_HOURS * 3600,
      });
      return toItem(row);
    },

    async pending(project: AuthorisedProject): Promise<{ transfer: TransferItem | null }> {
      const row = (await rows(db).where({ 't.project_id': project.row.id, 't.status': 'pending' }).andWhere('t.expires_at', '>', clock()).first()) as TransferRow | undefined;
      return { transfer: row ? toItem(row) : null };
    },

    /** every offer of the project, newest first; a pending one past its end reads as expired */
    async history(project: AuthorisedProject): Promise<TransferHistory> {
      const list = (await rows(db)
        .select('t.created_at', 't.decided_at')
        .where('t.project_id', project.row.id)
        .orderBy([{ column: 't.created_at', order: 'desc' }, { column: 't.id', order: 'desc' }])) as (TransferRow & { created_at: number; decided_at: number | null })[];
      const now = clock();
      const iso = (ms: number) => new Date(Number(ms)).toISOString();
      return {
        items: list.map((r) => ({
          id: Number(r.id),
          from: r.from_account,
          to: r.to_account,
          status: r.status === 'pending' && Number(r.expires_at) <= now ? 'expired' : r.status,
          offeredAt: iso(r.created_at),
          decidedAt: r.decided_at === null ? null : iso(r.decided_at),
          expiresAt: iso(r.expires_at),
        })),
      };
    },

    async cancel(project: AuthorisedProject): Promise<void> {
      const changed = await db('project_transfers').where({ project_id: project.row.id, status: 'pending' }).update({ status: 'cancelled', decided_at: clock() });
      if (changed === 0) throw new AppError(ErrorCode.INVITATION_CODE_EXPIRED);
    },

    async view(principal: Principal, token: string): Promise<TransferItem> {
      return toItem(await offerFor(db, principal, token));
    },

    accept: (principal: Principal, token: string) => answer(principal, token, 'accepted'),
    decline: (principal: Principal, token: string) => answer(principal, token, 'declined'),
  };
}

export type TransfersService = ReturnType<typeof createTransfersService>;
