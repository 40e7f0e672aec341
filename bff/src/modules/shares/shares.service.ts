// Project shares (spec §3 Project share, §4, §5/§6/§9 caps; docs/decisions/sharing.md). Only the
// owner reaches this service (can(): project.share). The caps are counted inside the write's
// transaction, with the project row locked on MySQL, so two owners' tabs cannot both take the last
// place. After every change the project's open event streams re-check their access at once.
import { ErrorCode, LIMITS, type ShareCreateRequest, type ShareItem, type ShareUpdateRequest } from '@airloom/contracts';
import type { Knex } from 'knex';
import { AppError } from '../../http/app-error.js';
import type { AuthorisedProject } from '../../http/project-access.js';
import type { SharesRepository, ShareRow } from './shares.repository.js';

const HOUR_MS = 3_600_000;

export interface SharesServiceDeps {
  repo: SharesRepository;
  clock: () => number;
  /** the project's open event streams check again whether their viewer may still see it */
  accessChanged(projectId: number): void;
}

type Right = ShareRow['share_right'];

/** A row written without its period (before the column, or straight into the table): the span from its share time to its end. */
function periodOf(row: ShareRow): number | null {
  if (row.period_hours !== null) return row.period_hours;
  return row.expires_at === null ? null : Math.max(1, Math.round((row.expires_at - row.shared_at) / HOUR_MS));
}

export function toItem(row: ShareRow, now: number): ShareItem {
  return {
    id: row.id,
    account: row.account,
    nick: row.nick,
    // every share row is a guest's: an admin (a company's management account) needs no share
    role: 'guest',
    permission: row.share_right,
    sharedAt: new Date(row.shared_at).toISOString(),
    expiresAt: row.expires_at === null ? null : new Date(row.expires_at).toISOString(),
    periodHours: periodOf(row),
    status: row.expires_at !== null && row.expires_at <= now ? 'expired' : 'active',
  };
}

/** When a share given `hours` from now ends: null (permanent) when hours is null or absent. */
function endOf(hours: number | null | undefined, now: number): number | null {
  return hours === null || hours === undefined ? null : now + hours * HOUR_MS;
}

/**
 * The caps a share of `right` ending at `expiresAt` must fit, counted over the project's other
 * shares (spec §5/§6/§9 as decided in docs/decisions/contracts.md): unexpired read-only 32 (61),
 * unexpired read-write 8 (62), permanent read-write 3 (406), and read-write shares held, expired
 * ones included until removed, 11 (188). An already expired share takes no place.
 */
export function refuseOverCaps(others: readonly ShareRow[], right: Right, expiresAt: number | null, now: number): void {
  if (expiresAt !== null && expiresAt <= now) return;
  const active = others.filter((s) => s.expires_at === null || s.expires_at > now);
  if (right === 'r') {
    if (active.filter((s) => s.share_right === 'r').length >= LIMITS.unexpiredReadOnlySharesMax) throw new AppError(ErrorCode.SHARE_READ_ONLY_LIMIT);
    return;
  }
  if (others.filter((s) => s.share_right === 'rw').length >= LIMITS.manageablePermissionsPerProjectMax) throw new AppError(ErrorCode.MANAGEABLE_PERMISSION_LIMIT);
  if (active.filter((s) => s.share_right === 'rw').length >= LIMITS.unexpiredReadWriteSharesMax) throw new AppError(ErrorCode.SHARE_READ_WRITE_LIMIT);
  if (expiresAt === null && others.filter((s) => s.share_right === 'rw' && s.expires_at === null).length >= LIMITS.permanentReadWriteSharesMax) {
    throw new AppError(ErrorCode.PERMANENT_SHARE_READ_WRITE_LIMIT);
  }
}

export function createSharesService(deps: SharesServiceDeps) {
  const { repo, clock } = deps;

  /** The project's shares inside the write's transaction, the project row locked first on MySQL. */
  async function lockedShares(trx: Knex.Transaction, projectId: number): Promise<ShareRow[]> {
    if (String(trx.client.config.client).startsWith('mysql')) await trx('projects').where({ id: projectId }).forUpdate().first('id');
    return repo.list(projectId, trx);
  }

  async function reread(projectId: number, id: number): Promise<ShareItem> {
    const row = await repo.find(projectId, id);
    if (!row) throw new AppError(ErrorCode.DATA_NOT_FOUND);
    return toItem(row, clock());
  }

  return {
    async list(project: AuthorisedProject): Promise<{ items: ShareItem[]; total: number }> {
      const now = clock();
      const items = (await repo.list(project.row.id)).map((row) => toItem(row, now));
      return { items, total: items.length };
    },

    async create(project: AuthorisedProject, body: ShareCreateRequest): Promise<ShareItem> {
      const projectId = project.row.id;
      const accountId = await repo.accountIdOf(body.account);
      if (accountId === undefined) throw new AppError(ErrorCode.ACCOUNT_NOT_FOUND);
      if (accountId === project.row.owner_account_id) throw new AppError(ErrorCode.INVALID_PARAMS, { account: 'rules.shareAccount.owner' });
      const now = clock();
      const expiresAt = endOf(body.hours, now);
      const id = await repo.change(async (trx) => {
        const others = await lockedShares(trx, projectId);
        if (others.some((s) => s.account_id === accountId)) throw new AppError(ErrorCode.PROJECT_ALREADY_SHARED);
        refuseOverCaps(others, body.permission, expiresAt, now);
        return repo.insert(trx, {
          project_id: projectId,
          account_id: accountId,
          share_right: body.permission,
          shared_at: now,
          expires_at: expiresAt,
          period_hours: body.hours ?? null,
          shared_by_account_id: project.principal.accountId,
        });
      });
      deps.accessChanged(projectId);
      return reread(projectId, id);
    },

    async update(project: AuthorisedProject, id: number, body: ShareUpdateRequest): Promise<ShareItem> {
      const projectId = project.row.id;
      const now = clock();
      await repo.change(async (trx) => {
        const all = await lockedShares(trx, projectId);
        const share = all.find((s) => s.id === id);
        if (!share) throw new AppError(ErrorCode.DATA_NOT_FOUND);
        const right = body.permission ?? share.share_right;
        // ending now keeps the row, listed as expired for the owner and gone for the guest (spec §4)
        const expiresAt = body.endNow ? now : body.hours !== undefined ? endOf(body.hours, now) : share.expires_at;
        refuseOverCaps(all.filter((s) => s.id !== id), right, expiresAt, now);
        // the period is what the owner last granted: new hours set it; "End now" and a change of permission keep it
        const period = !body.endNow && body.hours !== undefined ? { period_hours: body.hours } : {};
        await repo.update(trx, id, { share_right: right, expires_at: expiresAt, ...period });
      });
      deps.accessChanged(projectId);
      return reread(projectId, id);
    },

    async remove(project: AuthorisedProject, id: number): Promise<void> {
      const projectId = project.row.id;
      const removed = await repo.change((trx) => repo.remove(trx, projectId, id));
      if (removed === 0) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      deps.accessChanged(projectId);
    },
  };
}

export type SharesService = ReturnType<typeof createSharesService>;
