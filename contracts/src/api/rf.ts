// RF optimisation (spec §2 /manage/rfconf, §3 RF optimisation record, §4 states, §5 at least two
// devices, §9 the 20 most recent records): runs — now, once at a time, or repeating — and their
// records. Radio settings per AP and the roaming tuner are configuration sections (`radio`,
// `roaming`) written through the configuration API (contracts/src/api/config.ts).
import { z } from 'zod';
import { RF_OPTIMISATION_MODES } from '../domain/states.js';
import { ErrorCode } from '../errors.js';
import { LIMITS } from '../limits.js';
import { serialNumber } from '../rules/names.js';
import { optimiseDevices } from '../rules/schedules.js';
import { apiRuleKey } from './en-api-rules.js';
import { endpoint } from './endpoint.js';
import { ProjectIdParamSchema } from './projects.js';

/** hours between two automatic runs: every day or every week */
export const RF_REPEAT_HOURS = [24, 168] as const;

export const StartRfOptimisationSchema = z
  .object({
    mode: z.enum(RF_OPTIMISATION_MODES, { error: apiRuleKey('rfMode', 'value') }),
    /** the APs to optimise (spec §5: at least two); absent: every online AP of the project */
    sns: optimiseDevices.pipe(z.array(serialNumber)).optional(),
    /** scheduled: when it runs (ISO time, in the future); auto: its first run */
    at: z.iso.datetime({ offset: true, error: apiRuleKey('rfAt', 'value') }).optional(),
    /** auto: every day (24) or every week (168) from `at` */
    repeatHours: z.union(RF_REPEAT_HOURS.map((h) => z.literal(h)), { error: apiRuleKey('rfRepeat', 'value') }).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.mode !== 'manual' && !b.at) ctx.addIssue({ code: 'custom', path: ['at'], message: apiRuleKey('rfAt', 'value'), input: b });
    if (b.mode === 'auto' && !b.repeatHours) ctx.addIssue({ code: 'custom', path: ['repeatHours'], message: apiRuleKey('rfRepeat', 'value'), input: b });
  });
export type StartRfOptimisation = z.output<typeof StartRfOptimisationSchema>;

export const RF_RUN_STATES = ['idle', 'optimising', 'completed', 'failed'] as const;

export const RfRunSchema = z.object({
  id: z.number().int(),
  mode: z.enum(RF_OPTIMISATION_MODES),
  /** spec §4: idle (waiting for its time) → optimising (percent) → completed; failed when a step could not finish */
  state: z.enum(RF_RUN_STATES),
  percent: z.number().int().min(0).max(100),
  sns: z.array(z.string()),
  /** idle: when it starts */
  dueAt: z.string().nullable(),
  /** auto: hours between runs */
  repeatHours: z.number().int().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** failed: why, in a sentence */
  error: z.string().nullable(),
});
export type RfRun = z.output<typeof RfRunSchema>;

export const RfOverviewSchema = z.object({
  /** the run optimising now, or null */
  running: RfRunSchema.nullable(),
  /** scheduled and automatic runs waiting for their time */
  upcoming: z.array(RfRunSchema),
});
export type RfOverview = z.output<typeof RfOverviewSchema>;

/** counts from one scan of one radio: neighbours on its channel, on an overlapping channel, and all it heard on the band */
export const RfCountsSchema = z.object({ coChannel: z.number().int(), nearChannel: z.number().int(), total: z.number().int() });
export type RfCounts = z.output<typeof RfCountsSchema>;

