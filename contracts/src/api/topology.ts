// The project's network topology (spec §3 "Topology"): nodes of the §3 kinds and the links between
// them with their §3 speeds, built by the gateway from what the devices report (LLDP neighbours on
// their Ethernet ports, the switches' MAC tables, a mesh node's backhaul parent).
//
// Hand-added terminals (spec §5 "Topology"): a non-managed terminal of a §3 terminal kind on a port
// of a device of the project, with the §3 "port / device entry" fields ip, model, port, name, vlan,
// mac. The console keeps them; the topology draws them as nodes with `manual: true`.
import { z } from 'zod';
import { DEVICE_TYPES } from '../domain/device.js';
import { LINK_SPEEDS, TERMINAL_KINDS, TOPOLOGY_NODE_KINDS } from '../domain/topology.js';
import { ErrorCode } from '../errors.js';
import { ipv4 } from '../rules/addresses.js';
import { otherName, serialNumber } from '../rules/names.js';
import { vlanId } from '../rules/vlan.js';
import { macAddress } from './devices.js';
import { apiRuleKey } from './en-api-rules.js';
import { endpoint } from './endpoint.js';
import { idParam, ProjectIdParamSchema } from './projects.js';

export const TERMINAL_LIMITS = {
  modelMaxLength: 32,
  /** the largest port number a request may name; the device's model decides the real count */
  portMax: 64,
} as const;

/** What the user enters for a hand-added terminal (spec §3 "port / device entry"). */
export const TerminalInputSchema = z.object({
  /** the device of the project whose port the terminal is on */
  sn: serialNumber,
  /** 1-based port of that device */
  port: z
    .number({ error: apiRuleKey('terminalPort', 'required') })
    .int({ error: apiRuleKey('terminalPort', 'required') })
    .min(1, { error: apiRuleKey('terminalPort', 'required') })
    .max(TERMINAL_LIMITS.portMax, { error: apiRuleKey('terminalPort', 'range') }),
  kind: z.enum(TERMINAL_KINDS, { error: apiRuleKey('terminalKind', 'value') }),
  // spec §5: a device model must be chosen
  model: z
    .string({ error: apiRuleKey('terminalModel', 'required') })
    .trim()
    .min(1, { error: apiRuleKey('terminalModel', 'required') })
    .max(TERMINAL_LIMITS.modelMaxLength, { error: apiRuleKey('terminalModel', 'length') })
    .regex(/^[\x20-\x7E]*$/, { error: apiRuleKey('terminalModel', 'length') }),
  name: otherName.optional(),
  ip: ipv4.optional(),
  mac: macAddress.optional(),
  vlan: vlanId.optional(),
});
export type TerminalInput = z.input<typeof TerminalInputSchema>;

export const TerminalSchema = z.object({
  id: z.number().int(),
  sn: z.string(),
  port: z.number().int(),
  kind: z.enum(TERMINAL_KINDS),
  model: z.string(),
  name: z.string().nullable(),
  ip: z.string().nullable(),
  /** upper case with colons */
  mac: z.string().nullable(),
  vlan: z.number().int().nullable(),
  /** monotonic per terminal: the newer answer wins */
  revision: z.number().int(),
});
export type Terminal = z.output<typeof TerminalSchema>;

export const TerminalParamsSchema = ProjectIdParamSchema.extend({ terminalId: idParam(apiRuleKey('terminalId', 'format')) });

/** A device's ports as the topology knows them: how many its model has, and which are taken. */
export const TopologyPortsSchema = z.object({
  count: z.number().int().min(0),
  /** 1-based, ascending: a reported neighbour (cable) or a hand-added terminal is on it */
  used: z.array(z.number().int()),
});
export type TopologyPorts = z.infer<typeof TopologyPortsSchema>;

