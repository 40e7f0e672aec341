// Table tests of the gateway and switch sections: one row per §5 rule (and per model limit), each
// naming the spec code it answers with where §8 has one.
import { describe, expect, it } from 'vitest';
import { deviceModel, DEVICE_MODELS, portOf, type DeviceModel } from '../domain/models.js';
import { lookupText } from '../i18n/en.js';
import { enNetconfRules } from './en-netconf.js';

/** A configuration rule's own text (`rules.<rule>.<check>`), registered by the screens that show them. */
function netconfText(key: string): string | undefined {
  const [ns, rule, check] = key.split('.');
  const texts = enNetconfRules as Record<string, Record<string, string>>;
  return ns === 'rules' && rule && check ? texts[rule]?.[check] : undefined;
}
import {
  defaultVlanChanged,
  dhcpSectionFor,
  gatewayConflicts,
  portCount,
  portmapSectionFor,
  routesSectionFor,
  vlanSectionFor,
  wanSectionFor,
  type DhcpPool,
  type VlanSection,
} from './gateway.js';
import { configErrorCode } from './keys.js';
import { mgmtIpSectionFor, poeAllotted, poeBudgetFigures, poeSectionFor, qvlanOff, switchPortsSectionFor, switchVlanSectionFor } from './switch.js';

const gw = deviceModel('AL-GW1200')!;
const wr = deviceModel('AL-WR1800')!;
const bigSwitch = deviceModel('AL-SW1024P')!;
const smallSwitch = deviceModel('AL-SW1008P')!;

type Schema = { safeParse: (v: unknown) => { success: true } | { success: false; error: { issues: { message: string; path: PropertyKey[] }[] } } };
/** The messages a body fails with ([] when accepted). */
function messages(schema: Schema, body: unknown): string[] {
  const r = schema.safeParse(body);
  return r.success ? [] : r.error.issues.map((i) => i.message);
}
function table(title: string, schema: Schema, rows: [string, unknown, string | null, number?][]): void {
  describe(title, () => {
    it.each(rows)('%s', (_, body, expected, code) => {
      const got = messages(schema, body);
      if (expected === null) expect(got).toEqual([]);
      else {
        expect(got).toContain(expected);
        // every message a user can see has an English text
        for (const m of got) expect(lookupText(m) ?? netconfText(m), m).toBeTypeOf('string');
        if (code !== undefined) expect(configErrorCode(got)).toBe(code);
      }
    });
  });
}

const LAN = { id: 1, name: 'VLAN_Default', ip: '192.168.50.1', mask: 24 };
const vlans = (...extra: object[]) => ({ vlans: [LAN, ...extra] });
const pool = (over: Partial<DhcpPool> = {}): DhcpPool => ({
  name: 'guests', vlanId: 1, start: '192.168.50.100', end: '192.168.50.200', mask: 24, gateway: '192.168.50.1',
  dns: ['192.168.50.1'], leaseMinutes: 1440, type: 'user', ...over,
});
const modes = (server: boolean, relay = false, snooping = false) => ({ server, relay, snooping });
const pm = (over: object = {}) => ({ name: 'cam', protocol: 'tcp', external: '8080', internal: '80', internalIp: '192.168.50.20', enabled: true, ...over });

describe('model catalogue', () => {
  it('knows every model the simulator and demo use, with a VLAN range inside 1–4094', () => {
    for (const m of DEVICE_MODELS) {
      expect(m.minVlan).toBeGreaterThanOrEqual(1);
      expect(m.maxVlan).toBeLessThanOrEqual(4094);
      expect(m.ports.poe + m.ports.sfp).toBeLessThanOrEqual(m.ports.count);
    }
    expect(new Set(DEVICE_MODELS.map((m) => m.model)).size).toBe(DEVICE_MODELS.length);
  });
  it('gives the switches PoE budgets and the gateway two WAN lines', () => {
    expect(bigSwitch.ports.poeBudgetW).toBe(370);
    expect(smallSwitch.ports.poeBudgetW).toBe(120);
    expect(gw.wanLines).toBe(2);
    expect(portOf(smallSwitch, 8)).toEqual({ kind: 'ethernet', poe: true });
    expect(portOf(smallSwitch, 9)).toBeUndefined();
    expect(portOf(gw, 1)).toEqual({ kind: 'ethernet', poe: false });
  });
});

