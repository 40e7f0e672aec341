// Backup schedules (docs/config-engine.md "Scheduled backups"): a project's schedule and its next run,
// in the database so that every console instance reads the same one. A due run is claimed with a
// conditional UPDATE that sets a lease (like the operations outbox's): of several instances that see
// it due, exactly one changes the row, and only that one takes the backup. A lease that runs out
// (its instance died) lets another instance take the run. This file reads and writes rows and decides
// nothing: when a run is due and what it does are the BFF's backups service.
import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

export interface BackupScheduleRow {
  project_id: number;
  mode: string;
  weekday: number;
  hour: number;
  keep: number;
  next_run_at: number | null;
  lease_owner: string | null;
  lease_until: number | null;
  last_run_at: number | null;
  last_result: string | null;
  last_backup_id: number | null;
  updated_at: number;
  updated_by: string | null;
}

const TABLE = 'config_backup_schedules';

function normalised(row: BackupScheduleRow): BackupScheduleRow {
  const n = (v: number | string | null) => (v === null ? null : Number(v));
  return {
    ...row,
    project_id: Number(row.project_id),
    weekday: Number(row.weekday),
    hour: Number(row.hour),
    keep: Number(row.keep),
    next_run_at: n(row.next_run_at),
    lease_until: n(row.lease_until),
    last_run_at: n(row.last_run_at),
    last_backup_id: n(row.last_backup_id),
    updated_at: Number(row.updated_at),
  };
}

export async function findBackupSchedule(db: Db, projectId: number): Promise<BackupScheduleRow | null> {
  const row = (await db<BackupScheduleRow>(TABLE).where({ project_id: projectId }).first()) as BackupScheduleRow | undefined;
  return row ? normalised(row) : null;
}

export interface BackupScheduleSettings {
  mode: string;
  weekday: number;
  hour: number;
  keep: number;
  nextRunAt: number | null;
  at: number;
  actor: string | null;
}

/** stores a project's schedule; a run in progress loses its lease, so its end does not overwrite the new next run */
export async function saveBackupSchedule(db: Knex, projectId: number, s: BackupScheduleSettings): Promise<BackupScheduleRow> {
  const values = { mode: s.mode, weekday: s.weekday, hour: s.hour, keep: s.keep, next_run_at: s.nextRunAt, lease_owner: null, lease_until: null, updated_at: s.at, updated_by: s.actor };
  await db(TABLE).insert({ project_id: projectId, ...values }).onConflict('project_id').merge(values);
  return (await findBackupSchedule(db, projectId))!;
}

/** schedules whose run is due at `now` and that no live lease holds */
export async function dueBackupSchedules(db: Db, now: number, limit = 50): Promise<BackupScheduleRow[]> {
  const rows = (await db<BackupScheduleRow>(TABLE)
    .whereNot({ mode: 'off' })
    .whereNotNull('next_run_at')
    .where('next_run_at', '<=', now)
    .where((q) => q.whereNull('lease_until').orWhere('lease_until', '<', now))
    .orderBy('next_run_at')
    .limit(limit)) as BackupScheduleRow[];
  return rows.map(normalised);
}

/**
 * Claims the run due at `dueAt` for `owner` until `leaseUntil`: true for exactly one of the instances
 * that try (the UPDATE matches the row only while the run is still due at that time and unleased).
 */
export async function claimBackupSchedule(db: Db, projectId: number, dueAt: number, owner: string, now: number, leaseUntil: number): Promise<boolean> {
  const changed = await db(TABLE)
    .where({ project_id: projectId, next_run_at: dueAt })
    .whereNot({ mode: 'off' })
    .where((q) => q.whereNull('lease_until').orWhere('lease_until', '<', now))
    .update({ lease_owner: owner, lease_until: leaseUntil });
  return changed === 1;
}

/** ends the claimed run: its next run, and (when it ran) what it did; nothing when the lease was lost meanwhile */
export async function finishBackupSchedule(
  db: Db,
  projectId: number,
  owner: string,
  end: { nextRunAt: number | null; ran: { at: number; result: string; backupId: number | null } | null },
): Promise<boolean> {
  const ran = end.ran ? { last_run_at: end.ran.at, last_result: end.ran.result, last_backup_id: end.ran.backupId } : {};
  const changed = await db(TABLE).where({ project_id: projectId, lease_owner: owner }).update({ next_run_at: end.nextRunAt, lease_owner: null, lease_until: null, ...ran });
  return changed === 1;
}

export async function deleteBackupSchedule(db: Db, projectId: number): Promise<void> {
  await db(TABLE).where({ project_id: projectId }).delete();
}
