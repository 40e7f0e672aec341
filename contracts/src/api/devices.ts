// Request/response DTOs of the device API: the project's device list and summary, one
// device's details, rename/reboot/locate, adding a device by serial number, the manufacturer's
// registration of devices and their broker credentials, and the live events of a project (SSE).
import { z } from 'zod';
import { DEVICE_OPERATIONS } from '../domain/capabilities.js';
import { DEVICE_TYPES, MANAGEMENT_MODES, MESH_NODE_MODES } from '../domain/device.js';
import { ErrorCode } from '../errors.js';
import { ConfigChangeSchema } from './config.js';
import { LIMITS } from '../limits.js';
import { cloudCode, name, serialNumber } from '../rules/names.js';
import { apiRuleKey } from './en-api-rules.js';
import { deviceType } from './device-type.js';
import { endpoint } from './endpoint.js';
import { ProjectIdParamSchema } from './projects.js';
import { API_LIMITS } from './limits.js';

export const macAddress = z
  .string({ error: apiRuleKey('macAddress', 'format') })
  .regex(/^[0-9A-Fa-f]{2}([:-]?[0-9A-Fa-f]{2}){5}$/, { error: apiRuleKey('macAddress', 'format') })
  // one spelling everywhere: upper case, colons
  .transform((v) => v.replace(/[:-]/g, '').toUpperCase().match(/../g)!.join(':'));

export { deviceType } from './device-type.js';

/** Where a pending operation or a rename stands (ARCHITECTURE §5 outbox). */
export const OPERATION_STATES = ['queued', 'sent', 'running', 'done', 'failed', 'expired'] as const;
export type OperationState = (typeof OPERATION_STATES)[number];
export const OPERATION_KINDS = ['reboot', 'locate', 'reset', 'neighbourScan', 'clientOffline', 'poe-reboot', 'led', 'format-disk', 'upgrade', 'remote-web'] as const;
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

/** spec §1 LED control: on, off, or follow the LED schedule */
export const LED_MODES = ['on', 'off', 'schedule'] as const;
export type LedMode = (typeof LED_MODES)[number];

/** what the kinds that need more than their name carry (stored with the operation) */
export const OperationArgsSchema = z.object({
  /** poe-reboot: the switch port (1-based) whose powered device is restarted */
  port: z.number({ error: apiRuleKey('poePort', 'value') }).int({ error: apiRuleKey('poePort', 'value') }).min(1, { error: apiRuleKey('poePort', 'value') }).max(64, { error: apiRuleKey('poePort', 'value') }).optional(),
  /** led: the LED mode to set */
  mode: z.enum(LED_MODES, { error: apiRuleKey('ledMode', 'value') }).optional(),
  /** clientOffline: the AccessPoint instance the client is associated with, and the client's MAC */
  accessPoint: z.number().int().min(1).optional(),
  mac: z.string().optional(),
  /** upgrade: a version of the model's firmware catalogue, or an image uploaded to the project */
  version: z.string({ error: apiRuleKey('firmwareTarget', 'value') }).regex(/^[\x20-\x7e]{1,16}$/, { error: apiRuleKey('firmwareTarget', 'value') }).optional(),
  imageId: z.number({ error: apiRuleKey('firmwareTarget', 'value') }).int({ error: apiRuleKey('firmwareTarget', 'value') }).positive({ error: apiRuleKey('firmwareTarget', 'value') }).optional(),
  /**
   * remote-web: where the device dials out to (a ws:// or wss:// address of the console) and the
   * one-time token it presents there. Set by the console, never by a request; the token is never
   * shown in an operation's record (docs/maintenance.md)
   */
  tunnelUrl: z.string().optional(),
  tunnelToken: z.string().optional(),
});
export type OperationArgs = z.output<typeof OperationArgsSchema>;

/**
 * spec §1 remote web management: the time-limited address under the console's origin that shows the
 * device's own web page. Given once, in the answer that opened it (only its hash is stored).
 */
export const RemoteWebLinkSchema = z.object({
  /** a path under the console's origin, e.g. `/remote/<token>/` */
  url: z.string(),
  /** UTC, ISO 8601: the link stops working then, whatever happens meanwhile */
  expiresAt: z.string(),
});
export type RemoteWebLink = z.output<typeof RemoteWebLinkSchema>;

