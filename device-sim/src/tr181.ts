// The TR-181 view of a simulated device: the supported data model (schema), the instantiated
// tree rendered from the device's state, and path resolution for Get/Set/Delete (partial paths,
// instance numbers, `*` wildcards and simple `[Param=="value"]` search expressions).
import { inStatusEvent, STATUS_EVENT_SENT_AT, type ResolvedPathResult } from '@airloom/usp';
import { powerDbm, type SimDevice } from './device.js';
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
}

// Supported objects and their parameters ({i} = any instance). Paths outside this are invalid (7026).
const OBJECTS: Record<string, readonly string[]> = {
  'Device.': ['RootDataModelVersion', 'X_AIRLOOM_MeshRole'],
  'Device.DeviceInfo.': [
    'Manufacturer', 'ManufacturerOUI', 'ModelName', 'ProductClass', 'SerialNumber', 'SoftwareVersion', 'UpTime',
    'X_AIRLOOM_Name', 'X_AIRLOOM_LocateActive', 'X_AIRLOOM_PublicIPAddress',
  ],
  'Device.DeviceInfo.ProcessStatus.': ['CPUUsage'],
  'Device.DeviceInfo.MemoryStatus.': ['Total', 'Free'],
  'Device.LocalAgent.': ['EndpointID', 'ControllerNumberOfEntries', 'SubscriptionNumberOfEntries'],
  'Device.LocalAgent.Controller.{i}.': ['EndpointID', 'Enable', 'PeriodicNotifInterval'],
  'Device.LocalAgent.Subscription.{i}.': [
    'Enable', 'ID', 'Recipient', 'NotifType', 'ReferenceList', 'Persistent', 'NotifRetry', 'CreationDate',
  ],
  'Device.WiFi.': ['RadioNumberOfEntries', 'SSIDNumberOfEntries', 'AccessPointNumberOfEntries'],
  'Device.WiFi.Radio.{i}.': ['Enable', 'Status', 'OperatingFrequencyBand', 'Channel', 'TransmitPower', 'X_AIRLOOM_TransmitPowerdBm'],
  'Device.WiFi.Radio.{i}.Stats.': ['Noise'],
  'Device.WiFi.SSID.{i}.': ['Enable', 'Status', 'SSID', 'LowerLayers'],
  'Device.WiFi.AccessPoint.{i}.': ['Enable', 'SSIDReference', 'AssociatedDeviceNumberOfEntries'],
  'Device.WiFi.AccessPoint.{i}.AssociatedDevice.{i}.': ['MACAddress', 'SignalStrength', 'Active'],
  'Device.Ethernet.': ['InterfaceNumberOfEntries'],
  'Device.Ethernet.Interface.{i}.': ['Enable', 'Status', 'Name', 'MaxBitRate', 'X_AIRLOOM_PoEEnable', 'X_AIRLOOM_PoEPower'],
  // TR-181 has no PoE budget nor a mesh backhaul with hop count: vendor objects (ARCHITECTURE §5)
  'Device.X_AIRLOOM_PoE.': ['PowerBudget', 'PowerUsed'],
  'Device.X_AIRLOOM_MeshBackhaul.': ['ParentSerialNumber', 'Hops', 'SignalStrength', 'Rate'],
  'Device.LLDP.': [],
  'Device.LLDP.Discovery.': ['DeviceNumberOfEntries'],
  'Device.LLDP.Discovery.Device.{i}.': ['Interface', 'ChassisIDSubtype', 'ChassisID', 'PortIDSubtype', 'PortID', 'TTL'],
  'Device.Hosts.': ['HostNumberOfEntries'],
  'Device.Hosts.Host.{i}.': ['PhysAddress', 'IPAddress', 'HostName', 'Active', 'Layer1Interface'],
  'Device.IP.': ['InterfaceNumberOfEntries'],
  'Device.IP.Interface.{i}.': ['Enable', 'Status', 'Name', 'IPv4AddressNumberOfEntries'],
  'Device.IP.Interface.{i}.Stats.': ['BytesSent', 'BytesReceived'],
  'Device.IP.Interface.{i}.IPv4Address.{i}.': ['Enable', 'IPAddress', 'SubnetMask', 'AddressingType'],
};

/**
 * Multi-instance configuration tables a controller may Add to and Delete from (template → parameters
 * besides `Alias`, which every one has and which is unique in its table). Every parameter of such a
 * table is writable. A configuration section's table is registered with one line here (or with
 * registerConfigTable in a test).
 */
