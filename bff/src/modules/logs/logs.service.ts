// The run log and alarms for the console (spec §2 /manage/runlog, /manage/alarminfo; docs/data.md
// "Run log and alarms"): the access step has run (device.view to read, alarm.update to mark read,
// project.update to change the retention). Exports stream keyset chunks: memory does not grow with rows.
import type { Writable } from 'node:stream';
import {
  ErrorCode,
  LIMITS,
  logEventText,
  type AlarmExportQuery,
  type AlarmList,
  type AlarmQuery,
  type LogEntry,
  type LogList,
  type LogQuery,
  type LogRetention,
  type LogRetentionForm,
  type MarkAlarmsRead,
  type ProjectEvent,
} from '@airloom/contracts';
import type { RunLogEntry, RunLogFilter } from '@airloom/gateway/public';
import { AppError } from '../../http/app-error.js';
import type { AuthorisedProject } from '../../http/project-access.js';
import { writeXlsx, type XlsxColumn } from '../../http/xlsx.js';
import type { LogsRepository } from './logs.repository.js';

const WEEK_MS = 7 * 86_400_000;
/** rows read per query while exporting */
const EXPORT_CHUNK = 1000;

export function toLogEntry(e: RunLogEntry): LogEntry {
  return {
    id: e.id,
    time: new Date(e.t).toISOString(),
    type: e.type,
    event: e.event,
    params: e.params,
    text: logEventText(e.event, e.params),
    sn: e.sn,
    mac: e.mac,
    model: e.model,
    deviceName: e.deviceName,
    read: e.read,
    alarmType: e.alarmType,
    level: e.level,
  };
}

/** the export's columns, in English (a file has one language; the API's text is English) */
export const ALARM_EXPORT_COLUMNS: readonly (XlsxColumn & { value(e: LogEntry): string })[] = [
  { header: 'Time (UTC)', width: 22, value: (e) => e.time.replace('T', ' ').replace(/\.\d+Z$/, '') },
  { header: 'Event', width: 48, value: (e) => e.text },
  { header: 'Alarm type', width: 20, value: (e) => e.alarmType ?? '' },
  { header: 'Level', width: 10, value: (e) => e.level },
  { header: 'Read', width: 6, value: (e) => String(e.read) },
  { header: 'Device name', width: 24, value: (e) => e.deviceName },
  { header: 'MAC', width: 19, value: (e) => e.mac },
  { header: 'Model', width: 14, value: (e) => e.model },
  { header: 'SN', width: 20, value: (e) => e.sn },
];

/** A CSV field: quoted when needed, and a leading formula character defused (a device name could start with =). */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function waitDrain(out: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

export interface LogsServiceDeps {
  repo: LogsRepository;
  /** the project of a device (null: unknown device) */
  projectOfDevice(sn: string): Promise<number | null>;
  actorOf(accountId: number): Promise<string | null>;
  /** tells the project's browsers (other tabs, the header's count) */
  publish?(projectId: number, event: ProjectEvent): Promise<void>;
  clock: () => number;
}

export function createLogsService(deps: LogsServiceDeps) {
  const { repo, clock } = deps;

  async function checkDevice(project: AuthorisedProject, sn: string | undefined): Promise<void> {
    if (sn !== undefined && (await deps.projectOfDevice(sn)) !== project.row.id) throw new AppError(ErrorCode.DATA_NOT_FOUND);
  }

  function alarmFilter(q: { read?: 0 | 1; range?: 'week'; sn?: string }): RunLogFilter {
    return { alarms: true, ...(q.read !== undefined ? { read: q.read } : {}), ...(q.range === 'week' ? { from: clock() - WEEK_MS } : {}), ...(q.sn ? { sn: q.sn } : {}) };
  }

  async function retentionView(projectId: number): Promise<LogRetention> {
    const r = await repo.retention(projectId);
    return { days: r.days as LogRetention['days'], isDefault: r.updatedAt === null, updatedAt: r.updatedAt === null ? null : new Date(r.updatedAt).toISOString(), updatedBy: r.updatedBy };
  }

  return {
    async list(project: AuthorisedProject, q: LogQuery): Promise<LogList> {
      await checkDevice(project, q.sn);
      const filter: RunLogFilter = { type: q.type, ...(q.from !== undefined ? { from: q.from } : {}), ...(q.to !== undefined ? { to: q.to } : {}), ...(q.sn ? { sn: q.sn } : {}) };
      const { items, total } = await repo.page(project.row.id, filter, q);
      return { items: items.map(toLogEntry), total, page: q.page, pageSize: q.pageSize };
    },

    async alarms(project: AuthorisedProject, q: AlarmQuery): Promise<AlarmList> {
      await checkDevice(project, q.sn);
      const [{ items, total }, unread] = await Promise.all([repo.page(project.row.id, alarmFilter(q), q), repo.unread(project.row.id)]);
      return { items: items.map(toLogEntry), total, page: q.page, pageSize: q.pageSize, unread };
    },

    async markRead(project: AuthorisedProject, body: MarkAlarmsRead): Promise<{ updated: number; unread: number }> {
      const updated = await repo.markRead(project.row.id, body.all ? 'all' : (body.ids ?? []));
      const unread = await repo.unread(project.row.id);
      if (updated > 0) await deps.publish?.(project.row.id, { type: 'log', entries: 0, alarms: 0, read: updated });
      return { updated, unread };
    },

    retention: (project: AuthorisedProject) => retentionView(project.row.id),

    async setRetention(project: AuthorisedProject, body: LogRetentionForm): Promise<LogRetention> {
      await repo.saveRetention(project.row.id, body.days, clock(), await deps.actorOf(project.principal.accountId));
      return retentionView(project.row.id);
    },

    /** refuses an export before anything is sent (a device of another project) */
    checkExport: (project: AuthorisedProject, q: AlarmExportQuery) => checkDevice(project, q.sn),

    /** The filtered alarms, newest first, at most 50,000 (spec §9), as .xlsx or CSV to `out` (checkExport first). */
    async exportAlarms(project: AuthorisedProject, q: AlarmExportQuery, out: Writable): Promise<void> {
      const filter = alarmFilter(q);
      const projectId = project.row.id;
      async function* rows(): AsyncGenerator<string[]> {
        let left = LIMITS.alarmDownloadLogsMax;
        for (let before: number | null = null; left > 0; ) {
          const chunk = await repo.chunk(projectId, filter, before, Math.min(EXPORT_CHUNK, left));
          for (const e of chunk) yield ALARM_EXPORT_COLUMNS.map((c) => c.value(toLogEntry(e)));
          left -= chunk.length;
          if (chunk.length < EXPORT_CHUNK) return;
          before = chunk[chunk.length - 1]!.id;
        }
      }
      if (q.format === 'xlsx') {
        await writeXlsx(out, 'Alarms', ALARM_EXPORT_COLUMNS, rows());
        return;
      }
      // a BOM, so a spreadsheet opens the UTF-8 names right
      let pending = `\uFEFF${ALARM_EXPORT_COLUMNS.map((c) => csvField(c.header)).join(',')}\r\n`;
      for await (const cells of rows()) {
        if (out.destroyed) return;
        pending += `${cells.map(csvField).join(',')}\r\n`;
        if (pending.length >= 64 * 1024) {
          if (!out.write(pending)) await waitDrain(out);
          pending = '';
        }
      }
      out.end(pending);
    },
  };
}

export type LogsService = ReturnType<typeof createLogsService>;
