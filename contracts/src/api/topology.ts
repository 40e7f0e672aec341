// The project's network topology (spec §3 "Topology"): nodes of the §3 kinds and the links between
// them with their §3 speeds, built by the gateway from what the devices report (LLDP neighbours on
// their Ethernet ports, a mesh node's backhaul parent).
import { z } from 'zod';
import { DEVICE_TYPES } from '../domain/device.js';
import { LINK_SPEEDS, TOPOLOGY_NODE_KINDS } from '../domain/topology.js';
import { endpoint } from './endpoint.js';
import { ProjectIdParamSchema } from './projects.js';

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
});
export type TopologyNode = z.infer<typeof TopologyNodeSchema>;

export const TopologyEdgeSchema = z.object({
  /** the end nearer the internet */
  from: z.string(),
  to: z.string(),
  speed: z.enum(LINK_SPEEDS),
});
export type TopologyEdge = z.infer<typeof TopologyEdgeSchema>;

export const TopologySchema = z.object({ nodes: z.array(TopologyNodeSchema), edges: z.array(TopologyEdgeSchema) });
export type Topology = z.infer<typeof TopologySchema>;

const tag = 'topology';

export const topologyEndpoints = {
  get: endpoint({
    method: 'get', path: '/projects/:id/topology', tag, auth: 'session', action: 'device.view',
    summary: "The project's devices and the cables and mesh links between them, as the devices report them",
    params: ProjectIdParamSchema, response: TopologySchema,
  }),
};
