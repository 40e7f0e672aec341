// The TR-181 view of a simulated device: the supported data model (schema), the instantiated
// tree rendered from the device's state, and path resolution for Get/Set/Delete (partial paths,
// instance numbers, `*` wildcards and simple `[Param=="value"]` search expressions).
import { inStatusEvent, MAC_TABLE_EVERY, STATUS_EVENT_SENT_AT, TR181, type ResolvedPathResult } from '@airloom/usp';
import { powerDbm, SimDevice, type Wlan } from './device.js';
import { SAFE_APPLY_TIMEOUT, type SafeApplyState } from './safe-apply.js';
import {
  bridgePort, DEFAULT_GATEWAY, dhcpClient, ethIf, factoryObjects, factorySettings, isGatewayType, LAN_IF, MGMT_VLAN, modelOf, poeDraw,
  pppIf, upstreamOf, wanIf, wanState, type Settings,
} from './settings.js';
import { publicIpFor } from './specs.js';

export const MANUFACTURER = 'Airloom';

/** Device.LocalAgent.Subscription.{i}. as the agent keeps it (persisted across reboots). */
export interface Subscription {
  instance: number;
  id: string;
  enable: boolean;
  /** ValueChange | Event | ObjectCreation | ObjectDeletion | OperationComplete */
  notifType: string;
  /** comma-separated paths */
  referenceList: string;
  notifRetry: boolean;
  persistent: boolean;
  createdAt: number;
}

/** What the agent remembers across reboots: its name, the controller's subscriptions and settings. */
export interface AgentConfig {
  endpointId: string;
  controllerId: string;
  name: string;
  /** seconds, before TIME_SCALE */
  periodicNotifInterval: number;
  subscriptions: Subscription[];
  locating: boolean;
  /**
   * instances a controller added to configuration tables (CONFIG_TABLES): instance path
   * (`Device.NAT.PortMapping.3.`) → parameter → value; kept across simulated reboots
   */
  objects?: Map<string, Record<string, string>>;
  /** table path → the next instance number it hands out (never reused, as TR-181 asks) */
  nextInstance?: Map<string, number>;
  /** writable parameters of fixed objects (settings.ts): factory values until a controller sets them; kept across reboots */
  params?: Settings;
  /** Device.X_AIRLOOM_SafeApply */
  safeApply?: SafeApplyState;
  /**
   * the local administrator's password (Device.Users.User.1.Password): never in the tree a Get reads,
   * never in a notification; a factory reset brings the factory one back
   */
  adminPassword?: string;
  /** Device.X_AIRLOOM_ManagementMode: cloud until the console hands the device to local management */
  managementMode?: 'cloud' | 'local';
}

/** Fills in what a device leaves the factory with: its settings and the table instances it has (once). */
export function ensureSettings(device: SimDevice, cfg: AgentConfig): Settings {
  if (!cfg.params) {
    cfg.params = factorySettings(device.spec, device.ip);
    cfg.objects ??= new Map();
    for (const [path, params] of factoryObjects(device.spec, device.ip)) if (!cfg.objects.has(path)) cfg.objects.set(path, params);
  }
  syncRadioSettings(device, cfg.params);
  return cfg.params;
}

/**
 * The radio settings a controller may write (the `radio` and `roaming` sections, docs/wireless.md):
 * missing ones are filled from the radios as they are; then the radios follow the settings, so the
 * tree and the neighbour scans of the other APs show the new channel and power at once.
 */
function syncRadioSettings(device: SimDevice, s: Map<string, string>): void {
  device.radios.forEach((r, i) => {
    const at = `Device.WiFi.Radio.${i + 1}.`;
    const fill = (param: string, value: string) => {
      if (!s.has(at + param)) s.set(at + param, value);
    };
    fill('Channel', String(r.channel));
    fill('OperatingChannelBandwidth', `${r.widthMhz ?? (r.band === '2.4GHz' ? 20 : 80)}MHz`);
    fill('X_AIRLOOM_TransmitPowerdBm', String(powerDbm(r)));
    fill('X_AIRLOOM_AccessThreshold', '-90');
    fill('X_AIRLOOM_RoamingMinRSSI', '-90');
    for (const k of ['k', 'v', 'r']) fill(`X_AIRLOOM_IEEE80211${k}Enable`, 'false');
    r.channel = Number(s.get(`${at}Channel`));
    r.widthMhz = Number.parseInt(s.get(`${at}OperatingChannelBandwidth`)!, 10);
    const dbm = Number(s.get(`${at}X_AIRLOOM_TransmitPowerdBm`));
    if (dbm !== powerDbm(r)) r.dbm = dbm;
  });
  if (device.radios.length && !s.has('Device.WiFi.X_AIRLOOM_BandSteeringEnable')) s.set('Device.WiFi.X_AIRLOOM_BandSteeringEnable', 'false');
}

/**
 * The controller's Wi-Fi networks among the configuration tables' instances: each AccessPoint it added
 * with the SSID it refers to (SSIDReference) and that SSID's radio (LowerLayers).
 */
export function wlansOf(objects: ReadonlyMap<string, Record<string, string>> | undefined): Omit<Wlan, 'on'>[] {
  const out: Omit<Wlan, 'on'>[] = [];
  for (const [apPath, ap] of objects ?? []) {
    if (!/^Device\.WiFi\.AccessPoint\.\d+\.$/.test(apPath)) continue;
    const ref = (ap.SSIDReference ?? '').replace(/\.?$/, '.');
    const ssid = objects?.get(ref);
    const radio = Number(/Radio\.(\d+)\.?$/.exec(ssid?.LowerLayers ?? '')?.[1]);
    if (!ssid || !radio) continue;
    out.push({
      ssidPath: ref,
      apPath,
      radio: radio - 1,
      name: ssid.SSID ?? '',
      enabled: ssid.Enable !== 'false' && ap.Enable !== 'false',
      hidden: ap.SSIDAdvertisementEnabled === 'false',
      maxClients: Number(ap.MaxAssociatedDevices) > 0 ? Number(ap.MaxAssociatedDevices) : 128,
      schedule: ap.X_AIRLOOM_ShutdownSchedule ?? '',
    });
  }
  return out.sort((a, b) => instanceNumber(a.ssidPath) - instanceNumber(b.ssidPath));
}

