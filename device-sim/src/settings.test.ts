// The cut-off rule, the route table and the PoE budget of the simulated gateway and switch.
import { buildDelete, buildGet, buildSet, USP_ERR, type UspMsg } from '@airloom/usp';
import { describe, expect, it } from 'vitest';
import { DataModel } from './datamodel.js';
import { SimDevice } from './device.js';
import { factorySettings, poeDemand, reachesCloud, type Settings } from './settings.js';
import { demoFleet, type DeviceSpec } from './specs.js';

const site = demoFleet(500000);
const gateway = site.find((d) => d.type === 'router')!;
const core = site.find((d) => d.name === 'Core-Switch')!;
const floor = site.find((d) => d.name === 'Floor2-Switch')!;

function model(spec: DeviceSpec): DataModel {
  return new DataModel(new SimDevice(spec), { endpointId: 'os::X', controllerId: 'self::airloom', name: spec.name, periodicNotifInterval: 30, subscriptions: [], locating: false });
}

function read(m: DataModel, paths: string[]): Record<string, string> {
  const resp = m.get(buildGet(paths));
  if (resp.type !== 'getResp') throw new Error(resp.type);
  const out: Record<string, string> = {};
  for (const p of resp.reqPathResults) for (const r of p.resolvedPathResults) for (const [k, v] of Object.entries(r.resultParams)) out[r.resolvedPath + k] = v;
  return out;
}

const set = (m: DataModel, objPath: string, params: Record<string, string>): UspMsg =>
  m.set(buildSet([{ objPath, paramSettings: Object.entries(params).map(([param, value]) => ({ param, value, required: true })) }])).response;

describe('the cut-off rule: which configuration still reaches the cloud', () => {
  const wan = (changes: Record<string, string>): Settings => {
    const s = factorySettings(gateway, gateway.ip!);
    for (const [k, v] of Object.entries(changes)) s.set(k, v);
    return s;
  };
  const staticWan = (ip: string, mask: string, gw: string) =>
    wan({ 'Device.DHCPv4.Client.1.Enable': 'false', 'Device.IP.Interface.2.IPv4Address.1.IPAddress': ip, 'Device.IP.Interface.2.IPv4Address.1.SubnetMask': mask, 'Device.IP.Interface.2.IPv4Address.1.X_AIRLOOM_DefaultGateway': gw });
  const ppp = (transport: string, server = '') =>
    wan({ 'Device.IP.Interface.2.LowerLayers': 'Device.PPP.Interface.1', 'Device.PPP.Interface.1.Enable': 'true', 'Device.PPP.Interface.1.X_AIRLOOM_Transport': transport, 'Device.PPP.Interface.1.X_AIRLOOM_Server': server });

  it.each([
    ['factory DHCP', wan({}), true],
    ['static inside the upstream subnet, its gateway', staticWan('203.0.113.20', '255.255.255.0', '203.0.113.1'), true],
    ['static with a wrong gateway', staticWan('203.0.113.20', '255.255.255.0', '203.0.113.254'), false],
    ['static outside the upstream subnet', staticWan('198.18.0.20', '255.255.255.0', '203.0.113.1'), false],
    ['static on the broadcast address', staticWan('203.0.113.255', '255.255.255.0', '203.0.113.1'), false],
    ['static with a /28 that leaves the gateway out', staticWan('203.0.113.20', '255.255.255.240', '203.0.113.1'), false],
    ['PPPoE with any credentials', ppp('PPPoE'), true],
    ['PPTP to a server in the upstream subnet', ppp('PPTP', '203.0.113.9'), true],
    ['L2TP to an unreachable server', ppp('L2TP', '192.0.2.9'), false],
    ['WAN1 switched off', wan({ 'Device.IP.Interface.2.Enable': 'false' }), false],
    ['a broken WAN2 does not matter', wan({ 'Device.IP.Interface.3.Enable': 'true', 'Device.DHCPv4.Client.2.Enable': 'false' }), true],
  ])('gateway, %s → %s', (_, settings, reaches) => {
    expect(reachesCloud(gateway, settings, gateway.ip!)).toBe(reaches);
  });

  const mgmt = (changes: Record<string, string>): Settings => {
    const s = factorySettings(core, core.ip!);
    for (const [k, v] of Object.entries(changes)) s.set(`Device.${k}`, v);
    return s;
  };
  it.each([
    ['factory address', mgmt({}), true],
    ['another address of the site LAN', mgmt({ 'IP.Interface.1.IPv4Address.1.IPAddress': '192.168.1.200' }), true],
    ['an address outside the site LAN', mgmt({ 'IP.Interface.1.IPv4Address.1.IPAddress': '10.9.9.9' }), false],
    ['a gateway outside its segment', mgmt({ 'IP.Interface.1.IPv4Address.1.X_AIRLOOM_DefaultGateway': '192.168.2.1' }), false],
    ['a tagged management VLAN', mgmt({ 'Ethernet.VLANTermination.1.VLANID': '99' }), false],
    ['QVLAN on, the uplink still untagged in VLAN 1', mgmt({ 'Bridging.Bridge.1.X_AIRLOOM_QVLANEnable': 'true', 'Bridging.Bridge.1.Port.2.PVID': '10' }), true],
    ['QVLAN on, the uplink moved to another PVID', mgmt({ 'Bridging.Bridge.1.X_AIRLOOM_QVLANEnable': 'true', 'Bridging.Bridge.1.Port.1.PVID': '10' }), false],
    ['QVLAN off, whatever PVID the uplink kept', mgmt({ 'Bridging.Bridge.1.Port.1.PVID': '10' }), true],
  ])('switch, %s → %s', (_, settings, reaches) => {
    expect(reachesCloud(core, settings, core.ip!)).toBe(reaches);
  });

  it('other devices have nothing here that cuts them off', () => {
    const ap = site.find((d) => d.type === 'ap')!;
    expect(reachesCloud(ap, new Map(), ap.ip!)).toBe(true);
  });
});

