import { describe, expect, it } from 'vitest';
import type { Topology } from '@airloom/contracts';
import { GROUP_THRESHOLD, groupId, linkSourceText, topologyView, uplinkOf } from './topology-model';

const wired: Topology = {
  nodes: [
    { id: 'internet', kind: 'internet' },
    { id: 'GW', kind: 'router', sn: 'GW', status: 1, name: 'Gateway', clients: 0 },
    { id: 'SW', kind: 'switch', sn: 'SW', status: 1, clients: 2 },
    { id: 'AP1', kind: 'ap', sn: 'AP1', status: 0, clients: 5 },
    { id: 'M2', kind: 'mesh', sn: 'M2', status: 1 },
  ],
  edges: [
    { from: 'internet', to: 'GW', speed: '1g' },
    { from: 'GW', to: 'SW', speed: '10g' },
    { from: 'SW', to: 'AP1', speed: '1g' },
    { from: 'GW', to: 'M2', speed: 'wireless' },
  ],
};

const fan = (n: number): Topology => ({
  nodes: [{ id: 'SW', kind: 'switch', sn: 'SW' }, ...Array.from({ length: n }, (_, i) => ({ id: `A${i}`, kind: 'ap' as const, sn: `A${i}`, clients: 1 }))],
  edges: Array.from({ length: n }, (_, i) => ({ from: 'SW', to: `A${i}`, speed: '1g' as const })),
});

describe('topologyView', () => {
  it('keeps every reported device and link, the internet at the root', () => {
    const v = topologyView(wired, { layout: 'horizontal', expanded: new Set() });
    expect(v.nodes.map((n) => n.id)).toEqual(['internet', 'GW', 'SW', 'AP1', 'M2']);
    expect(v.edges.map((e) => `${e.source}>${e.target}:${e.speed}`)).toEqual(['internet>GW:1g', 'GW>SW:10g', 'SW>AP1:1g', 'GW>M2:wireless']);
  });

  it('names an AP on a cable a wired AP', () => {
    const v = topologyView(wired, { layout: 'horizontal', expanded: new Set() });
    expect(v.nodes.find((n) => n.id === 'AP1')?.kind).toBe('wired-ap');
  });

  it('lays levels out left to right, or top to bottom', () => {
    const h = topologyView(wired, { layout: 'horizontal', expanded: new Set() });
    const at = (v: typeof h, id: string) => v.nodes.find((n) => n.id === id)!;
    expect(at(h, 'GW').x).toBeLessThan(at(h, 'SW').x);
    expect(at(h, 'SW').x).toBeLessThan(at(h, 'AP1').x);
    const v = topologyView(wired, { layout: 'vertical', expanded: new Set() });
    expect(at(v, 'GW').y).toBeLessThan(at(v, 'SW').y);
    expect(at(v, 'SW').y).toBeLessThan(at(v, 'AP1').y);
  });

  it('never puts two nodes on one spot', () => {
    const v = topologyView(fan(40), { layout: 'vertical', expanded: new Set([groupId('SW', 'ap')]) });
    expect(new Set(v.nodes.map((n) => `${n.x},${n.y}`)).size).toBe(v.nodes.length);
  });

  it('folds many leaf children of one kind into a group the user can open', () => {
    const closed = topologyView(fan(GROUP_THRESHOLD + 1), { layout: 'horizontal', expanded: new Set() });
    expect(closed.nodes.map((n) => n.kind)).toEqual(['switch', 'group']);
    expect(closed.nodes[1]!.members).toHaveLength(GROUP_THRESHOLD + 1);
    expect(closed.nodes[1]!.clients).toBe(GROUP_THRESHOLD + 1);
    const open = topologyView(fan(GROUP_THRESHOLD + 1), { layout: 'horizontal', expanded: new Set([groupId('SW', 'ap')]) });
    expect(open.nodes).toHaveLength(GROUP_THRESHOLD + 2);
    expect(topologyView(fan(GROUP_THRESHOLD), { layout: 'horizontal', expanded: new Set() }).nodes).toHaveLength(GROUP_THRESHOLD + 1);
  });

  it('shows the live status over the reported one', () => {
    const v = topologyView(wired, { layout: 'horizontal', expanded: new Set(), statusOf: (sn) => (sn === 'AP1' ? 1 : undefined) });
    expect(v.nodes.find((n) => n.id === 'AP1')?.status).toBe(1);
  });

  it('survives a reported loop and lays out 1,000 nodes', () => {
    const loop: Topology = { nodes: wired.nodes, edges: [...wired.edges, { from: 'AP1', to: 'GW', speed: '1g' }, { from: 'SW', to: 'GW', speed: '1g' }] };
    expect(topologyView(loop, { layout: 'horizontal', expanded: new Set() }).nodes).toHaveLength(5);
    const big: Topology = {
      nodes: Array.from({ length: 1000 }, (_, i) => ({ id: `N${i}`, kind: i < 50 ? ('switch' as const) : ('ap' as const), sn: `N${i}` })),
      edges: Array.from({ length: 999 }, (_, i) => ({ from: `N${i < 49 ? Math.floor(i / 7) : (i % 49) + 1}`, to: `N${i + 1}`, speed: '1g' as const })),
    };
    const v = topologyView(big, { layout: 'vertical', expanded: new Set() });
    expect(v.nodes.filter((n) => n.kind !== 'group').length + v.nodes.filter((n) => n.kind === 'group').reduce((s, g) => s + g.members!.length, 0)).toBe(1000);
  });
  it('keeps hand-added terminals as their own nodes on a manual link, never folded into a group', () => {
    const printers = Array.from({ length: GROUP_THRESHOLD + 2 }, (_, i) => ({
      id: `terminal:${i + 1}`, kind: 'unknown' as const, name: `Printer ${i + 1}`, manual: true as const,
      terminal: { id: i + 1, sn: 'SW', port: i + 2, kind: 'printer' as const, model: 'HP LaserJet Pro', name: `Printer ${i + 1}`, ip: null, mac: null, vlan: null, revision: 1 },
    }));
    const topo: Topology = {
      nodes: [{ id: 'SW', kind: 'switch', sn: 'SW' }, ...printers],
      edges: printers.map((p) => ({ from: 'SW', to: p.id, speed: '1g' as const, manual: true as const })),
    };
    const v = topologyView(topo, { layout: 'horizontal', expanded: new Set() });
    expect(v.nodes.filter((n) => n.manual)).toHaveLength(GROUP_THRESHOLD + 2);
    expect(v.nodes.some((n) => n.kind === 'group')).toBe(false);
    expect(v.nodes.find((n) => n.id === 'terminal:1')).toMatchObject({ label: 'Printer 1', manual: true, terminal: { kind: 'printer', port: 2 } });
    expect(v.edges.every((e) => e.manual)).toBe(true);
  });
});