const instanceNumber = (path: string) => Number(/(\d+)\.$/.exec(path)?.[1] ?? 0);

/** A factory reset of the configuration: settings, table instances and safe apply as they left the factory. */
export function resetSettings(device: SimDevice, cfg: AgentConfig): void {
  cfg.params = undefined;
  cfg.objects?.clear();
  cfg.nextInstance?.clear();
  cfg.safeApply = undefined;
  ensureSettings(device, cfg);
}

// Supported objects and their parameters ({i} = any instance). Paths outside this are invalid (7026).
const OBJECTS: Record<string, readonly string[]> = {
  'Device.': ['RootDataModelVersion', 'X_AIRLOOM_MeshRole', 'X_AIRLOOM_ManagementMode'],
  'Device.DeviceInfo.': [
    'Manufacturer', 'ManufacturerOUI', 'ModelName', 'ProductClass', 'SerialNumber', 'SoftwareVersion', 'UpTime',
    'X_AIRLOOM_Name', 'X_AIRLOOM_LocateActive', 'X_AIRLOOM_PublicIPAddress',
  ],
  'Device.DeviceInfo.ProcessStatus.': ['CPUUsage'],
  'Device.DeviceInfo.MemoryStatus.': ['Total', 'Free'],
  'Device.DeviceInfo.FirmwareImage.{i}.': ['Alias', 'Name', 'Version', 'Available', 'Status'],
  'Device.LocalAgent.': ['EndpointID', 'ControllerNumberOfEntries', 'SubscriptionNumberOfEntries'],
  'Device.LocalAgent.Controller.{i}.': ['EndpointID', 'Enable', 'PeriodicNotifInterval'],
  'Device.LocalAgent.Subscription.{i}.': [
    'Enable', 'ID', 'Recipient', 'NotifType', 'ReferenceList', 'Persistent', 'NotifRetry', 'CreationDate',
  ],
  // vendor (docs/devices.md): the deny list every AccessPoint of the device applies (TR-181's own
  // AllowedMACAddress is an allow list only), and band steering
  'Device.WiFi.': ['RadioNumberOfEntries', 'SSIDNumberOfEntries', 'AccessPointNumberOfEntries', 'X_AIRLOOM_DeniedMACAddress', 'X_AIRLOOM_BandSteeringEnable'],
  'Device.WiFi.Radio.{i}.': [
    'Enable', 'Status', 'OperatingFrequencyBand', 'Channel', 'OperatingChannelBandwidth', 'TransmitPower', 'X_AIRLOOM_TransmitPowerdBm', 'ChannelUtilization',
    'X_AIRLOOM_AccessThreshold', 'X_AIRLOOM_RoamingMinRSSI', 'X_AIRLOOM_IEEE80211kEnable', 'X_AIRLOOM_IEEE80211vEnable', 'X_AIRLOOM_IEEE80211rEnable',
  ],
  'Device.WiFi.Radio.{i}.Stats.': ['Noise', 'BytesSent', 'BytesReceived'],
  'Device.WiFi.SSID.{i}.': ['Enable', 'Status', 'SSID', 'LowerLayers'],
  'Device.WiFi.AccessPoint.{i}.': ['Enable', 'SSIDReference', 'AssociatedDeviceNumberOfEntries'],
  'Device.WiFi.AccessPoint.{i}.AssociatedDevice.{i}.': ['MACAddress', 'SignalStrength', 'Active', 'LastDataDownlinkRate', 'LastDataUplinkRate'],
  'Device.WiFi.AccessPoint.{i}.AssociatedDevice.{i}.Stats.': ['BytesSent', 'BytesReceived'],
  'Device.Ethernet.': ['InterfaceNumberOfEntries', 'X_AIRLOOM_MacTableNumberOfEntries'],
  // a switch's learnt MAC table (its forwarding database): TR-181 has no such object (docs/topology.md)
  'Device.Ethernet.X_AIRLOOM_MacTable.{i}.': ['MACAddress', 'Port', 'VLANID', 'Type'],
  'Device.Ethernet.Interface.{i}.': [
    'Enable', 'Status', 'Name', 'MaxBitRate', 'CurrentBitRate', 'DuplexMode',
    'X_AIRLOOM_Remark', 'X_AIRLOOM_PoEEnable', 'X_AIRLOOM_PoEPower', 'X_AIRLOOM_PoEPowerLimit',
  ],
  'Device.Ethernet.Interface.{i}.Stats.': ['BytesSent', 'BytesReceived'],
  // the management IP interface of a switch sits on this VLAN (IP.Interface.1.LowerLayers)
  'Device.Ethernet.VLANTermination.{i}.': ['Enable', 'Name', 'VLANID', 'LowerLayers'],
  // TR-181 has no PoE budget nor a mesh backhaul with hop count: vendor objects (ARCHITECTURE §5)
  'Device.X_AIRLOOM_PoE.': ['PowerBudget', 'PowerUsed'],
  'Device.X_AIRLOOM_MeshBackhaul.': ['ParentSerialNumber', 'Hops', 'SignalStrength', 'Rate', 'SSID'],
  'Device.LLDP.': [],
  'Device.LLDP.Discovery.': ['DeviceNumberOfEntries'],
  'Device.LLDP.Discovery.Device.{i}.': ['Interface', 'ChassisIDSubtype', 'ChassisID', 'PortIDSubtype', 'PortID', 'TTL'],
  'Device.Hosts.': ['HostNumberOfEntries'],
  'Device.Hosts.Host.{i}.': ['PhysAddress', 'IPAddress', 'HostName', 'Active', 'Layer1Interface'],
  'Device.IP.': ['InterfaceNumberOfEntries'],
  'Device.IP.Interface.{i}.': ['Enable', 'Status', 'Name', 'LowerLayers', 'IPv4AddressNumberOfEntries'],
  'Device.IP.Interface.{i}.Stats.': ['BytesSent', 'BytesReceived'],
  // TR-181 keeps the default route in Routing; the static gateway is a vendor parameter, so the device's
  // own default route derives from it and the static-routes table holds only the console's routes
  'Device.IP.Interface.{i}.IPv4Address.{i}.': ['Enable', 'IPAddress', 'SubnetMask', 'AddressingType', 'X_AIRLOOM_DefaultGateway'],
  'Device.PPP.': ['InterfaceNumberOfEntries'],
  // PPTP and L2TP carriers are not in TR-181: X_AIRLOOM_Transport (PPPoE | PPTP | L2TP) and its server
  'Device.PPP.Interface.{i}.': ['Enable', 'Status', 'ConnectionStatus', 'LowerLayers', 'Username', 'Password', 'X_AIRLOOM_Transport', 'X_AIRLOOM_Server'],
  'Device.PPP.Interface.{i}.PPPoE.': ['ServiceName'],
  'Device.DHCPv4.': ['ClientNumberOfEntries'],
  'Device.DHCPv4.Client.{i}.': ['Enable', 'Interface', 'Status', 'IPAddress', 'SubnetMask', 'IPRouters', 'DNSServers'],
  'Device.DHCPv4.Server.': ['Enable'],
  'Device.DHCPv4.Relay.': ['Enable'],
  'Device.X_AIRLOOM_DHCPSnooping.': ['Enable'],
  'Device.DNS.': [],
  'Device.DNS.Client.': ['Enable'],
  'Device.Routing.': ['RouterNumberOfEntries'],
  'Device.Routing.Router.{i}.': ['Enable', 'Status'],
  'Device.NAT.': [],
  'Device.Bridging.': ['BridgeNumberOfEntries'],
  'Device.Bridging.Bridge.{i}.': ['Enable', 'Status', 'X_AIRLOOM_QVLANEnable', 'X_AIRLOOM_MutualAccess'],
  'Device.Bridging.Bridge.{i}.Port.{i}.': ['Enable', 'Name', 'LowerLayers', 'PVID', 'X_AIRLOOM_Trunk', 'X_AIRLOOM_StrippedVLANs'],
  // safe apply (docs/devices.md): arm with Timeout > 0, confirm with 0; rolls back by itself
  'Device.X_AIRLOOM_SafeApply.': ['Timeout', 'Status'],
  // the local administrator (TR-181 Users); Password is hidden: read back as an empty string
  'Device.Users.': ['UserNumberOfEntries'],
  'Device.Users.User.{i}.': ['Enable', 'Username', 'Password', 'RemoteAccessCapable'],
  // the Security sub-object of the console's access points (their parameters are written through the AccessPoint instance)
  'Device.WiFi.AccessPoint.{i}.Security.': ['ModeEnabled', 'X_AIRLOOM_Cipher', 'KeyPassphrase', 'RekeyingInterval', 'RadiusServerIPAddr', 'RadiusServerPort', 'RadiusSecret'],
};

