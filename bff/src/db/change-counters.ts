// Versions of cached data sets (migration 20261121000700). Any code that writes `projects` or
// `project_members` must do it through withProjectsChange so cached project lists are invalidated on
// every BFF instance.
import type { Knex } from 'knex';
import { readRows } from '@airloom/gateway/public';

export async function projectsVersion(db: Knex): Promise<number> {
  // Read on every project list call: a fixed statement skips knex's builder (bench/ api latency).
  const [row] = await readRows<{ version: number }>(db, 'select version from change_counters where name = ?', ['projects']);
  return Number(row?.version ?? 0);
}

/** Runs `write` in a transaction that also bumps the projects version. */
export async function withProjectsChange<T>(db: Knex, write: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  return db.transaction(async (trx) => {
    const result = await write(trx);
    await trx('change_counters').where({ name: 'projects' }).increment('version', 1);
    return result;
  });
}
