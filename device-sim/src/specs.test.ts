import { DeviceRegisterRequestSchema, rules } from '@airloom/contracts';
import { endpointIdFor } from '@airloom/usp';
import { describe, expect, it } from 'vitest';
import { cloudCodeFor, demoFleet, generateFleet, parseMix } from './specs.js';

describe('demo fleets', () => {
  it('500000 is a WLAN site: gateway, 2 PoE switches, 8 APs, an NVR, 2 cameras and a CPE bridge', () => {
    const fleet = demoFleet(500000);
    const count = (type: string) => fleet.filter((d) => d.type === type).length;
    expect(fleet).toHaveLength(15);
    expect({ router: count('router'), switch: count('switch'), ap: count('ap'), nvr: count('nvr'), ipc: count('ipc'), cpe: count('cpe') }).toEqual({
      router: 1, switch: 2, ap: 8, nvr: 1, ipc: 2, cpe: 1,
    });
    expect(fleet[0]!.sn).toBe('AL5RT00000000001');
    expect(fleet.every((d) => d.meshRole === '')).toBe(true);
  });

  it('600000 is a mesh: one primary and four secondaries', () => {
    const fleet = demoFleet(600000);
    expect(fleet.map((d) => [d.type, d.meshRole])).toEqual([
      ['mesh', 'primary'], ['mesh', 'secondary'], ['mesh', 'secondary'], ['mesh', 'secondary'], ['mesh', 'secondary'],
    ]);
  });

  it('any other project has no standing fleet', () => {
    expect(demoFleet(12)).toEqual([]);
  });

  it('is the same on every start, with distinct SNs, MACs and endpoint IDs the console accepts', () => {
    const all = [...demoFleet(500000), ...demoFleet(600000)];
    expect(all).toEqual([...demoFleet(500000), ...demoFleet(600000)]);
    for (const d of all) {
      expect(d.sn).toMatch(/^[0-9A-Z]{16}$/);
      expect(rules.serialNumber.safeParse(d.sn).success).toBe(true);
      expect(rules.name.safeParse(d.name).success, d.name).toBe(true);
    }
    expect(new Set(all.map((d) => d.sn)).size).toBe(all.length);
    expect(new Set(all.map((d) => d.mac)).size).toBe(all.length);
    expect(new Set(all.map((d) => endpointIdFor(d.mac, d.sn))).size).toBe(all.length);
    const request = { devices: all.map((d) => ({ sn: d.sn, model: d.model, type: d.type, mac: d.mac, secret: 'x'.repeat(32) })) };
    expect(DeviceRegisterRequestSchema.safeParse(request).success).toBe(true);
  });
});

describe('generated fleets', () => {
  it('mixes device types and repeats itself for the same project', () => {
    const fleet = generateFleet(1234, 40);
    expect(new Set(fleet.map((d) => d.type))).toEqual(new Set(['ap', 'switch', 'ipc', 'router', 'mesh', 'nvr', 'cpe', 'wrouter']));
    expect(generateFleet(1234, 40)).toEqual(fleet);
    expect(fleet.filter((d) => d.meshRole === 'primary')).toHaveLength(1);
  });

  it('gives 5,000 devices distinct valid identities, distinct from another project', () => {
    const a = generateFleet(1234, 5000);
    const b = generateFleet(1235, 5000);
    expect(new Set([...a, ...b].map((d) => d.sn)).size).toBe(10000);
    expect(new Set(a.map((d) => d.mac)).size).toBe(5000);
    expect(new Set(a.map((d) => d.ip)).size).toBe(5000);
    for (const d of a.slice(0, 50)) {
      expect(rules.serialNumber.safeParse(d.sn).success).toBe(true);
      expect(rules.name.safeParse(d.name).success).toBe(true);
    }
  });

  it('gives exactly the devices of a mix, with distinct identities and the mesh nodes as one primary and secondaries', () => {
    const fleet = generateFleet(1234, { router: 1, switch: 2, ap: 8, ipc: 2, mesh: 3 });
    const count = (type: string) => fleet.filter((d) => d.type === type).length;
    expect([count('router'), count('switch'), count('ap'), count('ipc'), count('mesh')]).toEqual([1, 2, 8, 2, 3]);
    expect(fleet).toHaveLength(16);
    expect(new Set(fleet.map((d) => d.sn)).size).toBe(16);
    expect(new Set(fleet.map((d) => d.mac)).size).toBe(16);
    expect(fleet.filter((d) => d.type === 'mesh').map((d) => d.meshRole)).toEqual(['primary', 'secondary', 'secondary']);
    expect(generateFleet(1234, { router: 1, switch: 2, ap: 8, ipc: 2, mesh: 3 })).toEqual(fleet);
  });
});

describe('--mix', () => {
  it('reads type:count pairs', () => {
    expect(parseMix('router:1,switch:2,ap:8,ipc:2')).toEqual({ router: 1, switch: 2, ap: 8, ipc: 2 });
    expect(parseMix(' AP : 3 ')).toEqual({ ap: 3 });
  });

  it('refuses what it cannot count exactly, saying why', () => {
    expect(() => parseMix('')).toThrow(/empty/);
    expect(() => parseMix('router')).toThrow(/"router" is not type:count/);
    expect(() => parseMix('toaster:1')).toThrow(/"toaster" is not a device type/);
    expect(() => parseMix('ap:0')).toThrow(/from 1 to 100000/);
    expect(() => parseMix('ap:1.5')).toThrow(/is not type:count/);
    expect(() => parseMix('ap:1,ap:2')).toThrow(/ap is given twice/);
  });
});

describe('cloud codes', () => {
  it('each simulated device has a valid code of its own, the same at every start', () => {
    const sns = [...demoFleet(500000), ...demoFleet(600000), ...generateFleet(42, 500)].map((s) => s.sn);
    const codes = sns.map(cloudCodeFor);
    for (const code of codes) expect(rules.cloudCode.parse(code)).toBe(code);
    expect(new Set(codes).size).toBe(sns.length);
    expect(cloudCodeFor(sns[0]!)).toBe(codes[0]);
  });
});
