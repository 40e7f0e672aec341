import { describe, expect, it } from 'vitest';
import { SimDevice } from './device.js';
import { demoFleet } from './specs.js';
import { getPath, renderTree, resolveObjects, statusParams, type AgentConfig } from './tr181.js';

const site = demoFleet(500000);
const byName = (name: string) => site.find((d) => d.name === name)!;
const [gateway, coreSwitch, smallSwitch, ap, nvr, camera, cpe] = ['Gateway', 'Core-Switch', 'Floor2-Switch', 'AP-Lobby', 'NVR', 'Cam-Entrance', 'Bridge-Yard'].map(byName);
const meshPrimary = demoFleet(600000)[0];

function config(name = 'Dev'): AgentConfig {
  return {
    endpointId: 'os::02414C-X',
    controllerId: 'self::airloom',
    name,
    periodicNotifInterval: 30,
    locating: false,
    subscriptions: [
      { instance: 1, id: 'airloom-boot', enable: true, notifType: 'Event', referenceList: 'Device.Boot!', notifRetry: true, persistent: true, createdAt: 0 },
      { instance: 2, id: 'airloom-vc', enable: true, notifType: 'ValueChange', referenceList: 'Device.DeviceInfo.X_AIRLOOM_Name', notifRetry: true, persistent: true, createdAt: 0 },
    ],
  };
}

const treeOf = (spec = ap!) => renderTree(new SimDevice(spec), config());

describe('TR-181 tree by device type', () => {
  it('gives APs, gateways, mesh nodes and CPE bridges radios; switches, NVRs and cameras none', () => {
    const radios = (spec: typeof ap) => Number(treeOf(spec).get('Device.WiFi.RadioNumberOfEntries'));
    expect([gateway, ap, meshPrimary].map(radios)).toEqual([2, 2, 2]);
    expect(radios(cpe)).toBe(1);
    expect([coreSwitch, nvr, camera].map(radios)).toEqual([0, 0, 0]);
  });

  it('gives switches 8 to 24 PoE ports and cameras and NVRs one port', () => {
    const ports = (spec: typeof ap) => Number(treeOf(spec).get('Device.Ethernet.InterfaceNumberOfEntries'));
    expect([ports(coreSwitch), ports(smallSwitch)]).toEqual([24, 8]);
    expect(treeOf(coreSwitch).get('Device.Ethernet.Interface.24.X_AIRLOOM_PoEEnable')).toBe('true');
    expect([ports(nvr), ports(camera)]).toEqual([1, 1]);
    expect(treeOf(camera).get('Device.Ethernet.Interface.1.X_AIRLOOM_PoEEnable')).toBe('false');
  });

  it('reports the mesh role', () => {
    expect(treeOf(meshPrimary).get('Device.X_AIRLOOM_MeshRole')).toBe('primary');
    expect(treeOf(ap).get('Device.X_AIRLOOM_MeshRole')).toBe('');
  });

  it('lists every associated client as a host with its signal strength', () => {
    const t = treeOf(gateway);
    const assoc = [...t.keys()].filter((k) => /AssociatedDevice\.\d+\.SignalStrength$/.test(k));
    expect(assoc.length).toBeGreaterThan(0);
    for (const k of assoc) expect(Number(t.get(k))).toBeLessThan(-20);
    const hosts = Number(t.get('Device.Hosts.HostNumberOfEntries'));
    expect(hosts).toBeGreaterThanOrEqual(assoc.length);
  });
});

describe('Get path resolution', () => {
  const t = treeOf(gateway);

  it('answers a partial path with one result per object, parameters relative to it', () => {
    const r = getPath(t, 'Device.WiFi.Radio.');
    expect(r.errCode).toBe(0);
    expect(r.resolved.map((x) => x.resolvedPath)).toEqual(['Device.WiFi.Radio.1.', 'Device.WiFi.Radio.1.Stats.', 'Device.WiFi.Radio.2.', 'Device.WiFi.Radio.2.Stats.']);
    expect(r.resolved[0]!.resultParams.OperatingFrequencyBand).toBe('2.4GHz');
    expect(Number(r.resolved[1]!.resultParams.Noise)).toBeLessThan(-80);
  });

  it('answers a parameter path under its object', () => {
    expect(getPath(t, 'Device.IP.Interface.1.IPv4Address.1.IPAddress').resolved).toEqual([
      { resolvedPath: 'Device.IP.Interface.1.IPv4Address.1.', resultParams: { IPAddress: '192.168.50.1' } },
    ]);
  });

  it('limits depth: 1 is the object itself, 2 adds one level', () => {
    expect(getPath(t, 'Device.WiFi.', 1).resolved.map((x) => x.resolvedPath)).toEqual(['Device.WiFi.']);
    expect(getPath(t, 'Device.WiFi.Radio.1.', 2).resolved.map((x) => x.resolvedPath)).toEqual(['Device.WiFi.Radio.1.', 'Device.WiFi.Radio.1.Stats.']);
  });

  it('selects instances by search expression', () => {
    const r = getPath(t, 'Device.LocalAgent.Subscription.[ID=="airloom-vc"].NotifType');
    expect(r.resolved).toEqual([{ resolvedPath: 'Device.LocalAgent.Subscription.2.', resultParams: { NotifType: 'ValueChange' } }]);
    expect(resolveObjects(t, 'Device.LocalAgent.Subscription.[NotifType=="Event"].')).toEqual(['Device.LocalAgent.Subscription.1.']);
    expect(getPath(t, 'Device.LocalAgent.Subscription.[ID=="none"].').resolved).toEqual([]);
  });

  it('refuses paths outside the data model and instances that do not exist (7026), not empty tables', () => {
    for (const p of ['Device.Foo.', 'Device.DeviceInfo.Nope', 'Device.WiFi.Radio.7.', 'Device.WiFi.Radio', 'Device..x', 'WiFi.']) {
      expect(getPath(t, p).errCode, p).toBe(7026);
    }
    expect(getPath(treeOf(camera), 'Device.WiFi.Radio.*.Channel')).toEqual({ errCode: 0, errMsg: '', resolved: [] });
  });
});

describe('device life', () => {
  it('is deterministic for a seed: two devices built alike live alike', () => {
    const t0 = Date.now();
    const a = new SimDevice(ap!, 7, t0);
    const b = new SimDevice(ap!, 7, t0);
    for (let i = 1; i <= 50; i++) {
      a.advance(t0 + i * 30_000);
      b.advance(t0 + i * 30_000);
    }
    expect(statusParams(a, config(), t0)).toEqual(statusParams(b, config(), t0));
  });

  it('lets clients come and go, counts traffic and keeps noise near its base', () => {
    const d = new SimDevice(ap!, 3);
    const t0 = Date.now();
    const seen = new Set<number>();
    const noise0 = d.radios.map((r) => r.baseNoise);
    for (let i = 1; i <= 200; i++) {
      d.advance(t0 + i * 30_000);
      seen.add(d.clients.length);
      d.radios.forEach((r, j) => expect(Math.abs(r.noise - noise0[j]!)).toBeLessThanOrEqual(3));
    }
    expect(seen.size).toBeGreaterThan(3);
    expect(d.bytesSent).toBeGreaterThan(d.bytesReceived);
    expect(d.bytesReceived).toBeGreaterThan(0);
  });

  it('starts uptime and counters over on reboot', () => {
    const d = new SimDevice(gateway!);
    expect(d.uptime()).toBeGreaterThan(3000);
    d.advance(Date.now() + 60_000);
    d.reboot();
    expect(d.uptime()).toBe(0);
    expect(d.bytesSent).toBe(0);
  });
});
