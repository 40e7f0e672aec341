// A project's topology (spec §3) from what its devices report: each LLDP neighbour whose chassis MAC
// is another device of the project is a cable (seen from either end, drawn once), a neighbour that is
// no device of the project is an `unknown` node (one per chassis MAC), a mesh node's backhaul parent
// is a wireless link, and the site's router reaches the internet over its WAN port. Devices that send
// no LLDP are placed by the switches' MAC tables (mac-topology.ts); LLDP wins where both tell.
import type { DeviceType, LinkSpeed, Topology, TopologyEdge, TopologyEdgeSource, TopologyNode, TopologyNodeKind } from '@airloom/contracts';
import { defaultModelOf, deviceModel } from '@airloom/contracts/config';
import type { Knex } from 'knex';
import { placeByMacTables, type LearntEntry } from './mac-topology.js';
import { parseReported } from './mapping.js';
import type { DeviceRow } from './rows.js';

const KIND: Record<DeviceType, TopologyNodeKind> = {
  router: 'router',
  wrouter: 'router',
  switch: 'switch',
  mesh: 'mesh',
  ap: 'ap',
  v7: 'ap',
  cpe: 'wireless-ap',
  nvr: 'nvr',
  ipc: 'ipc',
};

export const INTERNET_NODE = 'internet';

/** §3 link speed of a port speed in Mbit/s: up to 100 → 100 Mbps, up to 1000 → 1 Gbps, faster → 10 Gbps. */
export function linkSpeed(mbps: number): LinkSpeed {
  if (mbps > 1000) return '10g';
  if (mbps > 100) return '1g';
  return '100m';
}

interface StoredNeighbour {
  port: number;
  mac: string;
  /** the neighbour's port name (LLDP PortID) */
  peerPort?: string;
  speed: number;
}

function parseNeighbours(json: string | null | undefined): StoredNeighbour[] {
  try {
    const raw: unknown = json ? JSON.parse(json) : [];
    if (!Array.isArray(raw)) return [];
    return raw.filter(
      (n): n is StoredNeighbour =>
        !!n && typeof n === 'object' && Number.isInteger((n as StoredNeighbour).port) && typeof (n as StoredNeighbour).mac === 'string' && typeof (n as StoredNeighbour).speed === 'number',
    );
  } catch {
    return [];
  }
}

/** How many ports a device has: its model's, or its type's first model when the console does not know the model. */
export function portCount(row: Pick<DeviceRow, 'model' | 'type'>): number {
  const known = deviceModel(row.model);
  if (known) return known.ports.count;
  try {
    return defaultModelOf(row.type as DeviceType).ports.count;
  } catch {
    return 0;
  }
}

