// The console's Wi-Fi networks on a simulated AP (docs/wireless.md "Simulator"): clients join them like
// the AP's own SSIDs, and really leave one that is hidden, disabled, renamed or removed, or that is in a
// shutdown period (the SSID is Down then, and Up again after it).
import { buildAdd, buildDelete, buildGet, buildSet } from '@airloom/usp';
import { describe, expect, it } from 'vitest';
import { DataModel } from './datamodel.js';
import { inShutdown, SimDevice } from './device.js';
import { demoFleet } from './specs.js';
import { wlansOf } from './tr181.js';

const apSpec = demoFleet(500000).find((d) => d.type === 'ap')!;
// 2026-11-26 10:00 UTC
const T0 = Date.UTC(2026, 10, 26, 10, 0);

function ap() {
  const device = new SimDevice(apSpec, 7, T0);
  const m = new DataModel(device, { endpointId: 'os::02414C-X', controllerId: 'self::airloom', name: 'AP', periodicNotifInterval: 30, subscriptions: [], locating: false });
  // what the agent does after every configuration change
  const sync = (now = T0) => device.setWlans(wlansOf(m.cfg.objects), now);
  return { device, m, sync };
}

/** a policy on 5 GHz as the gateway renders it: an SSID and its access point */
function addWifi(m: DataModel, name: string, ap: Record<string, string> = {}): { ssid: string; ap: string } {
  const ssid = m.add(buildAdd([{ objPath: 'Device.WiFi.SSID.', paramSettings: Object.entries({ Alias: `airloom-wifi-${name}-5`, Enable: 'true', SSID: name, LowerLayers: 'Device.WiFi.Radio.2' }).map(([param, value]) => ({ param, value, required: true })) }]));
  if (ssid.type !== 'addResp' || !ssid.createdObjResults[0]!.ok) throw new Error('ssid');
  const ssidPath = ssid.createdObjResults[0]!.instantiatedPath;
  const params = { Alias: `airloom-wifi-${name}-5`, Enable: 'true', SSIDReference: ssidPath.slice(0, -1), SSIDAdvertisementEnabled: 'true', MaxAssociatedDevices: '64', X_AIRLOOM_ShutdownSchedule: '', ...ap };
  const added = m.add(buildAdd([{ objPath: 'Device.WiFi.AccessPoint.', paramSettings: Object.entries(params).map(([param, value]) => ({ param, value, required: true })) }]));
  if (added.type !== 'addResp' || !added.createdObjResults[0]!.ok) throw new Error('ap');
  return { ssid: ssidPath, ap: added.createdObjResults[0]!.instantiatedPath };
}

/** the MACs associated to an access point, as a controller's Get reads them */
function associated(m: DataModel, apPath: string): string[] {
  const resp = m.get(buildGet([`${apPath}AssociatedDevice.`]));
  if (resp.type !== 'getResp') throw new Error(resp.type);
  return resp.reqPathResults[0]!.resolvedPathResults.map((r) => r.resultParams.MACAddress).filter((v): v is string => !!v);
}

const value = (m: DataModel, path: string) => m.tree().get(path);

/** a few hours of life, a step per status period */
function live(device: SimDevice, from: number, steps = 300): number {
  let now = from;
  for (let i = 0; i < steps; i++) device.advance((now += 30_000));
  return now;
}

