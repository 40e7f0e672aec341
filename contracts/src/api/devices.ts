// Request/response DTOs of the device API: the project's device list and summary, one
// device's details, rename/reboot/locate, adding a device by serial number, the manufacturer's
// registration of devices and their broker credentials, and the live events of a project (SSE).
import { z } from 'zod';
import { DEVICE_TYPES, MANAGEMENT_MODES, MESH_NODE_MODES } from '../domain/device.js';
import { ErrorCode } from '../errors.js';
import { ConfigChangeSchema } from './config.js';
import { LIMITS } from '../limits.js';
import { name, serialNumber } from '../rules/names.js';
import { apiRuleKey } from './en-api-rules.js';
import { endpoint } from './endpoint.js';
import { ProjectIdParamSchema } from './projects.js';
import { API_LIMITS } from './limits.js';

export const macAddress = z
  .string({ error: apiRuleKey('macAddress', 'format') })
  .regex(/^[0-9A-Fa-f]{2}([:-]?[0-9A-Fa-f]{2}){5}$/, { error: apiRuleKey('macAddress', 'format') })
  // one spelling everywhere: upper case, colons
  .transform((v) => v.replace(/[:-]/g, '').toUpperCase().match(/../g)!.join(':'));

export const deviceType = z.enum(DEVICE_TYPES, { error: apiRuleKey('deviceType', 'value') });

/** Where a pending operation or a rename stands (ARCHITECTURE §5 outbox). */
export const OPERATION_STATES = ['queued', 'sent', 'running', 'done', 'failed', 'expired'] as const;
export type OperationState = (typeof OPERATION_STATES)[number];
export const OPERATION_KINDS = ['reboot', 'locate', 'reset'] as const;
export type OperationKind = (typeof OPERATION_KINDS)[number];
export function isOperationFinished(state: OperationState): boolean {
  return state === 'done' || state === 'failed' || state === 'expired';
}

/**
 * ARCHITECTURE §3: rises with every write to the record, from the database. Whatever arrives later
 * (an HTTP answer or an SSE event), the copy with the higher revision is the newer one.
 */
export const revision = z.number().int().positive().meta({ description: 'monotonic per record: the higher revision is the newer copy' });

/** Of two copies of the same record, the one to keep (the later arrival wins a tie). */
export function newerRecord<T extends { revision: number }>(current: T | undefined, incoming: T): T {
  return current !== undefined && current.revision > incoming.revision ? current : incoming;
}

