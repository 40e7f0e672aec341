// The run log and alarms (spec §2 /manage/runlog and /manage/alarminfo, §3 Log, §9 retention and the
// 50,000-row download; docs/data.md "Run log and alarms"). Rows carry the event's key and parameters
// (the page says them in the user's language) and its English text (exports, API clients).
import { z } from 'zod';
import { LOG_TYPES } from '../domain/reports.js';
import { ALARM_TYPES, LOG_ENTRY_TYPES, LOG_LEVELS } from '../domain/run-log.js';
import { ErrorCode } from '../errors.js';
import { serialNumber } from '../rules/names.js';
import { apiRuleKey } from './en-api-rules.js';
import { endpoint } from './endpoint.js';
import { ProjectIdParamSchema } from './projects.js';

/** the most alarms one mark-as-read call names */
export const ALARM_IDS_PER_CALL_MAX = 1000;
export const LOG_PAGE_SIZE_DEFAULT = 50;
export const LOG_PAGE_SIZE_MAX = 200;
export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** a time in a query: ISO 8601 date-time or epoch ms, as ms */
const time = z
  .string({ error: apiRuleKey('logTime', 'format') })
  .regex(/^(\d{1,15}|\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?)$/, { error: apiRuleKey('logTime', 'format') })
  .transform((v, ctx) => {
    const ms = /^\d+$/.test(v) ? Number(v) : Date.parse(v);
    if (!Number.isFinite(ms)) {
      ctx.addIssue({ code: 'custom', message: apiRuleKey('logTime', 'format') });
      return z.NEVER;
    }
    return ms;
  });

const page = z.coerce
  .number({ error: apiRuleKey('logPage', 'range') })
  .int({ error: apiRuleKey('logPage', 'range') })
  .min(1, { error: apiRuleKey('logPage', 'range') })
  .max(100_000, { error: apiRuleKey('logPage', 'range') })
  .default(1);
const pageSize = z.coerce
  .number({ error: apiRuleKey('logPage', 'size') })
  .int({ error: apiRuleKey('logPage', 'size') })
  .min(1, { error: apiRuleKey('logPage', 'size') })
  .max(LOG_PAGE_SIZE_MAX, { error: apiRuleKey('logPage', 'size') })
  .default(LOG_PAGE_SIZE_DEFAULT);

const ordered = <T extends { from?: number; to?: number }>(q: T) => q.from === undefined || q.to === undefined || q.from < q.to;

/** the run log's time, page and page-size rules, shared by the audit log's query (audit.ts) */
export { time as queryTime, page as queryPage, pageSize as queryPageSize, ordered as queryTimesOrdered };

export const LogQuerySchema = z
  .object({
    type: z.enum(LOG_TYPES, { error: apiRuleKey('logType', 'value') }).default('all'),
    from: time.optional(),
    to: time.optional(),
    /** one device of the project */
    sn: serialNumber.optional(),
    page,
    pageSize,
  })
  .refine(ordered, { error: apiRuleKey('logTime', 'order'), path: ['to'] });
export type LogQuery = z.output<typeof LogQuerySchema>;

const alarmFilter = {
  /** spec §3: 1 read, 0 unread; absent: both */
  read: z.enum(['0', '1'], { error: apiRuleKey('alarmRead', 'value') }).transform((v) => Number(v) as 0 | 1).optional(),
  /** spec §2 "last week": the last 7 days */
  range: z.enum(['week'], { error: apiRuleKey('alarmRead', 'range') }).optional(),
  sn: serialNumber.optional(),
};
export const AlarmQuerySchema = z.object({ ...alarmFilter, page, pageSize });
export type AlarmQuery = z.output<typeof AlarmQuerySchema>;
export const AlarmExportQuerySchema = z.object({ ...alarmFilter, format: z.enum(EXPORT_FORMATS, { error: apiRuleKey('exportFormat', 'value') }).default('xlsx') });
export type AlarmExportQuery = z.output<typeof AlarmExportQuerySchema>;

export const LogEntrySchema = z.object({
  id: z.number().int(),
  /** UTC, ISO 8601 */
  time: z.string(),
  type: z.enum(LOG_ENTRY_TYPES),
  /** a key of contracts' LOG_EVENTS */
  event: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  /** the event in English */
  text: z.string(),
  sn: z.string(),
  mac: z.string(),
  model: z.string(),
  deviceName: z.string(),
  /** spec §3: 1 read, 0 unread */
  read: z.union([z.literal(0), z.literal(1)]),
  /** null: not an alarm */
  alarmType: z.enum(ALARM_TYPES).nullable(),
  level: z.enum(LOG_LEVELS),
});
export type LogEntry = z.output<typeof LogEntrySchema>;