/**
 * Multi-instance configuration tables a controller may Add to and Delete from (template → parameters
 * besides `Alias`, which every one has and which is unique in its table). Every parameter of such a
 * table is writable. A configuration section's table is registered with one line here (or with
 * registerConfigTable in a test).
 */
export const CONFIG_TABLES: Record<string, readonly string[]> = {
  'Device.DNS.Client.Server.{i}.': ['Enable', 'DNSServer', 'Interface', 'Type'],
  'Device.Routing.Router.{i}.IPv4Forwarding.{i}.': ['Enable', 'Status', 'StaticRoute', 'DestIPAddress', 'DestSubnetMask', 'GatewayIPAddress', 'Interface', 'Origin'],
  'Device.NAT.PortMapping.{i}.': ['Enable', 'Description', 'Protocol', 'ExternalPort', 'ExternalPortEndRange', 'InternalPort', 'InternalClient'],
  'Device.DHCPv4.Server.Pool.{i}.': [
    'Enable', 'MinAddress', 'MaxAddress', 'SubnetMask', 'IPRouters', 'DNSServers', 'LeaseTime', 'X_AIRLOOM_VLANID', 'X_AIRLOOM_Type',
  ],
  'Device.DHCPv4.Relay.Forwarding.{i}.': ['Enable', 'DHCPServerIPAddress'],
  // a VLAN's gateway address (X_AIRLOOM_IPAddress/SubnetMask) and a switch's wired/wireless flag are vendor parameters
  'Device.Bridging.Bridge.{i}.VLAN.{i}.': ['Enable', 'VLANID', 'Name', 'X_AIRLOOM_IPAddress', 'X_AIRLOOM_SubnetMask', 'X_AIRLOOM_Wireless'],
  'Device.Bridging.Bridge.{i}.VLANPort.{i}.': ['Enable', 'VLAN', 'Port', 'Untagged'],
  // wireless policies (docs/wireless.md): the console's SSIDs beside the device's own; the VLAN, the
  // cipher, the shutdown schedule, rate limits and the guest flag are vendor parameters (docs/devices.md)
  'Device.WiFi.SSID.{i}.': ['Enable', 'Status', 'SSID', 'LowerLayers', 'X_AIRLOOM_VLANID'],
  'Device.WiFi.AccessPoint.{i}.': [
    'Enable', 'Status', 'SSIDReference', 'SSIDAdvertisementEnabled', 'MaxAssociatedDevices', 'IsolationEnable', 'AssociatedDeviceNumberOfEntries',
    'X_AIRLOOM_Guest', 'X_AIRLOOM_ShutdownSchedule', 'X_AIRLOOM_UpRateLimit', 'X_AIRLOOM_DownRateLimit',
    'Security.ModeEnabled', 'Security.X_AIRLOOM_Cipher', 'Security.KeyPassphrase', 'Security.RekeyingInterval',
    'Security.RadiusServerIPAddr', 'Security.RadiusServerPort', 'Security.RadiusSecret',
  ],
};

