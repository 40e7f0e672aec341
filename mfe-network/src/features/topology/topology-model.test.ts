import { describe, expect, it } from 'vitest';
import type { Topology } from '@airloom/contracts';
import { GROUP_THRESHOLD, groupId, topologyView } from './topology-model';

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
});
