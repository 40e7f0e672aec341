// The wireless policies' renderer against a simulated AP: SSIDs and access points appear (with their
// Security sub-object), change in place, and go away; the AP's own SSIDs are left alone.
import { WirelessPoliciesSectionSchema, type WirelessPolicy } from '@airloom/contracts/config';
import { DataModel, demoFleet, SimDevice } from '@airloom/device-sim';
import type { UspMsg } from '@airloom/usp';
import { describe, expect, it } from 'vitest';
import { UspErrorResponse, type RequestMsg, type ResponseTo } from '../usp-controller.js';
import { applyTarget, readValues, type Send } from './apply.js';
import { renderWirelessPolicies } from './wireless.js';

const apSpec = demoFleet(500000).find((d) => d.type === 'ap')!;
const facts = { sn: apSpec.sn, type: apSpec.type, model: apSpec.model };

function ap(): DataModel {
  return new DataModel(new SimDevice(apSpec), { endpointId: `os::02414C-${apSpec.sn}`, controllerId: 'self::airloom', name: apSpec.name, periodicNotifInterval: 30, subscriptions: [], locating: false });
}

function transport(m: DataModel, log: string[] = []): Send {
  return (<M extends RequestMsg>(msg: M): Promise<ResponseTo<M>> => {
    log.push(msg.type);
    let resp: UspMsg;
    if (msg.type === 'get') resp = m.get(msg);
    else if (msg.type === 'set') resp = m.set(msg).response;
    else if (msg.type === 'add') resp = m.add(msg);
    else if (msg.type === 'delete') resp = m.delete(msg);
    else throw new Error(msg.type);
    if (resp.type === 'error') return Promise.reject(new UspErrorResponse(resp.errCode, resp.errMsg));
    return Promise.resolve(resp as ResponseTo<M>);
  }) as Send;
}

const staff: WirelessPolicy = {
  id: 7, name: 'Staff', ssid: 'Hotel-Staff', ssid5: 'Hotel-Staff-5G', band: 'dual', securityMode: 2, cipher: 'aes', password: 'correct-horse', keyUpdateCycle: 3600,
  vlanId: 10, maxClients: 64, hidden: false, schedule: null, guest: false, rateLimit: null, radius: null, applyTo: 'all', sns: [],
};
const body = (...policies: WirelessPolicy[]) => WirelessPoliciesSectionSchema.parse({ policies }) as { policies: WirelessPolicy[] };

async function tree(m: DataModel): Promise<Record<string, string>> {
  return readValues(transport(m), ['Device.WiFi.SSID.', 'Device.WiFi.AccessPoint.']);
}
const ssidNames = (t: Record<string, string>) => Object.entries(t).filter(([k]) => /^Device\.WiFi\.SSID\.\d+\.SSID$/.test(k)).map(([, v]) => v);
const apOf = (t: Record<string, string>, alias: string) => {
  const ssid = Object.keys(t).find((k) => /^Device\.WiFi\.SSID\.\d+\.Alias$/.test(k) && t[k] === alias)!.replace(/\.Alias$/, '');
  return Object.keys(t).find((k) => /^Device\.WiFi\.AccessPoint\.\d+\.SSIDReference$/.test(k) && t[k] === ssid)!.replace(/SSIDReference$/, '');
};

describe('wireless policies on a simulated AP', () => {
  it('a dual-band policy adds one SSID and one access point per band, after the AP\'s own, with standard TR-181 security', async () => {
    const m = ap();
    const own = ssidNames(await tree(m));
    expect((await applyTarget(transport(m), renderWirelessPolicies(body(staff), facts))).status).toBe('applied');
    const t = await tree(m);
    expect(ssidNames(t).sort()).toEqual([...own, 'Hotel-Staff', 'Hotel-Staff-5G'].sort());
    const a = apOf(t, 'airloom-wifi-7-24');
    expect(t[`${a}Security.ModeEnabled`]).toBe('WPA2-Personal');
    expect(t[`${a}Security.KeyPassphrase`]).toBe('correct-horse');
    expect(t[`${a}Security.RekeyingInterval`]).toBe('3600');
    expect(t[`${a}MaxAssociatedDevices`]).toBe('64');
    expect(t[`${a}SSIDAdvertisementEnabled`]).toBe('true');
  });

  it('hiding and renaming is a Set in place; a second apply only reads', async () => {
    const m = ap();
    await applyTarget(transport(m), renderWirelessPolicies(body(staff), facts));
    const log: string[] = [];
    const changed = { ...staff, hidden: true, ssid: 'Staff-2G', securityMode: 8, password: undefined, radius: { ip: '192.168.1.20', port: 1812, secret: 'r' } };
    expect((await applyTarget(transport(m, log), renderWirelessPolicies(body(changed), facts))).status).toBe('applied');
    expect(log).toEqual(['get', 'set', 'get']);
    const t = await tree(m);
    const a = apOf(t, 'airloom-wifi-7-24');
    expect(t[`${a}SSIDAdvertisementEnabled`]).toBe('false');
    expect(t[`${a}Security.ModeEnabled`]).toBe('WPA2-Enterprise');
    expect(t[`${a}Security.RadiusServerIPAddr`]).toBe('192.168.1.20');
    expect(ssidNames(t)).toContain('Staff-2G');
    const again: string[] = [];
    await applyTarget(transport(m, again), renderWirelessPolicies(body(changed), facts));
    expect(again).toEqual(['get']);
  });

  it('a removed policy takes its SSIDs away; the AP\'s own stay', async () => {
    const m = ap();
    const own = ssidNames(await tree(m));
    await applyTarget(transport(m), renderWirelessPolicies(body(staff), facts));
    await applyTarget(transport(m), renderWirelessPolicies(body(), facts));
    expect(ssidNames(await tree(m)).sort()).toEqual([...own].sort());
  });

  it('a policy for other devices does not reach this one', async () => {
    const target = renderWirelessPolicies(body({ ...staff, applyTo: 'specified', sns: ['ZZ000000000000000001'] }), facts);
    expect(target.tables.every((t) => t.instances.length === 0)).toBe(true);
  });
});