export const LogListSchema = z.object({
  items: z.array(LogEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type LogList = z.output<typeof LogListSchema>;

export const AlarmListSchema = LogListSchema.extend({
  /** unread alarms of the project, whatever the filter */
  unread: z.number().int(),
});
export type AlarmList = z.output<typeof AlarmListSchema>;

const alarmId = z.number({ error: apiRuleKey('alarmIds', 'format') }).int({ error: apiRuleKey('alarmIds', 'format') }).positive({ error: apiRuleKey('alarmIds', 'format') });
/** one alarm, several, or all of the project's */
export const MarkAlarmsReadSchema = z
  .object({
    ids: z.array(alarmId).min(1, { error: apiRuleKey('alarmIds', 'value') }).max(ALARM_IDS_PER_CALL_MAX, { error: apiRuleKey('alarmIds', 'value') }).optional(),
    all: z.literal(true, { error: apiRuleKey('alarmIds', 'value') }).optional(),
  })
  .refine((b) => (b.ids !== undefined) !== (b.all !== undefined), { error: apiRuleKey('alarmIds', 'value'), path: ['ids'] });
export type MarkAlarmsRead = z.output<typeof MarkAlarmsReadSchema>;
export const MarkAlarmsReadResultSchema = z.object({ updated: z.number().int(), unread: z.number().int() });

export const LogRetentionFormSchema = z.object({
  // spec §9 LOG_RETENTION_DAYS
  days: z.union([z.literal(7), z.literal(30), z.literal(90), z.literal(180)], { error: apiRuleKey('logRetention', 'value') }),
});
export type LogRetentionForm = z.output<typeof LogRetentionFormSchema>;
export const LogRetentionSchema = LogRetentionFormSchema.extend({
  /** true while the project keeps the default (it chose none) */
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type LogRetention = z.output<typeof LogRetentionSchema>;

const tag = 'logs';
const deviceNotInProject = { code: ErrorCode.DATA_NOT_FOUND, text: 'logs.deviceNotInProject' } as const;

export const logEndpoints = {
  list: endpoint({
    method: 'get', path: '/projects/:id/logs', tag, auth: 'session', action: 'device.view',
    summary: "The project's run log, newest first: by type (all, system, wired, wireless), time range and device, paged",
    params: ProjectIdParamSchema, query: LogQuerySchema, response: LogListSchema, errors: [deviceNotInProject],
  }),
  retention: endpoint({
    method: 'get', path: '/projects/:id/logs/retention', tag, auth: 'session', action: 'device.view',
    summary: 'How many days the project keeps its run log (7, 30, 90 or 180; 30 until chosen)',
    params: ProjectIdParamSchema, response: LogRetentionSchema,
  }),
  setRetention: endpoint({
    method: 'put', path: '/projects/:id/logs/retention', tag, auth: 'session', action: 'project.update',
    summary: 'Keep the run log 7, 30, 90 or 180 days; older rows are deleted within the hour',
    params: ProjectIdParamSchema, body: LogRetentionFormSchema, response: LogRetentionSchema,
  }),
  alarms: endpoint({
    method: 'get', path: '/projects/:id/alarms', tag, auth: 'session', action: 'device.view',
    summary: "The project's alarms, newest first: read or unread, the last week, one device; with the unread count",
    params: ProjectIdParamSchema, query: AlarmQuerySchema, response: AlarmListSchema, errors: [deviceNotInProject],
  }),
  markRead: endpoint({
    method: 'post', path: '/projects/:id/alarms/read', tag, auth: 'session', action: 'alarm.update',
    summary: 'Mark alarms read: some by id, or all of the project',
    params: ProjectIdParamSchema, body: MarkAlarmsReadSchema, response: MarkAlarmsReadResultSchema,
  }),
  exportAlarms: endpoint({
    method: 'get', path: '/projects/:id/alarms/export', tag, auth: 'session', action: 'device.view', raw: true,
    summary: 'The filtered alarms as .xlsx or CSV, newest first, streamed; at most 50,000 rows (spec §9)',
    params: ProjectIdParamSchema, query: AlarmExportQuerySchema,
    response: z.string().meta({ description: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet or text/csv' }),
    errors: [deviceNotInProject],
  }),
};
