// What a controller may configure on a simulated device besides its name and subscriptions: the
// writable parameters of the device's fixed objects (LAN/WAN IP interfaces, PPP, DHCP client, ports,
// bridge ports, management VLAN), their factory values, the instances the device leaves the factory
// with, and what its PoE ports draw. The TR-181 names are listed in docs/devices.md.
import { parseIpv4 } from '@airloom/contracts';
import { defaultModelOf, deviceModel, type DeviceModel } from '@airloom/contracts/config';
import { modelTraits, type DeviceSpec } from './specs.js';
import { hash32 } from './random.js';

/** full parameter path → value of the writable parameters of fixed objects */
export type Settings = Map<string, string>;
/** configuration-table instance path (`Device.NAT.PortMapping.3.`) → parameter → value */
export type TableInstances = Map<string, Record<string, string>>;

/** Everything the section renderers write, as one copy (safe apply's snapshot). */
export interface ConfigSnapshot {
  name: string;
  params: Settings;
  objects: TableInstances;
  nextInstance: Map<string, number>;
}

export const isGatewayType = (type: DeviceSpec['type']) => type === 'router' || type === 'wrouter';

export function modelOf(spec: Pick<DeviceSpec, 'type' | 'model'>): DeviceModel {
  return deviceModel(spec.model) ?? defaultModelOf(spec.type);
}

export const LAN_IF = 'Device.IP.Interface.1.';
/** IP interface of WAN line `line` (1-based): the LAN is interface 1, WAN1 is 2, WAN2 is 3 */
export const wanIf = (line: number) => `Device.IP.Interface.${line + 1}.`;
export const pppIf = (line: number) => `Device.PPP.Interface.${line}.`;
export const dhcpClient = (line: number) => `Device.DHCPv4.Client.${line}.`;
export const ethIf = (port: number) => `Device.Ethernet.Interface.${port}.`;
export const bridgePort = (port: number) => `Device.Bridging.Bridge.1.Port.${port}.`;
export const MGMT_VLAN = 'Device.Ethernet.VLANTermination.1.';
export const POE_LIMIT = 'X_AIRLOOM_PoEPowerLimit';
export const DEFAULT_GATEWAY = 'X_AIRLOOM_DefaultGateway';

/**
 * The simulated ISP behind WAN line `line`: DHCP leases and PPP sessions come from here, and a static
 * address works only inside its subnet with its gateway (line 1: 203.0.113.0/24 via .1).
 */
export function upstreamOf(line: number): { net: string; gateway: string; mask: string; dns: string } {
  const net = line === 1 ? '203.0.113' : '198.51.100';
  return { net, gateway: `${net}.1`, mask: '255.255.255.0', dns: `${net}.53` };
}

/** the address the simulated ISP hands this device on WAN line `line` (DHCP lease or PPP session) */
export function leaseOf(spec: Pick<DeviceSpec, 'sn'>, line: number): string {
  return `${upstreamOf(line).net}.${10 + (hash32(`${spec.sn}:${line}`) % 240)}`;
}

const lanNetwork = (ip: string) => ip.split('.').slice(0, 3).join('.');

/** W each PoE port may give by default: the budget shared evenly, 0.1 W steps, so the default fits the budget */
export function defaultPoeLimit(model: DeviceModel): number {
  return model.ports.poe ? Math.floor((model.ports.poeBudgetW / model.ports.poe) * 10) / 10 : 0;
}

/** vendor: the MACs no AccessPoint of the device lets associate, comma-separated (at most 100) */
export const DENIED_MACS = 'Device.WiFi.X_AIRLOOM_DeniedMACAddress';

/** The deny list's MACs (upper case), or null when the value is not a list of at most 100 MACs. */
export function deniedMacs(value: string): Set<string> | null {
  if (value.trim() === '') return new Set();
  const macs = value.split(',').map((m) => m.trim().toUpperCase());
  if (macs.length > 100 || !macs.every((m) => /^[0-9A-F]{2}(:[0-9A-F]{2}){5}$/.test(m))) return null;
  return new Set(macs);
}

