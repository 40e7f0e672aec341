// The run log and its alarms (docs/data.md "Run log and alarms", spec §3 Log). Rows are written in
// batches (appendLogEvents, called by the gateway's run-log writer, the clients hook and the demo),
// read a page at a time or in keyset chunks (exports, the notification dispatcher), marked read,
// and deleted past their project's retention by a background job.
import { DEFAULT_LOG_RETENTION_DAYS, isLogEventKey, LOG_EVENTS, type AlarmType, type LogEntryType, type LogEventDefinition, type LogEventKey, type LogEventParams, type LogLevel } from '@airloom/contracts';
import type { Knex } from 'knex';

export const RUN_LOG_TABLE = 'run_log';
export const RUN_LOG_SETTINGS_TABLE = 'run_log_settings';
const DAY = 86_400_000;
const INSERT_CHUNK = 100;

/** One happening to record. Type, level and alarm come from the event's entry in contracts' LOG_EVENTS. */
export interface NewLogEvent {
  projectId: number;
  sn: string;
  mac?: string;
  model?: string;
  deviceName?: string;
  /** ms UTC */
  t: number;
  event: LogEventKey;
  params?: LogEventParams;
  /** already read (demo history); new events are unread */
  read?: boolean;
}

export interface RunLogRow {
  id: number | string;
  project_id: number;
  sn: string;
  mac: string;
  model: string;
  device_name: string;
  t: number | string;
  type: LogEntryType;
  event: string;
  params: string | null;
  is_read: number;
  is_alarm: number;
  alarm_type: AlarmType | null;
  level: LogLevel;
}

/** A row as the API, the exports and the dispatcher read it. */
export interface RunLogEntry {
  id: number;
  projectId: number;
  sn: string;
  mac: string;
  model: string;
  deviceName: string;
  /** ms UTC */
  t: number;
  type: LogEntryType;
  event: string;
  params: Record<string, string | number>;
  read: 0 | 1;
  alarmType: AlarmType | null;
  level: LogLevel;
}

export function toRunLogEntry(row: RunLogRow): RunLogEntry {
  let params: Record<string, string | number> = {};
  if (row.params) {
    try {
      params = JSON.parse(row.params) as Record<string, string | number>;
    } catch {
      params = {};
    }
  }
  return {
    id: Number(row.id),
    projectId: Number(row.project_id),
    sn: row.sn,
    mac: row.mac,
    model: row.model,
    deviceName: row.device_name,
    t: Number(row.t),
    type: row.type,
    event: row.event,
    params,
    read: Number(row.is_read) === 1 ? 1 : 0,
    alarmType: row.alarm_type,
    level: row.level,
  };
}

/** What appendLogEvents wrote, per project: enough to tell the project's browsers. */
export interface AppendedLog {
  projectId: number;
  entries: number;
  alarms: number;
}

/** Writes events in multi-row inserts of 100; unknown event keys are refused (a programming error). */
export async function appendLogEvents(db: Knex | Knex.Transaction, events: readonly NewLogEvent[]): Promise<AppendedLog[]> {
  if (events.length === 0) return [];
  const rows = events.map((e) => {
    if (!isLogEventKey(e.event)) throw new Error(`run log: unknown event ${String(e.event)}`);
    const def: LogEventDefinition = LOG_EVENTS[e.event];
    return {
      project_id: e.projectId,
      sn: e.sn,
      mac: (e.mac ?? '').slice(0, 17),
      model: (e.model ?? '').slice(0, 32),
      device_name: (e.deviceName ?? '').slice(0, 64),
      t: e.t,
      type: def.type,
      event: e.event,
      params: e.params && Object.keys(e.params).length ? JSON.stringify(e.params) : null,
      is_read: e.read ? 1 : 0,
      is_alarm: def.alarm ? 1 : 0,
      alarm_type: def.alarm,
      level: def.level,
    };
  });
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) await db(RUN_LOG_TABLE).insert(rows.slice(i, i + INSERT_CHUNK));
  const byProject = new Map<number, AppendedLog>();
  for (const r of rows) {
    const p = byProject.get(r.project_id) ?? { projectId: r.project_id, entries: 0, alarms: 0 };
    p.entries += 1;
    p.alarms += r.is_alarm;
    byProject.set(r.project_id, p);
  }
  return [...byProject.values()];
}

export interface RunLogFilter {
  /** `all` or absent: every type */
  type?: LogEntryType | 'all';
  /** ms UTC, inclusive */
  from?: number;
  /** ms UTC, exclusive */
  to?: number;
  sn?: string;
  /** only alarms */
  alarms?: boolean;
  read?: 0 | 1;
}

function filtered(db: Knex, projectId: number, f: RunLogFilter): Knex.QueryBuilder {
  const q = db(RUN_LOG_TABLE).where('project_id', projectId);
  if (f.type && f.type !== 'all') q.andWhere('type', f.type);
  if (f.from !== undefined) q.andWhere('t', '>=', f.from);
  if (f.to !== undefined) q.andWhere('t', '<', f.to);
  if (f.sn) q.andWhere('sn', f.sn);
  if (f.alarms) q.andWhere('is_alarm', 1);
  if (f.read !== undefined) q.andWhere('is_read', f.read);
  return q;
}

/** One page of a project's log, newest first, and how many rows match. */
export async function listRunLog(db: Knex, projectId: number, filter: RunLogFilter, page: { page: number; pageSize: number }): Promise<{ items: RunLogEntry[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, projectId, filter)
      .orderBy([{ column: 't', order: 'desc' }, { column: 'id', order: 'desc' }])
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize) as Promise<RunLogRow[]>,
    filtered(db, projectId, filter).count({ n: '*' }).first() as Promise<{ n: number | string } | undefined>,
  ]);
  return { items: rows.map(toRunLogEntry), total: Number(count?.n ?? 0) };
}