table('wan', wanSectionFor(wr), [
  ['DHCP', { lines: [{ mode: 'dhcp' }] }, null],
  ['static with two DNS', { lines: [{ mode: 'static', ip: '203.0.113.5', mask: 24, gateway: '203.0.113.1', dns: ['1.1.1.1', '8.8.8.8'] }] }, null],
  ['static, same DNS twice (104)', { lines: [{ mode: 'static', ip: '203.0.113.5', mask: 24, gateway: '203.0.113.1', dns: ['1.1.1.1', '1.1.1.1'] }] }, 'rules.dnsServers.same', 104],
  ['static, three DNS', { lines: [{ mode: 'static', ip: '203.0.113.5', mask: 24, gateway: '203.0.113.1', dns: ['1.1.1.1', '8.8.8.8', '9.9.9.9'] }] }, 'rules.dnsServers.count'],
  ['static, loopback IP', { lines: [{ mode: 'static', ip: '127.0.0.5', mask: 24, gateway: '203.0.113.1', dns: ['1.1.1.1'] }] }, 'rules.ipv4.loopback'],
  ['PPPoE with service name', { lines: [{ mode: 'pppoe', user: 'u', password: 'p', serviceName: 'isp-1' }] }, null],
  ['PPPoE service name breaks the server name rule', { lines: [{ mode: 'pppoe', user: 'u', password: 'p', serviceName: 'isp 1' }] }, 'rules.serverName.chars'],
  ['PPPoE without password', { lines: [{ mode: 'pppoe', user: 'u', password: '' }] }, 'rules.credentials.required'],
  ['PPTP', { lines: [{ mode: 'pptp', server: '198.51.100.7', user: 'u', password: 'p' }] }, null],
  ['L2TP, bad server', { lines: [{ mode: 'l2tp', server: '300.1.1.1', user: 'u', password: 'p' }] }, 'rules.ipv4.format'],
  ['unknown mode', { lines: [{ mode: 'dialup' }] }, 'rules.wanLines.mode'],
  ['no line', { lines: [] }, 'rules.wanLines.required'],
  ['WAN2 on a one-WAN model', { lines: [{ mode: 'dhcp' }, { mode: 'dhcp' }] }, 'rules.wanLines.count'],
]);
table('wan on a two-WAN model', wanSectionFor(gw), [['WAN1 and WAN2', { lines: [{ mode: 'dhcp' }, { mode: 'pppoe', user: 'u', password: 'p' }] }, null]]);

table('vlan', vlanSectionFor(gw), [
  ['default plus one', vlans({ id: 10, name: 'Staff', ip: '192.168.10.1', mask: 24 }), null],
  ['duplicate ID (179)', vlans({ id: 10, name: 'A', ip: '192.168.10.1', mask: 24 }, { id: 10, name: 'B', ip: '192.168.11.1', mask: 24 }), 'rules.vlanTable.duplicateId', 179],
  ['duplicate name, other case (180)', vlans({ id: 10, name: 'Staff', ip: '192.168.10.1', mask: 24 }, { id: 11, name: 'STAFF', ip: '192.168.11.1', mask: 24 }), 'rules.vlanTable.duplicateName', 180],
  ['name br0 (110)', vlans({ id: 10, name: 'br0', ip: '192.168.10.1', mask: 24 }), 'rules.vlanName.reserved', 110],
  ['name IPTV', vlans({ id: 10, name: 'IPTV', ip: '192.168.10.1', mask: 24 }), 'rules.vlanName.reserved'],
  ['VLAN_Default renamed', { vlans: [{ ...LAN, name: 'Main' }] }, 'rules.vlanTable.defaultMissing'],
  ['VLAN_Default name on another ID', vlans({ id: 10, name: 'VLAN_Default', ip: '192.168.10.1', mask: 24 }), 'rules.vlanTable.defaultFixed'],
  ['VLAN_Default removed', { vlans: [{ id: 10, name: 'Staff', ip: '192.168.10.1', mask: 24 }] }, 'rules.vlanTable.defaultMissing'],
  ['segment overlaps the LAN (106)', vlans({ id: 10, name: 'Staff', ip: '192.168.50.129', mask: 25 }), 'rules.segmentConflict.vlan', 106],
  ['ID below the model range', vlans({ id: 5, name: 'Low', ip: '192.168.10.1', mask: 24 }), 'rules.vlanTable.modelRange'],
  ['ID 4095', vlans({ id: 4095, name: 'High', ip: '192.168.10.1', mask: 24 }), 'rules.vlanId.range'],
  ['mask 33', vlans({ id: 10, name: 'Staff', ip: '192.168.10.1', mask: 33 }), 'rules.subnetMask.range'],
  [`${gw.limits.vlans} VLANs: the model maximum`, { vlans: [LAN, ...Array.from({ length: gw.limits.vlans - 1 }, (_, i) => ({ id: 10 + i, name: `v${i}`, ip: `10.${i}.0.1`, mask: 24 }))] }, null],
  ['one VLAN more than the model takes', { vlans: [LAN, ...Array.from({ length: gw.limits.vlans }, (_, i) => ({ id: 10 + i, name: `v${i}`, ip: `10.${i}.0.1`, mask: 24 }))] }, 'rules.vlanTable.count'],
]);

