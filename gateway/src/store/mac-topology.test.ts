import { describe, expect, it } from 'vitest';
import { placeByMacTables, type LearntEntry, type MacTableDevice } from './mac-topology.js';

const dev = (sn: string, type: MacTableDevice['type'], n: number): MacTableDevice => ({ sn, type, mac: `02:41:4C:00:00:${String(n).padStart(2, '0')}` });
const GW = dev('GW', 'router', 1);
const SW1 = dev('SW1', 'switch', 2);
const SW2 = dev('SW2', 'switch', 3);
const AP = dev('AP', 'ap', 4);
const CAM = dev('CAM', 'ipc', 5);
const NVR = dev('NVR', 'nvr', 6);
const ALL = [GW, SW1, SW2, AP, CAM, NVR];
const HOST = '0A:00:00:00:00:01';
const CLIENT = '0A:00:00:00:00:02';

/** port (0-based) → what the switch learnt there */
const table = (ports: Record<number, Array<MacTableDevice | string>>): LearntEntry[] =>
  Object.entries(ports).flatMap(([port, list]) => list.map((x) => ({ port: Number(port), mac: typeof x === 'string' ? x : x.mac.toLowerCase() })));

/** the daisy chain gateway → SW1 (port 1 up, port 2 down) → SW2 (port 1 up, port 4 down) → AP, and a camera on SW1 port 6 */
const chain = new Map([
  ['SW1', table({ 0: [GW, HOST], 1: [SW2, AP, CLIENT], 5: [CAM] })],
  ['SW2', table({ 0: [SW1, GW, CAM, HOST], 3: [AP, CLIENT] })],
]);

describe('placing devices by the switches MAC tables', () => {
  it('a daisy chain without any LLDP: each device on the switch port it hangs from, not on the switch above', () => {
    const { links, terminals, hidden } = placeByMacTables(ALL, chain, new Set());
    expect(links).toEqual([
      // SW1's port 2 and SW2's port 1 each hold the other, and share no device: one cable, SW1 above
      { from: 'SW1', to: 'SW2', sn: 'SW1', port: 1 },
      // the gateway alone on SW1's uplink is above it
      { from: 'GW', to: 'SW1', sn: 'SW1', port: 0 },
      { from: 'SW1', to: 'CAM', sn: 'SW1', port: 5 },
      // the AP is learnt on SW1 too, but on its port towards SW2: an inter-switch port tells nothing
      { from: 'SW2', to: 'AP', sn: 'SW2', port: 3 },
    ]);
    // the Wi-Fi client behind the AP and the gateway's LAN host are no terminal of a switch port
    expect(terminals).toEqual([]);
    expect(hidden).toEqual([]);
  });

  it('with LLDP everywhere but the camera, the MAC table adds the camera only', () => {
    // LLDP gave SW1, SW2 and AP their links upstream; the camera speaks none
    const { links } = placeByMacTables(ALL, chain, new Set(['SW1', 'SW2', 'AP']));
    expect(links).toEqual([{ from: 'SW1', to: 'CAM', sn: 'SW1', port: 5 }]);
  });

  it('LLDP wins when they disagree: a device LLDP placed is not moved by a MAC table', () => {
    // LLDP says the AP is on SW1; SW2's table still holds it on port 4 (a cable moved, a MAC not aged out)
    const { links } = placeByMacTables(ALL, chain, new Set(['SW1', 'SW2', 'AP']));
    expect(links.some((l) => l.to === 'AP')).toBe(false);
  });

  it('hosts on an edge port that are no device of the project are counted there; several devices on one port are behind something unmanaged', () => {
    const tables = new Map([['SW1', table({ 0: [GW], 2: [HOST, '0A:00:00:00:00:03'], 3: [CAM, NVR, HOST] })]]);
    const { links, terminals, hidden } = placeByMacTables(ALL, tables, new Set());
    expect(terminals).toEqual([{ sn: 'SW1', port: 2, count: 2 }]);
    expect(hidden).toEqual([{ sn: 'SW1', port: 3, members: ['CAM', 'NVR'] }]);
    expect(links).toEqual([{ from: 'GW', to: 'SW1', sn: 'SW1', port: 0 }]);
    // one of them placed by LLDP: the other is the one on that port
    expect(placeByMacTables(ALL, tables, new Set(['NVR', 'SW1'])).links).toEqual([{ from: 'SW1', to: 'CAM', sn: 'SW1', port: 3 }]);
  });

  it('a switch that reports no table is placed from the other end, where it is the only switch learnt', () => {
    const tables = new Map([['SW1', table({ 0: [GW], 1: [SW2, AP], 5: [CAM] })]]);
    const { links } = placeByMacTables(ALL, tables, new Set());
    expect(links).toEqual([
      { from: 'SW1', to: 'SW2', sn: 'SW1', port: 1 },
      { from: 'GW', to: 'SW1', sn: 'SW1', port: 0 },
      { from: 'SW1', to: 'CAM', sn: 'SW1', port: 5 },
    ]);
  });

  it('tells nothing without tables, nor from a table that is no switch of the project', () => {
    expect(placeByMacTables(ALL, new Map(), new Set())).toEqual({ links: [], terminals: [], hidden: [] });
    expect(placeByMacTables(ALL, new Map([['AP', table({ 0: [SW1] })], ['OTHER', table({ 1: [CAM] })]]), new Set())).toEqual({ links: [], terminals: [], hidden: [] });
  });
});
