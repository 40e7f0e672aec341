// ARCHITECTURE §3: a device or operation row's `revision` rises with every write to it, so whoever
// reads the row later (an HTTP answer, an SSE event) can tell which copy is newer. A DeviceItem shows
// its unfinished operation, so an operation's state change raises its device's revision too.
import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

/** The column value of an UPDATE: one more than the row holds now. */
export function nextRevision(db: Db): Knex.Raw {
  return db.raw('?? + 1', ['revision']);
}

/** An operation of this device changed state: the device, as a DeviceItem, changed with it. */
export async function touchDevice(db: Db, sn: string): Promise<void> {
  await db('devices').where({ sn }).update({ revision: nextRevision(db) });
}