describe('VLAN_Default cannot be modified', () => {
  const before: VlanSection = vlans() as VlanSection;
  it('a new address for it is a change, other VLANs are not', () => {
    expect(defaultVlanChanged(before, { vlans: [{ ...LAN, ip: '192.168.51.1' }] })).toBe(true);
    expect(defaultVlanChanged(before, vlans({ id: 10, name: 'Staff', ip: '192.168.10.1', mask: 24 }) as VlanSection)).toBe(false);
  });
});

table('dhcp', dhcpSectionFor(gw), [
  ['a server pool', { modes: modes(true), pools: [pool()] }, null],
  ['server and relay (732)', { modes: modes(true, true), relayServer: '10.0.0.2', pools: [] }, 'rules.dhcpModes.exclusive', 732],
  ['relay and snooping (732)', { modes: modes(false, true, true), relayServer: '10.0.0.2', pools: [] }, 'rules.dhcpModes.exclusive', 732],
  ['relay without its server', { modes: modes(false, true), pools: [] }, 'rules.dhcpPools.relayServer'],
  ['start above end (103)', { modes: modes(true), pools: [pool({ start: '192.168.50.200', end: '192.168.50.100' })] }, 'rules.ipRange.order', 103],
  ['end in another segment (102)', { modes: modes(true), pools: [pool({ end: '192.168.51.20' })] }, 'rules.ipRange.segment', 102],
  ['gateway outside the pool segment', { modes: modes(true), pools: [pool({ gateway: '10.0.0.1' })] }, 'rules.dhcpPools.gateway'],
  ['lease not a §3 choice', { modes: modes(true), pools: [pool({ leaseMinutes: 45 })] }, 'rules.dhcpPools.lease'],
  ['lease 7 days', { modes: modes(true), pools: [pool({ leaseMinutes: 10080 })] }, null],
  ['type other than user/ap', { modes: modes(true), pools: [pool({ type: 'cam' as 'user' })] }, 'rules.dhcpPools.type'],
  ['pool name with a dash', { modes: modes(true), pools: [pool({ name: 'guest-1' })] }, 'rules.dhcpPoolName.chars'],
  ['same pool name twice', { modes: modes(true), pools: [pool(), pool({ vlanId: 10 })] }, 'rules.dhcpPools.duplicateName'],
  ['same DNS twice', { modes: modes(true), pools: [pool({ dns: ['1.1.1.1', '1.1.1.1'] })] }, 'rules.dnsServers.same'],
  ['more pools than the model takes', { modes: modes(true), pools: Array.from({ length: gw.limits.dhcpPools + 1 }, (_, i) => pool({ name: `p${i}` })) }, 'rules.dhcpPools.count'],
]);

table('routes', routesSectionFor(gw), [
  ['a route', { routes: [{ destination: '10.20.0.0', mask: 16, nextHop: '192.168.50.254' }] }, null],
  ['destination 127.x', { routes: [{ destination: '127.0.0.0', mask: 8, nextHop: '192.168.50.254' }] }, 'rules.staticRouteDestination.loopback'],
  ['destination 224.x', { routes: [{ destination: '224.0.0.0', mask: 4, nextHop: '192.168.50.254' }] }, 'rules.staticRouteDestination.firstOctet'],
  ['same destination twice', { routes: [{ destination: '10.20.0.0', mask: 16, nextHop: '192.168.50.254' }, { destination: '10.20.0.0', mask: 16, nextHop: '192.168.50.253' }] }, 'rules.staticRoutes.duplicate'],
  ['more than the model takes', { routes: Array.from({ length: gw.limits.staticRoutes + 1 }, (_, i) => ({ destination: `10.${i}.0.0`, mask: 16, nextHop: '192.168.50.254' })) }, 'rules.staticRoutes.count'],
]);