describe('the gateway’s route table', () => {
  const TABLE = 'Device.Routing.Router.1.IPv4Forwarding.';

  it('holds the device’s own routes (default via the WAN gateway, the LAN’s connected route), not static and not the console’s', () => {
    const routes = read(model(gateway), [TABLE]);
    expect(routes).toMatchObject({
      [`${TABLE}1.Alias`]: 'cpe-default', [`${TABLE}1.DestIPAddress`]: '0.0.0.0', [`${TABLE}1.GatewayIPAddress`]: '203.0.113.1', [`${TABLE}1.StaticRoute`]: 'false', [`${TABLE}1.Origin`]: 'DHCPv4',
      [`${TABLE}2.Alias`]: 'cpe-lan', [`${TABLE}2.DestIPAddress`]: '192.168.1.0', [`${TABLE}2.DestSubnetMask`]: '255.255.255.0', [`${TABLE}2.StaticRoute`]: 'false',
    });
  });

  it('a static WAN moves the default route to its gateway; a console route is numbered after the device’s and the device’s own stay', () => {
    const m = model(gateway);
    expect(set(m, 'Device.DHCPv4.Client.1.', { Enable: 'false' }).type).toBe('setResp');
    set(m, 'Device.IP.Interface.2.IPv4Address.1.', { IPAddress: '203.0.113.30', X_AIRLOOM_DefaultGateway: '203.0.113.1' });
    expect(read(m, [`${TABLE}1.`])[`${TABLE}1.Origin`]).toBe('Static');
    const added = m.add({ type: 'add', msgId: 'a', allowPartial: false, createObjs: [{ objPath: TABLE, paramSettings: [{ param: 'Alias', value: 'airloom-routes-x', required: true }, { param: 'DestIPAddress', value: '10.0.0.0', required: true }] }] });
    expect(added.type === 'addResp' && added.createdObjResults[0]!.ok && added.createdObjResults[0]!.instantiatedPath).toBe(`${TABLE}3.`);
    expect(m.delete(buildDelete([`${TABLE}1.`]))).toMatchObject({ type: 'error', errCode: USP_ERR.OBJECT_NOT_DELETABLE });
    expect(set(m, `${TABLE}2.`, { Enable: 'false' })).toMatchObject({ type: 'error' });
  });
});

describe('PoE: the switch’s budget is used by what is cabled to it', () => {
  const poePort = (spec: DeviceSpec) => spec.links!.find((l) => poeDemand(spec, l.port) > 0)!.port + 1;

  it('APs and cameras on its ports draw; PowerUsed is their sum; PoE off or a limit below the draw drops it', () => {
    const m = model(core);
    const port = poePort(core);
    const draw = Number(read(m, [`Device.Ethernet.Interface.${port}.X_AIRLOOM_PoEPower`])[`Device.Ethernet.Interface.${port}.X_AIRLOOM_PoEPower`]);
    expect(draw).toBeGreaterThan(4);
    const used = () => Number(read(m, ['Device.X_AIRLOOM_PoE.PowerUsed'])['Device.X_AIRLOOM_PoE.PowerUsed']);
    const before = used();
    const perPort = Object.entries(read(m, ['Device.Ethernet.Interface.*.X_AIRLOOM_PoEPower'])).reduce((s, [, v]) => s + Number(v), 0);
    expect(before).toBeCloseTo(perPort, 1);
    expect(set(m, `Device.Ethernet.Interface.${port}.`, { X_AIRLOOM_PoEEnable: 'false' }).type).toBe('setResp');
    expect(used()).toBeCloseTo(before - draw, 1);
    set(m, `Device.Ethernet.Interface.${port}.`, { X_AIRLOOM_PoEEnable: 'true', X_AIRLOOM_PoEPowerLimit: '3.0' });
    expect(used()).toBeCloseTo(before - draw, 1);
    set(m, `Device.Ethernet.Interface.${port}.`, { X_AIRLOOM_PoEPowerLimit: '15.0' });
    expect(used()).toBeCloseTo(before, 1);
  });

  it('a Set that allots more than the budget is refused whole with 7005; freeing power first lets it through', () => {
    const m = model(floor); // 8 ports × 15.0 W = its 120 W budget
    const resp = m.set(buildSet([
      { objPath: 'Device.Ethernet.Interface.1.', paramSettings: [{ param: 'X_AIRLOOM_PoEPowerLimit', value: '30.0', required: true }] },
      { objPath: 'Device.Ethernet.Interface.2.', paramSettings: [{ param: 'X_AIRLOOM_Remark', value: 'cam', required: true }] },
    ])).response;
    expect(resp).toMatchObject({ type: 'error', errCode: USP_ERR.RESOURCES_EXCEEDED });
    expect(read(m, ['Device.Ethernet.Interface.2.X_AIRLOOM_Remark'])['Device.Ethernet.Interface.2.X_AIRLOOM_Remark']).toBe('');
    expect(set(m, 'Device.Ethernet.Interface.8.', { X_AIRLOOM_PoEEnable: 'false' }).type).toBe('setResp');
    expect(set(m, 'Device.Ethernet.Interface.1.', { X_AIRLOOM_PoEPowerLimit: '30.0' }).type).toBe('setResp');
  });
});