export const OperationItemSchema = z.object({
  id: z.number().int(),
  revision,
  projectId: z.number().int(),
  sn: z.string(),
  kind: z.enum(OPERATION_KINDS),
  state: z.enum(OPERATION_STATES),
  /** spec §8 code and text when the operation failed or expired */
  error: z.object({ code: z.number().int(), message: z.string() }).nullable(),
  /** UTC, ISO 8601 */
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OperationItem = z.output<typeof OperationItemSchema>;

export const DeviceItemSchema = z.object({
  sn: z.string(),
  /** also rises when the device's unfinished operation changes state */
  revision,
  /** the name the console shows: the desired one while a rename is pending */
  name: z.string(),
  type: z.enum(DEVICE_TYPES),
  model: z.string(),
  /** spec §3 device status number 0–9 */
  status: z.number().int().min(0).max(9),
  ip: z.string(),
  mac: z.string(),
  softwareVersion: z.string(),
  /** spec §2 "cable-free primary/secondary mode"; null for devices outside a mesh */
  meshMode: z.enum(MESH_NODE_MODES).nullable(),
  managementMode: z.enum(MANAGEMENT_MODES),
  /** spec §2 "client access": clients associated or attached right now */
  clients: z.number().int(),
  /** seconds since the device booted, as it last reported; null when never seen */
  uptime: z.number().int().nullable(),
  /** UTC, ISO 8601; null when the device never connected */
  lastSeenAt: z.string().nullable(),
  /** true while a desired configuration (a rename) waits for the device's confirmation */
  pendingConfig: z.boolean(),
  /** the operation in progress (not finished) on this device, if any */
  operation: OperationItemSchema.nullable(),
});
export type DeviceItem = z.output<typeof DeviceItemSchema>;

export const DeviceListQuerySchema = z.object({
  type: deviceType.optional(),
  /** `online` = any status but 0/9, `offline` = 0/9 */
  state: z.enum(['online', 'offline'], { error: apiRuleKey('deviceFilter', 'value') }).optional(),
  /** matches name, SN, MAC or IP, case-insensitive */
  search: z.string().max(64).optional(),
});
export type DeviceListQuery = z.output<typeof DeviceListQuerySchema>;

export const DeviceListResponseSchema = z.object({
  items: z.array(DeviceItemSchema),
  total: z.number().int(),
});
export type DeviceListResponse = z.output<typeof DeviceListResponseSchema>;

export const DeviceSummarySchema = z.object({
  byType: z.array(z.object({ type: z.enum(DEVICE_TYPES), online: z.number().int(), offline: z.number().int(), restarting: z.number().int().default(0) })),
  online: z.number().int(),
  offline: z.number().int(),
  /** restarting (spec §3 status 8): neither online nor offline, its clients not counted */
  restarting: z.number().int().default(0),
  clients: z.number().int(),
  /** open alarms of the project (none are raised before the alarms issue) */
  alarms: z.number().int(),
});
export type DeviceSummary = z.output<typeof DeviceSummarySchema>;

export const RadioSchema = z.object({
  /** TR-181 Device.WiFi.Radio.{i}.OperatingFrequencyBand, e.g. "2.4GHz", "5GHz" */
  band: z.string(),
  channel: z.number().int(),
  /** transmit power in dBm, as the radio reports it (X_AIRLOOM_TransmitPowerdBm) */
  power: z.number().int(),
  /** dBm */
  noise: z.number().int(),
});
export const WifiClientSchema = z.object({
  mac: z.string(),
  /** dBm */
  signal: z.number().int(),
  band: z.string(),
  ssid: z.string(),
});
export const EthernetPortSchema = z.object({
  name: z.string(),
  up: z.boolean(),
  /** Mbit/s; 0 when down */
  speed: z.number().int(),
  /** W the powered device draws on this port (spec §3 switch port "PoE status, power"); null: no PoE */
  poePower: z.number().min(0).nullable().default(null),
});
/** spec §3 device "PoE power: total, used, remaining in W" */
export const PoeBudgetSchema = z.object({ total: z.number(), used: z.number(), remaining: z.number() });
export type PoeBudget = z.output<typeof PoeBudgetSchema>;
/** A mesh secondary's wireless link towards the primary. */
export const MeshBackhaulSchema = z.object({
  /** serial number of the node it associates with */
  parentSn: z.string(),
  /** wireless hops to the primary */
  hops: z.number().int().min(1),
  /** dBm */
  signal: z.number().int(),
  /** Mbit/s */
  rate: z.number().int(),
});
export type MeshBackhaul = z.output<typeof MeshBackhaulSchema>;
export const DeviceDetailSchema = DeviceItemSchema.extend({
  manufacturer: z.string(),
  /** Device.DeviceInfo.ModelName as the device reports it (`model` is the registered one); null before it was read */
  reportedModel: z.string().nullable().default(null),
  /** the USP endpoint ID the device speaks as */
  endpointId: z.string(),
  radios: z.array(RadioSchema),
  ssids: z.array(z.string()),
  wifiClients: z.array(WifiClientSchema),
  ports: z.array(EthernetPortSchema),
  /** null for devices without PoE */
  poe: PoeBudgetSchema.nullable().default(null),
  /** null for devices that are not a mesh secondary */
  backhaul: MeshBackhaulSchema.nullable().default(null),
  /** bytes since boot */
  bytesSent: z.number(),
  bytesReceived: z.number(),
  /** the last status transitions, newest first */
  history: z.array(z.object({ status: z.number().int(), at: z.string(), reason: z.string() })),
});
export type DeviceDetail = z.output<typeof DeviceDetailSchema>;

export const DeviceRenameRequestSchema = z.object({ name });
export type DeviceRenameRequest = z.output<typeof DeviceRenameRequestSchema>;

/**
 * Where an operation stands as one step a person reads (spec §4): waiting for the device, sent to it,
 * running on it, the device restarting to finish it, then success or failed.
 */
export const OPERATION_PHASES = ['waiting', 'sending', 'running', 'restarting', 'success', 'failed'] as const;
export type OperationPhase = (typeof OPERATION_PHASES)[number];

/** GET /projects/:id/operations/:opId */
export const OperationStatusSchema = z.object({
  id: z.number().int(),
  sn: z.string(),
  kind: z.enum(OPERATION_KINDS),
  state: z.enum(OPERATION_STATES),
  phase: z.enum(OPERATION_PHASES),
  /** 0–100: how far along the phases the operation is; 100 once it has ended, whichever way */
  percent: z.number().int().min(0).max(100),
  /** spec §8 code when it failed or expired, else null */
  code: z.number().int().nullable(),
});
export type OperationStatus = z.output<typeof OperationStatusSchema>;

export const OperationRequestSchema = z.object({ kind: z.enum(OPERATION_KINDS) });
export type OperationRequest = z.output<typeof OperationRequestSchema>;

/** POST /projects/:id/devices — bind a device to the project by its serial number */
export const DeviceAddRequestSchema = z.object({ sn: serialNumber, name: name.optional() });
export type DeviceAddRequest = z.output<typeof DeviceAddRequestSchema>;

/** GET /devices/unverified — devices of the caller that connected but are bound to no project */
export const UnverifiedDeviceSchema = z.object({
  sn: z.string(),
  type: z.enum(DEVICE_TYPES),
  model: z.string(),
  mac: z.string(),
  ip: z.string(),
  lastSeenAt: z.string(),
});
export type UnverifiedDevice = z.output<typeof UnverifiedDeviceSchema>;
export const UnverifiedDeviceListResponseSchema = z.object({ items: z.array(UnverifiedDeviceSchema), total: z.number().int() });
export type UnverifiedDeviceListResponse = z.output<typeof UnverifiedDeviceListResponseSchema>;

/** POST /manufacturer/devices — the manufacturer registers devices and their broker secrets */
export const ManufacturedDeviceSchema = z.object({
  sn: serialNumber,
  model: z.string().min(1, { error: apiRuleKey('deviceModel', 'length') }).max(API_LIMITS.deviceModelMaxLength, { error: apiRuleKey('deviceModel', 'length') }),
  type: deviceType,
  mac: macAddress,
  secret: z
    .string()
    .min(API_LIMITS.deviceSecretMinLength, { error: apiRuleKey('deviceSecret', 'length') })
    .max(API_LIMITS.deviceSecretMaxLength, { error: apiRuleKey('deviceSecret', 'length') }),
  /** e-mail or phone of the account the device was sold to; it sees the device as "to be verified" */
  owner: z.string().min(1, { error: apiRuleKey('deviceOwner', 'length') }).max(64, { error: apiRuleKey('deviceOwner', 'length') }).optional(),
  /**
   * staged for a project at the factory: bound at once (the demo fleet and the simulator use it;
   * a real manufacturer leaves it out and the installer adds the device by SN)
   */
  projectId: z.number().int().positive().optional(),
});
export type ManufacturedDevice = z.output<typeof ManufacturedDeviceSchema>;
export const DeviceRegisterRequestSchema = z.object({
  devices: z
    .array(ManufacturedDeviceSchema)
    .min(1, { error: apiRuleKey('deviceBatch', 'size') })
    .max(LIMITS.serialsPerImportMax, { error: apiRuleKey('deviceBatch', 'size') }),
});
export type DeviceRegisterRequest = z.output<typeof DeviceRegisterRequestSchema>;
export const DeviceRegisterResponseSchema = z.object({
  /** how many rows were new, and how many replaced an earlier registration of the same SN */
  created: z.number().int(),
  updated: z.number().int(),
  /** what a device needs to connect: broker username = its endpoint ID, topics it may use */
  devices: z.array(z.object({ sn: z.string(), endpointId: z.string(), publishTopic: z.string(), subscribeTopic: z.string() })),
});
export type DeviceRegisterResponse = z.output<typeof DeviceRegisterResponseSchema>;

/** One Server-Sent Event on /projects/:id/events (`event:` is the type, `data:` this JSON). */
export const ProjectEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('device'), device: DeviceItemSchema }),
  z.object({ type: z.literal('device-removed'), sn: z.string() }),
  z.object({ type: z.literal('operation'), operation: OperationItemSchema }),
  /** a configuration change was stored or its result changed (ARCHITECTURE §7) */
  z.object({ type: z.literal('config'), change: ConfigChangeSchema }),
]);
export type ProjectEvent = z.output<typeof ProjectEventSchema>;

