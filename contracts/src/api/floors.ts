// The Wi-Fi map's floors (spec §1 "Wi-Fi map", §3 obstacle attenuations, §5 map image): per project,
// each with its plan image, its scale, its walls and the APs placed on it. Geometry is in the plan's
// pixels (so a new calibration keeps everything where it was drawn); `metresPerPixel` turns it into
// the radio model's metres.
import { z } from 'zod';
import { ErrorCode } from '../errors.js';
import { OBSTACLE_MATERIALS } from '../domain/topology.js';
import { serialNumber } from '../rules/names.js';
import { apiRuleKey } from './en-api-rules.js';
import { endpoint } from './endpoint.js';
import { idParam, ProjectIdParamSchema } from './projects.js';

export const FLOOR_LIMITS = {
  nameMaxLength: 64,
  wallsMax: 2000,
  apsMax: 200,
  /** the plan's size when it has no image yet: 5:3 (spec §5) */
  defaultWidthPx: 800,
  defaultHeightPx: 480,
  /** 800 px = 40 m until calibrated */
  defaultMetresPerPixel: 0.05,
  /** a custom wall attenuation */
  lossMaxDb: 100,
  coordinateMax: 100_000,
  floorsPerProjectMax: 50,
} as const;

const coordinate = z
  .number({ error: apiRuleKey('floorGeometry', 'value') })
  .finite({ error: apiRuleKey('floorGeometry', 'value') })
  .min(-FLOOR_LIMITS.coordinateMax, { error: apiRuleKey('floorGeometry', 'value') })
  .max(FLOOR_LIMITS.coordinateMax, { error: apiRuleKey('floorGeometry', 'value') });

export const WALL_MATERIALS = [...OBSTACLE_MATERIALS, 'custom'] as const;

export const WallSchema = z.object({
  x1: coordinate,
  y1: coordinate,
  x2: coordinate,
  y2: coordinate,
  /** spec §3 obstacle, or `custom` with its own loss */
  material: z.enum(WALL_MATERIALS, { error: apiRuleKey('floorGeometry', 'value') }),
  lossDb: z.number({ error: apiRuleKey('wallLoss', 'range') }).min(0, { error: apiRuleKey('wallLoss', 'range') }).max(FLOOR_LIMITS.lossMaxDb, { error: apiRuleKey('wallLoss', 'range') }),
});
export type Wall = z.infer<typeof WallSchema>;

export const FloorApSchema = z.object({
  /** stable on the map: the device's SN for a real AP, any id for a planned one */
  id: z.string().min(1).max(40).regex(/^[0-9A-Za-z_-]+$/, { error: apiRuleKey('floorGeometry', 'value') }),
  /** the real device this AP is (a planned AP has none until it is bound) */
  sn: serialNumber.nullable().default(null),
  name: z.string().max(FLOOR_LIMITS.nameMaxLength).default(''),
  x: coordinate,
  y: coordinate,
  /** a planned AP's radios (a real AP's come from the device): dBm, spec §5 8–29 */
  txPowerDbm: z.number().int().min(8).max(29).default(20),
  channel24: z.number().int().min(1).max(14).default(6),
  channel5: z.number().int().min(36).max(177).default(36),
});
export type FloorAp = z.output<typeof FloorApSchema>;

export const FloorImageSchema = z.object({ width: z.number().int(), height: z.number().int(), bytes: z.number().int() });

export const FloorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** the plan's size in pixels (the image's, or the default 800 × 480) */
  width: z.number().int(),
  height: z.number().int(),
  metresPerPixel: z.number(),
  walls: z.array(WallSchema),
  aps: z.array(FloorApSchema),
  image: FloorImageSchema.nullable(),
  /** monotonic per floor: the newer answer wins */
  revision: z.number().int(),
});
export type Floor = z.output<typeof FloorSchema>;

const floorName = z
  .string({ error: apiRuleKey('floorName', 'length') })
  .trim()
  .min(1, { error: apiRuleKey('floorName', 'length') })
  .max(FLOOR_LIMITS.nameMaxLength, { error: apiRuleKey('floorName', 'length') });

export const FloorCreateSchema = z.object({ name: floorName });
export type FloorCreateRequest = z.input<typeof FloorCreateSchema>;

