// The G6 drawing of a topology view. This module is the only one that imports @antv/g6, and the page
// loads it with a dynamic import: G6 is a lazy chunk fetched on the topology page only
// (ARCHITECTURE §3: heavy libraries only on the pages that draw with them).
import { Graph, NodeEvent, type GraphData, type IElementEvent } from '@antv/g6';
import { DeviceStatus, isDeviceOnline, isOffline, type LinkSpeed, type TerminalKind, type TopologyNodeKind } from '@airloom/contracts';
import type { TopologyView, ViewNode } from './topology-model';
import { attachBitmapViewport } from './bitmap-viewport';

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

/** a hand-added terminal's cable: thin, grey and dashed, so it never reads as a reported link */
export const MANUAL_LINK_STYLE = { stroke: '#94a3b8', lineWidth: 1, lineDash: [4, 4] };

const TERMINAL_ICON: Record<TerminalKind, string> = {
  ap: 'AP',
  camera: 'CAM',
  uplink: 'UP',
  router: 'GW',
  switch: 'SW',
  bridge: 'BR',
  nvr: 'NVR',
  server: 'SRV',
  pc: 'PC',
  printer: 'PRN',
  'ip-phone': 'TEL',
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

/** The words the drawing writes under nodes, in the page's language. */
export interface GraphTexts {
  clients(count: number): string;
  /** under a hand-added terminal */
  addedByHand: string;
}

const ENGLISH: GraphTexts = { clients: (n) => `${n} clients`, addedByHand: 'added by hand' };

function label(n: ViewNode, texts: GraphTexts): string {
  if (n.manual) return `${n.label}\n${texts.addedByHand}`;
  return n.clients ? `${n.label}\n${texts.clients(n.clients)}` : n.label;
}

function manualNode(n: ViewNode, texts: GraphTexts) {
  return {
    id: n.id,
    data: { kind: n.kind, manual: true },
    style: {
      x: n.x,
      y: n.y,
      size: 26,
      fill: '#ffffff',
      stroke: '#64748b',
      lineWidth: 1.5,
      lineDash: [4, 3],
      iconText: n.terminal ? TERMINAL_ICON[n.terminal.kind] : '?',
      iconFontSize: 9,
      iconFill: '#334155',
      iconFontWeight: 700,
      labelText: label(n, texts),
      labelPlacement: 'bottom' as const,
      labelFontSize: 11,
      labelFill: '#52606d',
      labelFontStyle: 'italic' as const,
      cursor: 'pointer' as const,
    },
  };
}

export function graphData(view: TopologyView, texts: GraphTexts = ENGLISH): GraphData {
  return {
    nodes: view.nodes.map((n) => n.manual ? manualNode(n, texts) : ({
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
        labelText: label(n, texts),
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
    edges: view.edges.map((e) => ({
      id: e.id, source: e.source, target: e.target, data: { speed: e.speed, manual: e.manual },
      style: { ...(e.manual ? MANUAL_LINK_STYLE : LINK_STYLE[e.speed]), endArrow: false },
    })),
  };
}

export interface TopologyGraph {
  show(view: TopologyView, fit: boolean): Promise<void>;
  /** resolves once a view being dragged or zoomed has been redrawn at rest */
  settled(): Promise<void>;
  destroy(): void;
}

const ZOOM_RANGE: [number, number] = [0.05, 5];

export function createTopologyGraph(container: HTMLElement, onNodeClick: (id: string) => void, texts: GraphTexts = ENGLISH): TopologyGraph {
  const graph = new Graph({
    container,
    animation: false,
    zoomRange: ZOOM_RANGE,
    node: { type: 'circle' },
    edge: { type: 'line' },
    // no G6 pan/zoom behaviour: dragging and wheeling move the drawn bitmap and the graph is redrawn
    // once when the view rests (bitmap-viewport.ts; measured in bench/topology)
    behaviors: [],
    data: { nodes: [], edges: [] },
  });
  const viewport = attachBitmapViewport(container, {
    zoomRange: ZOOM_RANGE,
    zoom: () => graph.getZoom(),
    async apply(move) {
      if (move.scale !== 1) await graph.zoomBy(move.scale, false, [0, 0]);
      if (move.dx !== 0 || move.dy !== 0) await graph.translateBy([move.dx, move.dy], false);
    },
  });
  graph.on<IElementEvent>(NodeEvent.CLICK, (event) => {
    // the end of a drag that began on a node is not a click on it
    if (viewport.movedSinceDown()) return;
    const id = (event.target as { id?: string }).id;
    if (id) onNodeClick(id);
  });
  let destroyed = false;
  let rendered = false;
  return {
    async show(view, fit) {
      if (destroyed) return;
      if (fit) viewport.discard();
      graph.setData(graphData(view, texts));
      if (!rendered) {
        rendered = true;
        await graph.render();
      } else await graph.draw();
      if (fit && !destroyed) await graph.fitView({ when: 'always', direction: 'both' });
    },
    settled: () => viewport.settle(),
    destroy() {
      destroyed = true;
      viewport.detach();
      graph.destroy();
    },
  };
}