/** The writable parameters a device of this kind leaves the factory with. */
export function factorySettings(spec: DeviceSpec, lanIp: string): Settings {
  const s: Settings = new Map();
  const model = modelOf(spec);
  const gateway = isGatewayType(spec.type);
  // the deny list of its APs (vendor, docs/devices.md): empty until the console's wifi-acl section
  if (modelTraits(spec.type, spec.model).bands.length) s.set(DENIED_MACS, '');
  if (gateway || spec.type === 'switch') {
    s.set(`${LAN_IF}IPv4Address.1.IPAddress`, lanIp);
    s.set(`${LAN_IF}IPv4Address.1.SubnetMask`, '255.255.255.0');
    s.set('Device.DHCPv4.Server.Enable', String(gateway));
    s.set('Device.DHCPv4.Relay.Enable', 'false');
    s.set('Device.X_AIRLOOM_DHCPSnooping.Enable', 'false');
  }
  if (gateway) {
    for (let line = 1; line <= model.wanLines; line++) {
      // WAN1 on the WAN port, WAN2 on the first LAN port; WAN2 is off until configured
      s.set(`${wanIf(line)}Enable`, String(line === 1));
      s.set(`${wanIf(line)}LowerLayers`, `${ethIf(line)}`.slice(0, -1));
      s.set(`${wanIf(line)}IPv4Address.1.IPAddress`, '');
      s.set(`${wanIf(line)}IPv4Address.1.SubnetMask`, '');
      s.set(`${wanIf(line)}IPv4Address.1.${DEFAULT_GATEWAY}`, '');
      s.set(`${dhcpClient(line)}Enable`, 'true');
      s.set(`${pppIf(line)}Enable`, 'false');
      s.set(`${pppIf(line)}Username`, '');
      s.set(`${pppIf(line)}Password`, '');
      s.set(`${pppIf(line)}PPPoE.ServiceName`, '');
      s.set(`${pppIf(line)}X_AIRLOOM_Transport`, 'PPPoE');
      s.set(`${pppIf(line)}X_AIRLOOM_Server`, '');
    }
  }
  if (spec.type === 'switch') {
    s.set(`${LAN_IF}IPv4Address.1.${DEFAULT_GATEWAY}`, `${lanNetwork(lanIp)}.1`);
    s.set(`${MGMT_VLAN}VLANID`, '1');
    s.set('Device.Bridging.Bridge.1.X_AIRLOOM_QVLANEnable', 'false');
    s.set('Device.Bridging.Bridge.1.X_AIRLOOM_MutualAccess', 'true');
    const limit = defaultPoeLimit(model).toFixed(1);
    for (let port = 1; port <= model.ports.count; port++) {
      s.set(`${ethIf(port)}Enable`, 'true');
      s.set(`${ethIf(port)}MaxBitRate`, '-1');
      s.set(`${ethIf(port)}DuplexMode`, 'Auto');
      s.set(`${ethIf(port)}X_AIRLOOM_Remark`, '');
      if (port <= model.ports.poe) {
        s.set(`${ethIf(port)}X_AIRLOOM_PoEEnable`, 'true');
        s.set(`${ethIf(port)}${POE_LIMIT}`, limit);
      }
      s.set(`${bridgePort(port)}PVID`, '1');
      s.set(`${bridgePort(port)}X_AIRLOOM_Trunk`, 'false');
      s.set(`${bridgePort(port)}X_AIRLOOM_StrippedVLANs`, '');
    }
  }
  return s;
}

