// knex only, no rules (STYLE §6): what a registration refers to — owner accounts and projects.
import type { Knex } from 'knex';

export function createManufacturerRepository(db: Knex) {
  return {
    db,
    /** account (e-mail or phone, normalised) → id, for those that exist */
    async accountIds(accounts: string[]): Promise<Map<string, number>> {
      if (accounts.length === 0) return new Map();
      const rows = (await db('accounts').whereIn('account', accounts).select('id', 'account')) as { id: number; account: string }[];
      return new Map(rows.map((r) => [r.account, Number(r.id)]));
    },
    async existingProjectIds(ids: number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = (await db('projects').whereIn('id', ids).select('id')) as { id: number }[];
      return new Set(rows.map((r) => Number(r.id)));
    },
  };
}

export type ManufacturerRepository = ReturnType<typeof createManufacturerRepository>;
