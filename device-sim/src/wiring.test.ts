import { LIMITS } from '@airloom/contracts';
import { describe, expect, it } from 'vitest';
import { SimDevice } from './device.js';
import { demoFleet, generateFleet, type DeviceSpec } from './specs.js';
import { renderTree, statusParams, type AgentConfig, type MacTableMemory } from './tr181.js';
import { MAC_TABLE_EVERY } from '@airloom/usp';

const cfg = (sn: string): AgentConfig => ({ endpointId: `os::02414C-${sn}`, controllerId: 'c', name: sn, periodicNotifInterval: 30, subscriptions: [], locating: false });

/** every cable as `a:port-b:port@speed`, once per end */
function cables(specs: DeviceSpec[]): string[] {
  return specs.flatMap((s) => (s.links ?? []).map((l) => `${s.sn}>${l.peerSn}@${l.speed}`));
}

describe('fleet wiring', () => {
  it('wires the WLAN demo as gateway → core switch → floor switch, APs, NVR, cameras and bridge', () => {
    const specs = demoFleet(LIMITS.demoProjectIdWlan);
    const by = (name: string) => specs.find((s) => s.name === name)!;
    const uplink = (name: string) => by(name).links?.find((l) => l.port === 0);
    expect(uplink('Core-Switch')).toMatchObject({ peerSn: by('Gateway').sn, peerPortName: 'LAN1', speed: 1000 });
    expect(uplink('Floor2-Switch')).toMatchObject({ peerSn: by('Core-Switch').sn, speed: 10_000 });
    for (const s of specs.filter((x) => x.type === 'ap' || x.type === 'nvr' || x.type === 'ipc' || x.type === 'cpe')) {
      const up = s.links?.find((l) => l.port === 0);
      expect([by('Core-Switch').sn, by('Floor2-Switch').sn]).toContain(up?.peerSn);
      expect(up?.speed).toBe(s.type === 'ipc' || s.type === 'cpe' ? 100 : 1000);
    }
    expect(uplink('Gateway')).toBeUndefined();
  });

  it('each cable is seen from both ends, on distinct ports, at one speed', () => {
    for (const specs of [demoFleet(LIMITS.demoProjectIdWlan), generateFleet(7, 1000)]) {
      const all = cables(specs);
      const mirrored = specs.flatMap((s) => (s.links ?? []).map((l) => `${l.peerSn}>${s.sn}@${l.speed}`));
      expect(new Set(all)).toEqual(new Set(mirrored));
      for (const s of specs) {
        const ports = (s.links ?? []).map((l) => l.port);
        expect(new Set(ports).size).toBe(ports.length);
      }
    }
  });

  it('the mesh demo has no cables between nodes: secondaries report their backhaul parent', () => {
    const specs = demoFleet(LIMITS.demoProjectIdMesh);
    expect(cables(specs)).toEqual([]);
    expect(specs.filter((s) => s.backhaul).length).toBe(4);
  });

  it('reports its neighbours under Device.LLDP.Discovery.Device. with the cabled port up at its speed', () => {
    const specs = demoFleet(LIMITS.demoProjectIdWlan);
    const core = specs.find((s) => s.name === 'Core-Switch')!;
    const device = new SimDevice(core, 1, 0);
    const tree = renderTree(device, cfg(core.sn), 0);
    // the recorder and the cameras speak no LLDP: the switch sees no LLDP neighbour on their cables
    const speaking = core.links!.filter((l) => l.peerType !== 'ipc' && l.peerType !== 'nvr');
    expect(speaking.length).toBeLessThan(core.links!.length);
    expect(tree.get('Device.LLDP.Discovery.DeviceNumberOfEntries')).toBe(String(speaking.length));
    speaking.forEach((l, i) => {
      const p = `Device.LLDP.Discovery.Device.${i + 1}.`;
      expect(tree.get(`${p}ChassisID`)).toBe(l.peerMac);
      expect(tree.get(`${p}PortID`)).toBe(l.peerPortName);
      expect(tree.get(`${p}Interface`)).toBe(`Device.Ethernet.Interface.${l.port + 1}`);
      expect(tree.get(`Device.Ethernet.Interface.${l.port + 1}.Status`)).toBe('Up');
      expect(tree.get(`Device.Ethernet.Interface.${l.port + 1}.CurrentBitRate`)).toBe(String(l.speed));
    });
    // no unmanaged host is invented behind a port that carries a fleet device
    expect(device.wired.some((h) => core.links!.some((l) => l.port === h.port))).toBe(false);
  });

  /** a switch's MAC table as port (1-based) → MACs, from its TR-181 tree */
  function macTable(tree: Map<string, string> | Record<string, string>): Map<number, string[]> {
    const get = (k: string) => (tree instanceof Map ? tree.get(k) : tree[k]);
    const out = new Map<number, string[]>();
    const n = Number(get('Device.Ethernet.X_AIRLOOM_MacTableNumberOfEntries'));
    for (let i = 1; i <= n; i++) {
      const p = `Device.Ethernet.X_AIRLOOM_MacTable.${i}.`;
      const port = Number(/Interface\.(\d+)$/.exec(get(`${p}Port`) ?? '')![1]);
      expect(get(`${p}Type`)).toBe('dynamic');
      expect(get(`${p}VLANID`)).toBe('1');
      out.set(port, [...(out.get(port) ?? []), get(`${p}MACAddress`)!]);
    }
    return out;
  }

  it("a switch reports its MAC table: a device on the port it hangs from, everything upstream on its uplink", () => {
    const specs = demoFleet(LIMITS.demoProjectIdWlan);
    const by = (name: string) => specs.find((s) => s.name === name)!;
    const core = by('Core-Switch');
    const floor = by('Floor2-Switch');
    const coreDevice = new SimDevice(core, 1, 0);
    const coreTable = macTable(renderTree(coreDevice, cfg(core.sn), 0));
    const floorTable = macTable(renderTree(new SimDevice(floor, 1, 0), cfg(floor.sn), 0));
    const portTo = (s: DeviceSpec, peer: DeviceSpec) => s.links!.find((l) => l.peerSn === peer.sn)!.port + 1;
    // a camera that speaks no LLDP is still learnt, alone, on the port its cable is on
    for (const cam of [by('Cam-Entrance'), by('Cam-Parking'), by('NVR')]) {
      const sw = cam.links![0]!.peerSn === core.sn ? core : floor;
      const table = sw === core ? coreTable : floorTable;
      expect(table.get(portTo(sw, cam))).toEqual([cam.mac]);
    }
    // the core switch's uplink holds the gateway; the floor switch's holds the core switch first, then the gateway and the rest
    expect(coreTable.get(1)).toEqual([by('Gateway').mac]);
    expect(floorTable.get(1)![0]).toBe(core.mac);
    expect(floorTable.get(1)).toContain(by('Gateway').mac);
    for (const l of core.links!.filter((x) => x.port !== 0 && x.peerSn !== floor.sn)) expect(floorTable.get(1)).toContain(l.peerMac);
    // the core's port to the floor switch holds it and every device behind it, none of the core's own
    const toFloor = coreTable.get(portTo(core, floor))!;
    expect(toFloor[0]).toBe(floor.mac);
    expect(new Set(toFloor)).toEqual(new Set([floor.mac, ...floor.links!.filter((l) => l.port !== 0).map((l) => l.peerMac)]));
    // an unmanaged host behind a free port is learnt there too
    for (const h of coreDevice.wired) expect(coreTable.get(h.port + 1)).toEqual([h.mac]);
    // an AP has no MAC table
    expect(renderTree(new SimDevice(by('AP-Lobby'), 1, 0), cfg('x'), 0).has('Device.Ethernet.X_AIRLOOM_MacTableNumberOfEntries')).toBe(false);
  });

  it('a mesh primary on a switch port carries its secondaries behind it', () => {
    const specs = generateFleet(11, { router: 1, switch: 1, mesh: 3 });
    const sw = specs.find((s) => s.type === 'switch')!;
    const primary = specs.find((s) => s.meshRole === 'primary')!;
    const port = sw.links!.find((l) => l.peerSn === primary.sn)!.port;
    expect(sw.macTable!.filter((e) => e.port === port).map((e) => e.mac)).toEqual(specs.filter((s) => s.type === 'mesh').map((s) => s.mac));
  });

  it('sends the MAC table in a status report when it changed, and every MAC_TABLE_EVERY reports otherwise', () => {
    const core = demoFleet(LIMITS.demoProjectIdWlan).find((s) => s.name === 'Core-Switch')!;
    const device = new SimDevice(core, 1, 0);
    const memory: MacTableMemory = { since: 0 };
    const has = (p: Record<string, string>) => p['Device.Ethernet.X_AIRLOOM_MacTableNumberOfEntries'] !== undefined;
    const first = statusParams(device, cfg(core.sn), 0, memory);
    expect(has(first)).toBe(true);
    expect(macTable(first).size).toBeGreaterThan(3);
    const sent: boolean[] = [];
    for (let i = 1; i < MAC_TABLE_EVERY; i++) sent.push(has(statusParams(device, cfg(core.sn), i, memory)));
    // unchanged: left out (no count either, so the gateway keeps what it has), then sent again
    expect(sent.every((x) => !x)).toBe(true);
    const again = statusParams(device, cfg(core.sn), 99, memory);
    expect(has(again)).toBe(true);
    expect(Object.keys(again).some((k) => k.startsWith('Device.Ethernet.X_AIRLOOM_MacTable.'))).toBe(true);
    expect(has(statusParams(device, cfg(core.sn), 100, memory))).toBe(false);
    // a host unplugged: the next report carries the table without it
    const gone = device.wired.pop()!;
    const changed = statusParams(device, cfg(core.sn), 101, memory);
    expect(has(changed)).toBe(true);
    expect([...macTable(changed).values()].flat()).not.toContain(gone.mac);
  });
});