/** Instances of configuration tables the device leaves the factory with (not `airloom-` aliases: the console leaves them). */
export function factoryObjects(spec: DeviceSpec, lanIp: string): TableInstances {
  const o: TableInstances = new Map();
  if (!isGatewayType(spec.type) && spec.type !== 'switch') return o;
  o.set('Device.Bridging.Bridge.1.VLAN.1.', { Alias: 'cpe-vlan-1', Enable: 'true', VLANID: '1', Name: 'VLAN_Default' });
  if (isGatewayType(spec.type)) {
    const net = lanNetwork(lanIp);
    o.set('Device.DHCPv4.Server.Pool.1.', {
      Alias: 'cpe-lan', Enable: 'true', MinAddress: `${net}.100`, MaxAddress: `${net}.200`, SubnetMask: '255.255.255.0',
      IPRouters: lanIp, DNSServers: lanIp, LeaseTime: '86400', X_AIRLOOM_VLANID: '1', X_AIRLOOM_Type: 'user',
    });
  }
  return o;
}

/** What a WAN line does with its settings, as the device sees it. */
export type WanState =
  | { mode: 'off' }
  | { mode: 'dhcp' | 'static'; ip: string; mask: string; gateway: string }
  | { mode: 'pppoe' | 'pptp' | 'l2tp'; ip: string; mask: string; gateway: string; server: string };

export function wanState(spec: Pick<DeviceSpec, 'sn'>, s: Settings, line: number): WanState {
  const at = wanIf(line);
  if (s.get(`${at}Enable`) !== 'true') return { mode: 'off' };
  const up = upstreamOf(line);
  if (s.get(`${at}LowerLayers`) === pppIf(line).slice(0, -1) && s.get(`${pppIf(line)}Enable`) === 'true') {
    const transport = (s.get(`${pppIf(line)}X_AIRLOOM_Transport`) ?? 'PPPoE').toLowerCase() as 'pppoe' | 'pptp' | 'l2tp';
    return { mode: transport, ip: leaseOf(spec, line), mask: '255.255.255.255', gateway: up.gateway, server: s.get(`${pppIf(line)}X_AIRLOOM_Server`) ?? '' };
  }
  if (s.get(`${dhcpClient(line)}Enable`) === 'true') return { mode: 'dhcp', ip: leaseOf(spec, line), mask: up.mask, gateway: up.gateway };
  return {
    mode: 'static',
    ip: s.get(`${at}IPv4Address.1.IPAddress`) ?? '',
    mask: s.get(`${at}IPv4Address.1.SubnetMask`) ?? '',
    gateway: s.get(`${at}IPv4Address.1.${DEFAULT_GATEWAY}`) ?? '',
  };
}

/**
 * Before a change, a line that is not static remembers what it reports (its lease or PPP address) as
 * its static address: a controller that turns it static without restating an equal value keeps it.
 */
export function keepDynamicAddresses(spec: DeviceSpec, s: Settings): void {
  if (!isGatewayType(spec.type)) return;
  for (let line = 1; line <= modelOf(spec).wanLines; line++) {
    const wan = wanState(spec, s, line);
    if (wan.mode === 'off' || wan.mode === 'static') continue;
    s.set(`${wanIf(line)}IPv4Address.1.IPAddress`, wan.ip);
    s.set(`${wanIf(line)}IPv4Address.1.SubnetMask`, wan.mask);
    s.set(`${wanIf(line)}IPv4Address.1.${DEFAULT_GATEWAY}`, wan.gateway);
  }
}

function inSubnet(ip: string, net: string, prefix: number): boolean {
  const a = parseIpv4(ip);
  const n = parseIpv4(net);
  if (a === null || n === null) return false;
  const size = 2 ** (32 - prefix);
  return Math.floor(a / size) === Math.floor(n / size);
}

/** prefix length of a dotted mask, or -1 */
export function prefixOf(mask: string): number {
  const n = parseIpv4(mask);
  if (n === null) return -1;
  const bits = n.toString(2).padStart(32, '0');
  if (!/^1*0*$/.test(bits)) return -1;
  const zero = bits.indexOf('0');
  return zero === -1 ? 32 : zero;
}