describe('the console\'s Wi-Fi networks on a simulated AP', () => {
  it('clients join a broadcast one; hiding it sends them away and nobody joins it while hidden', () => {
    const { device, m, sync } = ap();
    const wifi = addWifi(m, 'Hotel-Guest');
    sync();
    const now = live(device, T0);
    const joined = associated(m, wifi.ap);
    expect(joined.length).toBeGreaterThan(0);
    // the Hosts table names them on the console's SSID
    expect([...m.tree()].filter(([k, v]) => k.endsWith('.Layer1Interface') && v === wifi.ssid)).toHaveLength(joined.length);
    m.set(buildSet([{ objPath: wifi.ap, paramSettings: [{ param: 'SSIDAdvertisementEnabled', value: 'false', required: true }] }]));
    sync(now);
    expect(associated(m, wifi.ap)).toEqual([]);
    expect(device.clients.some((c) => joined.includes(c.mac))).toBe(false);
    live(device, now);
    expect(associated(m, wifi.ap)).toEqual([]);
  });

  it('disabling it takes it off the air (Status Down) and its clients leave', () => {
    const { device, m, sync } = ap();
    const wifi = addWifi(m, 'Staff');
    sync();
    const now = live(device, T0);
    expect(associated(m, wifi.ap).length).toBeGreaterThan(0);
    expect(value(m, `${wifi.ssid}Status`)).toBe('Up');
    m.set(buildSet([{ objPath: wifi.ssid, paramSettings: [{ param: 'Enable', value: 'false', required: true }] }]));
    sync(now);
    expect(value(m, `${wifi.ssid}Status`)).toBe('Down');
    expect(value(m, `${wifi.ap}Status`)).toBe('Disabled');
    expect(associated(m, wifi.ap)).toEqual([]);
  });

  it('renaming it sends its clients away; removing it takes them and the access point away; the AP\'s own SSIDs keep theirs', () => {
    const { device, m, sync } = ap();
    const wifi = addWifi(m, 'Staff');
    sync();
    let now = live(device, T0);
    const before = associated(m, wifi.ap);
    expect(before.length).toBeGreaterThan(0);
    m.set(buildSet([{ objPath: wifi.ssid, paramSettings: [{ param: 'SSID', value: 'Staff-New', required: true }] }]));
    sync(now);
    expect(associated(m, wifi.ap)).toEqual([]);
    now = live(device, now);
    const again = associated(m, wifi.ap);
    expect(again.length).toBeGreaterThan(0);
    const own = device.clients.filter((c) => !c.wlan).map((c) => c.mac);
    m.delete(buildDelete([wifi.ap, wifi.ssid]));
    sync(now);
    expect(device.clients.some((c) => c.wlan)).toBe(false);
    expect(device.clients.map((c) => c.mac)).toEqual(own);
    expect([...m.tree().keys()].some((k) => k.startsWith(wifi.ap))).toBe(false);
  });

  it('keeps to MaxAssociatedDevices', () => {
    const { device, m, sync } = ap();
    const wifi = addWifi(m, 'Tiny', { MaxAssociatedDevices: '2' });
    sync();
    live(device, T0, 600);
    expect(associated(m, wifi.ap).length).toBeLessThanOrEqual(2);
    expect(associated(m, wifi.ap).length).toBeGreaterThan(0);
  });

  it('is off within its shutdown periods (Status Down, clients gone, nobody joins) and back after them', () => {
    expect(inShutdown('02:00-05:00', Date.UTC(2026, 10, 26, 4, 59))).toBe(true);
    expect(inShutdown('02:00-05:00', Date.UTC(2026, 10, 26, 5, 0))).toBe(false);
    expect(inShutdown('08:00-09:00,22:00-06:00', Date.UTC(2026, 10, 26, 23, 30))).toBe(true);
    const { device, m, sync } = ap();
    // off from 12:00 to 13:00 UTC
    const wifi = addWifi(m, 'Guest', { X_AIRLOOM_ShutdownSchedule: '12:00-13:00' });
    sync();
    // 10:00 → 11:50: on, clients join
    let now = live(device, T0, 220);
    expect(value(m, `${wifi.ssid}Status`)).toBe('Up');
    expect(associated(m, wifi.ap).length).toBeGreaterThan(0);
    // 11:50 → 12:50: the period began, the SSID went down and its clients left
    now = live(device, now, 120);
    expect(new Date(now).getUTCHours()).toBe(12);
    expect(value(m, `${wifi.ssid}Status`)).toBe('Down');
    expect(associated(m, wifi.ap)).toEqual([]);
    // 12:50 → 14:20: after the period it is up and takes clients again
    live(device, now, 180);
    expect(value(m, `${wifi.ssid}Status`)).toBe('Up');
    expect(associated(m, wifi.ap).length).toBeGreaterThan(0);
  });
});