export const OperationItemSchema = z.object({
  id: z.number().int(),
  revision,
  projectId: z.number().int(),
  sn: z.string(),
  kind: z.enum(OPERATION_KINDS),
  state: z.enum(OPERATION_STATES),
  /** the kind-specific fields it was asked with (a PoE port, an LED mode); null for the others */
  args: OperationArgsSchema.nullable().default(null),
  /** upgrade: the step the device last reported (downloading, upgrading, restarting), for operationPhase */
  step: z.string().nullable().optional(),
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
  /** the cloud code on its label (8 characters, shown as XXXX-XXXX); null when the manufacturer gave none */
  cloudCode: z.string().nullable().default(null),
  /** spec §3 device remark (an import's third column); null when none was given */
  remark: z.string().nullable().default(null),
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
export const OPERATION_PHASES = ['waiting', 'sending', 'running', 'restarting', 'success', 'failed', 'formatting', 'downloading', 'upgrading'] as const;
export type OperationPhase = (typeof OPERATION_PHASES)[number];

/**
 * The phase a person reads for an operation's state (one rule for the API and the pages): one that
 * ends with the device's restart is "restarting" while it runs, a disk format "formatting" (spec §4).
 */
export function operationPhase(kind: OperationKind, state: OperationState, step: string | null = null): OperationPhase {
  if (state === 'queued') return 'waiting';
  // spec §4 upgrade flow: waiting → downloading software → upgrading → restarting (the step the device reported)
  if (kind === 'upgrade' && (state === 'sent' || state === 'running')) return step === 'upgrading' || step === 'restarting' ? step : 'downloading';
  if (state === 'sent') return 'sending';
  if (state === 'running') return DEVICE_OPERATIONS[kind].completion === 'boot' ? 'restarting' : kind === 'format-disk' ? 'formatting' : 'running';
  return state === 'done' ? 'success' : 'failed';
}

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

// a client is forced offline through its own endpoint (api/clients.ts), which names the client
export const OperationRequestSchema = z
  .object({ kind: z.enum(OPERATION_KINDS).exclude(['clientOffline']) })
  .extend(OperationArgsSchema.pick({ port: true, mode: true, version: true, imageId: true }).shape)
  .superRefine((body, ctx) => {
    // an upgrade names exactly one target: a catalogue version or an uploaded image
    if (body.kind === 'upgrade' && (body.version === undefined) === (body.imageId === undefined)) ctx.addIssue({ code: 'custom', path: ['version'], message: apiRuleKey('firmwareTarget', 'value') });
    if (body.kind === 'poe-reboot' && body.port === undefined) ctx.addIssue({ code: 'custom', path: ['port'], message: apiRuleKey('poePort', 'value') });
    if (body.kind === 'led' && body.mode === undefined) ctx.addIssue({ code: 'custom', path: ['mode'], message: apiRuleKey('ledMode', 'value') });
  });
export type OperationRequest = z.output<typeof OperationRequestSchema>;

/** The kind-specific part of a request, as the operation stores it (nothing for the kinds without one). */
export function operationArgs(request: OperationRequest): OperationArgs | null {
  if (request.kind === 'poe-reboot') return { port: request.port };
  if (request.kind === 'led') return { mode: request.mode };
  if (request.kind === 'upgrade') return request.imageId !== undefined ? { imageId: request.imageId } : { version: request.version };
  return null;
}

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
  /** the cloud code printed on its label (8 characters, rules/names.ts cloudCode); unique among devices */
  cloudCode: cloudCode.optional(),
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
  /** run-log rows were written (`entries`, of which `alarms` are alarms) or alarms marked read (`read`): the log pages and the unread count read again */
  z.object({ type: z.literal('log'), entries: z.number().int(), alarms: z.number().int(), read: z.number().int() }),
  /** clients joined or left a device (or changed on the blacklist): the client list is stale (api/clients.ts) */
  z.object({ type: z.literal('clients'), sn: z.string().nullable(), joined: z.number().int(), left: z.number().int() }),
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
      { code: ErrorCode.DEVICE_MIXING, text: 'onboarding.mixing' },
      { code: ErrorCode.DEVICE_MIXING_88, text: 'onboarding.mixing' },
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
    summary: 'Restart, locate (blink) or reset a device, PoE-reboot a switch port, set its LED, format an NVR disk, upgrade its firmware; progress arrives as `operation` events',
    description:
      '`kind` reboot | locate | reset | poe-reboot (with `port`, sent to the switch) | led (with `mode` on, off or schedule) | format-disk (NVRs only). ' +
      'Refused with 71 while the device is busy, 36 offline, 35 for an operation the device does not support (an NVR reset; a format on anything but an NVR), ' +
      '76 in local management mode, 173 on a read-only project, 917 on a demo project. ' +
      'upgrade (with `version` of the model\'s firmware catalogue or `imageId` of an uploaded image): 912 for an image of another model, 400 for a version the catalogue does not have, 910 for the version the device already runs. ' +
      'remote-web: the device opens a tunnel to the console and the answer carries `remoteWeb` {url, expiresAt}, the time-limited link to its own web page (324 offline; see GET …/remote-web).',
    params: DeviceParamsSchema, body: OperationRequestSchema,
    // remote-web: the link to the device's page comes with the operation, once
    response: OperationItemSchema.extend({ remoteWeb: RemoteWebLinkSchema.optional() }),
    errors: [
      ...deviceWriteErrors,
      { code: ErrorCode.DEVICE_OPERATION_UNSUPPORTED, text: 'devices.unsupported' },
      { code: ErrorCode.FIRMWARE_FILE_INVALID, text: 'firmware.wrongModel' },
      { code: ErrorCode.FIRMWARE_ALREADY_INSTALLED, text: 'firmware.alreadyInstalled' },
      { code: ErrorCode.DEVICE_OFFLINE_324, text: 'remoteWeb.offline' },
    ],
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
      'A `text/event-stream`: `event: <type>` and `data: <ProjectEvent JSON>` per event (types device, device-removed, operation, config, log), ' +
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