export function registerConfigTable(template: string, params: readonly string[]): void {
  const all = ['Alias', ...params.filter((p) => p !== 'Alias')];
  CONFIG_TABLES[template] = all;
  OBJECTS[template] = all;
}

for (const [tpl, params] of Object.entries(CONFIG_TABLES)) registerConfigTable(tpl, params);

/** The template of a configuration table an object path belongs to (`Device.NAT.PortMapping.3.` → `Device.NAT.PortMapping.{i}.`). */
export function configTableOf(path: string): string | undefined {
  const parsed = parsePath(path);
  if (!parsed?.isObject) return undefined;
  const tpl = `${template(parsed.segments)}.`;
  if (CONFIG_TABLES[tpl]) return tpl;
  const asTable = `${tpl}{i}.`;
  return CONFIG_TABLES[asTable] ? asTable : undefined;
}

/** Parameters a controller may Set (template form). */
export const WRITABLE = new Set([
  'Device.DeviceInfo.X_AIRLOOM_Name',
  'Device.Users.User.{i}.Password',
  'Device.X_AIRLOOM_ManagementMode',
  SAFE_APPLY_TIMEOUT,
  'Device.LocalAgent.Controller.{i}.PeriodicNotifInterval',
  'Device.LocalAgent.Subscription.{i}.Enable',
  'Device.LocalAgent.Subscription.{i}.ID',
  'Device.LocalAgent.Subscription.{i}.NotifType',
  'Device.LocalAgent.Subscription.{i}.ReferenceList',
  'Device.LocalAgent.Subscription.{i}.NotifRetry',
  'Device.LocalAgent.Subscription.{i}.Persistent',
]);

export const SUBSCRIPTION_TABLE = 'Device.LocalAgent.Subscription.';
export const NOTIF_TYPES = ['ValueChange', 'Event', 'ObjectCreation', 'ObjectDeletion', 'OperationComplete'];

const bool = (v: boolean) => (v ? 'true' : 'false');

