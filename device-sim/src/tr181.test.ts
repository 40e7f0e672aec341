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

  it('reports status as TR-181 parameters of its tree, never API shapes (ARCHITECTURE §1)', () => {
    for (const spec of [ap, coreSwitch, meshPrimary]) {
      const device = new SimDevice(spec!);
      const t = renderTree(device, config(), 1_000);
      const status = statusParams(device, config(), 1_000);
      for (const [name, value] of Object.entries(status)) {
        if (name === 'SentAt') continue;
        expect(t.get(name), name).toBe(value);
        expect(value.startsWith('[') || value.startsWith('{'), `${name} is no JSON`).toBe(false);
      }
      expect(status.SentAt).toBe('1000');
      expect(status['Device.DeviceInfo.UpTime']).toBeDefined();
      expect(status['Device.IP.Interface.1.IPv4Address.1.IPAddress']).toBe(device.ip);
      // what the device knows but the status does not need stays out
      expect(Object.keys(status).some((k) => k.startsWith('Device.LocalAgent.'))).toBe(false);
    }
  });

  it('reports the mesh role', () => {
    expect(treeOf(meshPrimary).get('Device.X_AIRLOOM_MeshRole')).toBe('primary');
    expect(treeOf(ap).get('Device.X_AIRLOOM_MeshRole')).toBe('');
  });

  it("gives a PoE switch a power budget (spec §3 total/used in W) that its ports' draw stays within", () => {
    for (const [spec, budget] of [[coreSwitch, 370], [smallSwitch, 120]] as const) {
      const device = new SimDevice(spec!);
      const t = renderTree(device, config());
      expect(Number(t.get('Device.X_AIRLOOM_PoE.PowerBudget'))).toBe(budget);
      const perPort = [...t].filter(([k]) => k.endsWith('.X_AIRLOOM_PoEPower')).map(([, v]) => Number(v));
      const used = Number(t.get('Device.X_AIRLOOM_PoE.PowerUsed'));
      expect(used).toBeCloseTo(perPort.reduce((a, b) => a + b, 0), 0);
      expect(used).toBeGreaterThan(0);
      expect(used).toBeLessThan(budget);
      const status = statusParams(device, config());
      expect(status['Device.X_AIRLOOM_PoE.PowerBudget']).toBe(String(budget));
      expect(status['Device.Ethernet.Interface.1.X_AIRLOOM_PoEPower']).toBe(t.get('Device.Ethernet.Interface.1.X_AIRLOOM_PoEPower'));
    }
    expect(treeOf(ap).has('Device.X_AIRLOOM_PoE.PowerBudget')).toBe(false);
    expect(statusParams(new SimDevice(ap!), config())['Device.X_AIRLOOM_PoE.PowerBudget']).toBeUndefined();
  });

  it('reports transmit power in dBm beside the TR-181 percentage', () => {
    const device = new SimDevice(gateway!);
    const t = renderTree(device, config());
    device.radios.forEach((r, i) => {
      const dbm = Number(t.get(`Device.WiFi.Radio.${i + 1}.X_AIRLOOM_TransmitPowerdBm`));
      // 100 % is the band's maximum; half the power is 3 dB less
      expect(dbm).toBe(Math.round(r.maxPowerDbm + 10 * Math.log10(r.power / 100)));
      expect(dbm).toBeGreaterThan(10);
      expect(dbm).toBeLessThanOrEqual(23);
    });
    const status = statusParams(device, config());
    device.radios.forEach((_, i) => {
      const path = `Device.WiFi.Radio.${i + 1}.X_AIRLOOM_TransmitPowerdBm`;
      expect(status[path]).toBe(t.get(path));
    });
  });

  it('has mesh secondaries report their wireless backhaul (parent, hops, signal, rate); the primary none', () => {
    const mesh = demoFleet(600000);
    const bySn = new Map(mesh.map((d) => [d.sn, d]));
    expect(treeOf(meshPrimary).has('Device.X_AIRLOOM_MeshBackhaul.ParentSerialNumber')).toBe(false);
    for (const spec of mesh.filter((d) => d.meshRole === 'secondary')) {
      const status = statusParams(new SimDevice(spec), config());
      const parent = bySn.get(status['Device.X_AIRLOOM_MeshBackhaul.ParentSerialNumber']!);
      expect(parent?.type).toBe('mesh');
      // hops count the way to the primary through the parents
      let hops = 1;
      for (let p = parent!; p.meshRole !== 'primary'; p = bySn.get(p.backhaul!.parentSn)!) hops += 1;
      expect(Number(status['Device.X_AIRLOOM_MeshBackhaul.Hops'])).toBe(hops);
      expect(Number(status['Device.X_AIRLOOM_MeshBackhaul.SignalStrength'])).toBeLessThan(-40);
      expect(Number(status['Device.X_AIRLOOM_MeshBackhaul.Rate'])).toBeGreaterThan(0);
    }
    expect(Math.max(...mesh.map((d) => d.backhaul?.hops ?? 0))).toBeGreaterThan(1);
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
      { resolvedPath: 'Device.IP.Interface.1.IPv4Address.1.', resultParams: { IPAddress: '192.168.1.1' } },
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

describe('per radio and per port figures (the time series)', () => {
  it('counts each radio\'s and each up port\'s bytes, the uplink carrying everything, and reports channel utilisation', () => {
    const t0 = Date.UTC(2026, 10, 26, 8, 0, 0);
    const device = new SimDevice(ap!, 1, t0);
    device.advance(t0 + 60_000);
    const status = statusParams(device, config(), t0 + 60_000);
    const radioSent = [1, 2].map((i) => Number(status[`Device.WiFi.Radio.${i}.Stats.BytesSent`]));
    const total = Number(status['Device.IP.Interface.1.Stats.BytesSent']) + Number(status['Device.IP.Interface.1.Stats.BytesReceived']);
    expect(radioSent.reduce((s, x) => s + x, 0)).toBeGreaterThan(0);
    // the uplink port moves what the device moves, in the other direction
    expect(Number(status['Device.Ethernet.Interface.1.Stats.BytesSent']) + Number(status['Device.Ethernet.Interface.1.Stats.BytesReceived'])).toBeCloseTo(total, -2);
    for (const i of [1, 2]) {
      const util = Number(status[`Device.WiFi.Radio.${i}.ChannelUtilization`]);
      expect(util).toBeGreaterThan(0);
      expect(util).toBeLessThanOrEqual(100);
    }
    device.reboot(t0 + 120_000);
    expect(renderTree(device, config(), t0 + 120_000).get('Device.WiFi.Radio.1.Stats.BytesSent')).toBe('0');
  });
});