export const TopologyNodeSchema = z.object({
  /** the device's SN, or `internet` for the site's way out */
  id: z.string(),
  kind: z.enum(TOPOLOGY_NODE_KINDS),
  sn: z.string().optional(),
  /** spec §3 device status */
  status: z.number().int().optional(),
  name: z.string().optional(),
  type: z.enum(DEVICE_TYPES).optional(),
  /** clients (Wi-Fi and wired hosts) the device reports */
  clients: z.number().int().min(0).optional(),
  /** a switch's edge ports' MACs that no device of the project accounts for (its MAC table): hosts behind its ports */
  wiredTerminals: z.number().int().min(0).optional(),
  /** a device's ports (devices only) */
  ports: TopologyPortsSchema.optional(),
  /** a terminal the user added by hand (spec §5), not a device that reports */
  manual: z.literal(true).optional(),
  terminal: TerminalSchema.optional(),
});
export type TopologyNode = z.infer<typeof TopologyNodeSchema>;

/** The sources a link of the topology comes from (docs/topology.md). */
export const TOPOLOGY_EDGE_SOURCES = ['lldp', 'mac-table', 'mesh'] as const;
export type TopologyEdgeSourceKind = (typeof TOPOLOGY_EDGE_SOURCES)[number];

export const TopologyEdgeSourceSchema = z.object({
  kind: z.enum(TOPOLOGY_EDGE_SOURCES),
  /** mac-table: the switch whose table tells */
  sn: z.string().optional(),
  /** mac-table: its 1-based port the MAC was learnt on */
  port: z.number().int().optional(),
});
export type TopologyEdgeSource = z.infer<typeof TopologyEdgeSourceSchema>;

export const TopologyEdgeSchema = z.object({
  /** the end nearer the internet */
  from: z.string(),
  to: z.string(),
  speed: z.enum(LINK_SPEEDS),
  /** the cable to a hand-added terminal */
  manual: z.literal(true).optional(),
  /** the port of the `from` device the cable is on, where known */
  port: z.number().int().optional(),
  /**
   * what tells of the link (docs/topology.md "Sources"): an LLDP neighbour report, the MAC table of
   * switch `sn` (the MAC learnt on its 1-based `port`), a mesh node's backhaul report; none for the
   * internet's side and hand-added terminals
   */
  source: TopologyEdgeSourceSchema.optional(),
});
export type TopologyEdge = z.infer<typeof TopologyEdgeSchema>;

export const TopologySchema = z.object({ nodes: z.array(TopologyNodeSchema), edges: z.array(TopologyEdgeSchema) });
export type Topology = z.infer<typeof TopologySchema>;

const tag = 'topology';
const TERMINAL_ERRORS = [
  { code: ErrorCode.DATA_NOT_FOUND, text: 'topology.deviceNotFound' },
  // spec §5: when all ports are used, no device can be added
  { code: ErrorCode.TERMINAL_PORTS_FULL, text: 'topology.portsFull' },
  { code: ErrorCode.DATA_EXISTS, text: 'topology.portInUse' },
] as const;

export const topologyEndpoints = {
  get: endpoint({
    method: 'get', path: '/projects/:id/topology', tag, auth: 'session', action: 'device.view',
    summary: "The project's devices and the cables and mesh links between them, as the devices report them",
    params: ProjectIdParamSchema, response: TopologySchema,
  }),
  addTerminal: endpoint({
    method: 'post', path: '/projects/:id/topology/terminals', tag, auth: 'session', action: 'project.update', status: 201,
    summary: 'Adds a non-managed terminal (spec §3 terminal kinds) by hand on a free port of a device of the project; a model must be chosen (spec §5)',
    params: ProjectIdParamSchema, body: TerminalInputSchema, response: TerminalSchema, errors: TERMINAL_ERRORS,
  }),
  updateTerminal: endpoint({
    method: 'put', path: '/projects/:id/topology/terminals/:terminalId', tag, auth: 'session', action: 'project.update',
    summary: 'Changes a hand-added terminal: its fields, or the port (of a device of the project) it is on',
    params: TerminalParamsSchema, body: TerminalInputSchema, response: TerminalSchema, errors: TERMINAL_ERRORS,
  }),
  removeTerminal: endpoint({
    method: 'delete', path: '/projects/:id/topology/terminals/:terminalId', tag, auth: 'session', action: 'project.update',
    summary: 'Removes a hand-added terminal', params: TerminalParamsSchema, response: z.object({ id: z.number().int() }),
    errors: [{ code: ErrorCode.DATA_NOT_FOUND, text: 'topology.terminalNotFound' }],
  }),
};
