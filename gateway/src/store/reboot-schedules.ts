// Reboot schedules of devices (docs/maintenance.md "Scheduled and cyclic reboot"): rows only, no rules.
// When a slot is due and what it does are the BFF's reboot-schedules service. A due slot is taken with
// a conditional UPDATE that moves next_run_at on from exactly that slot: of several instances that
// see it due, one changes the row and only that one queues the reboot (at most once per slot).
import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

export interface RebootScheduleRow {
  sn: string;
  project_id: number;
  schedules_json: string;
  next_run_at: number | null;
  last_run_at: number | null;
  last_result: string | null;
  last_operation_id: number | null;
  updated_at: number;
  updated_by: number | null;
}

const TABLE = 'device_reboot_schedules';

function normalised(row: RebootScheduleRow): RebootScheduleRow {
  const n = (v: number | string | null) => (v === null ? null : Number(v));
  return {
    ...row,
    project_id: Number(row.project_id),
    next_run_at: n(row.next_run_at),
    last_run_at: n(row.last_run_at),
    last_operation_id: n(row.last_operation_id),
    updated_at: Number(row.updated_at),
    updated_by: n(row.updated_by),
  };
}

export async function findRebootSchedule(db: Db, sn: string): Promise<RebootScheduleRow | null> {
  const row = (await db<RebootScheduleRow>(TABLE).where({ sn }).first()) as RebootScheduleRow | undefined;
  return row ? normalised(row) : null;
}

export interface RebootScheduleSettings {
  projectId: number;
  schedulesJson: string;
  nextRunAt: number | null;
  at: number;
  accountId: number | null;
}

/** stores a device's schedules (the last run's record stays) */
export async function saveRebootSchedule(db: Db, sn: string, s: RebootScheduleSettings): Promise<void> {
  const values = { project_id: s.projectId, schedules_json: s.schedulesJson, next_run_at: s.nextRunAt, updated_at: s.at, updated_by: s.accountId };
  await db(TABLE).insert({ sn, ...values }).onConflict('sn').merge(values);
}

export async function deleteRebootSchedule(db: Db, sn: string): Promise<void> {
  await db(TABLE).where({ sn }).delete();
}

/** schedules whose slot is due at `now`, oldest first */
export async function dueRebootSchedules(db: Db, now: number, limit = 200): Promise<RebootScheduleRow[]> {
  const rows = (await db<RebootScheduleRow>(TABLE).whereNotNull('next_run_at').where('next_run_at', '<=', now).orderBy('next_run_at').limit(limit)) as RebootScheduleRow[];
  return rows.map(normalised);
}

/** takes the slot due at `dueAt`, moving the schedule on to `nextRunAt`: true for exactly one caller */
export async function takeRebootSlot(db: Db, sn: string, dueAt: number, nextRunAt: number | null): Promise<boolean> {
  const changed = await db(TABLE).where({ sn, next_run_at: dueAt }).update({ next_run_at: nextRunAt, last_run_at: dueAt, last_result: null, last_operation_id: null });
  return changed === 1;
}

/** what the taken slot did */
export async function recordRebootRun(db: Db, sn: string, dueAt: number, result: string, operationId: number | null): Promise<void> {
  await db(TABLE).where({ sn, last_run_at: dueAt }).update({ last_result: result, last_operation_id: operationId });
}
