// The configuration engine's endpoints (ARCHITECTURE §7): one versioned document per section, per
// project (the gateway's sections) or per device (switch sections, mgmt-ip, name). A PUT stores a
// new desired version and answers at once; the device applies it later and the progress arrives as
// `config` events on the project's stream and in the history. A section's body is validated by its
// schema in `@airloom/contracts/config` (sectionSchemaFor) — the form's schema — on the server.
import { z } from 'zod';
import { ErrorCode } from '../errors.js';
import { serialNumber } from '../rules/names.js';
import { apiRuleKey } from './en-api-rules.js';
import { endpoint } from './endpoint.js';
import { ProjectIdParamSchema } from './projects.js';

/** kept in step with SECTION_NAMES of `@airloom/contracts/config` (a test holds them equal) */
export const CONFIG_SECTIONS = ['name', 'wan', 'vlan', 'dhcp', 'routes', 'portmap', 'mgmt-ip', 'switch-ports', 'switch-vlan', 'switch-dhcp', 'poe', 'wifi-acl', 'radio', 'roaming', 'wireless-policies'] as const;
export const GATEWAY_CONFIG_SECTIONS = ['wan', 'vlan', 'dhcp', 'routes', 'portmap'] as const;
export const DEVICE_CONFIG_SECTIONS = ['name', 'mgmt-ip', 'switch-ports', 'switch-vlan', 'switch-dhcp', 'poe', 'radio', 'roaming'] as const;

/**
 * Where a desired version stands on its device:
 * - `applied`: the device holds it (read back);
 * - `pending`: stored, not yet confirmed (the device shows status 7 while online);
 * - `waiting`: stored, the device is offline (or the project has no gateway yet): applied when it returns;
 * - `failed`: the device refused it (its error in `error`); the console does not send it again until a new version;
 * - `rolled-back`: a change that cut the device off the cloud was undone by the device itself (safe apply).
 */
export const CONFIG_STATES = ['applied', 'pending', 'waiting', 'failed', 'rolled-back'] as const;
export type ConfigState = (typeof CONFIG_STATES)[number];

/** a change's result in the history: as above, or replaced by a newer version before it was applied */
export const CHANGE_RESULTS = ['pending', 'applied', 'failed', 'superseded', 'rolled-back'] as const;
export type ChangeResult = (typeof CHANGE_RESULTS)[number];

const section = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: apiRuleKey('configSection', 'value') });

export const GatewaySectionParamsSchema = ProjectIdParamSchema.extend({ section: section(GATEWAY_CONFIG_SECTIONS) });
export const DeviceSectionParamsSchema = ProjectIdParamSchema.extend({ sn: serialNumber, section: section(DEVICE_CONFIG_SECTIONS) });

/** a section's body as stored; its shape is the section's schema */
export const ConfigBodySchema = z.record(z.string(), z.unknown()).meta({ description: "the section's document; its schema depends on the section and the device's model" });

export const ConfigErrorSchema = z.object({ code: z.number().int(), message: z.string() });

export const ConfigSectionSchema = z.object({
  section: z.enum(CONFIG_SECTIONS),
  /** the device it applies to: the project's gateway for gateway sections (null while the project has none) */
  sn: z.string().nullable(),
  /** the desired version; 0 when never written (then `body` is the model's defaults) */
  version: z.number().int().min(0),
  appliedVersion: z.number().int().min(0),
  state: z.enum(CONFIG_STATES),
  body: ConfigBodySchema,
  /** UTC, ISO 8601; null when never written */
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  error: ConfigErrorSchema.nullable(),
});
export type ConfigSection = z.output<typeof ConfigSectionSchema>;

export const ConfigWriteResultSchema = z.object({ version: z.number().int().min(1), status: z.enum(CONFIG_STATES) });
export type ConfigWriteResult = z.output<typeof ConfigWriteResultSchema>;

/** one field that changed: a dotted path into the body (`vlans.2.name`), its old and new value (absent: null) */
export const FieldChangeSchema = z.object({ path: z.string(), old: z.unknown(), new: z.unknown() });
export type FieldChange = z.output<typeof FieldChangeSchema>;

export const ConfigChangeSchema = z.object({
  id: z.number().int(),
  /** rises with every write to the change (its result) */
  revision: z.number().int().positive(),
  projectId: z.number().int(),
  section: z.enum(CONFIG_SECTIONS),
  sn: z.string().nullable(),
  version: z.number().int(),
  /** who wrote it: an account's e-mail or phone, or null when the console or the device did (a rollback) */
  actor: z.string().nullable(),
  /** UTC, ISO 8601 */
  createdAt: z.string(),
  changes: z.array(FieldChangeSchema),
  result: z.enum(CHANGE_RESULTS),
  error: ConfigErrorSchema.nullable(),
  /** the change this one reverted to (its version's body), if it is a revert */
  revertOf: z.number().int().nullable(),
});
export type ConfigChange = z.output<typeof ConfigChangeSchema>;

