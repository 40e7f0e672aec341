// What the topology page draws (spec §3 "Topology"), as plain data: the reported graph becomes a
// tree (each link's `from` end is nearer the internet), a device's many leaf children of one kind
// fold into an "expanded group" node until the user opens it, and every node gets a position from a
// tidy-tree layout in the chosen direction. Pure and linear in the node count, so 1,000 nodes lay
// out in a few milliseconds (bench/topology) and G6 only draws.
import type { LinkSpeed, Terminal, Topology, TopologyEdge, TopologyEdgeSource, TopologyLayout, TopologyNodeKind } from '@airloom/contracts';

/** A parent with more leaf children of one kind than this shows them as one group node. */
export const GROUP_THRESHOLD = 6;

/** distance between tree levels and between neighbouring leaves, in canvas pixels */
export const LEVEL_GAP = { horizontal: 220, vertical: 130 } as const;
export const SIBLING_GAP = { horizontal: 64, vertical: 120 } as const;

export interface ViewNode {
  id: string;
  kind: TopologyNodeKind;
  label: string;
  sn?: string;
  status?: number;
  clients?: number;
  /** group nodes: the ids folded into it */
  members?: string[];
  /** a terminal the user added by hand (spec §5), with what was entered */
  manual?: boolean;
  terminal?: Terminal;
  x: number;
  y: number;
}

export interface ViewEdge {
  id: string;
  source: string;
  target: string;
  speed: LinkSpeed;
  /** the cable to a hand-added terminal */
  manual?: boolean;
}

export interface TopologyView {
  nodes: ViewNode[];
  edges: ViewEdge[];
}

export interface ViewOptions {
  layout: TopologyLayout;
  /** group ids the user opened */
  expanded: ReadonlySet<string>;
  /** the live status of a device, newer than the topology's (SSE) */
  statusOf?: (sn: string) => number | undefined;
}

export const groupId = (parent: string, kind: TopologyNodeKind) => `group:${parent}:${kind}`;

/** The view of a topology: tree, groups, positions. */
export function topologyView(topology: Topology, options: ViewOptions): TopologyView {
  const byId = new Map(topology.nodes.map((n) => [n.id, n]));
  const children = new Map<string, string[]>();
  const parentOf = new Map<string, string>();
  const speedOf = new Map<string, LinkSpeed>();
  const manualLink = new Set<string>();
  for (const e of topology.edges) {
    if (!byId.has(e.from) || !byId.has(e.to) || e.from === e.to || parentOf.has(e.to)) continue;
    // a link that would close a loop is not a tree edge (a device reached twice keeps its first parent)
    if (isAncestor(parentOf, e.to, e.from)) continue;
    parentOf.set(e.to, e.from);
    speedOf.set(e.to, e.speed);
    if (e.manual) manualLink.add(e.to);
    const list = children.get(e.from) ?? [];
    list.push(e.to);
    children.set(e.from, list);
  }

  const nodes: ViewNode[] = [];
  const edges: ViewEdge[] = [];
  const viewChildren = new Map<string, string[]>();
  const leaf = (id: string) => !(children.get(id)?.length);

  const nodeOf = (id: string): ViewNode => {
    const n = byId.get(id)!;
    const live = n.sn ? options.statusOf?.(n.sn) : undefined;
    // spec §3 distinguishes an AP on a cable from one on a wireless link
    const kind: TopologyNodeKind = n.kind === 'ap' && speedOf.get(id) ? (speedOf.get(id) === 'wireless' ? 'wireless-ap' : 'wired-ap') : n.kind;
    if (n.manual) return { id, kind: n.kind, label: n.name || id, manual: true, terminal: n.terminal, x: 0, y: 0 };
    return { id, kind, label: n.name || n.sn || id, sn: n.sn, status: live ?? n.status, clients: n.clients, x: 0, y: 0 };
  };

  const visit = (id: string) => {
    nodes.push(nodeOf(id));
    const kids = children.get(id) ?? [];
    const shown: string[] = [];
    const byKind = new Map<TopologyNodeKind, string[]>();
    for (const k of kids) {
      // hand-added terminals are few and each was entered on purpose: never folded away
      if (!leaf(k) || byId.get(k)!.manual) continue;
      const kind = byId.get(k)!.kind;
      byKind.set(kind, [...(byKind.get(kind) ?? []), k]);
    }
    const folded = new Set<string>();
    for (const [kind, members] of byKind) {
      const gid = groupId(id, kind);
      if (members.length <= GROUP_THRESHOLD || options.expanded.has(gid)) continue;
      members.forEach((m) => folded.add(m));
      const clients = members.reduce((s, m) => s + (byId.get(m)!.clients ?? 0), 0);
      nodes.push({ id: gid, kind: 'group', label: `${members.length} × ${kind}`, members, clients, x: 0, y: 0 });
      edges.push({ id: `${id}->${gid}`, source: id, target: gid, speed: speedOf.get(members[0]!) ?? '1g' });
      shown.push(gid);
    }
    for (const k of kids) {
      if (folded.has(k)) continue;
      edges.push({ id: `${id}->${k}`, source: id, target: k, speed: speedOf.get(k)!, ...(manualLink.has(k) ? { manual: true } : {}) });
      shown.push(k);
      visit(k);
    }
    viewChildren.set(id, shown);
  };

  // the internet first, then devices nothing reports upstream of (a site not yet cabled)
  const roots = topology.nodes.filter((n) => !parentOf.has(n.id)).sort((a, b) => Number(b.kind === 'internet') - Number(a.kind === 'internet'));
  for (const r of roots) visit(r.id);

  layoutTree(nodes, viewChildren, roots.map((r) => r.id), options.layout);
  return { nodes, edges };
}

