// Device maintenance across many devices (spec §1 "device maintenance"): bulk actions on the device
// list, and the firmware catalogue the upgrade screens read.
import { z } from 'zod';
import { ErrorCode } from '../errors.js';
import { LIMITS } from '../limits.js';
import { serialNumber } from '../rules/names.js';
import { apiRuleKey } from './en-api-rules.js';
import { endpoint } from './endpoint.js';
import { LED_MODES } from './devices.js';
import { ProjectIdParamSchema } from './projects.js';

/** What a bulk action may do to each device; `upgrade` starts a staged rollout (the rollout fields below). */
export const BULK_KINDS = ['reboot', 'locate', 'led', 'delete', 'upgrade'] as const;
export type BulkKind = (typeof BULK_KINDS)[number];

/** the devices of a bulk action or a rollout: at most the import's 500, each once */
const deviceSerials = z
  .array(serialNumber)
  .min(1, { error: apiRuleKey('bulkDevices', 'size') })
  .max(LIMITS.serialsPerImportMax, { error: apiRuleKey('bulkDevices', 'size') })
  .refine((sns) => new Set(sns).size === sns.length, { error: apiRuleKey('bulkDevices', 'duplicate') });

const percent = (min: number) =>
  z.number({ error: apiRuleKey('rolloutPercent', 'value') }).int({ error: apiRuleKey('rolloutPercent', 'value') }).min(min, { error: apiRuleKey('rolloutPercent', 'value') }).max(100, { error: apiRuleKey('rolloutPercent', 'value') });

/** How a staged rollout goes unless told otherwise (the rollout dialog starts from these too). */
export const ROLLOUT_DEFAULTS = { canaryPercent: 10, waveSize: 50, haltPercent: 20, maxDownloads: 10 } as const;

/** What a staged rollout installs and how it goes (docs/maintenance.md "Staged rollouts"). */
const rolloutFields = {
  /** a catalogue version (devices of models without it are refused), an uploaded image (its model only), or neither: each model's recommended version */
  version: z.string().regex(/^[\x20-\x7e]{1,16}$/, { error: apiRuleKey('firmwareTarget', 'value') }).optional(),
  imageId: z.number({ error: apiRuleKey('firmwareTarget', 'value') }).int().positive({ error: apiRuleKey('firmwareTarget', 'value') }).optional(),
  /** share of the devices in the canary group (at least one device) */
  canaryPercent: percent(1).default(ROLLOUT_DEFAULTS.canaryPercent),
  /** devices per wave after the canary */
  waveSize: z.number({ error: apiRuleKey('rolloutWave', 'value') }).int({ error: apiRuleKey('rolloutWave', 'value') }).min(1, { error: apiRuleKey('rolloutWave', 'value') }).max(500, { error: apiRuleKey('rolloutWave', 'value') }).default(ROLLOUT_DEFAULTS.waveSize),
  /** halt when more than this share of a wave's upgrades fail */
  haltPercent: percent(0).default(ROLLOUT_DEFAULTS.haltPercent),
  /** the most devices upgrading (downloading) at once */
  maxDownloads: z.number({ error: apiRuleKey('rolloutConcurrency', 'value') }).int({ error: apiRuleKey('rolloutConcurrency', 'value') }).min(1, { error: apiRuleKey('rolloutConcurrency', 'value') }).max(100, { error: apiRuleKey('rolloutConcurrency', 'value') }).default(ROLLOUT_DEFAULTS.maxDownloads),
};
const oneTarget = (r: { version?: string | undefined; imageId?: number | undefined }) => r.version === undefined || r.imageId === undefined;

/** POST /projects/:id/devices/bulk */
export const BulkRequestSchema = z.object({
  kind: z.enum(BULK_KINDS, { error: apiRuleKey('bulkKind', 'value') }),
  sns: deviceSerials,
  /** led: on, off, or follow the LED schedule (as the single-device LED operation) */
  mode: z.enum(LED_MODES, { error: apiRuleKey('ledMode', 'value') }).optional(),
  /** upgrade: the rollout's target and plan (the other kinds ignore them) */
  ...rolloutFields,
}).superRefine((body, ctx) => {
  if (body.kind === 'led' && body.mode === undefined) ctx.addIssue({ code: 'custom', path: ['mode'], message: apiRuleKey('ledMode', 'value') });
  if (!oneTarget(body)) ctx.addIssue({ code: 'custom', path: ['version'], message: apiRuleKey('firmwareTarget', 'value') });
});
export type BulkRequest = z.output<typeof BulkRequestSchema>;

// ------------------------------------------------------------------------------- staged rollouts

/**
 * A bulk upgrade as a staged rollout (docs/maintenance.md "Staged rollouts"): a canary group first,
 * then waves; it halts by itself when more than `haltPercent` of a wave's upgrades fail, and the user
 * resumes it. At most `maxDownloads` devices upgrade at once.
 */