table('portmap', portmapSectionFor(gw), [
  ['single ports', { rules: [pm()] }, null],
  ['lists and both range signs', { rules: [pm({ external: '8080;9000-9010', internal: '80;7000~7010' })] }, null],
  ['counts differ', { rules: [pm({ external: '8080;8081', internal: '80' })] }, 'rules.portMapping.count'],
  ['range against single', { rules: [pm({ external: '8080-8081;9000', internal: '80;81' })] }, 'rules.portMapping.mismatch'],
  ['range widths differ', { rules: [pm({ external: '8000-8010', internal: '80-85' })] }, 'rules.portMapping.mismatch'],
  ['port 0', { rules: [pm({ external: '0' })] }, 'rules.portMapping.range'],
  ['comma separator', { rules: [pm({ external: '80,81', internal: '80,81' })] }, 'rules.portMapping.format'],
  ['protocol icmp', { rules: [pm({ protocol: 'icmp' })] }, 'rules.portMappings.protocol'],
  ['more than the model takes', { rules: Array.from({ length: gw.limits.portMappings + 1 }, () => pm()) }, 'rules.portMappings.count'],
]);
it('counts the single ports of a mapping list', () => expect(portCount('80;8000-8010')).toBe(12));

describe('segment conflicts across sections', () => {
  const vlan = vlans({ id: 10, name: 'Staff', ip: '192.168.10.1', mask: 24 }) as VlanSection;
  const cases: [string, Parameters<typeof gatewayConflicts>[0], string | null, number?][] = [
    ['static WAN in the LAN segment (111)', { vlan, wan: { lines: [{ mode: 'static', ip: '192.168.50.9', mask: 24, gateway: '192.168.50.254', dns: ['1.1.1.1'] }] } }, 'rules.segmentConflict.wanLan', 111],
    ['static WAN elsewhere', { vlan, wan: { lines: [{ mode: 'static', ip: '203.0.113.5', mask: 24, gateway: '203.0.113.1', dns: ['1.1.1.1'] }] } }, null],
    ['PPTP server inside a VLAN (108)', { vlan, wan: { lines: [{ mode: 'pptp', server: '192.168.10.7', user: 'u', password: 'p' }] } }, 'rules.segmentConflict.pptp', 108],
    ['L2TP server inside the LAN (109)', { vlan, wan: { lines: [{ mode: 'l2tp', server: '192.168.50.7', user: 'u', password: 'p' }] } }, 'rules.segmentConflict.l2tp', 109],
    ['pool outside its VLAN (713)', { vlan, dhcp: { modes: modes(true), pools: [pool({ vlanId: 10 })] } }, 'rules.dhcpPools.vlanSegment', 713],
    ['pool on a VLAN that does not exist', { vlan, dhcp: { modes: modes(true), pools: [pool({ vlanId: 99 })] } }, 'rules.dhcpPools.vlan'],
    ['pool inside its VLAN', { vlan, dhcp: { modes: modes(true), pools: [pool({ vlanId: 10, start: '192.168.10.10', end: '192.168.10.90', gateway: '192.168.10.1' })] } }, null],
    ['mapping to an address outside every LAN (1129)', { vlan, portmap: { rules: [pm({ internalIp: '172.16.0.5' }) as never] } }, 'rules.portMappings.lanSegment', 1129],
    ['mapping to a VLAN host', { vlan, portmap: { rules: [pm({ internalIp: '192.168.10.5' }) as never] } }, null],
  ];
  it.each(cases)('%s', (_, config, expected, code) => {
    const got = gatewayConflicts(config).map((i) => i.message);
    if (expected === null) expect(got).toEqual([]);
    else {
      expect(got).toContain(expected);
      if (code !== undefined) expect(configErrorCode(got)).toBe(code);
    }
  });
});

const port = (n: number, over: object = {}) => ({ port: n, pvid: 1, tagged: [] as number[], untagged: [1], trunk: false, stripped: [] as number[], ...over });
const sv = (over: object = {}) => ({ qvlan: true, mgmtVlan: 1, mutualAccess: true, vlans: [{ id: 20, name: 'Cams', wireless: false }], ports: [port(1, { trunk: true, tagged: [20] }), port(2)], ...over });

table('switch-ports', switchPortsSectionFor(smallSwitch), [
  ['auto port', { ports: [{ port: 1, enabled: true, rate: 'auto', duplex: 'auto', remark: 'uplink' }] }, null],
  ['port 9 on an 8-port switch', { ports: [{ port: 9, enabled: true, rate: 'auto', duplex: 'full', remark: '' }] }, 'rules.switchPorts.port'],
  ['same port twice', { ports: [{ port: 1, enabled: true, rate: 'auto', duplex: 'auto', remark: '' }, { port: 1, enabled: false, rate: '100', duplex: 'half', remark: '' }] }, 'rules.switchPorts.duplicate'],
  ['remark of 33 characters', { ports: [{ port: 1, enabled: true, rate: 'auto', duplex: 'auto', remark: 'x'.repeat(33) }] }, 'rules.switchPorts.remark'],
]);