function isAncestor(parentOf: Map<string, string>, candidate: string, of: string): boolean {
  for (let p: string | undefined = of; p !== undefined; p = parentOf.get(p)) if (p === candidate) return true;
  return false;
}

/** Tidy tree: leaves take consecutive slots across, a parent sits centred over its children. */
function layoutTree(nodes: ViewNode[], children: Map<string, string[]>, roots: string[], layout: TopologyLayout): void {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const level = LEVEL_GAP[layout];
  const gap = SIBLING_GAP[layout];
  let slot = 0;
  // iterative post-order: deep chains (a mesh of many hops) do not overflow the stack
  const across = new Map<string, number>();
  const depthOf = new Map<string, number>();
  for (const root of roots) {
    const stack: Array<{ id: string; depth: number; done: boolean }> = [{ id: root, depth: 0, done: false }];
    while (stack.length) {
      const top = stack.pop()!;
      const kids = children.get(top.id) ?? [];
      if (!top.done) {
        depthOf.set(top.id, top.depth);
        stack.push({ ...top, done: true });
        for (let i = kids.length - 1; i >= 0; i--) stack.push({ id: kids[i]!, depth: top.depth + 1, done: false });
        continue;
      }
      if (!kids.length) across.set(top.id, slot++);
      else across.set(top.id, (across.get(kids[0]!)! + across.get(kids[kids.length - 1]!)!) / 2);
    }
    slot += 1; // a little room between separate trees
  }
  for (const [id, a] of across) {
    const n = byId.get(id)!;
    const d = depthOf.get(id)!;
    if (layout === 'horizontal') {
      n.x = d * level;
      n.y = a * gap;
    } else {
      n.x = a * gap;
      n.y = d * level;
    }
  }
}

/** The link a node hangs from (the first reported edge towards it, as the tree takes it), if any. */
export function uplinkOf(topology: Topology, id: string): TopologyEdge | undefined {
  const ids = new Set(topology.nodes.map((n) => n.id));
  return topology.edges.find((e) => e.to === id && e.from !== id && ids.has(e.from));
}

/** What the page says of where a link comes from (docs/topology.md "Sources"): a text key and its values. */
export function linkSourceText(source: TopologyEdgeSource | undefined, nameOf: (id: string) => string | undefined): { key: string; values?: Record<string, string | number> } {
  if (!source) return { key: 'topology.link.reported' };
  if (source.kind === 'mac-table') return { key: 'topology.link.macTable', values: { name: (source.sn && nameOf(source.sn)) || source.sn || '', port: source.port ?? '' } };
  return { key: source.kind === 'mesh' ? 'topology.link.mesh' : 'topology.link.lldp' };
}