/** `:id` and `:sn` of /projects/:id/devices/:sn */
export const DeviceParamsSchema = ProjectIdParamSchema.extend({ sn: serialNumber });

/** `:id` and `:opId` of /projects/:id/operations/:opId */
export const OperationParamsSchema = ProjectIdParamSchema.extend({
  opId: z
    .string({ error: apiRuleKey('operationId', 'format') })
    .regex(/^[1-9][0-9]{0,9}$/, { error: apiRuleKey('operationId', 'format') })
    .transform(Number),
});

const tag = 'devices';
const notInProject = { code: ErrorCode.DATA_NOT_FOUND, text: 'devices.notInProject' } as const;
/** what a change to one device may meet (spec §4, can()) */
const deviceWriteErrors = [
  notInProject,
  { code: ErrorCode.DEVICE_OFFLINE, text: 'devices.offline' },
  { code: ErrorCode.DEVICE_BUSY, text: 'devices.busy' },
  { code: ErrorCode.LOCAL_MODE, text: 'devices.localMode' },
] as const;

/** ARCHITECTURE §4: the device endpoints, declared once (endpoint.ts). */
export const deviceEndpoints = {
  list: endpoint({
    method: 'get', path: '/projects/:id/devices', tag, auth: 'session', action: 'device.view',
    summary: "The project's devices (all of them, no paging)",
    params: ProjectIdParamSchema, query: DeviceListQuerySchema, response: DeviceListResponseSchema,
  }),
  summary: endpoint({
    method: 'get', path: '/projects/:id/devices/summary', tag, auth: 'session', action: 'device.view',
    summary: 'Online/offline counts by type, clients of online devices, open alarms',
    params: ProjectIdParamSchema, response: DeviceSummarySchema,
  }),
  add: endpoint({
    method: 'post', path: '/projects/:id/devices', tag, auth: 'session', action: 'device.add', status: 201,
    summary: 'Add a registered device to the project by its serial number; a given name is pushed to the device',
    params: ProjectIdParamSchema, body: DeviceAddRequestSchema, response: DeviceItemSchema,
    errors: [
      { code: ErrorCode.DATA_NOT_FOUND, text: 'devices.notRegistered' },
      { code: ErrorCode.ADD_DEVICE_FAILED, text: 'devices.addRefused' },
    ],
  }),
  detail: endpoint({
    method: 'get', path: '/projects/:id/devices/:sn', tag, auth: 'session', action: 'device.view',
    summary: 'One device with radios, clients, ports and its last status changes',
    params: DeviceParamsSchema, response: DeviceDetailSchema, errors: [notInProject],
  }),
  rename: endpoint({
    method: 'patch', path: '/projects/:id/devices/:sn', tag, auth: 'session', action: 'device.configure',
    summary: 'Rename a device: stored at once, confirmed by the device later (pendingConfig)',
    params: DeviceParamsSchema, body: DeviceRenameRequestSchema, response: DeviceItemSchema, errors: deviceWriteErrors,
  }),
  remove: endpoint({
    method: 'delete', path: '/projects/:id/devices/:sn', tag, auth: 'session', action: 'device.remove',
    summary: 'Remove a device from the project (it stays registered and can be added again)',
    params: DeviceParamsSchema, response: z.null(), errors: [notInProject],
  }),
  operate: endpoint({
    method: 'post', path: '/projects/:id/devices/:sn/operations', tag, auth: 'session', action: 'device.operate', status: 202,
    summary: 'Restart, locate (blink) or reset a device to factory defaults; its progress arrives as `operation` events',
    params: DeviceParamsSchema, body: OperationRequestSchema, response: OperationItemSchema,
    errors: [...deviceWriteErrors, { code: ErrorCode.DEVICE_OPERATION_UNSUPPORTED, text: 'devices.unsupported' }],
  }),
  operation: endpoint({
    method: 'get', path: '/projects/:id/operations/:opId', tag, auth: 'session', action: 'device.view',
    summary: "Where one of the project's operations stands: state, phase, percent and the spec's code when it failed",
    params: OperationParamsSchema, response: OperationStatusSchema,
    errors: [{ code: ErrorCode.DATA_NOT_FOUND, text: 'devices.operationNotFound' }],
  }),
  events: endpoint({
    method: 'get', path: '/projects/:id/events', tag, auth: 'session', action: 'project.view', stream: true,
    summary: 'Live events of the project (Server-Sent Events)',
    description:
      'A `text/event-stream`: `event: <type>` and `data: <ProjectEvent JSON>` per event (types device, device-removed, operation, config), ' +
      'a `: ping` comment every 15 s, `retry: 2000`. Device and operation records carry `revision`: keep the higher one.',
    params: ProjectIdParamSchema, response: ProjectEventSchema,
  }),
  unverified: endpoint({
    method: 'get', path: '/devices/unverified', tag, auth: 'session',
    summary: 'My devices (sold to my account) that connected but are in no project yet',
    response: UnverifiedDeviceListResponseSchema,
  }),
};

/** ARCHITECTURE §4: the manufacturer's endpoint, declared once (endpoint.ts). */
export const manufacturerEndpoints = {
  register: endpoint({
    method: 'post', path: '/manufacturer/devices', tag: 'manufacturer', auth: 'manufacturer', bodyLimit: '512kb',
    summary: 'Register manufactured devices and their broker secrets',
    description:
      'For a session whose account role is manufacturer (then with the CSRF header), or with `Authorization: Bearer <key>` ' +
      '(env AIRLOOM_MANUFACTURER_KEY; in the embedded setup the file DATA_DIR/manufacturer.key). Registering an SN again replaces ' +
      'its identity and secret and keeps its project. Invalid rows are named in `fields`, e.g. devices.3.owner for an unknown account.',
    body: DeviceRegisterRequestSchema, response: DeviceRegisterResponseSchema,
    errors: [{ code: ErrorCode.SIGNATURE, text: 'manufacturer.refused' }],
  }),
};
