// knex only, no rules (STYLE §6): the account's API keys (table api_keys).
import type { Knex } from 'knex';
import { readRows } from '@airloom/gateway/public';

export interface ApiKeyRow {
  id: number;
  account_id: number;
  name: string;
  prefix: string;
  access: 'r' | 'rw';
  /** JSON list of project ids, or null */
  projects: string | null;
  created_at: number;
  last_used_at: number | null;
}

/** A key found by its hash, with the account it acts for. */
export interface ApiKeyWithAccount extends ApiKeyRow {
  account: string;
  nick: string;
  role: number;
}

const FIND_SQL =
  'select k.id, k.account_id, k.name, k.prefix, k.access, k.projects, k.created_at, k.last_used_at, a.account, a.nick, a.role ' +
  'from api_keys as k inner join accounts as a on a.id = k.account_id where k.key_hash = +? limit 1'; // +?: see readRows

function normalise<T extends ApiKeyRow>(row: T): T {
  return { ...row, id: Number(row.id), account_id: Number(row.account_id), created_at: Number(row.created_at), last_used_at: row.last_used_at === null ? null : Number(row.last_used_at) };
}

export function createApiKeysRepository(db: Knex) {
  return {
    async list(accountId: number): Promise<ApiKeyRow[]> {
      const rows = (await db('api_keys').where({ account_id: accountId }).orderBy('id')) as ApiKeyRow[];
      return rows.map(normalise);
    },
    async count(accountId: number): Promise<number> {
      return Number((await db('api_keys').where({ account_id: accountId }).count({ n: '*' }).first())?.n ?? 0);
    },
    async insert(row: Omit<ApiKeyRow, 'id' | 'last_used_at'> & { key_hash: string }): Promise<number> {
      const [id] = await db('api_keys').insert({ ...row, last_used_at: null });
      return Number(id);
    },
    async find(accountId: number, id: number): Promise<ApiKeyRow | undefined> {
      const row = (await db('api_keys').where({ id, account_id: accountId }).first()) as ApiKeyRow | undefined;
      return row ? normalise(row) : undefined;
    },
    async remove(accountId: number, id: number): Promise<number> {
      return db('api_keys').where({ id, account_id: accountId }).delete();
    },
    /** Runs on every call made with a key: a fixed statement skips knex's builder. */
    async findByHash(keyHash: string): Promise<ApiKeyWithAccount | undefined> {
      const [row] = await readRows<ApiKeyWithAccount>(db, FIND_SQL, [keyHash]);
      return row ? normalise(row) : undefined;
    },
    async touch(id: number, now: number): Promise<void> {
      await db('api_keys').where({ id }).update({ last_used_at: now });
    },
  };
}

export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>;