/** Every parameter of the device's tree, full path → value, in data-model order. */
export function renderTree(device: SimDevice, cfg: AgentConfig, now = Date.now()): Map<string, string> {
  const t = new Map<string, string>();
  const put = (obj: string, params: Record<string, string | number | boolean>) => {
    for (const [k, v] of Object.entries(params)) t.set(obj + k, typeof v === 'boolean' ? bool(v) : String(v));
  };
  const spec = device.spec;
  const settings = ensureSettings(device, cfg);
  put('Device.', { RootDataModelVersion: '2.16', X_AIRLOOM_MeshRole: spec.meshRole, X_AIRLOOM_ManagementMode: cfg.managementMode ?? 'cloud' });
  put('Device.DeviceInfo.', {
    Manufacturer: MANUFACTURER,
    ManufacturerOUI: spec.mac.replace(/:/g, '').slice(0, 6),
    ModelName: spec.model,
    ProductClass: spec.type,
    SerialNumber: spec.sn,
    SoftwareVersion: device.softwareVersion,
    UpTime: device.uptime(now),
    X_AIRLOOM_Name: cfg.name,
    X_AIRLOOM_LocateActive: cfg.locating,
    // what the site's line shows the internet; TR-181 has no parameter for it (vendor prefix)
    X_AIRLOOM_PublicIPAddress: publicIpFor(spec),
  });
  put('Device.DeviceInfo.ProcessStatus.', { CPUUsage: device.cpuUsage() });
  put('Device.DeviceInfo.MemoryStatus.', { Total: device.memoryTotal, Free: device.memoryFree() });
  device.firmwareImages.forEach((image, i) =>
    put(`Device.DeviceInfo.FirmwareImage.${i + 1}.`, { Alias: `cpe-${i + 1}`, Name: image.version ? `${spec.model}-${image.version}` : '', Version: image.version, Available: image.status === 'Available', Status: image.status }),
  );
  put('Device.LocalAgent.', {
    EndpointID: cfg.endpointId,
    ControllerNumberOfEntries: 1,
    SubscriptionNumberOfEntries: cfg.subscriptions.length,
  });
  put('Device.LocalAgent.Controller.1.', { EndpointID: cfg.controllerId, Enable: true, PeriodicNotifInterval: cfg.periodicNotifInterval });
  for (const s of cfg.subscriptions) {
    put(`Device.LocalAgent.Subscription.${s.instance}.`, {
      Enable: s.enable,
      ID: s.id,
      Recipient: 'Device.LocalAgent.Controller.1',
      NotifType: s.notifType,
      ReferenceList: s.referenceList,
      Persistent: s.persistent,
      NotifRetry: s.notifRetry,
      CreationDate: new Date(s.createdAt).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    });
  }

  for (const [instancePath, params] of cfg.objects ?? []) put(instancePath, params);
  // the controller's Wi-Fi networks as they run: up or down (Enable, shutdown periods) and their clients
  for (const w of device.wlans) {
    if (!cfg.objects?.has(w.ssidPath) || !cfg.objects.has(w.apPath)) continue;
    const clients = device.clients.filter((c) => c.wlan === w.ssidPath);
    put(w.ssidPath, { Status: w.on ? 'Up' : 'Down' });
    put(w.apPath, { Status: w.on ? 'Enabled' : 'Disabled', AssociatedDeviceNumberOfEntries: clients.length });
    for (const c of clients) {
      const rates = SimDevice.dataRates(c);
      put(`${w.apPath}AssociatedDevice.${c.id}.`, { MACAddress: c.mac, SignalStrength: c.signal, Active: true, LastDataDownlinkRate: rates.down, LastDataUplinkRate: rates.up });
      put(`${w.apPath}AssociatedDevice.${c.id}.Stats.`, { BytesSent: c.bytesSent, BytesReceived: c.bytesReceived });
    }
  }

  const ssidCount = device.ssids.length;
  const apInstance = (radio: number, ssid: number) => radio * ssidCount + ssid + 1;
  put('Device.WiFi.', {
    RadioNumberOfEntries: device.radios.length,
    SSIDNumberOfEntries: device.radios.length * ssidCount,
    AccessPointNumberOfEntries: device.radios.length * ssidCount,
  });
  device.radios.forEach((r, i) => {
    put(`Device.WiFi.Radio.${i + 1}.`, {
      Enable: true,
      Status: 'Up',
      OperatingFrequencyBand: r.band,
      Channel: r.channel,
      // TR-181: percent of the radio's maximum; a power set in dBm shows as its share of the maximum
      TransmitPower: r.dbm === undefined ? r.power : Math.min(100, Math.max(1, Math.round(100 * 10 ** ((r.dbm - r.maxPowerDbm) / 10)))),
      X_AIRLOOM_TransmitPowerdBm: powerDbm(r),
      ChannelUtilization: device.channelUtilization(i),
    });
    put(`Device.WiFi.Radio.${i + 1}.Stats.`, { Noise: r.noise, BytesSent: r.bytesSent, BytesReceived: r.bytesReceived });
  });
  device.radios.forEach((_, r) =>
    device.ssids.forEach((name, s) =>
      put(`Device.WiFi.SSID.${apInstance(r, s)}.`, { Enable: true, Status: 'Up', SSID: name, LowerLayers: `Device.WiFi.Radio.${r + 1}.` }),
    ),
  );
  device.radios.forEach((_, r) =>
    device.ssids.forEach((_name, s) => {
      const ap = apInstance(r, s);
      const clients = device.clients.filter((c) => !c.wlan && c.radio === r && c.ssid === s);
      put(`Device.WiFi.AccessPoint.${ap}.`, { Enable: true, SSIDReference: `Device.WiFi.SSID.${ap}.`, AssociatedDeviceNumberOfEntries: clients.length });
      for (const c of clients) {
        const rates = SimDevice.dataRates(c);
        put(`Device.WiFi.AccessPoint.${ap}.AssociatedDevice.${c.id}.`, { MACAddress: c.mac, SignalStrength: c.signal, Active: true, LastDataDownlinkRate: rates.down, LastDataUplinkRate: rates.up });
        put(`Device.WiFi.AccessPoint.${ap}.AssociatedDevice.${c.id}.Stats.`, { BytesSent: c.bytesSent, BytesReceived: c.bytesReceived });
      }
    }),
  );

  put('Device.Ethernet.', { InterfaceNumberOfEntries: device.ports.length });
  let poeUsed = 0;
  device.ports.forEach((p, i) => {
    const at = ethIf(i + 1);
    const enabled = settings.get(`${at}Enable`) !== 'false';
    const up = p.up && enabled;
    const draw = p.poe ? poeDraw(device.spec, settings, i + 1) : 0;
    poeUsed += draw;
    put(at, {
      Enable: enabled,
      Status: up ? 'Up' : 'Down',
      Name: p.name,
      // TR-181: MaxBitRate is the configured rate (-1 = auto), CurrentBitRate what the link runs at
      MaxBitRate: settings.get(`${at}MaxBitRate`) ?? -1,
      CurrentBitRate: up ? p.maxBitRate : 0,
      DuplexMode: settings.get(`${at}DuplexMode`) ?? 'Auto',
      X_AIRLOOM_Remark: settings.get(`${at}X_AIRLOOM_Remark`) ?? '',
      X_AIRLOOM_PoEEnable: p.poe && settings.get(`${at}X_AIRLOOM_PoEEnable`) !== 'false',
      X_AIRLOOM_PoEPower: draw.toFixed(1),
      ...(p.poe ? { X_AIRLOOM_PoEPowerLimit: settings.get(`${at}X_AIRLOOM_PoEPowerLimit`) ?? '0.0' } : {}),
    });
    put(`${at}Stats.`, { BytesSent: p.bytesSent, BytesReceived: p.bytesReceived });
  });

  if (device.poeBudget > 0) put('Device.X_AIRLOOM_PoE.', { PowerBudget: device.poeBudget, PowerUsed: poeUsed.toFixed(1) });
  const b = device.backhaul;
  if (b) put('Device.X_AIRLOOM_MeshBackhaul.', { ParentSerialNumber: b.parentSn, Hops: b.hops, SignalStrength: b.signal, Rate: b.rate, SSID: b.ssid ?? device.ssids[0] ?? '' });

  // LLDP: chassis ID subtype 4 = MAC address, port ID subtype 5 = interface name (IEEE 802.1AB); a
  // device that speaks no LLDP reports no neighbour and is no neighbour of the other end either
  const links = spec.lldp === false ? [] : (spec.links ?? []).filter((l) => l.peerLldp !== false);
  put('Device.LLDP.Discovery.', { DeviceNumberOfEntries: links.length });
  links.forEach((l, i) =>
    put(`Device.LLDP.Discovery.Device.${i + 1}.`, {
      Interface: `Device.Ethernet.Interface.${l.port + 1}`,
      ChassisIDSubtype: 4,
      ChassisID: l.peerMac,
      PortIDSubtype: 5,
      PortID: l.peerPortName,
      TTL: 120,
    }),
  );

  // a switch's MAC table: the fleet's devices behind each cable, the hosts behind its own ports; a
  // port that is down or disabled has learnt nothing
  if (spec.type === 'switch') {
    const live = (port: number) => device.ports[port]?.up === true && settings.get(`${ethIf(port + 1)}Enable`) !== 'false';
    const learnt = [...(spec.macTable ?? []), ...device.wired.map((h) => ({ port: h.port, mac: h.mac, vlan: 1 }))].filter((e) => live(e.port));
    put('Device.Ethernet.', { X_AIRLOOM_MacTableNumberOfEntries: learnt.length });
    learnt.forEach((e, i) =>
      put(`Device.Ethernet.X_AIRLOOM_MacTable.${i + 1}.`, { MACAddress: e.mac, Port: `Device.Ethernet.Interface.${e.port + 1}`, VLANID: e.vlan, Type: 'dynamic' }),
    );
  }

  put('Device.Hosts.', { HostNumberOfEntries: device.clients.length + device.wired.length });
  for (const c of device.clients) {
    put(`Device.Hosts.Host.${c.id}.`, { PhysAddress: c.mac, IPAddress: c.ip, HostName: c.hostName, Active: true, Layer1Interface: c.wlan ?? `Device.WiFi.SSID.${apInstance(c.radio, c.ssid)}.` });
  }
  for (const h of device.wired) {
    put(`Device.Hosts.Host.${h.id}.`, { PhysAddress: h.mac, IPAddress: h.ip, HostName: h.hostName, Active: true, Layer1Interface: `Device.Ethernet.Interface.${h.port + 1}.` });
  }

  renderNetwork(device, settings, put);
  const sa = cfg.safeApply;
  put('Device.X_AIRLOOM_SafeApply.', { Timeout: sa?.timeout ?? 0, Status: sa?.status ?? 'Idle' });
  put('Device.Users.', { UserNumberOfEntries: 1 });
  // TR-181: a hidden parameter reads as an empty string, whatever it holds
  put('Device.Users.User.1.', { Enable: true, Username: 'admin', Password: '', RemoteAccessCapable: true });
  // settings the tree derives nothing from (PPP credentials, the DHCP client's switch…); a derived
  // value (a WAN address leased by DHCP) is what the device reports
  for (const [path, value] of settings) if (!t.has(path)) t.set(path, value);
  return t;
}

