// The G6 drawing of a topology view. This module is the only one that imports @antv/g6, and the page
// loads it with a dynamic import: G6 is a lazy chunk fetched on the topology page only
// (ARCHITECTURE §3: heavy libraries only on the pages that draw with them).
import { Graph, NodeEvent, type GraphData, type IElementEvent } from '@antv/g6';
import { DeviceStatus, isDeviceOnline, isOffline, type LinkSpeed, type TopologyNodeKind } from '@airloom/contracts';
import type { TopologyView, ViewNode } from './topology-model';

/** spec §3 link speeds, each drawn differently: thicker is faster, a wireless link is dashed */
export const LINK_STYLE: Record<LinkSpeed, { stroke: string; lineWidth: number; lineDash?: number[] }> = {
  '100m': { stroke: '#7b8794', lineWidth: 1 },
  '1g': { stroke: '#0b5cad', lineWidth: 2 },
  '10g': { stroke: '#6d28d9', lineWidth: 4 },
  wireless: { stroke: '#0891b2', lineWidth: 2, lineDash: [6, 4] },
};

const ICON: Record<TopologyNodeKind, string> = {
  internet: 'WAN',
  unknown: '?',
  router: 'GW',
  switch: 'SW',
  mesh: 'MESH',
  ap: 'AP',
  nvr: 'NVR',
  ipc: 'IPC',
  group: '+',
  'wired-ap': 'AP',
  'wireless-ap': 'AP~',
};

const SIZE: Partial<Record<TopologyNodeKind, number>> = { internet: 44, router: 40, switch: 36, group: 34 };

/** live status as a colour: online green, offline grey, waiting for the device (7, 8, upgrades) amber */
export function statusColour(node: Pick<ViewNode, 'kind' | 'status'>): string {
  if (node.kind === 'internet') return '#334155';
  if (node.kind === 'group') return '#94a3b8';
  if (node.status === undefined) return '#94a3b8';
  if (isOffline(node.status)) return '#9aa5b1';
  if (node.status === DeviceStatus.ONLINE || node.status === DeviceStatus.UPGRADE_SUCCESS) return '#1a7f37';
  return isDeviceOnline(node.status) ? '#1a7f37' : '#b7791f';
}

function label(n: ViewNode): string {
  return n.clients ? `${n.label}\n${n.clients} clients` : n.label;
}

export function graphData(view: TopologyView): GraphData {
  return {
    nodes: view.nodes.map((n) => ({
      id: n.id,
      data: { kind: n.kind, sn: n.sn, status: n.status },
      style: {
        x: n.x,
        y: n.y,
        size: SIZE[n.kind] ?? 30,
        fill: statusColour(n),
        stroke: n.kind === 'group' ? '#334155' : '#ffffff',
        lineWidth: 2,
        lineDash: n.kind === 'group' ? [3, 3] : undefined,
        iconText: ICON[n.kind],
        iconFontSize: 10,
        iconFill: '#ffffff',
        iconFontWeight: 700,
        labelText: label(n),
        labelPlacement: 'bottom',
        labelFontSize: 11,
        labelFill: '#1f2933',
        // a label stays readable where links pass under it
        labelBackground: true,
        labelBackgroundFill: '#ffffff',
        labelBackgroundOpacity: 0.85,
        labelBackgroundRadius: 3,
        cursor: 'pointer',
      },
    })),
    edges: view.edges.map((e) => ({ id: e.id, source: e.source, target: e.target, data: { speed: e.speed }, style: { ...LINK_STYLE[e.speed], endArrow: false } })),
  };
}

export interface TopologyGraph {
  show(view: TopologyView, fit: boolean): Promise<void>;
  destroy(): void;
}

export function createTopologyGraph(container: HTMLElement, onNodeClick: (id: string) => void): TopologyGraph {
  const graph = new Graph({
    container,
    animation: false,
    node: { type: 'circle' },
    edge: { type: 'line' },
    // while the user drags or zooms a large site, labels and icons are hidden (only keys drawn)
    behaviors: ['drag-canvas', 'zoom-canvas', { type: 'optimize-viewport-transform', key: 'optimize', debounce: 150 }],
    data: { nodes: [], edges: [] },
  });
  graph.on<IElementEvent>(NodeEvent.CLICK, (event) => {
    const id = (event.target as { id?: string }).id;
    if (id) onNodeClick(id);
  });
  let destroyed = false;
  let rendered = false;
  return {
    async show(view, fit) {
      if (destroyed) return;
      graph.setData(graphData(view));
      if (!rendered) {
        rendered = true;
        await graph.render();
      } else await graph.draw();
      if (fit && !destroyed) await graph.fitView({ when: 'always', direction: 'both' });
    },
    destroy() {
      destroyed = true;
      graph.destroy();
    },
  };
}