export const CONFIG_TABLES: Record<string, readonly string[]> = {};

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
  put('Device.', { RootDataModelVersion: '2.16', X_AIRLOOM_MeshRole: spec.meshRole });
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
      TransmitPower: r.power,
      X_AIRLOOM_TransmitPowerdBm: powerDbm(r),
    });
    put(`Device.WiFi.Radio.${i + 1}.Stats.`, { Noise: r.noise });
  });
  device.radios.forEach((_, r) =>
    device.ssids.forEach((name, s) =>
      put(`Device.WiFi.SSID.${apInstance(r, s)}.`, { Enable: true, Status: 'Up', SSID: name, LowerLayers: `Device.WiFi.Radio.${r + 1}.` }),
    ),
  );
  device.radios.forEach((_, r) =>
    device.ssids.forEach((_name, s) => {
      const ap = apInstance(r, s);
      const clients = device.clients.filter((c) => c.radio === r && c.ssid === s);
      put(`Device.WiFi.AccessPoint.${ap}.`, { Enable: true, SSIDReference: `Device.WiFi.SSID.${ap}.`, AssociatedDeviceNumberOfEntries: clients.length });
      for (const c of clients) {
        put(`Device.WiFi.AccessPoint.${ap}.AssociatedDevice.${c.id}.`, { MACAddress: c.mac, SignalStrength: c.signal, Active: true });
      }
    }),
  );

  put('Device.Ethernet.', { InterfaceNumberOfEntries: device.ports.length });
  device.ports.forEach((p, i) =>
    put(`Device.Ethernet.Interface.${i + 1}.`, {
      Enable: true,
      Status: p.up ? 'Up' : 'Down',
      Name: p.name,
      MaxBitRate: p.up ? p.maxBitRate : 0,
      X_AIRLOOM_PoEEnable: p.poe,
      X_AIRLOOM_PoEPower: p.poePower.toFixed(1),
    }),
  );

  if (device.poeBudget > 0) put('Device.X_AIRLOOM_PoE.', { PowerBudget: device.poeBudget, PowerUsed: device.poeUsed().toFixed(1) });
  const b = device.backhaul;
  if (b) put('Device.X_AIRLOOM_MeshBackhaul.', { ParentSerialNumber: b.parentSn, Hops: b.hops, SignalStrength: b.signal, Rate: b.rate });

  // LLDP: chassis ID subtype 4 = MAC address, port ID subtype 5 = interface name (IEEE 802.1AB)
  const links = spec.links ?? [];
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

  put('Device.Hosts.', { HostNumberOfEntries: device.clients.length + device.wired.length });
  for (const c of device.clients) {
    put(`Device.Hosts.Host.${c.id}.`, { PhysAddress: c.mac, IPAddress: c.ip, HostName: c.hostName, Active: true, Layer1Interface: `Device.WiFi.SSID.${apInstance(c.radio, c.ssid)}.` });
  }
  for (const h of device.wired) {
    put(`Device.Hosts.Host.${h.id}.`, { PhysAddress: h.mac, IPAddress: h.ip, HostName: h.hostName, Active: true, Layer1Interface: `Device.Ethernet.Interface.${h.port + 1}.` });
  }

  put('Device.IP.', { InterfaceNumberOfEntries: 1 });
  put('Device.IP.Interface.1.', { Enable: true, Status: 'Up', Name: 'br-lan', IPv4AddressNumberOfEntries: 1 });
  put('Device.IP.Interface.1.Stats.', { BytesSent: device.bytesSent, BytesReceived: device.bytesReceived });
  put('Device.IP.Interface.1.IPv4Address.1.', { Enable: true, IPAddress: device.ip, SubnetMask: '255.255.255.0', AddressingType: 'DHCP' });
  return t;
}

/**
 * The periodic `Device.X_AIRLOOM_Status!` event's params: the device's TR-181 parameters the event
 * carries (usp's STATUS_EVENT_PATHS, full paths as names) and when it was emitted (`SentAt`, ms UTC,
 * so a benchmark can measure ingest lag honestly).
 */
export function statusParams(device: SimDevice, cfg: AgentConfig, now = Date.now()): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [path, value] of renderTree(device, cfg, now)) if (inStatusEvent(path)) params[path] = value;
  params[STATUS_EVENT_SENT_AT] = String(now);
  return params;
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

  const byObject = new Map<string, Record<string, string>>();
  for (const [full, value] of tree) {
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
  // an instance number that does not exist is an invalid path; an empty search is just empty
  if (byObject.size === 0 && !hasSearch(segments) && segments.some((s) => /^\d+$/.test(s))) return invalid;
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