/**
 * A chunk of a project's matching rows with an id below `beforeId` (newest first), for exports that
 * walk the whole result in keyset chunks without holding it.
 */
export async function runLogChunk(db: Knex, projectId: number, filter: RunLogFilter, beforeId: number | null, limit: number): Promise<RunLogEntry[]> {
  const q = filtered(db, projectId, filter);
  if (beforeId !== null) q.andWhere('id', '<', beforeId);
  const rows = (await q.orderBy('id', 'desc').limit(limit)) as RunLogRow[];
  return rows.map(toRunLogEntry);
}

/** Marks the project's alarms read: the given ids, or all of them. Returns how many changed. */
export async function markAlarmsRead(db: Knex, projectId: number, ids: readonly number[] | 'all'): Promise<number> {
  const q = db(RUN_LOG_TABLE).where({ project_id: projectId, is_alarm: 1, is_read: 0 });
  if (ids !== 'all') {
    if (ids.length === 0) return 0;
    q.whereIn('id', ids);
  }
  return q.update({ is_read: 1 });
}

/** Unread alarms per project (projects without any are absent). */
export async function unreadAlarmCounts(db: Knex, projectIds: readonly number[]): Promise<Map<number, number>> {
  if (projectIds.length === 0) return new Map();
  const rows = (await db(RUN_LOG_TABLE)
    .whereIn('project_id', projectIds)
    .andWhere({ is_alarm: 1, is_read: 0 })
    .groupBy('project_id')
    .select('project_id', db.raw('COUNT(*) AS n'))) as { project_id: number; n: number | string }[];
  return new Map(rows.map((r) => [Number(r.project_id), Number(r.n)]));
}

/** Alarms raised since `since` (ms) per project: the overview's alarm figure. */
export async function alarmCountsSince(db: Knex, projectIds: readonly number[], since: number): Promise<Map<number, number>> {
  if (projectIds.length === 0) return new Map();
  const rows = (await db(RUN_LOG_TABLE)
    .whereIn('project_id', projectIds)
    .andWhere('is_alarm', 1)
    .andWhere('t', '>=', since)
    .groupBy('project_id')
    .select('project_id', db.raw('COUNT(*) AS n'))) as { project_id: number; n: number | string }[];
  return new Map(rows.map((r) => [Number(r.project_id), Number(r.n)]));
}

/**
 * Alarms of every project with an id above `afterId`, oldest first: the notification dispatcher
 * keeps the last id it handled and asks for what came after.
 */
export async function alarmsAfter(db: Knex, afterId: number, limit: number): Promise<RunLogEntry[]> {
  const rows = (await db(RUN_LOG_TABLE).where('is_alarm', 1).andWhere('id', '>', afterId).orderBy('id', 'asc').limit(limit)) as RunLogRow[];
  return rows.map(toRunLogEntry);
}

/** The newest alarm id (0 when none): where a new dispatcher starts so it does not send the past. */
export async function lastAlarmId(db: Knex): Promise<number> {
  const row = (await db(RUN_LOG_TABLE).where('is_alarm', 1).max({ id: 'id' }).first()) as { id: number | string | null } | undefined;
  return Number(row?.id ?? 0);
}

/** The project's run-log retention in days (the default when it chose none). */
export async function findRetention(db: Knex, projectId: number): Promise<{ days: number; updatedAt: number | null; updatedBy: string | null }> {
  const row = (await db(RUN_LOG_SETTINGS_TABLE).where({ project_id: projectId }).first()) as
    | { retention_days: number; updated_at: number | string; updated_by: string | null }
    | undefined;
  if (!row) return { days: DEFAULT_LOG_RETENTION_DAYS, updatedAt: null, updatedBy: null };
  return { days: Number(row.retention_days), updatedAt: Number(row.updated_at), updatedBy: row.updated_by };
}

export async function saveRetention(db: Knex, projectId: number, days: number, now: number, by: string | null): Promise<void> {
  await db(RUN_LOG_SETTINGS_TABLE)
    .insert({ project_id: projectId, retention_days: days, updated_at: now, updated_by: by })
    .onConflict('project_id')
    .merge(['retention_days', 'updated_at', 'updated_by']);
}

/**
 * Deletes each project's rows older than its retention (spec §9): projects that chose one by their
 * choice, every other project by the default. Idempotent, so every gateway may run it.
 */
export async function pruneRunLog(db: Knex, now: number): Promise<number> {
  let deleted = 0;
  const chosen = (await db(RUN_LOG_SETTINGS_TABLE).select('project_id', 'retention_days')) as { project_id: number; retention_days: number }[];
  for (const s of chosen) {
    deleted += await db(RUN_LOG_TABLE).where('project_id', s.project_id).andWhere('t', '<', now - Number(s.retention_days) * DAY).delete();
  }
  const q = db(RUN_LOG_TABLE).where('t', '<', now - DEFAULT_LOG_RETENTION_DAYS * DAY);
  if (chosen.length) q.whereNotIn('project_id', chosen.map((s) => Number(s.project_id)));
  deleted += await q.delete();
  return deleted;
}

/** Removes a project's log and setting (the project is deleted). */
export async function deleteProjectRunLog(db: Knex, projectId: number): Promise<void> {
  await db(RUN_LOG_TABLE).where({ project_id: projectId }).delete();
  await db(RUN_LOG_SETTINGS_TABLE).where({ project_id: projectId }).delete();
}