/**
 * The cut-off rule: whether a device holding these settings still reaches the cloud.
 * - gateway, WAN line 1: DHCP and PPPoE always work (the simulated ISP serves both, any credentials);
 *   static works only inside 203.0.113.0/24 with a host address, mask /24 or shorter and gateway
 *   203.0.113.1; PPTP/L2TP work only with their server inside that subnet (the ISP's concentrators);
 *   a disabled WAN1 reaches nothing;
 * - switch: its management address must stay in the site's LAN (the segment it left the factory in)
 *   with its gateway inside its own segment, on management VLAN 1 (the untagged uplink); with QVLAN
 *   on, its uplink (port 1) must keep PVID 1, or its untagged traffic no longer reaches the gateway.
 * Other devices are not configured here and always reach it.
 */
export function reachesCloud(spec: DeviceSpec, s: Settings, factoryLanIp: string): boolean {
  if (isGatewayType(spec.type)) {
    const wan = wanState(spec, s, 1);
    const up = upstreamOf(1);
    const upNet = `${up.net}.0`;
    switch (wan.mode) {
      case 'off':
        return false;
      case 'dhcp':
      case 'pppoe':
        return true;
      case 'pptp':
      case 'l2tp':
        return inSubnet(wan.server, upNet, 24);
      case 'static': {
        const prefix = prefixOf(wan.mask);
        const host = Number(wan.ip.split('.')[3]);
        return prefix >= 1 && prefix <= 24 && inSubnet(wan.ip, upNet, 24) && host > 1 && host < 255 && wan.gateway === up.gateway;
      }
    }
  }
  if (spec.type === 'switch') {
    const ip = s.get(`${LAN_IF}IPv4Address.1.IPAddress`) ?? '';
    const prefix = prefixOf(s.get(`${LAN_IF}IPv4Address.1.SubnetMask`) ?? '');
    const gateway = s.get(`${LAN_IF}IPv4Address.1.${DEFAULT_GATEWAY}`) ?? '';
    const uplinkKept = s.get('Device.Bridging.Bridge.1.X_AIRLOOM_QVLANEnable') !== 'true' || s.get(`${bridgePort(1)}PVID`) === '1';
    return prefix > 0 && inSubnet(ip, factoryLanIp, 24) && inSubnet(gateway, ip, prefix) && s.get(`${MGMT_VLAN}VLANID`) === '1' && uplinkKept;
  }
  return true;
}

/** W a powered device of this type draws from its PoE port (0: it has its own power supply) */
const POE_DRAW: Partial<Record<DeviceSpec['type'], readonly [number, number]>> = {
  ap: [9.5, 12.5],
  v7: [10, 13.5],
  ipc: [4.2, 6.8],
  cpe: [5, 7.5],
};

/** W the device cabled to `port` (0-based) would draw if the port powers it */
export function poeDemand(spec: DeviceSpec, port: number): number {
  const link = spec.links?.find((l) => l.port === port);
  const range = link?.peerType ? POE_DRAW[link.peerType] : undefined;
  if (!range || !link) return 0;
  const [lo, hi] = range;
  return Math.round((lo + ((hash32(link.peerSn) % 1000) / 1000) * (hi - lo)) * 10) / 10;
}

/**
 * What PoE port `port` (1-based) gives with these settings: its device's demand while the port is
 * enabled, PoE is on and the demand is within the port's limit (above it the port cuts power, as an
 * 802.3at port does on overload).
 */
export function poeDraw(spec: DeviceSpec, s: Settings, port: number): number {
  if (s.get(`${ethIf(port)}Enable`) === 'false' || s.get(`${ethIf(port)}X_AIRLOOM_PoEEnable`) !== 'true') return 0;
  const demand = poeDemand(spec, port - 1);
  const limit = Number(s.get(`${ethIf(port)}${POE_LIMIT}`) ?? '0');
  return demand <= limit ? demand : 0;
}

/** W the PoE ports have been allotted (their limits, ports with PoE on): what the budget must cover */
export function poeAllotted(spec: DeviceSpec, s: Settings): number {
  const model = modelOf(spec);
  let sum = 0;
  for (let port = 1; port <= model.ports.poe; port++) {
    if (s.get(`${ethIf(port)}X_AIRLOOM_PoEEnable`) === 'true') sum += Number(s.get(`${ethIf(port)}${POE_LIMIT}`) ?? '0');
  }
  return Math.round(sum * 10) / 10;
}

