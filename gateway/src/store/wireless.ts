// Wireless policies waiting for confirmation (spec §4, docs/wireless.md): one pending list per project
// (table wireless_pending). Every edit replaces the whole list and raises the revision; confirming writes
// it as the configuration engine's `wireless-policies` section and removes the row, only if the row is
// still at the revision the person confirmed (a later edit by someone else is not confirmed unseen).
import type { Knex } from 'knex';
import { retryDeadlock } from './config.js';

type Db = Knex | Knex.Transaction;

export interface PendingRow {
  project_id: number;
  revision: number;
  body_json: string;
  actor: string | null;
  updated_at: number;
}

export interface PendingWirelessRecord<Body> {
  revision: number;
  body: Body;
  actor: string | null;
  updatedAt: number;
}

function toRecord<Body>(row: PendingRow): PendingWirelessRecord<Body> {
  return { revision: Number(row.revision), body: JSON.parse(row.body_json) as Body, actor: row.actor, updatedAt: Number(row.updated_at) };
}

export async function findPendingWireless<Body>(db: Db, projectId: number): Promise<PendingWirelessRecord<Body> | null> {
  const row = (await db<PendingRow>('wireless_pending').where({ project_id: projectId }).first()) as PendingRow | undefined;
  return row ? toRecord<Body>(row) : null;
}

/**
 * Stores the pending list. `expected` is the revision the edit was made on (null: there was none):
 * when another edit came first, nothing is stored and null is answered (the caller reads and retries).
 */
export async function savePendingWireless<Body>(db: Knex, projectId: number, body: Body, actor: string | null, expected: number | null, now = Date.now()): Promise<PendingWirelessRecord<Body> | null> {
  return retryDeadlock(() =>
    db.transaction(async (trx) => {
      const json = JSON.stringify(body);
      if (expected === null) {
        const exists = await trx('wireless_pending').where({ project_id: projectId }).first('project_id');
        if (exists) return null;
        await trx('wireless_pending').insert({ project_id: projectId, revision: 1, body_json: json, actor, updated_at: now });
        return { revision: 1, body, actor, updatedAt: now };
      }
      const updated = await trx('wireless_pending').where({ project_id: projectId, revision: expected }).update({ revision: expected + 1, body_json: json, actor, updated_at: now });
      return updated === 1 ? { revision: expected + 1, body, actor, updatedAt: now } : null;
    }),
  );
}

/** removes the pending list if it is (still) at `revision` (any revision when undefined); true when one was removed */
export async function deletePendingWireless(db: Db, projectId: number, revision?: number): Promise<boolean> {
  const q = db('wireless_pending').where({ project_id: projectId });
  if (revision !== undefined) q.andWhere({ revision });
  return (await q.delete()) > 0;
}