export const ConfigHistoryQuerySchema = z.object({
  section: z.enum(CONFIG_SECTIONS, { error: apiRuleKey('configSection', 'value') }).optional(),
  sn: serialNumber.optional(),
});
export const ConfigHistorySchema = z.object({ items: z.array(ConfigChangeSchema) });
export type ConfigHistory = z.output<typeof ConfigHistorySchema>;

export const ChangeParamsSchema = ProjectIdParamSchema.extend({
  changeId: z
    .string({ error: apiRuleKey('changeId', 'format') })
    .regex(/^[1-9][0-9]{0,9}$/, { error: apiRuleKey('changeId', 'format') })
    .transform(Number),
});

/** a row of the gateway's routing table as the device reports it (TR-181 Device.Routing.Router.1.IPv4Forwarding) */
export const RouteRowSchema = z.object({
  destination: z.string(),
  mask: z.string(),
  gateway: z.string(),
  interface: z.string(),
  /** a static route (the console's or the device's own), or one the device made itself (connected, default) */
  static: z.boolean(),
  enabled: z.boolean(),
});
export const RouteTableSchema = z.object({ sn: z.string(), routes: z.array(RouteRowSchema), readAt: z.string() });
export type RouteTable = z.output<typeof RouteTableSchema>;

const tag = 'config';
const fieldsRefused = { code: ErrorCode.INVALID_PARAMS, text: 'config.invalid' } as const;
const offline = { code: ErrorCode.DEVICE_OFFLINE, text: 'config.offline' } as const;
const writeErrors = [
  fieldsRefused,
  { code: ErrorCode.DATA_NOT_FOUND, text: 'devices.notInProject' },
  offline,
  { code: ErrorCode.LOCAL_MODE, text: 'devices.localMode' },
  { code: ErrorCode.PROJECT_RF_OPTIMISING, text: 'config.rfRunning' },
  { code: ErrorCode.ONE_GATEWAY_PER_PROJECT, text: 'config.oneGateway' },
] as const;

export const configEndpoints = {
  // before /gateway/:section, which would take route-table for a section name
  routeTable: endpoint({
    method: 'get', path: '/projects/:id/gateway/route-table', tag, auth: 'session', action: 'device.view',
    summary: "The gateway's routing table, read from the device now (not the stored configuration)",
    params: ProjectIdParamSchema, response: RouteTableSchema,
    errors: [offline, { code: ErrorCode.DATA_NOT_FOUND, text: 'config.noGateway' }],
  }),
  gatewayGet: endpoint({
    method: 'get', path: '/projects/:id/gateway/:section', tag, auth: 'session', action: 'device.view',
    summary: "One of the project gateway's sections (wan, vlan, dhcp, routes, portmap): the desired document and where it stands",
    params: GatewaySectionParamsSchema, response: ConfigSectionSchema,
  }),
  gatewayPut: endpoint({
    method: 'put', path: '/projects/:id/gateway/:section', tag, auth: 'session', action: 'network.configure', bodyLimit: '256kb',
    summary: "Store a new version of one of the project gateway's sections; the gateway applies it (config events follow)",
    description:
      'Answers once stored, not once applied. Refused with the catalogue code and `fields` when a rule of the section fails ' +
      '(nothing is stored, nothing is sent). Stored while the gateway is offline, and applied when it returns.',
    params: GatewaySectionParamsSchema, body: ConfigBodySchema, response: ConfigWriteResultSchema, errors: writeErrors,
  }),
  deviceGet: endpoint({
    method: 'get', path: '/projects/:id/devices/:sn/config/:section', tag, auth: 'session', action: 'device.view',
    summary: "One of a device's sections (name, mgmt-ip, switch-ports, switch-vlan, switch-dhcp, poe)",
    params: DeviceSectionParamsSchema, response: ConfigSectionSchema,
    errors: [{ code: ErrorCode.DATA_NOT_FOUND, text: 'devices.notInProject' }, { code: ErrorCode.INVALID_PARAMS, text: 'config.notForDevice' }],
  }),
  devicePut: endpoint({
    method: 'put', path: '/projects/:id/devices/:sn/config/:section', tag, auth: 'session', action: 'device.configure', bodyLimit: '256kb',
    summary: "Store a new version of one of a device's sections; the device applies it (config events follow)",
    params: DeviceSectionParamsSchema, body: ConfigBodySchema, response: ConfigWriteResultSchema,
    errors: [...writeErrors, { code: ErrorCode.INVALID_PARAMS, text: 'config.notForDevice' }],
  }),
  history: endpoint({
    method: 'get', path: '/projects/:id/config/history', tag, auth: 'session', action: 'device.view',
    summary: "The project's configuration changes, newest first (at most 200): who, when, what changed, and the result",
    params: ProjectIdParamSchema, query: ConfigHistoryQuerySchema, response: ConfigHistorySchema,
  }),
  revert: endpoint({
    method: 'post', path: '/projects/:id/config/history/:changeId/revert', tag, auth: 'session', action: 'network.configure',
    summary: 'Make the body of an earlier change the desired version again (a new version, with its own history entry)',
    params: ChangeParamsSchema, response: ConfigWriteResultSchema,
    errors: [...writeErrors, { code: ErrorCode.DATA_NOT_FOUND, text: 'config.changeNotFound' }],
  }),
};
