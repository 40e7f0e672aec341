// Device status transitions (spec §3 status numbers, docs/decisions/gateway.md). A transition is a conditional
// update — it happens only from the statuses the caller names — so gateway instances that race on
// the same device agree on one winner, and every change gets exactly one device_status_log row.
import { DeviceStatus } from '@airloom/contracts';
import type { Knex } from 'knex';
import type { DeviceRow } from './store/rows.js';
import { nextRevision } from './store/revision.js';
import { inTransaction } from './store/config.js';

/** connected and not restarting: where configuration may be sent */
export const REACHABLE_STATUSES: readonly number[] = [DeviceStatus.ONLINE, DeviceStatus.ONLINE_NOT_SAVED];

export type StatusReason =
  | 'connect'
  | 'boot'
  | 'traffic'
  | 'disconnect'
  | 'last-will'
  | 'connection-closed'
  | 'identity-mismatch'
  | 'heartbeat-missed'
  | 'reboot'
  | 'reboot-timeout'
  | 'config-pending'
  | 'config-applied'
  | 'upgrade'
  | 'upgrade-failed'
  | 'upgraded';

export interface Transition {
  sn: string;
  from: readonly number[];
  to: number;
  reason: StatusReason;
  now: number;
  /** more columns to write in the same update */
  set?: Record<string, unknown>;
  /** only if the device was last heard before this time (the sweeper's guard against fresh traffic) */
  seenBefore?: number;
}

/** what each row returned by transition() came from: the run log tells offline from online by it */
const TRANSITIONS = new WeakMap<DeviceRow, { from: number; reason: StatusReason }>();

/** The status a row returned by transition() left, and why; undefined for any other row. */
export function transitionOf(row: DeviceRow): { from: number; reason: StatusReason } | undefined {
  return TRANSITIONS.get(row);
}

/**
 * Moves a device to `to` if its status is one of `from`, inside `trx` when given. Returns the row as
 * it is right after the change (what the browsers should see, even if the next change follows at
 * once), or null when nothing changed (not in `from`, or already `to`).
 */
export async function transition(db: Knex | Knex.Transaction, t: Transition): Promise<DeviceRow | null> {
  const run = async (trx: Knex.Transaction): Promise<DeviceRow | null> => {
    const from = t.from.filter((s) => s !== t.to);
    if (from.length === 0) return null;
    const current = (await trx('devices').where({ sn: t.sn }).first('status', 'project_id', 'last_seen_at')) as
      | { status: number; project_id: number | null; last_seen_at: number | null }
      | undefined;
    if (!current || !from.includes(Number(current.status))) return null;
    if (t.seenBefore !== undefined && current.last_seen_at !== null && Number(current.last_seen_at) >= t.seenBefore) return null;
    const updated = await trx('devices')
      .where({ sn: t.sn, status: current.status })
      .update({ ...t.set, status: t.to, updated_at: t.now, revision: nextRevision(trx) });
    if (updated !== 1) return null;
    await trx('device_status_log').insert({
      sn: t.sn,
      project_id: current.project_id,
      from_status: current.status,
      to_status: t.to,
      reason: t.reason,
      at: t.now,
    });
    const row = (await trx<DeviceRow>('devices').where({ sn: t.sn }).first()) as DeviceRow;
    TRANSITIONS.set(row, { from: Number(current.status), reason: t.reason });
    return row;
  };
  // a device's row beside another gateway instance's telemetry flush may deadlock on MariaDB: rolled back, it is run again
  return inTransaction(db, run);
}
