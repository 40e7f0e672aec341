// A project's topology (spec §3) from what its devices report: each LLDP neighbour whose chassis MAC
// is another device of the project is a cable (seen from either end, drawn once), a mesh node's
// backhaul parent is a wireless link, and the site's router reaches the internet over its WAN port.
import type { DeviceType, LinkSpeed, Topology, TopologyEdge, TopologyNode, TopologyNodeKind } from '@airloom/contracts';
import type { Knex } from 'knex';
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

export async function projectTopology(db: Knex, projectId: number): Promise<Topology> {
  const rows = (await db<DeviceRow>('devices').where({ project_id: projectId }).orderBy('sn', 'asc')) as DeviceRow[];
  const bySn = new Map(rows.map((r) => [r.sn, r]));
  const byMac = new Map(rows.map((r) => [r.mac.toUpperCase(), r]));
  const nodes: TopologyNode[] = [];
  const edges: TopologyEdge[] = [];
  const seen = new Set<string>();
  const link = (from: string, to: string, speed: LinkSpeed) => {
    const key = [from, to].sort().join('|');
    if (seen.has(key)) return;
    seen.add(key);
    edges.push({ from, to, speed });
  };
  const routers = rows.filter((r) => r.type === 'router' || r.type === 'wrouter');
  if (routers.length) nodes.push({ id: INTERNET_NODE, kind: 'internet' });
  for (const r of rows) {
    nodes.push({ id: r.sn, kind: KIND[r.type as DeviceType] ?? 'unknown', sn: r.sn, status: Number(r.status), name: r.desired_name ?? r.name, type: r.type as DeviceType, clients: Number(r.clients) });
  }
  for (const r of rows) {
    for (const n of parseNeighbours(r.neighbours_json)) {
      const peer = byMac.get(n.mac.toUpperCase());
      if (!peer || peer.sn === r.sn) continue;
      // a device's port 1 is its uplink: the neighbour there is the end nearer the internet
      const [from, to] = n.port === 0 ? [peer.sn, r.sn] : [r.sn, peer.sn];
      link(from, to, linkSpeed(n.speed));
    }
    const backhaul = parseReported(r.reported_json).backhaul;
    if (backhaul && bySn.has(backhaul.parentSn)) link(backhaul.parentSn, r.sn, 'wireless');
  }
  // the site's gateway: a router nothing is upstream of, its WAN port (port 1) towards the internet
  for (const r of routers) {
    if (edges.some((e) => e.to === r.sn)) continue;
    const wan = parseReported(r.reported_json).ports[0];
    link(INTERNET_NODE, r.sn, linkSpeed(wan?.speed ?? 0));
  }
  return { nodes, edges };
}