export const FloorUpdateSchema = z
  .object({
    name: floorName.optional(),
    metresPerPixel: z.number({ error: apiRuleKey('floorScale', 'range') }).positive({ error: apiRuleKey('floorScale', 'range') }).max(100, { error: apiRuleKey('floorScale', 'range') }).optional(),
    walls: z.array(WallSchema).max(FLOOR_LIMITS.wallsMax, { error: apiRuleKey('floorGeometry', 'size') }).optional(),
    aps: z
      .array(FloorApSchema)
      .max(FLOOR_LIMITS.apsMax, { error: apiRuleKey('floorGeometry', 'size') })
      .refine((aps) => new Set(aps.map((a) => a.id)).size === aps.length, { error: apiRuleKey('floorGeometry', 'duplicate') })
      .refine((aps) => {
        const sns = aps.flatMap((a) => (a.sn ? [a.sn] : []));
        return new Set(sns).size === sns.length;
      }, { error: apiRuleKey('floorGeometry', 'duplicate') })
      .optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { error: apiRuleKey('floorGeometry', 'empty') });
export type FloorUpdateRequest = z.input<typeof FloorUpdateSchema>;

export const FloorParamsSchema = ProjectIdParamSchema.extend({ floorId: idParam(apiRuleKey('floorId', 'format')) });

/** One AP heard by another in its latest neighbour scan (TR-181 NeighboringWiFiDiagnostic()). */
export const NeighbourMeasurementSchema = z.object({
  /** the AP that scanned */
  observerSn: z.string(),
  /** the AP it heard */
  sourceSn: z.string(),
  band: z.enum(['2.4GHz', '5GHz']),
  /** dBm */
  rssiDbm: z.number().int(),
  /** UTC, ISO 8601 */
  measuredAt: z.string(),
});
export type NeighbourMeasurement = z.output<typeof NeighbourMeasurementSchema>;

/** Why an AP of the floor was not asked to scan. */
export const SCAN_SKIP_REASONS = ['offline', 'scanning'] as const;

export const FloorScanSchema = z.object({
  /** one neighbour-scan operation per online AP bound on the floor (GET /projects/:id/operations/:opId follows each) */
  operations: z.array(z.object({ sn: z.string(), operationId: z.number().int() })),
  /** bound APs not asked: offline, or already scanning */
  skipped: z.array(z.object({ sn: z.string(), reason: z.enum(SCAN_SKIP_REASONS) })),
});
export type FloorScan = z.output<typeof FloorScanSchema>;

const tag = 'floors';
const notFound = { code: ErrorCode.DATA_NOT_FOUND, text: 'floors.notFound' } as const;

export const floorEndpoints = {
  list: endpoint({
    method: 'get', path: '/projects/:id/floors', tag, auth: 'session', action: 'device.view',
    summary: "The project's Wi-Fi map floors with their walls and placed APs",
    params: ProjectIdParamSchema, response: z.object({ items: z.array(FloorSchema) }),
  }),
  create: endpoint({
    method: 'post', path: '/projects/:id/floors', tag, auth: 'session', action: 'project.update', status: 201,
    summary: 'Adds a floor (800 × 480 px at 5 cm a pixel until a plan is uploaded and calibrated)',
    params: ProjectIdParamSchema, body: FloorCreateSchema, response: FloorSchema,
  }),
  update: endpoint({
    method: 'put', path: '/projects/:id/floors/:floorId', tag, auth: 'session', action: 'project.update',
    summary: "Changes a floor's name, scale, walls or placed APs (binding a planned AP to a device of the project by its SN)",
    params: FloorParamsSchema, body: FloorUpdateSchema, response: FloorSchema, bodyLimit: '1mb',
    errors: [{ code: ErrorCode.DATA_NOT_FOUND, text: 'floors.floorOrDeviceNotFound' }],
  }),
  remove: endpoint({
    method: 'delete', path: '/projects/:id/floors/:floorId', tag, auth: 'session', action: 'project.update',
    summary: 'Removes a floor and its plan', params: FloorParamsSchema, response: z.object({ id: z.number().int() }), errors: [notFound],
  }),
  uploadImage: endpoint({
    method: 'post', path: '/projects/:id/floors/:floorId/image', tag, auth: 'session', action: 'project.update',
    summary: 'Uploads the floor plan: multipart/form-data with one part `file`, a jpg of at most 10 MB (spec §5; checked by its content)',
    params: FloorParamsSchema, response: FloorSchema,
    errors: [notFound, { code: ErrorCode.IMAGE_TOO_LARGE, text: 'floors.imageTooLarge' }, { code: ErrorCode.INVALID_PARAMS, text: 'floors.notJpeg' }],
  }),
  scan: endpoint({
    method: 'post', path: '/projects/:id/floors/:floorId/scan', tag, auth: 'session', action: 'device.operate',
    summary: "Asks every online AP bound on the floor for a neighbour scan (TR-181 NeighboringWiFiDiagnostic()); offline ones are skipped and listed",
    params: FloorParamsSchema, response: FloorScanSchema, errors: [notFound],
  }),
  measurements: endpoint({
    method: 'get', path: '/projects/:id/floors/:floorId/measurements', tag, auth: 'session', action: 'device.view',
    summary: 'What the APs bound on the floor heard of each other in their latest neighbour scans',
    params: FloorParamsSchema, response: z.object({ items: z.array(NeighbourMeasurementSchema) }), errors: [notFound],
  }),
  image: endpoint({
    method: 'get', path: '/projects/:id/floors/:floorId/image', tag, auth: 'session', action: 'device.view', raw: true,
    summary: 'The floor plan image (image/jpeg)', params: FloorParamsSchema, response: z.unknown(), errors: [notFound],
  }),
};