table('switch-vlan', switchVlanSectionFor(smallSwitch), [
  ['trunk port carries VLAN 20', sv(), null],
  ['QVLAN off: nothing else is checked', qvlanOff(sv() as never), null],
  ['tagged equals untagged', sv({ ports: [port(1, { trunk: true, tagged: [20], untagged: [20] })] }), 'rules.portVlans.overlap'],
  ['two untagged VLANs on a LAN port', sv({ ports: [port(1, { trunk: true }), port(2, { untagged: [1, 20] })] }), 'rules.portVlans.untaggedCount'],
  ['tagged equals PVID', sv({ ports: [port(1, { trunk: true, pvid: 20, tagged: [20], untagged: [] })] }), 'rules.portVlans.pvidTagged'],
  ['stripped equals allowed', sv({ ports: [port(1, { trunk: true, tagged: [20], stripped: [20] })] }), 'rules.switchVlan.stripped'],
  ['no trunk port chosen', sv({ ports: [port(1), port(2)] }), 'rules.switchVlan.trunkRequired'],
  ['management VLAN not in the list', sv({ mgmtVlan: 30 }), 'rules.switchVlan.mgmtVlan'],
  ['port member of an unknown VLAN', sv({ ports: [port(1, { trunk: true, tagged: [30] })] }), 'rules.switchVlan.unknownVlan'],
  ['VLAN above the small switch range', sv({ vlans: [{ id: 2000, name: 'Far', wireless: false }], ports: [port(1, { trunk: true })] }), 'rules.vlanTable.modelRange'],
]);
table('switch-vlan on the 24-port switch', switchVlanSectionFor(bigSwitch), [
  ['VLAN 2000 is in its range', sv({ vlans: [{ id: 2000, name: 'Far', wireless: false }], ports: [port(1, { trunk: true })] }), null],
]);

const poe = (n: number, powerW: number, enabled = true) => ({ port: n, enabled, powerW });
table('poe', poeSectionFor(smallSwitch), [
  ['within 120 W', { ports: [1, 2, 3, 4].map((n) => poe(n, 30)) }, null],
  ['over 120 W is refused before sending', { ports: [1, 2, 3, 4, 5].map((n) => poe(n, 30)) }, 'rules.poe.budget'],
  ['disabled ports draw nothing', { ports: [1, 2, 3, 4].map((n) => poe(n, 30)).concat([poe(5, 30, false)]) }, null],
  ['31 W on one port', { ports: [poe(1, 31)] }, 'rules.poe.power'],
  ['a port the switch lacks', { ports: [poe(9, 5)] }, 'rules.switchPorts.port'],
]);
describe('PoE figures', () => {
  it('adds the enabled PoE ports and shows two decimals', () => {
    expect(poeAllotted(smallSwitch, { ports: [poe(1, 12.5), poe(2, 7.25), poe(3, 30, false)] })).toBe(19.75);
    expect(poeBudgetFigures(120, 19.75)).toEqual({ total: '120.00', used: '19.75', remaining: '100.25' });
  });
});

table('mgmt-ip', mgmtIpSectionFor('192.168.50.1'), [
  ['private, not the LAN IP', { ip: '192.168.50.2', mask: 24, gateway: '192.168.50.1', vlan: 1 }, null],
  ['public address', { ip: '8.8.8.8', mask: 24, gateway: '192.168.50.1', vlan: 1 }, 'rules.managementIp.private'],
  ['172.32.x is outside 172.16/12', { ip: '172.32.0.1', mask: 24, gateway: '192.168.50.1', vlan: 1 }, 'rules.managementIp.private'],
  ['equal to the LAN IP', { ip: '192.168.50.1', mask: 24, gateway: '192.168.50.1', vlan: 1 }, 'rules.managementIp.sameAsLan'],
]);

// the limits of every model that has gateway settings are written down
it('every model with a WAN has rule limits', () => {
  const routers: DeviceModel[] = DEVICE_MODELS.filter((m) => m.wanLines > 0);
  for (const m of routers) expect(Math.min(m.limits.vlans, m.limits.dhcpPools, m.limits.staticRoutes, m.limits.portMappings)).toBeGreaterThan(0);
});
