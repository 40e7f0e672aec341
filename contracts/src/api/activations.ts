// Request/response DTOs of the activation data screen (spec §1, §3 activation record, §9): the
// summary behind its panels and the base device list with its filters. Who sees which records is
// decided by the BFF (docs/decisions/datascreen.md).
import { z } from 'zod';
import { DEVICE_TYPES } from '../domain/device.js';
import { LIMITS } from '../limits.js';
import { apiRuleKey } from './en-api-rules.js';
import { endpoint } from './endpoint.js';
import { deviceType } from './device-type.js';

const tag = 'activations';

/** spec §9 data screen ranges: 15 days, 1, 3, 6 months, 1 year */
export const ACTIVATION_RANGES = ['15d', '1m', '3m', '6m', '1y'] as const;
export type ActivationRange = (typeof ACTIVATION_RANGES)[number];
/** days each range covers, today included */
export const ACTIVATION_RANGE_DAYS: Record<ActivationRange, number> = { '15d': 15, '1m': 30, '3m': 91, '6m': 182, '1y': 365 };
export const ACTIVATION_TOP_REGIONS = 15;
export const ACTIVATION_PAGE_SIZE = 50;

const countryCode = z.string().regex(/^[A-Za-z]{2}$/, { error: apiRuleKey('activationCountry', 'format') }).transform((c) => c.toUpperCase());

/** `countries=DE,FR`: at most LIMITS.dataScreenCountriesMax (spec §9), each once */
const countryList = z
  .string()
  .max(64, { error: apiRuleKey('activationCountry', 'count') })
  .transform((v) => [...new Set(v.split(',').map((c) => c.trim()).filter(Boolean))])
  .pipe(z.array(countryCode).max(LIMITS.dataScreenCountriesMax, { error: apiRuleKey('activationCountry', 'count') }));

export const ActivationSummaryQuerySchema = z.object({
  range: z.enum(ACTIVATION_RANGES, { error: apiRuleKey('activationRange', 'value') }).default('15d'),
  countries: countryList.optional(),
});
export type ActivationSummaryQuery = z.output<typeof ActivationSummaryQuerySchema>;

const count = z.number().int().nonnegative();

export const ActivationSummarySchema = z.object({
  range: z.enum(ACTIVATION_RANGES),
  /** first day of the range (UTC, YYYY-MM-DD) */
  from: z.string(),
  counters: z.object({ total: count, today: count, last7d: count, last30d: count }),
  /** activations in the range by device type and by brand */
  byType: z.array(z.object({ type: z.enum(DEVICE_TYPES), count })),
  byBrand: z.array(z.object({ brand: z.string(), count })),
  /** per day of the range, by type (days without activations left out) */
  trend: z.array(z.object({ day: z.string(), type: z.enum(DEVICE_TYPES), count })),
  /** per day of the range, by brand (days without activations left out) */
  trendBrand: z.array(z.object({ day: z.string(), brand: z.string(), count })),
  /** the compared countries (all countries when none is asked), by activations in the range */
  countries: z.array(z.object({ country: z.string().meta({ description: "ISO 3166-1 alpha-2, '' = unknown" }), count })),
  /** top 15 in the range: countries when none is asked, else the states of the asked countries */
  top: z.array(z.object({ country: z.string(), state: z.string(), count })),
  /**
   * every region of the compared countries' maps with its activations in the range, zero included,
   * so the region map colours whole countries; then any state the map does not draw ('' = unknown)
   * that has activations. Empty when no country is compared.
   */
  regions: z.array(z.object({ country: z.string(), state: z.string(), count })),
});
export type ActivationSummary = z.output<typeof ActivationSummarySchema>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: apiRuleKey('activationDay', 'format') });

export const ActivationListQuerySchema = z.object({
  type: deviceType.optional(),
  brand: z.string().max(64).optional(),
  model: z.string().max(32).optional(),
  country: countryCode.optional(),
  /** first and last day (UTC, inclusive) of the activation time */
  from: day.optional(),
  to: day.optional(),
  page: z.coerce.number({ error: apiRuleKey('activationPage', 'range') }).int({ error: apiRuleKey('activationPage', 'range') }).min(1, { error: apiRuleKey('activationPage', 'range') }).max(100_000, { error: apiRuleKey('activationPage', 'range') }).default(1),
  sort: z.enum(['activatedAt', 'updatedAt', 'model', 'country'], { error: apiRuleKey('deviceFilter', 'value') }).default('activatedAt'),
  order: z.enum(['asc', 'desc'], { error: apiRuleKey('deviceFilter', 'value') }).default('desc'),
});
export type ActivationListQuery = z.output<typeof ActivationListQuerySchema>;

export const ActivationItemSchema = z.object({
  sn: z.string(),
  type: z.enum(DEVICE_TYPES),
  model: z.string(),
  brand: z.string(),
  mac: z.string(),
  publicIp: z.string(),
  country: z.string(),
  state: z.string(),
  city: z.string(),
  /** UTC, ISO 8601 */
  activatedAt: z.string(),
  updatedAt: z.string(),
});
export type ActivationItem = z.output<typeof ActivationItemSchema>;

export const ActivationListResponseSchema = z.object({
  items: z.array(ActivationItemSchema),
  total: count,
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ActivationListResponse = z.output<typeof ActivationListResponseSchema>;

/**
 * A live update of the data screen (`GET /activations/events`): an activation record written
 * (`first`: the device's first connection) or refreshed by a later connection.
 */
export const ActivationEventSchema = z.object({
  type: z.literal('activation'),
  activation: ActivationItemSchema,
  first: z.boolean(),
});
export type ActivationEvent = z.output<typeof ActivationEventSchema>;

/** the list's filters and sort, without paging: the export holds every matching record */
export const ActivationExportQuerySchema = ActivationListQuerySchema.omit({ page: true });
export type ActivationExportQuery = z.output<typeof ActivationExportQuerySchema>;

/** ARCHITECTURE §4: the activation endpoints, declared once (endpoint.ts). */
export const activationEndpoints = {
  summary: endpoint({
    method: 'get', path: '/activations/summary', tag, auth: 'session',
    summary: 'Activation counters, by type, by brand, per day by type and by brand, and the top 15 regions of the devices I may see',
    description: 'A manufacturer account sees every activation; anybody else those of the projects it can open. At most 5 countries are compared (spec §9).',
    query: ActivationSummaryQuerySchema, response: ActivationSummarySchema,
  }),
  list: endpoint({
    method: 'get', path: '/activations', tag, auth: 'session',
    summary: 'The activated devices I may see, filtered, sorted and paged (50 a page)',
    query: ActivationListQuerySchema, response: ActivationListResponseSchema,
  }),
  export: endpoint({
    method: 'get', path: '/activations/export.xlsx', tag, auth: 'session', raw: true,
    summary: 'The filtered list as an .xlsx spreadsheet, streamed (every matching record, one row each)',
    query: ActivationExportQuerySchema,
    response: z.string().meta({ description: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
  }),
  events: endpoint({
    method: 'get', path: '/activations/events', tag, auth: 'session', stream: true,
    summary: 'Live activations of the devices I may see (Server-Sent Events)',
    description:
      'A `text/event-stream`: `event: activation` and `data: <ActivationEvent JSON>` each time a device I may see connects ' +
      '(`first` on its first connection), a `: ping` comment every 15 s, `retry: 2000`. Devices in no project are not streamed.',
    response: ActivationEventSchema,
  }),
};