export const ROLLOUT_STATES = ['running', 'halted', 'done'] as const;
export type RolloutState = (typeof ROLLOUT_STATES)[number];
/** `skipped`: the device already ran the target version (or, for "recommended", a newer one) and was left alone */
export const ROLLOUT_OUTCOMES = ['pending', 'running', 'succeeded', 'failed', 'refused', 'skipped'] as const;
export type RolloutOutcome = (typeof ROLLOUT_OUTCOMES)[number];

export const RolloutRequestSchema = z.object({ sns: deviceSerials, ...rolloutFields }).refine(oneTarget, { error: apiRuleKey('firmwareTarget', 'value'), path: ['version'] });
export type RolloutRequest = z.output<typeof RolloutRequestSchema>;

export const RolloutDeviceSchema = z.object({
  sn: z.string(),
  /** 0 = the canary group */
  wave: z.number().int(),
  outcome: z.enum(ROLLOUT_OUTCOMES),
  operationId: z.number().int().nullable(),
  error: z.object({ code: z.number().int(), message: z.string() }).nullable(),
});
export type RolloutDevice = z.output<typeof RolloutDeviceSchema>;

export const RolloutSchema = z.object({
  id: z.number().int(),
  state: z.enum(ROLLOUT_STATES),
  /** the wave under way (0 = canary); equals `waves` once done */
  wave: z.number().int(),
  waves: z.number().int(),
  version: z.string().nullable(),
  imageId: z.number().int().nullable(),
  canaryPercent: z.number().int(),
  waveSize: z.number().int(),
  haltPercent: z.number().int(),
  maxDownloads: z.number().int(),
  counts: z.object({ pending: z.number().int(), running: z.number().int(), succeeded: z.number().int(), failed: z.number().int(), refused: z.number().int(), skipped: z.number().int() }),
  /** UTC, ISO 8601 */
  createdAt: z.string(),
  updatedAt: z.string(),
  devices: z.array(RolloutDeviceSchema),
});
export type Rollout = z.output<typeof RolloutSchema>;

export const RolloutParamsSchema = ProjectIdParamSchema.extend({ rolloutId: z.coerce.number().int().positive() });

export const rolloutEndpoints = {
  rollouts: endpoint({
    method: 'get', path: '/projects/:id/rollouts', tag: 'maintenance', auth: 'session', action: 'device.view',
    summary: "The project's staged firmware rollouts, newest first (the 20 latest), with their waves and per-device results",
    params: ProjectIdParamSchema, response: z.object({ items: z.array(RolloutSchema) }),
  }),
  startRollout: endpoint({
    method: 'post', path: '/projects/:id/rollouts', tag: 'maintenance', auth: 'session', action: 'device.upgrade', status: 201,
    summary: 'Upgrades many devices as a staged rollout: a canary group, then waves; halts when too many of a wave fail',
    description: 'Each device is checked when its wave starts, as a single upgrade would be (offline 36, busy 71, NVR 35, local mode 76): a refusal is a row of the rollout, not its end.',
    params: ProjectIdParamSchema, body: RolloutRequestSchema, response: RolloutSchema, bodyLimit: '128kb',
  }),
  resumeRollout: endpoint({
    method: 'post', path: '/projects/:id/rollouts/:rolloutId/resume', tag: 'maintenance', auth: 'session', action: 'device.upgrade',
    summary: 'Resumes a halted rollout with its next wave',
    params: RolloutParamsSchema, response: RolloutSchema,
    errors: [{ code: ErrorCode.DATA_NOT_FOUND, text: 'firmware.rolloutNotFound' }],
  }),
};

// ------------------------------------------------------------------------------- bulk actions

/**
 * One device's outcome: `succeeded` (the operation is queued — its progress comes as `operation`
 * events — or the device is removed; for an upgrade, the device has its place in the rollout),
 * `refused` with the spec's code (offline 36, busy 71, local mode 76, NVR 35, not in the project
 * 412…), or `failed` (the console could not do it: 2000).
 */
export const BULK_OUTCOMES = ['succeeded', 'refused', 'failed'] as const;
export type BulkOutcome = (typeof BULK_OUTCOMES)[number];
export const BulkResultSchema = z.object({
  sn: z.string(),
  outcome: z.enum(BULK_OUTCOMES),
  /** the queued operation, when one was queued */
  operationId: z.number().int().nullable(),
  /** spec §8 code and text when refused or failed */
  error: z.object({ code: z.number().int(), message: z.string() }).nullable(),
});
export type BulkResult = z.output<typeof BulkResultSchema>;
export const BulkResponseSchema = z.object({
  kind: z.enum(BULK_KINDS),
  results: z.array(BulkResultSchema),
  succeeded: z.number().int(),
  refused: z.number().int(),
  failed: z.number().int(),
  /** upgrade: the staged rollout it started (its later waves are checked when they start) */
  rollout: RolloutSchema.optional(),
});
export type BulkResponse = z.output<typeof BulkResponseSchema>;