type Put = (obj: string, params: Record<string, string | number | boolean>) => void;

/** IP interfaces, PPP, DHCP, DNS, routing and bridging: what the device's settings make of its network. */
function renderNetwork(device: SimDevice, s: Settings, put: Put): void {
  const spec = device.spec;
  const gateway = isGatewayType(spec.type);
  const wanLines = gateway ? modelOf(spec).wanLines : 0;
  const lanIp = s.get(`${LAN_IF}IPv4Address.1.IPAddress`) ?? device.ip;
  const lanMask = s.get(`${LAN_IF}IPv4Address.1.SubnetMask`) ?? '255.255.255.0';
  put('Device.IP.', { InterfaceNumberOfEntries: 1 + wanLines });
  put(LAN_IF, {
    Enable: true, Status: 'Up', Name: gateway ? 'br-lan' : 'mgmt', IPv4AddressNumberOfEntries: 1,
    LowerLayers: spec.type === 'switch' ? MGMT_VLAN.slice(0, -1) : 'Device.Bridging.Bridge.1.Port.1',
  });
  put(`${LAN_IF}Stats.`, { BytesSent: device.bytesSent, BytesReceived: device.bytesReceived });
  put(`${LAN_IF}IPv4Address.1.`, { Enable: true, IPAddress: lanIp, SubnetMask: lanMask, AddressingType: gateway || spec.type === 'switch' ? 'Static' : 'DHCP' });
  if (spec.type === 'switch') {
    put(`${LAN_IF}IPv4Address.1.`, { [DEFAULT_GATEWAY]: s.get(`${LAN_IF}IPv4Address.1.${DEFAULT_GATEWAY}`) ?? '' });
    put(MGMT_VLAN, { Enable: true, Name: 'mgmt', VLANID: s.get(`${MGMT_VLAN}VLANID`) ?? '1', LowerLayers: 'Device.Bridging.Bridge.1.Port.1' });
  }

  const routes: Record<string, string>[] = [];
  if (gateway) {
    put('Device.PPP.', { InterfaceNumberOfEntries: wanLines });
    put('Device.DHCPv4.', { ClientNumberOfEntries: wanLines });
    for (let line = 1; line <= wanLines; line++) {
      const wan = wanState(spec, s, line);
      const up = upstreamOf(line);
      const ppp = wan.mode === 'pppoe' || wan.mode === 'pptp' || wan.mode === 'l2tp';
      const dhcp = wan.mode === 'dhcp';
      const at = wanIf(line);
      put(at, { Enable: wan.mode !== 'off', Status: wan.mode === 'off' ? 'Down' : 'Up', Name: line === 1 ? 'wan' : `wan${line}`, IPv4AddressNumberOfEntries: 1 });
      put(`${at}IPv4Address.1.`, {
        Enable: wan.mode !== 'off',
        IPAddress: wan.mode === 'off' ? '' : wan.ip,
        SubnetMask: wan.mode === 'off' ? '' : wan.mask,
        // TR-181: read-only, how the address was obtained
        AddressingType: ppp ? 'IPCP' : dhcp ? 'DHCP' : 'Static',
      });
      put(dhcpClient(line), {
        Interface: at.slice(0, -1),
        Status: dhcp ? 'Enabled' : 'Disabled',
        IPAddress: dhcp ? wan.ip : '',
        SubnetMask: dhcp ? wan.mask : '',
        IPRouters: dhcp ? up.gateway : '',
        DNSServers: dhcp ? up.dns : '',
      });
      put(pppIf(line), { Status: ppp ? 'Up' : 'Down', ConnectionStatus: ppp ? 'Connected' : 'Unconfigured', LowerLayers: ethIf(line).slice(0, -1) });
      if (line === 1 && wan.mode !== 'off') {
        routes.push({ Alias: 'cpe-default', DestIPAddress: '0.0.0.0', DestSubnetMask: '0.0.0.0', GatewayIPAddress: wan.gateway, Interface: at.slice(0, -1), Origin: ppp ? 'IPCP' : dhcp ? 'DHCPv4' : 'Static' });
      }
    }
    routes.push({ Alias: 'cpe-lan', DestIPAddress: networkAddress(lanIp, lanMask), DestSubnetMask: lanMask, GatewayIPAddress: '0.0.0.0', Interface: LAN_IF.slice(0, -1), Origin: 'Automatic' });
    put('Device.Routing.', { RouterNumberOfEntries: 1 });
    put('Device.Routing.Router.1.', { Enable: true, Status: 'Enabled' });
    // the device's own routes come first; the console's (added instances) are numbered after them
    routes.forEach((r, i) => put(`${OWN_ROUTES}${i + 1}.`, { Enable: true, Status: 'Enabled', StaticRoute: false, ...r }));
    put('Device.DNS.Client.', { Enable: true });
  }
  if (gateway || spec.type === 'switch') {
    put('Device.Bridging.', { BridgeNumberOfEntries: 1 });
    put('Device.Bridging.Bridge.1.', {
      Enable: true, Status: 'Enabled',
      X_AIRLOOM_QVLANEnable: s.get('Device.Bridging.Bridge.1.X_AIRLOOM_QVLANEnable') ?? 'false',
      X_AIRLOOM_MutualAccess: s.get('Device.Bridging.Bridge.1.X_AIRLOOM_MutualAccess') ?? 'true',
    });
    device.ports.forEach((p, i) =>
      put(bridgePort(i + 1), {
        Enable: true, Name: p.name, LowerLayers: ethIf(i + 1).slice(0, -1),
        PVID: s.get(`${bridgePort(i + 1)}PVID`) ?? '1',
        X_AIRLOOM_Trunk: s.get(`${bridgePort(i + 1)}X_AIRLOOM_Trunk`) ?? 'false',
        X_AIRLOOM_StrippedVLANs: s.get(`${bridgePort(i + 1)}X_AIRLOOM_StrippedVLANs`) ?? '',
      }),
    );
    put('Device.DHCPv4.Server.', { Enable: s.get('Device.DHCPv4.Server.Enable') ?? 'false' });
    put('Device.DHCPv4.Relay.', { Enable: s.get('Device.DHCPv4.Relay.Enable') ?? 'false' });
    put('Device.X_AIRLOOM_DHCPSnooping.', { Enable: s.get('Device.X_AIRLOOM_DHCPSnooping.Enable') ?? 'false' });
  }
}