describe('where a link comes from', () => {
  const sourced: Topology = {
    nodes: [...wired.nodes, { id: 'SW2', kind: 'switch', sn: 'SW2', name: 'SW-2' }, { id: 'CAM', kind: 'ipc', sn: 'CAM' }],
    edges: [
      { ...wired.edges[0]!, },
      { from: 'GW', to: 'SW', speed: '10g', source: { kind: 'lldp' } },
      { from: 'SW', to: 'SW2', speed: '1g', source: { kind: 'lldp' } },
      { from: 'SW2', to: 'CAM', speed: '100m', port: 7, source: { kind: 'mac-table', sn: 'SW2', port: 7 } },
      { from: 'GW', to: 'M2', speed: 'wireless', source: { kind: 'mesh' } },
    ],
  };
  const nameOf = (id: string) => sourced.nodes.find((n) => n.id === id)?.name;

  it("finds a node's link upstream, and says what tells of it", () => {
    expect(uplinkOf(sourced, 'CAM')).toMatchObject({ from: 'SW2', speed: '100m' });
    expect(linkSourceText(uplinkOf(sourced, 'CAM')!.source, nameOf)).toEqual({ key: 'topology.link.macTable', values: { name: 'SW-2', port: 7 } });
    expect(linkSourceText(uplinkOf(sourced, 'SW2')!.source, nameOf)).toEqual({ key: 'topology.link.lldp' });
    expect(linkSourceText(uplinkOf(sourced, 'M2')!.source, nameOf)).toEqual({ key: 'topology.link.mesh' });
    // the internet's side, and a console of before sources: no source told
    expect(linkSourceText(uplinkOf(sourced, 'GW')!.source, nameOf)).toEqual({ key: 'topology.link.reported' });
    // a switch with no name is named by its SN
    expect(linkSourceText({ kind: 'mac-table', sn: 'SW9', port: 2 }, nameOf)).toEqual({ key: 'topology.link.macTable', values: { name: 'SW9', port: 2 } });
    expect(uplinkOf(sourced, 'internet')).toBeUndefined();
  });
});