/** ARCHITECTURE §4: the maintenance endpoints, declared once (endpoint.ts). */
export const maintenanceEndpoints = {
  bulk: endpoint({
    method: 'post', path: '/projects/:id/devices/bulk', tag: 'maintenance', auth: 'session', action: 'device.operate',
    summary: 'Restart, locate, set the LED of (`mode` on, off or schedule), upgrade or remove many devices at once: one result per device (succeeded, refused with its code, failed)',
    description:
      'Each device is checked on its own (offline, busy, local mode, NVR…), so one refusal does not stop the others. ' +
      'Queued operations report their progress as `operation` events on the project stream. ' +
      '`upgrade` starts a staged rollout (the fields of POST /projects/:id/rollouts, with its defaults) and answers it as `rollout`: ' +
      'the canary group is checked at once, each later wave when it starts.',
    params: ProjectIdParamSchema, body: BulkRequestSchema, response: BulkResponseSchema, bodyLimit: '128kb',
  }),
};

// ------------------------------------------------------------------------------- firmware

/** A firmware image uploaded to a project (checked by its header, stored with its SHA-256). */
export const FirmwareImageSchema = z.object({
  id: z.number().int(),
  model: z.string(),
  version: z.string(),
  /** bytes */
  size: z.number().int(),
  /** hex */
  sha256: z.string(),
  fileName: z.string(),
  /** UTC, ISO 8601 */
  uploadedAt: z.string(),
});
export type FirmwareImage = z.output<typeof FirmwareImageSchema>;

export const FirmwareModelSchema = z.object({
  model: z.string(),
  /** the version the console proposes (the model catalogue's), null when none */
  recommended: z.string().nullable(),
  /** newest first */
  releases: z.array(z.object({ version: z.string(), released: z.string(), notes: z.string(), size: z.number().int(), /** SHA-256 of the image, hex */ sha256: z.string() })),
});
export type FirmwareModel = z.output<typeof FirmwareModelSchema>;

/** GET /projects/:id/firmware: the catalogue of every model, and the project's uploaded images */
export const FirmwareListResponseSchema = z.object({ models: z.array(FirmwareModelSchema), images: z.array(FirmwareImageSchema) });
export type FirmwareListResponse = z.output<typeof FirmwareListResponseSchema>;

export const FirmwareImageParamsSchema = ProjectIdParamSchema.extend({
  imageId: z.coerce.number({ error: apiRuleKey('firmwareTarget', 'value') }).int().positive({ error: apiRuleKey('firmwareTarget', 'value') }),
});
export const FirmwareTokenParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) });

/** ARCHITECTURE §4: the firmware endpoints, declared once. */
export const firmwareEndpoints = {
  firmware: endpoint({
    method: 'get', path: '/projects/:id/firmware', tag: 'maintenance', auth: 'session', action: 'device.view',
    summary: 'The firmware catalogue per model (recommended version marked) and the images uploaded to the project',
    params: ProjectIdParamSchema, response: FirmwareListResponseSchema,
  }),
  uploadFirmware: endpoint({
    method: 'post', path: '/projects/:id/firmware', tag: 'maintenance', auth: 'session', action: 'device.upgrade', status: 201,
    summary: 'Uploads a firmware image: multipart/form-data with one part `file`, a .bin under 40 MB (spec §5), checked by its 64-byte header (docs/devices.md)',
    description: 'Refused from its declared size alone when 40 MB or more, and from its first bytes when it is not a firmware image (a zip or a program renamed .bin): 912. Nothing is kept of a refused upload.',
    params: ProjectIdParamSchema, response: FirmwareImageSchema,
    errors: [{ code: ErrorCode.FIRMWARE_FILE_INVALID, text: 'firmware.invalid' }],
  }),
  removeFirmware: endpoint({
    method: 'delete', path: '/projects/:id/firmware/:imageId', tag: 'maintenance', auth: 'session', action: 'device.upgrade',
    summary: 'Removes an uploaded firmware image (an upgrade already sent keeps its download)',
    params: FirmwareImageParamsSchema, response: z.object({ id: z.number().int() }),
    errors: [{ code: ErrorCode.DATA_NOT_FOUND, text: 'firmware.notFound' }],
  }),
  firmwareDownload: endpoint({
    method: 'get', path: '/firmware/download/:token', tag: 'maintenance', auth: 'none', raw: true,
    summary: "The image of one upgrade, for the device it was sent to: the operation's token is the only credential, and it expires",
    params: FirmwareTokenParamsSchema, response: z.unknown(),
    errors: [{ code: ErrorCode.DATA_NOT_FOUND, text: 'firmware.notFound' }],
  }),
};

