// Device figures over time (docs/data.md): one device's CPU, memory, traffic or clients over a
// window of spec §9 (12 h … 30 d), as [time, value] pairs drawn from the resolution the window needs.
import { z } from 'zod';
import { ErrorCode } from '../errors.js';
import { apiRuleKey } from './en-api-rules.js';
import { endpoint } from './endpoint.js';
import { DeviceParamsSchema } from './devices.js';
import { ProjectIdParamSchema } from './projects.js';

export const STAT_METRICS = ['cpu', 'memory', 'traffic', 'clients'] as const;
export type StatMetric = (typeof STAT_METRICS)[number];
/** spec §9 statistics windows */
export const STAT_WINDOWS = ['12h', '24h', '72h', '7d', '30d'] as const;
export type StatWindow = (typeof STAT_WINDOWS)[number];

export const DeviceStatsQuerySchema = z.object({
  metric: z.enum(STAT_METRICS, { error: apiRuleKey('statsMetric', 'value') }).default('cpu'),
  window: z.enum(STAT_WINDOWS, { error: apiRuleKey('statsWindow', 'value') }).default('24h'),
});
export type DeviceStatsQuery = z.output<typeof DeviceStatsQuerySchema>;

export const DeviceStatsSchema = z.object({
  metric: z.enum(STAT_METRICS),
  window: z.enum(STAT_WINDOWS),
  /** seconds per point: 0 = every status report, 900 or 3600 for rolled-up buckets (averages) */
  resolution: z.number().int(),
  /** unit of the values: % (cpu, memory of the device in use), B/s (traffic sent + received), clients */
  unit: z.enum(['%', 'B/s', 'clients']),
  /** [ms UTC, value] oldest first; values with 2 decimals */
  points: z.array(z.tuple([z.number(), z.number()])),
});
export type DeviceStats = z.output<typeof DeviceStatsSchema>;

/** what a radio or port chart draws: traffic (B/s), a radio's clients, noise (dBm) and channel utilisation (%) */
export const IFACE_METRICS = ['traffic', 'clients', 'noise', 'utilisation'] as const;
export type IfaceMetric = (typeof IFACE_METRICS)[number];

export const InterfaceStatsQuerySchema = z.object({
  metric: z.enum(IFACE_METRICS, { error: apiRuleKey('statsIfaceMetric', 'value') }).default('traffic'),
  window: z.enum(STAT_WINDOWS, { error: apiRuleKey('statsWindow', 'value') }).default('24h'),
});

export const InterfaceStatsSchema = z.object({
  metric: z.enum(IFACE_METRICS),
  window: z.enum(STAT_WINDOWS),
  /** seconds per point: 0 = a status report every 5 minutes, 900 or 3600 for rolled-up buckets */
  resolution: z.number().int(),
  unit: z.enum(['B/s', 'clients', 'dBm', '%']),
  /** one series per radio (`2.4GHz`, `5GHz`; a second radio of a band `5GHz-2`) and per port that was up (`port1`…) */
  series: z.array(z.object({ iface: z.string(), points: z.array(z.tuple([z.number(), z.number()])) })),
});
export type InterfaceStats = z.output<typeof InterfaceStatsSchema>;

export const ProjectStatsSchema = DeviceStatsSchema.extend({
  /** seconds per point: 300, 900 or 3600 (the stats job's project buckets) */
  resolution: z.number().int(),
});
export type ProjectStats = z.output<typeof ProjectStatsSchema>;

/** Signal-strength buckets of the online statistics (dBm, the lower bound of each; spec §3 signal strength). */
export const SIGNAL_BUCKETS = [
  { bucket: 'excellent', min: -50 },
  { bucket: 'good', min: -60 },
  { bucket: 'fair', min: -70 },
  { bucket: 'weak', min: -80 },
  { bucket: 'poor', min: -Infinity },
] as const;
export type SignalBucket = (typeof SIGNAL_BUCKETS)[number]['bucket'];

/** The bucket of a client heard at `dbm`. */
export function signalBucketOf(dbm: number): SignalBucket {
  return SIGNAL_BUCKETS.find((b) => dbm >= b.min)!.bucket;
}

export const OnlineStatsQuerySchema = z.object({
  window: z.enum(STAT_WINDOWS, { error: apiRuleKey('statsWindow', 'value') }).default('24h'),
});

const TopDeviceSchema = z.object({ sn: z.string(), name: z.string(), model: z.string(), value: z.number() });
export type TopDevice = z.output<typeof TopDeviceSchema>;

export const OnlineStatsSchema = z.object({
  window: z.enum(STAT_WINDOWS),
  /** the 5 access points with the most clients over the window (average) */
  topClients: z.array(TopDeviceSchema),
  /** the 5 access points with the most traffic over the window (average B/s, sent + received) */
  topThroughput: z.array(TopDeviceSchema),
  /** the Wi-Fi clients of the online devices now, by signal strength */
  signal: z.array(z.object({ bucket: z.enum(SIGNAL_BUCKETS.map((b) => b.bucket) as [SignalBucket, ...SignalBucket[]]), clients: z.number().int() })),
  /** the project's clients over the window */
  clients: ProjectStatsSchema,
});
export type OnlineStats = z.output<typeof OnlineStatsSchema>;

const tag = 'stats';

export const statsEndpoints = {
  device: endpoint({
    method: 'get', path: '/projects/:id/stats/devices/:sn', tag, auth: 'session', action: 'device.view',
    summary: "One device's CPU, memory, traffic or clients over a window of 12h, 24h, 72h, 7d or 30d",
    params: DeviceParamsSchema, query: DeviceStatsQuerySchema, response: DeviceStatsSchema,
    errors: [{ code: ErrorCode.DATA_NOT_FOUND, text: 'devices.notInProject' }],
  }),
  interfaces: endpoint({
    method: 'get', path: '/projects/:id/stats/devices/:sn/interfaces', tag, auth: 'session', action: 'device.view',
    summary: "One device's traffic, clients, noise or channel utilisation per radio and per port over a window",
    params: DeviceParamsSchema, query: InterfaceStatsQuerySchema, response: InterfaceStatsSchema,
    errors: [{ code: ErrorCode.DATA_NOT_FOUND, text: 'devices.notInProject' }],
  }),
  project: endpoint({
    method: 'get', path: '/projects/:id/stats', tag, auth: 'session', action: 'device.view',
    summary: "The project's CPU and memory (average of its devices), traffic and clients (sums) over a window",
    params: ProjectIdParamSchema, query: DeviceStatsQuerySchema, response: ProjectStatsSchema,
  }),
  online: endpoint({
    method: 'get', path: '/projects/:id/stats/online', tag, auth: 'session', action: 'device.view',
    summary: 'Online statistics: top 5 access points by clients and by traffic, clients by signal strength, clients over a window',
    params: ProjectIdParamSchema, query: OnlineStatsQuerySchema, response: OnlineStatsSchema,
  }),
};
