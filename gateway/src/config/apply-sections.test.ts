// Every registered section, rendered and applied to the simulated gateway or switch through applyTarget:
// the device accepts it, holds it (read back, nothing left to send), and a second apply only reads.
import {
  dhcpSection, mgmtIpSection, poeSection, portmapSection, routesSection, switchDhcpSection, switchPortsSection, switchVlanSection, vlanSection,
  wanSection, WifiAclSectionSchema, radioSection, roamingSection, WirelessPoliciesSectionSchema, type SectionName,
} from '@airloom/contracts/config';
import { DataModel, demoFleet, SimDevice, type DeviceSpec } from '@airloom/device-sim';
import type { UspMsg } from '@airloom/usp';
import { describe, expect, it } from 'vitest';
import { UspErrorResponse, type RequestMsg, type ResponseTo } from '../usp-controller.js';
import { applyTarget, readValues, type Send } from './apply.js';
import { RENDERERS, rendererFor } from './renderers.js';
import type { DeviceFacts } from './target.js';

const site = demoFleet(500000);
const gatewaySpec = site.find((d) => d.type === 'router')!;
const switchSpec = site.find((d) => d.model === 'AL-SW1008P')!;
const apSpec = site.find((d) => d.type === 'ap')!;

function device(spec: DeviceSpec): DataModel {
  return new DataModel(new SimDevice(spec), {
    endpointId: `os::02414C-${spec.sn}`, controllerId: 'self::airloom', name: spec.name, periodicNotifInterval: 30, subscriptions: [], locating: false,
  });
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

const factsOf = (spec: DeviceSpec): DeviceFacts => ({ sn: spec.sn, type: spec.type, model: spec.model });

const pool = { name: 'staff', vlanId: 10, start: '192.168.10.100', end: '192.168.10.200', mask: 24, gateway: '192.168.10.1', dns: ['192.168.10.1'], leaseMinutes: 1440, type: 'user' };

/** one realistic body per section, valid by its contracts schema, and the device it goes to */
const CASES: { section: SectionName; spec: DeviceSpec; body: unknown }[] = [
  { section: 'name', spec: gatewaySpec, body: { name: 'Head-Office' } },
  {
    section: 'wan',
    spec: gatewaySpec,
    body: wanSection.parse({ lines: [{ mode: 'static', ip: '203.0.113.20', mask: 24, gateway: '203.0.113.1', dns: ['1.1.1.1', '9.9.9.9'] }, { mode: 'pppoe', user: 'isp-user', password: 's3cret', serviceName: 'Fibre' }] }),
  },
  {
    section: 'vlan',
    spec: gatewaySpec,
    body: vlanSection.parse({ vlans: [{ id: 1, name: 'VLAN_Default', ip: '192.168.1.1', mask: 24 }, { id: 10, name: 'Staff', ip: '192.168.10.1', mask: 24 }, { id: 20, name: 'Guests', ip: '192.168.20.1', mask: 24 }] }),
  },
  { section: 'dhcp', spec: gatewaySpec, body: dhcpSection.parse({ modes: { server: true, relay: false, snooping: false }, pools: [pool] }) },
  { section: 'routes', spec: gatewaySpec, body: routesSection.parse({ routes: [{ destination: '10.20.0.0', mask: 16, nextHop: '192.168.1.254' }] }) },
  {
    section: 'portmap',
    spec: gatewaySpec,
    body: portmapSection.parse({ rules: [{ name: 'nvr', protocol: 'all', external: '8000;9000-9010', internal: '80;7000-7010', internalIp: '192.168.1.12', enabled: true }] }),
  },
  { section: 'mgmt-ip', spec: switchSpec, body: mgmtIpSection.parse({ ip: '192.168.1.3', mask: 24, gateway: '192.168.1.1', vlan: 1 }) },
  {
    section: 'switch-ports',
    spec: switchSpec,
    body: switchPortsSection.parse({ ports: [{ port: 1, enabled: true, rate: 'auto', duplex: 'auto', remark: 'uplink' }, { port: 5, enabled: false, rate: '100', duplex: 'full', remark: 'spare' }] }),
  },
  {
    section: 'switch-vlan',
    spec: switchSpec,
    body: switchVlanSection.parse({
      qvlan: true,
      mgmtVlan: 1,
      mutualAccess: false,
      vlans: [{ id: 10, name: 'Staff', wireless: false }, { id: 20, name: 'Guests', wireless: true }],
      ports: [
        { port: 1, pvid: 1, tagged: [10, 20], untagged: [1], trunk: true, stripped: [] },
        { port: 2, pvid: 10, tagged: [20], untagged: [10], trunk: false, stripped: [30] },
      ],
    }),
  },
  { section: 'switch-dhcp', spec: switchSpec, body: switchDhcpSection.parse({ modes: { server: false, relay: true, snooping: false }, relayServer: '192.168.1.1', pools: [pool] }) },
  { section: 'poe', spec: switchSpec, body: poeSection.parse({ ports: [{ port: 1, enabled: true, powerW: 15 }, { port: 2, enabled: false, powerW: 15 }, { port: 3, enabled: true, powerW: 30 }] }) },
  { section: 'wifi-acl', spec: apSpec, body: WifiAclSectionSchema.parse({ denied: ['5A:3F:91:0C:22:7E', '9E:14:B2:6D:08:C1'] }) },
  {
    section: 'wireless-policies',
    spec: apSpec,
    body: WirelessPoliciesSectionSchema.parse({
      policies: [
        {
          id: 1, name: 'Staff', ssid: 'Hotel-Staff', ssid5: 'Hotel-Staff-5G', band: 'dual', securityMode: 8, cipher: 'aes', keyUpdateCycle: 3600, vlanId: 10, maxClients: 64,
          hidden: false, schedule: null, guest: false, rateLimit: null, radius: { ip: '192.168.1.20', port: 1812, secret: 'radius-s3cret' }, applyTo: 'all', sns: [],
        },
        {
          id: 2, name: 'Guest', ssid: 'Hotel-Guest', band: '2.4g', securityMode: 2, cipher: 'aes', password: 'welcome-2026', keyUpdateCycle: 0, vlanId: 20, maxClients: 50,
          hidden: false, schedule: [{ start: '01:00', end: '06:00' }], guest: true, rateLimit: { uploadMbps: 10, downloadMbps: 20 }, radius: null, applyTo: 'all', sns: [],
        },
      ],
    }),
  },
];

CASES.push(
  {
    section: 'radio',
    spec: apSpec,
    body: radioSection.parse({
      radios: [
        { band: '2.4GHz', channel: 11, widthMhz: 20, txPowerDbm: 14, accessThresholdDbm: -75 },
        { band: '5GHz', channel: 149, widthMhz: 40, txPowerDbm: 23, accessThresholdDbm: -70 },
      ],
    }),
  },
  {
    section: 'roaming',
    spec: apSpec,
    body: roamingSection.parse({ bands: [{ band: '2.4GHz', minRssiDbm: -80, k: true, v: true, r: false }, { band: '5GHz', minRssiDbm: -75, k: true, v: true, r: true }], bandSteering: true }),
  },
);

describe('every section applied to a simulated device', () => {
  it('covers every registered renderer', () => {
    expect(CASES.map((c) => c.section).sort()).toEqual(Object.keys(RENDERERS).sort());
  });

  it.each(CASES)('$section: applied, held, and then nothing left to send', async ({ section, spec, body }) => {
    const m = device(spec);
    const target = rendererFor(section)!(body, factsOf(spec));
    const first = await applyTarget(transport(m), target);
    expect(first.status, JSON.stringify(first)).toBe('applied');
    const log: string[] = [];
    expect((await applyTarget(transport(m, log), target)).status).toBe('applied');
    expect(log).toEqual(['get']);
  });

  it('switch-vlan: memberships point at the VLAN instances the device numbered, in a second round', async () => {
    const c = CASES.find((x) => x.section === 'switch-vlan')!;
    const m = device(c.spec);
    const log: string[] = [];
    await applyTarget(transport(m, log), rendererFor('switch-vlan')!(c.body, factsOf(c.spec)));
    expect(log).toEqual(['get', 'set', 'add', 'get', 'add', 'get']);
    const held = await readValues(transport(m), ['Device.Bridging.Bridge.1.VLAN.', 'Device.Bridging.Bridge.1.VLANPort.']);
    const vlanPath = (id: string) => Object.keys(held).find((k) => k.endsWith('.VLANID') && held[k] === id)!.replace(/\.VLANID$/, '');
    const member = (alias: string) => Object.keys(held).find((k) => k.endsWith('.Alias') && held[k] === alias)!.replace(/Alias$/, '');
    expect(held[`${member('airloom-switch-vlan-20-p2')}VLAN`]).toBe(vlanPath('20'));
    expect(held[`${member('airloom-switch-vlan-20-p2')}Untagged`]).toBe('false');
    expect(held[`${member('airloom-switch-vlan-1-p1')}VLAN`]).toBe(vlanPath('1'));
    expect(held[`${member('airloom-switch-vlan-10-p2')}Untagged`]).toBe('true');
  });

  it('the WAN line reads back as TR-181 reports it: a static address, and PPP on line 2 with its service name', async () => {
    const c = CASES.find((x) => x.section === 'wan')!;
    const m = device(c.spec);
    await applyTarget(transport(m), rendererFor('wan')!(c.body, factsOf(c.spec)));
    const held = await readValues(transport(m), ['Device.IP.Interface.2.IPv4Address.1.', 'Device.IP.Interface.3.', 'Device.PPP.Interface.2.', 'Device.DNS.Client.Server.']);
    expect(held['Device.IP.Interface.2.IPv4Address.1.AddressingType']).toBe('Static');
    expect(held['Device.IP.Interface.2.IPv4Address.1.IPAddress']).toBe('203.0.113.20');
    expect(held['Device.IP.Interface.3.LowerLayers']).toBe('Device.PPP.Interface.2');
    expect(held['Device.IP.Interface.3.IPv4Address.1.AddressingType']).toBe('IPCP');
    expect(held['Device.PPP.Interface.2.PPPoE.ServiceName']).toBe('Fibre');
    expect(Object.entries(held).filter(([k]) => k.endsWith('.DNSServer')).map(([, v]) => v)).toEqual(['1.1.1.1', '9.9.9.9']);
  });

  it('radio: the AP then reports the new channel, width and power, and its neighbours hear the new power', async () => {
    const c = CASES.find((x) => x.section === 'radio')!;
    const ap = new SimDevice(c.spec);
    const m = new DataModel(ap, { endpointId: 'os::02414C-AP', controllerId: 'self::airloom', name: 'AP', periodicNotifInterval: 30, subscriptions: [], locating: false });
    await applyTarget(transport(m), rendererFor('radio')!(c.body, factsOf(c.spec)));
    const held = await readValues(transport(m), ['Device.WiFi.Radio.']);
    expect(held['Device.WiFi.Radio.1.Channel']).toBe('11');
    expect(held['Device.WiFi.Radio.2.OperatingChannelBandwidth']).toBe('40MHz');
    expect(held['Device.WiFi.Radio.1.X_AIRLOOM_TransmitPowerdBm']).toBe('14');
    expect(held['Device.WiFi.Radio.1.X_AIRLOOM_AccessThreshold']).toBe('-75');
    // the simulated hardware follows: what other APs' scans use
    expect(ap.radios.map((r) => [r.band, r.channel])).toEqual([['2.4GHz', 11], ['5GHz', 149]]);
    expect(ap.radios[0]!.dbm).toBe(14);
  });

  it('going back to DHCP removes the static DNS servers and the device reports its lease', async () => {
    const m = device(gatewaySpec);
    const facts = factsOf(gatewaySpec);
    await applyTarget(transport(m), rendererFor('wan')!(CASES[1]!.body, facts));
    expect((await applyTarget(transport(m), rendererFor('wan')!(wanSection.parse({ lines: [{ mode: 'dhcp' }] }), facts))).status).toBe('applied');
    const held = await readValues(transport(m), ['Device.IP.Interface.2.IPv4Address.1.', 'Device.IP.Interface.3.Enable', 'Device.DNS.Client.Server.']);
    expect(held['Device.IP.Interface.2.IPv4Address.1.AddressingType']).toBe('DHCP');
    expect(held['Device.IP.Interface.2.IPv4Address.1.IPAddress']).toMatch(/^203\.0\.113\.\d+$/);
    expect(held['Device.IP.Interface.3.Enable']).toBe('false');
    expect(Object.keys(held).some((k) => k.startsWith('Device.DNS.Client.Server.'))).toBe(false);
  });
});

