import { LIMITS } from '@airloom/contracts';
import { describe, expect, it } from 'vitest';
import { SimDevice } from './device.js';
import { demoFleet, generateFleet, type DeviceSpec } from './specs.js';
import { renderTree, type AgentConfig } from './tr181.js';

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
    const n = core.links!.length;
    expect(tree.get('Device.LLDP.Discovery.DeviceNumberOfEntries')).toBe(String(n));
    core.links!.forEach((l, i) => {
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
});
