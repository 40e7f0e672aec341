// knex only, no rules (STYLE §6): a project's shares (table project_members), each write through
// withProjectsChange so every instance's cached project lists see it.
import type { Knex } from 'knex';
import { withProjectsChange } from '../../db/change-counters.js';

export interface ShareRow {
  id: number;
  project_id: number;
  account_id: number;
  account: string;
  nick: string;
  share_right: 'r' | 'rw';
  shared_at: number;
  expires_at: number | null;
  /** the hours given when the validity was last set; null: permanent */
  period_hours: number | null;
}

const COLUMNS = ['m.id', 'm.project_id', 'm.account_id', 'a.account', 'a.nick', 'm.share_right', 'm.shared_at', 'm.expires_at', 'm.period_hours'];

function normalise(row: ShareRow): ShareRow {
  return {
    ...row,
    id: Number(row.id),
    project_id: Number(row.project_id),
    account_id: Number(row.account_id),
    shared_at: Number(row.shared_at),
    expires_at: row.expires_at === null ? null : Number(row.expires_at),
    period_hours: row.period_hours === null ? null : Number(row.period_hours),
  };
}

export function createSharesRepository(db: Knex) {
  const shares = (q: Knex | Knex.Transaction, projectId: number) =>
    q('project_members as m').join('accounts as a', 'a.id', 'm.account_id').where('m.project_id', projectId).select(COLUMNS);

  return {
    async list(projectId: number, q: Knex | Knex.Transaction = db): Promise<ShareRow[]> {
      return ((await shares(q, projectId).orderBy('m.shared_at', 'desc').orderBy('m.id', 'desc')) as ShareRow[]).map(normalise);
    },

    async find(projectId: number, id: number, q: Knex | Knex.Transaction = db): Promise<ShareRow | undefined> {
      const row = (await shares(q, projectId).andWhere('m.id', id).first()) as ShareRow | undefined;
      return row ? normalise(row) : undefined;
    },

    async accountIdOf(account: string): Promise<number | undefined> {
      const row = (await db('accounts').where({ account }).first('id')) as { id: number } | undefined;
      return row ? Number(row.id) : undefined;
    },

    /** Runs `write` in one transaction that also invalidates the cached project lists. */
    change: <T>(write: (trx: Knex.Transaction) => Promise<T>) => withProjectsChange(db, write),

    async insert(trx: Knex.Transaction, row: Omit<ShareRow, 'id' | 'account' | 'nick'> & { shared_by_account_id: number }): Promise<number> {
      const [id] = await trx('project_members').insert(row);
      return Number(id);
    },

    async update(trx: Knex.Transaction, id: number, patch: Partial<Pick<ShareRow, 'share_right' | 'expires_at' | 'period_hours'>>): Promise<void> {
      await trx('project_members').where({ id }).update(patch);
    },

    async remove(trx: Knex.Transaction, projectId: number, id: number): Promise<number> {
      return trx('project_members').where({ id, project_id: projectId }).delete();
    },
  };
}

export type SharesRepository = ReturnType<typeof createSharesRepository>;