/** The route table: the device's own routes (1…n) and the console's static ones. */
export const OWN_ROUTES = 'Device.Routing.Router.1.IPv4Forwarding.';
/** tables where the device has instances of its own that a controller's Add must not take the numbers of */
export const OWN_INSTANCE_TABLES = [OWN_ROUTES, 'Device.WiFi.SSID.', 'Device.WiFi.AccessPoint.'];

function networkAddress(ip: string, mask: string): string {
  const a = ip.split('.').map(Number);
  const m = mask.split('.').map(Number);
  return a.map((o, i) => o & (m[i] ?? 0)).join('.');
}

/**
 * The periodic `Device.X_AIRLOOM_Status!` event's params: the device's TR-181 parameters the event
 * carries (usp's STATUS_EVENT_PATHS, full paths as names) and when it was emitted (`SentAt`, ms UTC,
 * so a benchmark can measure ingest lag honestly).
 */
export function statusParams(device: SimDevice, cfg: AgentConfig, now = Date.now(), macTable?: MacTableMemory): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [path, value] of renderTree(device, cfg, now)) if (inStatusEvent(path)) params[path] = value;
  if (macTable) sendMacTableWhenDue(params, macTable);
  params[STATUS_EVENT_SENT_AT] = String(now);
  return params;
}

/** What an agent remembers of the MAC table it last sent (docs/topology.md "Report size"). */
export interface MacTableMemory {
  /** the table last sent, as one string; undefined before the first */
  sent?: string;
  /** status reports since then */
  since: number;
}

/**
 * A switch's MAC table rides in a status report only when it changed since the last one sent, or
 * every MAC_TABLE_EVERY reports (a gateway that lost it gets it back); otherwise its parameters are
 * left out, count included, which tells the gateway to keep what it has.
 */
export function sendMacTableWhenDue(params: Record<string, string>, memory: MacTableMemory): void {
  if (params[TR181.macTableEntries] === undefined) return;
  const paths = Object.keys(params).filter((p) => p.startsWith(TR181.macTable));
  const table = paths.map((p) => `${p}=${params[p]}`).join('\n');
  memory.since++;
  if (table !== memory.sent || memory.since >= MAC_TABLE_EVERY) {
    memory.sent = table;
    memory.since = 0;
    return;
  }
  delete params[TR181.macTableEntries];
  for (const p of paths) delete params[p];
}

/** the vendor event a device reports in its own words (docs/devices.md) */
export const DEVICE_EVENT = 'Device.X_AIRLOOM_Event!';

/**
 * `Device.X_AIRLOOM_Event!`'s params: `Code` (a short key), `Severity` (info, warning or critical),
 * `Text` (an English sentence) and `SentAt` (ms UTC), like the status event's.
 */
export function deviceEventParams(event: { code: string; severity: string; text: string }, now = Date.now()): Record<string, string> {
  return { Code: event.code, Severity: event.severity, Text: event.text, [STATUS_EVENT_SENT_AT]: String(now) };
}

// ---------------------------------------------------------------------------------------------
// Paths

export interface ParsedPath {
  segments: string[];
  /** ends with '.': an object (partial) path */
  isObject: boolean;
}

/** Splits a path on dots, keeping `[...]` search expressions (which may hold dots) whole. */
export function parsePath(path: string): ParsedPath | undefined {
  const segments: string[] = [];
  let current = '';
  let inBracket = false;
  let inQuote = false;
  for (const ch of path) {
    if (inBracket) {
      current += ch;
      if (ch === '"') inQuote = !inQuote;
      else if (ch === ']' && !inQuote) inBracket = false;
    } else if (ch === '[') {
      if (current) return undefined;
      current = ch;
      inBracket = true;
    } else if (ch === '.') {
      if (!current) return undefined;
      segments.push(current);
      current = '';
    } else current += ch;
  }
  if (inBracket) return undefined;
  const isObject = current === '';
  if (!isObject) segments.push(current);
  if (segments[0] !== 'Device' || segments.length === 0) return undefined;
  return { segments, isObject };
}

