// Share invitations (spec §3 Project share, §8 code 64; docs/decisions/sharing.md). The owner invites
// an address nobody signed up with yet; a link with a one-time token goes to it (the pluggable sender).
// Once that address has an account, it accepts on /static/invitation while signed in: the share is
// made then, held to the same caps as one the owner makes (counted inside the write's transaction).
// Only the SHA-256 of the token is kept; the rows stay as the project's invitation history.
import { createHash, randomBytes } from 'node:crypto';
import { accountKind, ErrorCode, type InvitationCreateRequest, type InvitationItem, type Principal, type ShareItem } from '@airloom/contracts';
import type { Knex } from 'knex';
import { AppError } from '../../http/app-error.js';
import type { AuthorisedProject } from '../../http/project-access.js';
import type { Sender } from '../auth/sender.js';
import type { SharesRepository } from '../shares/shares.repository.js';
import { refuseOverCaps, toItem as shareItem } from '../shares/shares.service.js';

/** how long an invitation's link works */
export const INVITATION_HOURS = 72;
const HOUR_MS = 3_600_000;

interface InvitationRow {
  id: number;
  project_id: number;
  project_name: string;
  from_account: string;
  account: string;
  share_right: 'r' | 'rw';
  hours: number | null;
  status: 'pending' | 'accepted' | 'replaced';
  expires_at: number;
}

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

function toItem(row: InvitationRow): InvitationItem {
  return {
    id: Number(row.id),
    projectName: row.project_name,
    from: row.from_account,
    to: row.account,
    permission: row.share_right,
    hours: row.hours === null ? null : Number(row.hours),
    status: row.status === 'accepted' ? 'accepted' : 'pending',
    expiresAt: new Date(Number(row.expires_at)).toISOString(),
  };
}

export interface InvitationsServiceDeps {
  db: Knex;
  shares: SharesRepository;
  sender: Sender;
  clock: () => number;
  /** the project's open event streams check again whether their viewer may still see it */
  accessChanged(projectId: number): void;
}

export function createInvitationsService(deps: InvitationsServiceDeps) {
  const { db, clock } = deps;
  const rows = (q: Knex | Knex.Transaction) =>
    q('share_invitations as i')
      .join('projects as p', 'p.id', 'i.project_id')
      .join('accounts as f', 'f.id', 'i.from_account_id')
      .select('i.id', 'i.project_id', 'p.project_name', 'f.account as from_account', 'i.account', 'i.share_right', 'i.hours', 'i.status', 'i.expires_at');

  /** The pending invitation behind a token, for the signed-in invited address only. */
  async function invitationFor(q: Knex | Knex.Transaction, principal: Principal, token: string): Promise<InvitationRow> {
    const row = (await rows(q).where('i.token_hash', hashToken(token)).first()) as InvitationRow | undefined;
    if (!row || row.status !== 'pending' || Number(row.expires_at) <= clock()) throw new AppError(ErrorCode.INVITATION_CODE_EXPIRED);
    const me = (await q('accounts').where({ id: principal.accountId }).first('account')) as { account: string } | undefined;
    if (!me || me.account !== row.account) throw new AppError(ErrorCode.DATA_NOT_FOUND);
    return row;
  }

  return {
    async create(project: AuthorisedProject, body: InvitationCreateRequest & { account: string }): Promise<InvitationItem> {
      const projectId = project.row.id;
      if ((await deps.shares.accountIdOf(body.account)) !== undefined) throw new AppError(ErrorCode.ACCOUNT_EXISTS);
      const token = randomBytes(32).toString('base64url');
      const now = clock();
      const id = await db.transaction(async (trx) => {
        // a new invitation of the same address replaces one still waiting
        await trx('share_invitations').where({ project_id: projectId, account: body.account, status: 'pending' }).update({ status: 'replaced', decided_at: now });
        const [inserted] = await trx('share_invitations').insert({
          project_id: projectId,
          from_account_id: project.principal.accountId,
          account: body.account,
          share_right: body.permission,
          hours: body.hours ?? null,
          token_hash: hashToken(token),
          status: 'pending',
          created_at: now,
          expires_at: now + INVITATION_HOURS * HOUR_MS,
        });
        return Number(inserted);
      });
      const row = (await rows(db).where('i.id', id).first()) as InvitationRow;
      await deps.sender.send({
        channel: accountKind(body.account) === 'mobile' ? 'sms' : 'email',
        to: body.account,
        purpose: 'invitation',
        from: row.from_account,
        projectName: row.project_name,
        link: `/static/invitation?token=${token}`,
        expiresInSeconds: INVITATION_HOURS * 3600,
      });
      return toItem(row);
    },

    async view(principal: Principal, token: string): Promise<InvitationItem> {
      return toItem(await invitationFor(db, principal, token));
    },

    async accept(principal: Principal, token: string): Promise<ShareItem> {
      // a person accepts a share, not a script's key
      if (principal.apiKey) throw new AppError(ErrorCode.READ_ONLY_PROJECT);
      const now = clock();
      const { projectId, shareId } = await deps.shares.change(async (trx) => {
        const invitation = await invitationFor(trx, principal, token);
        const projectId = Number(invitation.project_id);
        if (String(trx.client.config.client).startsWith('mysql')) await trx('projects').where({ id: projectId }).forUpdate().first('id');
        const owner = (await trx('projects').where({ id: projectId }).first('owner_account_id')) as { owner_account_id: number };
        const others = await deps.shares.list(projectId, trx);
        if (Number(owner.owner_account_id) === principal.accountId || others.some((s) => s.account_id === principal.accountId)) {
          throw new AppError(ErrorCode.PROJECT_ALREADY_SHARED);
        }
        const expiresAt = invitation.hours === null ? null : now + Number(invitation.hours) * HOUR_MS;
        refuseOverCaps(others, invitation.share_right, expiresAt, now);
        // only if nobody answered it meanwhile (another tab, another instance)
        const changed = await trx('share_invitations').where({ id: invitation.id, status: 'pending' }).update({ status: 'accepted', decided_at: now });
        if (changed !== 1) throw new AppError(ErrorCode.INVITATION_CODE_EXPIRED);
        const shareId = await deps.shares.insert(trx, {
          project_id: projectId,
          account_id: principal.accountId,
          share_right: invitation.share_right,
          shared_at: now,
          expires_at: expiresAt,
          period_hours: invitation.hours === null ? null : Number(invitation.hours),
          shared_by_account_id: Number(owner.owner_account_id),
        });
        return { projectId, shareId };
      });
      deps.accessChanged(projectId);
      const row = await deps.shares.find(projectId, shareId);
      if (!row) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      return shareItem(row, clock());
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
