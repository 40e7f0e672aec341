// Device figures over time (docs/data.md): one device's CPU, memory, traffic or clients over a
// window of spec §9 (12 h … 30 d), as [time, value] pairs drawn from the resolution the window needs.
import { z } from 'zod';
import { ErrorCode } from '../errors.js';
import { apiRuleKey } from './en-api-rules.js';
import { endpoint } from './endpoint.js';
import { DeviceParamsSchema } from './devices.js';

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

const tag = 'stats';

export const statsEndpoints = {
  device: endpoint({
    method: 'get', path: '/projects/:id/stats/devices/:sn', tag, auth: 'session', action: 'device.view',
    summary: "One device's CPU, memory, traffic or clients over a window of 12h, 24h, 72h, 7d or 30d",
    params: DeviceParamsSchema, query: DeviceStatsQuerySchema, response: DeviceStatsSchema,
    errors: [{ code: ErrorCode.DATA_NOT_FOUND, text: 'devices.notInProject' }],
  }),
};