export const RfRecordRadioSchema = z.object({
  sn: z.string(),
  name: z.string(),
  band: z.enum(['2.4GHz', '5GHz']),
  channelBefore: z.number().int(),
  channel: z.number().int(),
  txPowerBeforeDbm: z.number().int(),
  txPowerDbm: z.number().int(),
  /** dBm: the strongest other AP this radio heard in the second scan (null: it heard none) */
  rssiDbm: z.number().int().nullable(),
  accessThresholdDbm: z.number().int(),
  /** dBm: the radio's noise floor (TR-181 Radio.{i}.Stats.Noise) as it reported it with the first and the second scan (null: not reported) */
  noiseBeforeDbm: z.number().int().nullable(),
  noiseDbm: z.number().int().nullable(),
  /** counts include foreign networks (no device of the project) heard on the band */
  before: RfCountsSchema,
  after: RfCountsSchema,
});
export type RfRecordRadio = z.output<typeof RfRecordRadioSchema>;

export const RfRecordSchema = z.object({
  id: z.number().int(),
  mode: z.enum(RF_OPTIMISATION_MODES),
  startedAt: z.string(),
  finishedAt: z.string(),
  radios: z.array(RfRecordRadioSchema),
});
export type RfRecord = z.output<typeof RfRecordSchema>;

export const RfRunParamsSchema = ProjectIdParamSchema.extend({
  runId: z.coerce.number({ error: apiRuleKey('rfRunId', 'format') }).int({ error: apiRuleKey('rfRunId', 'format') }).positive({ error: apiRuleKey('rfRunId', 'format') }),
});

const tag = 'rf';
const wlanOnly = { code: ErrorCode.MESH_WLAN_CONFLICT, text: 'rf.wlanOnly' } as const;
const notFound = { code: ErrorCode.DATA_NOT_FOUND, text: 'rf.notFound' } as const;

export const rfEndpoints = {
  start: endpoint({
    method: 'post', path: '/projects/:id/rf/optimisations', tag, auth: 'session', action: 'rf.optimise',
    summary: 'Optimise channels and transmit power now (manual), once at a time (scheduled) or repeatedly (auto)',
    description: `Scans every chosen AP, plans channels per band and power, writes each AP's radio section, waits until applied and scans again; the record compares both scans. Takes ${LIMITS.rfOptimisationMinMinutes} to ${LIMITS.rfOptimisationMaxMinutes} minutes; configuration changes in the project are refused (27) meanwhile.`,
    params: ProjectIdParamSchema, body: StartRfOptimisationSchema, response: z.object({ id: z.number().int() }),
    errors: [
      wlanOnly,
      { code: ErrorCode.INVALID_PARAMS, text: 'rf.devices' },
      { code: ErrorCode.DEVICE_OFFLINE, text: 'rf.offline' },
      { code: ErrorCode.PROJECT_RF_OPTIMISING, text: 'rf.running' },
    ],
  }),
  overview: endpoint({
    method: 'get', path: '/projects/:id/rf/optimisations', tag, auth: 'session', action: 'device.view',
    summary: 'The run optimising now (with its percentage) and the scheduled or automatic runs waiting',
    params: ProjectIdParamSchema, response: RfOverviewSchema, errors: [wlanOnly],
  }),
  run: endpoint({
    method: 'get', path: '/projects/:id/rf/optimisations/:runId', tag, auth: 'session', action: 'device.view',
    summary: 'One run: its state and percentage',
    params: RfRunParamsSchema, response: RfRunSchema, errors: [wlanOnly, notFound],
  }),
  cancel: endpoint({
    method: 'delete', path: '/projects/:id/rf/optimisations/:runId', tag, auth: 'session', action: 'rf.optimise',
    summary: 'Remove a scheduled or automatic run that has not started',
    params: RfRunParamsSchema, response: z.object({}), errors: [wlanOnly, notFound],
  }),
  records: endpoint({
    method: 'get', path: '/projects/:id/rf/records', tag, auth: 'session', action: 'device.view',
    summary: `The ${LIMITS.rfOptimisationRecordsShown} most recent RF optimisation records, newest first`,
    params: ProjectIdParamSchema, response: z.object({ items: z.array(RfRecordSchema) }), errors: [wlanOnly],
  }),
} as const;