export function snapshotOf(c: ConfigSnapshot): ConfigSnapshot {
  return {
    name: c.name,
    params: new Map(c.params),
    objects: new Map([...c.objects].map(([k, v]) => [k, { ...v }])),
    nextInstance: new Map(c.nextInstance),
  };
}

const BOOLEAN = new Set([
  'X_AIRLOOM_IEEE80211kEnable', 'X_AIRLOOM_IEEE80211vEnable', 'X_AIRLOOM_IEEE80211rEnable', 'X_AIRLOOM_BandSteeringEnable',
  'Enable', 'StaticRoute', 'Untagged', 'X_AIRLOOM_PoEEnable', 'X_AIRLOOM_QVLANEnable', 'X_AIRLOOM_MutualAccess', 'X_AIRLOOM_Trunk', 'X_AIRLOOM_Wireless',
]);
const ADDRESS = new Set([
  'IPAddress', 'SubnetMask', 'GatewayIPAddress', 'DestIPAddress', 'DestSubnetMask', 'DNSServer', 'MinAddress', 'MaxAddress', 'IPRouters',
  'InternalClient', 'DHCPServerIPAddress', 'X_AIRLOOM_IPAddress', 'X_AIRLOOM_SubnetMask', DEFAULT_GATEWAY, 'X_AIRLOOM_Server',
]);
const isUint = (v: string) => /^\d{1,10}$/.test(v);
const isVlan = (v: string) => isUint(v) && Number(v) >= 1 && Number(v) <= 4094;

/** Whether a value fits a configuration parameter's type (the device refuses others with 7012). */
export function validSetting(param: string, value: string): boolean {
  if (BOOLEAN.has(param)) return value === 'true' || value === 'false' || value === '1' || value === '0';
  if (ADDRESS.has(param)) return value === '' || parseIpv4(value) !== null;
  switch (param) {
    case 'DNSServers':
      return value === '' || value.split(',').every((v) => parseIpv4(v.trim()) !== null);
    case 'MaxBitRate':
      return value === '-1' || isUint(value);
    case 'DuplexMode':
      return value === 'Auto' || value === 'Half' || value === 'Full';
    case POE_LIMIT:
      return /^\d{1,2}(\.\d)?$/.test(value) && Number(value) <= 30;
    case 'VLANID':
    case 'PVID':
      return isVlan(value);
    // a console SSID's VLAN: 0 = untagged (docs/devices.md); a DHCP pool's is never 0
    case 'X_AIRLOOM_VLANID':
      return value === '0' || isVlan(value);
    case 'X_AIRLOOM_StrippedVLANs':
      return value === '' || value.split(',').every(isVlan);
    case 'X_AIRLOOM_Transport':
      return value === 'PPPoE' || value === 'PPTP' || value === 'L2TP';
    case 'LeaseTime':
    case 'ExternalPort':
    case 'ExternalPortEndRange':
    case 'InternalPort':
      return isUint(value);
    case 'Protocol':
      return value === 'TCP' || value === 'UDP';
    case 'X_AIRLOOM_Remark':
      return value.length <= 32;
    case 'X_AIRLOOM_DeniedMACAddress':
      return deniedMacs(value) !== null;
    // radio settings (docs/wireless.md): a 2.4 or 5 GHz channel number, a width, dBm
    case 'Channel':
      return isUint(value) && Number(value) >= 1 && Number(value) <= 177;
    case 'OperatingChannelBandwidth':
      return ['20MHz', '40MHz', '80MHz', '160MHz'].includes(value);
    case 'X_AIRLOOM_TransmitPowerdBm':
      return /^\d{1,2}$/.test(value) && Number(value) >= 1 && Number(value) <= 30;
    case 'X_AIRLOOM_AccessThreshold':
    case 'X_AIRLOOM_RoamingMinRSSI':
      return /^-\d{1,3}$/.test(value) && Number(value) >= -100;
    default:
      return true;
  }
}
