// Hand-added terminals on the topology (spec §5 "Topology"): the rules — the device is one of the
// project's, the port is one its model has and is free (no cable is reported on it, no other terminal
// is on it), and when every port is used no terminal can be added (§8 46) — decided here; the
// repository only stores. The topology answer is the devices' (gateway) with the terminals drawn on.
import { ErrorCode, apiRuleKey, TERMINAL_NODE_KIND, type Terminal, type TerminalInput, TerminalInputSchema, type Topology, type TopologyNode } from '@airloom/contracts';
import { AppError } from '../../http/app-error.js';
import type { AuthorisedProject } from '../../http/project-access.js';
import { isPortTaken, type TerminalFields, type TerminalsRepository } from './terminals.repository.js';

export interface TerminalsServiceDeps {
  repo: TerminalsRepository;
  /** the project's devices and their links, as the devices report them */
  deviceTopology(projectId: number): Promise<Topology>;
  clock?: () => number;
}

export const terminalNodeId = (id: number) => `terminal:${id}`;

/** The topology with the terminals on it: a node (manual) and a cable from its device's port; the port counts as used. */
export function withTerminals(topology: Topology, terminals: readonly Terminal[]): Topology {
  const devices = new Map(topology.nodes.filter((n) => n.sn).map((n) => [n.sn!, n]));
  const taken = new Map<string, Set<number>>();
  const nodes: TopologyNode[] = [];
  const edges = [...topology.edges];
  for (const t of terminals) {
    // a terminal of a device that left the project is kept, not drawn (it returns with its device)
    if (!devices.has(t.sn)) continue;
    const id = terminalNodeId(t.id);
    nodes.push({ id, kind: TERMINAL_NODE_KIND[t.kind], name: t.name ?? t.model, manual: true, terminal: t });
    edges.push({ from: t.sn, to: id, speed: '1g', manual: true, port: t.port });
    taken.set(t.sn, (taken.get(t.sn) ?? new Set()).add(t.port));
  }
  return {
    nodes: [
      ...topology.nodes.map((n) => {
        const more = n.sn ? taken.get(n.sn) : undefined;
        if (!more || !n.ports) return n;
        return { ...n, ports: { count: n.ports.count, used: [...new Set([...n.ports.used, ...more])].sort((a, b) => a - b) } };
      }),
      ...nodes,
    ],
    edges,
  };
}

function fieldsOf(body: TerminalInput): TerminalFields {
  // the contracts schema already spells the MAC one way (upper case, colons)
  const parsed = TerminalInputSchema.parse(body);
  return { sn: parsed.sn, port: parsed.port, kind: parsed.kind, model: parsed.model, name: parsed.name ?? null, ip: parsed.ip ?? null, mac: parsed.mac ?? null, vlan: parsed.vlan ?? null };
}

export function createTerminalsService({ repo, deviceTopology, clock = Date.now }: TerminalsServiceDeps) {
  async function topology(projectId: number): Promise<Topology> {
    const [devices, terminals] = await Promise.all([deviceTopology(projectId), repo.list(projectId)]);
    return withTerminals(devices, terminals);
  }

  /** Refuses a port that is not free for `fields` (the terminal being changed, if any, frees its own). */
  async function checkPort(projectId: number, fields: TerminalFields, self?: Terminal): Promise<void> {
    const topo = await topology(projectId);
    const device = topo.nodes.find((n) => n.sn === fields.sn && !n.manual);
    if (!device) throw new AppError(ErrorCode.DATA_NOT_FOUND);
    const count = device.ports?.count ?? 0;
    const used = new Set(device.ports?.used ?? []);
    if (self && self.sn === fields.sn) used.delete(self.port);
    // spec §5: when all ports are used, no device can be added
    if (used.size >= count) throw new AppError(ErrorCode.TERMINAL_PORTS_FULL);
    if (fields.port > count) throw new AppError(ErrorCode.INVALID_PARAMS, { port: apiRuleKey('terminalPort', 'range') });
    if (used.has(fields.port)) throw new AppError(ErrorCode.DATA_EXISTS);
  }

  async function found(project: AuthorisedProject, id: number): Promise<Terminal> {
    const terminal = await repo.find(project.row.id, id);
    if (!terminal) throw new AppError(ErrorCode.DATA_NOT_FOUND);
    return terminal;
  }

  return {
    topology: (project: AuthorisedProject) => topology(project.row.id),

    async add(project: AuthorisedProject, body: TerminalInput): Promise<Terminal> {
      const fields = fieldsOf(body);
      await checkPort(project.row.id, fields);
      let id: number;
      try {
        id = await repo.insert(project.row.id, fields, clock());
      } catch (err) {
        if (isPortTaken(err)) throw new AppError(ErrorCode.DATA_EXISTS);
        throw err;
      }
      return found(project, id);
    },

    async update(project: AuthorisedProject, id: number, body: TerminalInput): Promise<Terminal> {
      const current = await found(project, id);
      const fields = fieldsOf(body);
      await checkPort(project.row.id, fields, current);
      try {
        await repo.update(project.row.id, id, fields, clock());
      } catch (err) {
        if (isPortTaken(err)) throw new AppError(ErrorCode.DATA_EXISTS);
        throw err;
      }
      return found(project, id);
    },

    async remove(project: AuthorisedProject, id: number): Promise<{ id: number }> {
      if (!(await repo.remove(project.row.id, id))) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      return { id };
    },
  };
}

export type TerminalsService = ReturnType<typeof createTerminalsService>;