export async function projectTopology(db: Knex, projectId: number): Promise<Topology> {
  const rows = (await db<DeviceRow>('devices').where({ project_id: projectId }).orderBy('sn', 'asc')) as DeviceRow[];
  const bySn = new Map(rows.map((r) => [r.sn, r]));
  const byMac = new Map(rows.map((r) => [r.mac.toUpperCase(), r]));
  const nodes: TopologyNode[] = [];
  const edges: TopologyEdge[] = [];
  const seen = new Set<string>();
  const link = (from: string, to: string, speed: LinkSpeed, source?: TopologyEdgeSource, port?: number) => {
    const key = [from, to].sort().join('|');
    if (seen.has(key)) return;
    seen.add(key);
    edges.push({ from, to, speed, ...(port !== undefined ? { port } : {}), ...(source ? { source } : {}) });
  };
  const LLDP: TopologyEdgeSource = { kind: 'lldp' };
  const routers = rows.filter((r) => r.type === 'router' || r.type === 'wrouter');
  if (routers.length) nodes.push({ id: INTERNET_NODE, kind: 'internet' });
  // ports a cable is on (spec §5 "when all ports are used"): 1-based, per SN
  const used = new Map<string, Set<number>>(rows.map((r) => [r.sn, new Set<number>()]));
  const portNames = new Map(rows.map((r) => [r.sn, parseReported(r.reported_json).ports.map((p) => p.name)]));
  // neighbours that are no device of the project (another maker's switch, a device of no project or
  // of another one): one `unknown` node per chassis MAC, which is not shown (it may be another
  // project's device)
  const unknown = new Map<string, TopologyNode>();
  const unknownNode = (key: string): TopologyNode => {
    let node = unknown.get(key);
    if (!node) {
      node = { id: `neighbour:${unknown.size + 1}`, kind: 'unknown', name: `Unknown neighbour ${unknown.size + 1}` };
      unknown.set(key, node);
    }
    return node;
  };
  /** `${sn}:${port}` (0-based) → the unknown node a foreign LLDP neighbour there is */
  const foreignAt = new Map<string, string>();
  const foreign: Array<{ sn: string; router: boolean; neighbour: StoredNeighbour }> = [];
  // `${sn}:${port}` (0-based) that a cable to a device of the project is on, from that device's own report
  const cabled = new Set<string>();
  for (const r of rows) {
    for (const n of parseNeighbours(r.neighbours_json)) {
      // any LLDP neighbour, of the project or not, is a cable on that port
      used.get(r.sn)!.add(n.port + 1);
      const peer = byMac.get(n.mac.toUpperCase());
      if (!peer) {
        foreign.push({ sn: r.sn, router: r.type === 'router' || r.type === 'wrouter', neighbour: n });
        continue;
      }
      if (peer.sn === r.sn) continue;
      cabled.add(`${r.sn}:${n.port}`);
      // the peer's end of the cable, by the port name it reports (a device that speaks no LLDP still has one)
      const peerIndex = n.peerPort ? portNames.get(peer.sn)!.indexOf(n.peerPort) : -1;
      if (peerIndex >= 0) used.get(peer.sn)!.add(peerIndex + 1);
      // unknown port name: a device downstream of this cable takes it on its uplink, port 1
      else if (n.port !== 0) used.get(peer.sn)!.add(1);
      // a device's port 1 is its uplink: the neighbour there is the end nearer the internet
      const [from, to] = n.port === 0 ? [peer.sn, r.sn] : [r.sn, peer.sn];
      link(from, to, linkSpeed(n.speed), LLDP);
    }
    const backhaul = parseReported(r.reported_json).backhaul;
    if (backhaul && bySn.has(backhaul.parentSn)) link(backhaul.parentSn, r.sn, 'wireless', { kind: 'mesh' });
  }
  // the switches' MAC tables place what LLDP and mesh reports did not (docs/topology.md "MAC tables"):
  // a device with a link upstream, or a foreign LLDP neighbour on its uplink, stays where it is
  const placed = new Set(edges.map((e) => e.to));
  for (const f of foreign) if (f.neighbour.port === 0 && !f.router) placed.add(f.sn);
  const switchSns = rows.filter((r) => r.type === 'switch').map((r) => r.sn);
  const tables = new Map<string, LearntEntry[]>();
  if (switchSns.length) {
    const learnt = (await db('device_mac_entries').whereIn('sn', switchSns).select('sn', 'port', 'mac')) as Array<{ sn: string; port: number; mac: string }>;
    for (const e of learnt) (tables.get(e.sn) ?? tables.set(e.sn, []).get(e.sn)!).push({ port: Number(e.port), mac: e.mac });
  }
  const byMacTable = placeByMacTables(
    rows.map((r) => ({ sn: r.sn, mac: r.mac, type: r.type as DeviceType })),
    tables,
    placed,
  );
  const portSpeed = (sn: string, port: number) => parseReported(bySn.get(sn)!.reported_json).ports[port]?.speed ?? 0;
  for (const l of byMacTable.links) {
    const source: TopologyEdgeSource = { kind: 'mac-table', sn: l.sn, port: l.port + 1 };
    link(l.from, l.to, linkSpeed(portSpeed(l.sn, l.port)), source, l.sn === l.from ? l.port + 1 : undefined);
    used.get(l.sn)!.add(l.port + 1);
    cabled.add(`${l.sn}:${l.port}`);
    // the other end: a device below the switch takes the cable on its uplink, port 1
    if (l.sn === l.from) used.get(l.to)!.add(1);
  }
  const hostsOn = new Map<string, number>();
  // hosts on a switch's edge ports are counted, but leave the port free: that is where the user
  // describes an unmanaged printer or phone by hand (docs/decisions/devices.md "Which ports are used")
  for (const t of byMacTable.terminals) hostsOn.set(t.sn, (hostsOn.get(t.sn) ?? 0) + t.count);
  // the project's own devices win: a foreign neighbour is drawn only where no device of the project
  // accounts for that port (a device with a parent already does not get a second one upstream)
  for (const { sn, router, neighbour: n } of foreign) {
    // a router's WAN neighbour (the provider's modem) is the internet's side: the internet node stands for it
    if (n.port === 0 && router) continue;
    if (cabled.has(`${sn}:${n.port}`)) continue;
    if (n.port === 0 && edges.some((e) => e.to === sn)) continue;
    const node = unknownNode(n.mac.toUpperCase());
    foreignAt.set(`${sn}:${n.port}`, node.id);
    // seen on the device's uplink (port 1) the unknown neighbour is upstream of it
    const [from, to] = n.port === 0 ? [node.id, sn] : [sn, node.id];
    link(from, to, linkSpeed(n.speed), LLDP);
  }
  // several devices of the project learnt on one edge port, none placed otherwise: behind something
  // unmanaged on that port (the foreign LLDP neighbour there, else an unknown node of its own)
  for (const h of byMacTable.hidden) {
    const id = foreignAt.get(`${h.sn}:${h.port}`) ?? unknownNode(`port:${h.sn}:${h.port}`).id;
    const source: TopologyEdgeSource = { kind: 'mac-table', sn: h.sn, port: h.port + 1 };
    link(h.sn, id, linkSpeed(portSpeed(h.sn, h.port)), source, h.port + 1);
    used.get(h.sn)!.add(h.port + 1);
    for (const m of h.members) {
      link(id, m, linkSpeed(parseReported(bySn.get(m)!.reported_json).ports[0]?.speed ?? 0), source);
      used.get(m)!.add(1);
    }
  }
  // the site's gateway: a router nothing is upstream of, its WAN port (port 1) towards the internet
  for (const r of routers) {
    if (edges.some((e) => e.to === r.sn)) continue;
    const wan = parseReported(r.reported_json).ports[0];
    link(INTERNET_NODE, r.sn, linkSpeed(wan?.speed ?? 0));
    used.get(r.sn)!.add(1);
  }
  for (const r of rows) {
    const count = portCount(r);
    const taken = [...used.get(r.sn)!].filter((p) => p <= count).sort((a, b) => a - b);
    nodes.push({
      id: r.sn, kind: KIND[r.type as DeviceType] ?? 'unknown', sn: r.sn, status: Number(r.status), name: r.desired_name ?? r.name, type: r.type as DeviceType, clients: Number(r.clients),
      ports: { count, used: taken },
      ...(hostsOn.has(r.sn) ? { wiredTerminals: hostsOn.get(r.sn)! } : {}),
    });
  }
  nodes.push(...unknown.values());
  return { nodes, edges };
}