const isInstanceSelector = (seg: string) => seg === '*' || /^\d+$/.test(seg) || seg.startsWith('[');
const template = (segs: readonly string[]) => segs.map((s) => (isInstanceSelector(s) ? '{i}' : s)).join('.');

/** Whether an object path is in the supported data model (a table or an object under it). */
export function isSupportedObject(segments: readonly string[]): boolean {
  const t = `${template(segments)}.`;
  return Object.keys(OBJECTS).some((k) => k.startsWith(t));
}

/** Template form of a parameter path if it is in the supported data model. */
export function supportedParam(segments: readonly string[]): string | undefined {
  const obj = `${template(segments.slice(0, -1))}.`;
  const name = segments[segments.length - 1]!;
  return OBJECTS[obj]?.includes(name) ? `${obj}${name}` : undefined;
}

/** True when the path selects instances by search or wildcard (zero matches is then not an error). */
export function hasSearch(segments: readonly string[]): boolean {
  return segments.some((s) => s === '*' || s.startsWith('['));
}

// `[ID=="airloom-vc"]`, `[Enable==true&&NotifType=="Event"]`
function evalSearch(expr: string, instancePath: string, tree: ReadonlyMap<string, string>): boolean {
  const body = expr.slice(1, -1);
  return body.split('&&').every((term) => {
    const m = /^\s*([A-Za-z0-9_.]+)\s*(==|!=)\s*(?:"([^"]*)"|([^\s"]+))\s*$/.exec(term);
    if (!m) return false;
    const actual = tree.get(`${instancePath}.${m[1]}`);
    const expected = m[3] ?? m[4];
    return m[2] === '==' ? actual === expected : actual !== undefined && actual !== expected;
  });
}

/** Whether a concrete object path (segments, no selectors) matches the requested selector segments. */
function matchPrefix(
  requested: readonly string[],
  concrete: readonly string[],
  tree: ReadonlyMap<string, string>,
): boolean {
  if (concrete.length < requested.length) return false;
  for (let i = 0; i < requested.length; i++) {
    const r = requested[i]!;
    const c = concrete[i]!;
    if (r === '*') {
      if (!/^\d+$/.test(c)) return false;
    } else if (r.startsWith('[')) {
      if (!/^\d+$/.test(c) || !evalSearch(r, concrete.slice(0, i + 1).join('.'), tree)) return false;
    } else if (r !== c) return false;
  }
  return true;
}

export interface GetResult {
  errCode: number;
  errMsg: string;
  resolved: ResolvedPathResult[];
}

/** USP Get of one path: one resolved result per object instance, params relative to it. */
export function getPath(tree: ReadonlyMap<string, string>, path: string, maxDepth = 0): GetResult {
  const parsed = parsePath(path);
  const invalid = { errCode: 7026, errMsg: `Invalid path: ${path}`, resolved: [] };
  if (!parsed) return invalid;
  const { segments, isObject } = parsed;
  if (isObject ? !isSupportedObject(segments) : !supportedParam(segments)) return invalid;

  // the literal start of the request (up to a wildcard or search): a cheap test before splitting every path
  const literal = segments.findIndex((seg) => seg === '*' || seg.startsWith('['));
  const prefix = `${segments.slice(0, literal < 0 ? (isObject ? segments.length : segments.length - 1) : literal).join('.')}.`;
  const byObject = new Map<string, Record<string, string>>();
  for (const [full, value] of tree) {
    if (!full.startsWith(prefix)) continue;
    const parts = full.split('.');
    const name = parts.pop()!;
    if (isObject) {
      if (!matchPrefix(segments, parts, tree)) continue;
      // max_depth 1 = the object's own parameters, 2 = one level of sub-objects, … (0 = all)
      if (maxDepth > 0 && parts.length - segments.length + 1 > maxDepth) continue;
    } else if (parts.length !== segments.length - 1 || name !== segments[segments.length - 1] || !matchPrefix(segments.slice(0, -1), parts, tree)) {
      continue;
    }
    const obj = `${parts.join('.')}.`;
    let params = byObject.get(obj);
    if (!params) byObject.set(obj, (params = {}));
    params[name] = value;
  }
  // an instance number that does not exist is an invalid path; an empty search, or an empty table of
  // an instance that exists (`Device.Bridging.Bridge.1.VLANPort.`), is just empty
  if (byObject.size === 0 && !hasSearch(segments) && segments.some((s) => /^\d+$/.test(s))) {
    const lastNumber = segments.findLastIndex((s) => /^\d+$/.test(s));
    const owner = `${segments.slice(0, lastNumber + 1).join('.')}.`;
    const ownerExists = isObject && lastNumber < segments.length - 1 && [...tree.keys()].some((k) => k.startsWith(owner));
    if (!ownerExists) return invalid;
  }
  return {
    errCode: 0,
    errMsg: '',
    resolved: [...byObject].map(([resolvedPath, resultParams]) => ({ resolvedPath, resultParams })),
  };
}

/** The existing object instances an object path selects (for Set and Delete), e.g. `Device.LocalAgent.Subscription.2.` */
export function resolveObjects(tree: ReadonlyMap<string, string>, path: string): string[] | undefined {
  const parsed = parsePath(path);
  if (!parsed?.isObject || !isSupportedObject(parsed.segments)) return undefined;
  const found = new Set<string>();
  for (const full of tree.keys()) {
    const parts = full.split('.');
    parts.pop();
    if (parts.length >= parsed.segments.length && matchPrefix(parsed.segments, parts, tree)) {
      found.add(`${parts.slice(0, parsed.segments.length).join('.')}.`);
    }
  }
  return [...found];
}
