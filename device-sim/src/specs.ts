// Which devices a simulated fleet has: the two demo projects' standing fleets and the CLI's
// generated ones. Everything here is deterministic: the same project gives the same SNs, MACs,
// names and IPs on every start; only the broker secrets are fresh (the caller supplies them).
import { CLOUD_CODE_ALPHABET, DEVICE_TYPES, LIMITS, type DeviceType, type MeshNodeMode } from '@airloom/contracts';
import { defaultModelOf, deviceModel } from '@airloom/contracts/config';
import { demoHotelPlace, type RfPlace } from './air.js';
import { hash32 } from './random.js';

export interface DeviceSpec {
  /** serial number: the device's identity in the console (16–32 letters/digits) */
  sn: string;
  /** upper case, colons */
  mac: string;
  type: DeviceType;
  model: string;
  /** '' for devices outside a mesh */
  meshRole: MeshNodeMode | '';
  /** the name the device reports until the console renames it */
  name: string;
  /** broker password; the CLI and the console make a fresh one per registration */
  secret?: string;
  /** LAN address the device reports; derived from the SN when absent */
  ip?: string;
  /** the public address its site reaches the internet from; derived from the SN when absent */
  publicIp?: string;
  /** a mesh secondary's wireless way to the primary: the node it associates with, and its hop count */
  backhaul?: { parentSn: string; hops: number };
  /** cables to other devices of the fleet, as both ends see them (LLDP neighbours) */
  links?: CableEnd[];
  /** where it really stands on its radio site: what its neighbour scans hear (air.ts) */
  rf?: RfPlace;
  /** false: the device speaks no LLDP (a camera, an NVR, an AP with LLDP off): neither end of its cables reports it */
  lldp?: false;
  /**
   * a switch's MACs of the fleet's devices learnt on each port (wireFleet): on a port, every device
   * reached through its cable (and, beyond a mesh primary, its secondaries); the switch adds the
   * hosts behind its own ports when it reports (tr181.ts)
   */
  macTable?: LearntMac[];
}

/** One entry of a switch's MAC table: the MAC, the port (0-based) it was learnt on, its VLAN. */
export interface LearntMac {
  port: number;
  mac: string;
  vlan: number;
}

/** A simulated switch keeps at most this many MACs per port, nearest first (docs/topology.md). */
export const MAC_TABLE_PER_PORT = 64;

/** One end of a cable between two devices of a fleet, seen from the device that holds it. */
export interface CableEnd {
  /** index of the local Ethernet port */
  port: number;
  peerSn: string;
  peerMac: string;
  /** the peer's port name, as LLDP's PortID (interface name) */
  peerPortName: string;
  /** Mbit/s both ends negotiated */
  speed: number;
  /** what the peer is: a switch powers APs and cameras on its PoE ports */
  peerType?: DeviceType;
  /** false: the peer speaks no LLDP, so this end sees no LLDP neighbour on the cable */
  peerLldp?: false;
}

/** Locally administered OUI ("AL" in its last two bytes), so simulated MACs never clash with a vendor's. */
export const SIM_OUI = '02:41:4C';

interface ModelInfo {
  model: string;
  /** two letters in the SN */
  code: string;
  /** Wi-Fi bands, none for wired-only devices */
  bands: readonly ('2.4GHz' | '5GHz')[];
  softwareVersion: string;
}

const MODELS: Record<DeviceType, ModelInfo> = {
  router: { model: 'AL-GW1200', code: 'RT', bands: ['2.4GHz', '5GHz'], softwareVersion: 'V3.2.1' },
  wrouter: { model: 'AL-WR1800', code: 'WR', bands: ['2.4GHz', '5GHz'], softwareVersion: 'V3.1.4' },
  ap: { model: 'AL-AP620', code: 'AP', bands: ['2.4GHz', '5GHz'], softwareVersion: 'V2.4.0' },
  v7: { model: 'AL-V7', code: 'V7', bands: ['2.4GHz', '5GHz'], softwareVersion: 'V7.0.2' },
  mesh: { model: 'AL-MX300', code: 'MX', bands: ['2.4GHz', '5GHz'], softwareVersion: 'V1.8.6' },
  cpe: { model: 'AL-CPE510', code: 'CP', bands: ['5GHz'], softwareVersion: 'V1.2.3' },
  switch: { model: 'AL-SW1024P', code: 'SW', bands: [], softwareVersion: 'V2.0.9' },
  nvr: { model: 'AL-NVR208', code: 'NV', bands: [], softwareVersion: 'V4.1.0' },
  ipc: { model: 'AL-IPC410', code: 'IC', bands: [], softwareVersion: 'V5.3.2' },
};

/** 8-port switch model; the demo mixes both sizes */
const SMALL_SWITCH = 'AL-SW1008P';

export interface ModelTraits {
  ports: number;
  bands: readonly ('2.4GHz' | '5GHz')[];
  softwareVersion: string;
  poe: boolean;
  /** W the PoE ports may draw together (spec §3 "PoE power: total"); 0 without PoE */
  poeBudget: number;
}

/** What a device of this type and model has: ports, radios, PoE, firmware. */
export function modelTraits(type: DeviceType, model: string): ModelTraits {
  const info = MODELS[type];
  // ports and PoE come from the console's model catalogue, so device and console agree
  const row = deviceModel(model) ?? defaultModelOf(type);
  const poe = row.ports.poe > 0;
  return { ports: row.ports.count, bands: info.bands, softwareVersion: info.softwareVersion, poe, poeBudget: row.ports.poeBudgetW };
}

function macFor(projectId: number, index: number): string {
  const n = (hash32(`airloom-sim:${projectId}`) + index) & 0xffffff;
  const bytes = [(n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff].map((b) => b.toString(16).toUpperCase().padStart(2, '0'));
  return `${SIM_OUI}:${bytes.join(':')}`;
}

/** The demo SN scheme: `AL` + the project's first digit + type code + 11-digit counter. */
function demoSn(projectId: number, type: DeviceType, n: number): string {
  return `AL${String(projectId).charAt(0)}${MODELS[type].code}${String(n).padStart(11, '0')}`;
}

interface DemoEntry {
  type: DeviceType;
  name: string;
  model?: string;
  meshRole?: MeshNodeMode;
  /** name of the mesh node a secondary associates with */
  parent?: string;
  /** false: speaks no LLDP (the switch's MAC table still places it) */
  lldp?: false;
}

// spec §9 demo ids; a WLAN site and a MESH site
const DEMO_FLEETS: Record<number, DemoEntry[]> = {
  [LIMITS.demoProjectIdWlan]: [
    { type: 'router', name: 'Gateway' },
    { type: 'switch', name: 'Core-Switch', model: MODELS.switch.model },
    { type: 'switch', name: 'Floor2-Switch', model: SMALL_SWITCH },
    ...['Lobby', 'Reception', 'Office-1', 'Office-2', 'Meeting', 'Kitchen', 'Warehouse', 'Terrace'].map(
      (where): DemoEntry => ({ type: 'ap', name: `AP-${where}` }),
    ),
    // the recorder and cameras speak no LLDP: the switches' MAC tables place them (docs/topology.md)
    { type: 'nvr', name: 'NVR', lldp: false },
    { type: 'ipc', name: 'Cam-Entrance', lldp: false },
    { type: 'ipc', name: 'Cam-Parking', lldp: false },
    { type: 'cpe', name: 'Bridge-Yard' },
  ],
  [LIMITS.demoProjectIdMesh]: [
    { type: 'mesh', name: 'Mesh-Living', meshRole: 'primary' },
    { type: 'mesh', name: 'Mesh-Kitchen', meshRole: 'secondary', parent: 'Mesh-Living' },
    { type: 'mesh', name: 'Mesh-Bedroom', meshRole: 'secondary', parent: 'Mesh-Kitchen' },
    { type: 'mesh', name: 'Mesh-Office', meshRole: 'secondary', parent: 'Mesh-Living' },
    { type: 'mesh', name: 'Mesh-Garden', meshRole: 'secondary', parent: 'Mesh-Bedroom' },
  ],
};

/** The name a device of this type gives its Ethernet port `i` (0-based), as the device reports it. */
export function portName(type: DeviceType, i: number): string {
  if (type === 'switch') return `Port${i + 1}`;
  if (type === 'router' || type === 'wrouter' || type === 'mesh') return i === 0 ? 'WAN' : `LAN${i}`;
  return `LAN${i + 1}`;
}

const WIRED_TO_SWITCH: ReadonlySet<DeviceType> = new Set(['ap', 'v7', 'nvr', 'ipc', 'cpe', 'wrouter']);

/**
 * Cables a site of these devices plausibly has (mutates `specs`, adds `links` on both ends): the
 * first router is the site's gateway; the first switch hangs on its LAN1, further switches on the
 * core switch (10 Gbit/s), then APs, recorders, cameras, bridges and a mesh primary on the switches'
 * free ports in turn (cameras and bridges at 100 Mbit/s), or on the gateway's LAN ports when there
 * is no switch. Mesh secondaries reach their parent over the air and get no cable.
 */
export function wireFleet(specs: DeviceSpec[]): void {
  const used = new Map<DeviceSpec, Set<number>>();
  const ports = (s: DeviceSpec) => modelTraits(s.type, s.model).ports;
  const free = (s: DeviceSpec, from: number): number => {
    const taken = used.get(s) ?? new Set<number>();
    for (let i = from; i < ports(s); i++) if (!taken.has(i)) return i;
    return -1;
  };
  const cable = (a: DeviceSpec, aPort: number, b: DeviceSpec, bPort: number, speed: number) => {
    for (const [s, p] of [[a, aPort], [b, bPort]] as const) {
      const taken = used.get(s) ?? new Set<number>();
      taken.add(p);
      used.set(s, taken);
    }
    (a.links ??= []).push({ port: aPort, peerSn: b.sn, peerMac: b.mac, peerPortName: portName(b.type, bPort), speed, peerType: b.type, ...(b.lldp === false ? { peerLldp: false as const } : {}) });
    (b.links ??= []).push({ port: bPort, peerSn: a.sn, peerMac: a.mac, peerPortName: portName(a.type, aPort), speed, peerType: a.type, ...(a.lldp === false ? { peerLldp: false as const } : {}) });
  };
  const root = specs.find((s) => s.type === 'router');
  const switches = specs.filter((s) => s.type === 'switch');
  const core = switches[0];
  if (core && root && free(root, 1) >= 0) cable(root, free(root, 1), core, 0, 1000);
  for (const sw of switches.slice(1)) {
    const parent = core && free(core, 1) >= 0 ? core : switches.find((x) => x !== sw && (used.get(x)?.size ?? 0) > 0 && free(x, 1) >= 0);
    if (parent) cable(parent, free(parent, 1), sw, 0, parent === core ? 10_000 : 1000);
  }
  let turn = 0;
  for (const s of specs) {
    const wired = WIRED_TO_SWITCH.has(s.type) || (s.type === 'router' && s !== root) || (s.type === 'mesh' && s.meshRole === 'primary');
    if (!wired) continue;
    const speed = s.type === 'ipc' || s.type === 'cpe' ? 100 : 1000;
    let parent: DeviceSpec | undefined;
    for (let k = 0; k < switches.length && !parent; k++) {
      const sw = switches[(turn + k) % switches.length]!;
      if (free(sw, 1) >= 0) {
        parent = sw;
        turn = (turn + k + 1) % switches.length;
      }
    }
    if (!parent && root && root !== s && free(root, 1) >= 0) parent = root;
    if (parent) cable(parent, free(parent, 1), s, 0, speed);
  }
  learnMacTables(specs);
}

/**
 * What each switch of a wired fleet learns (mutates `specs`, sets `macTable` on switches): on each
 * cabled port, the MACs of the devices reached through that cable without coming back through the
 * switch (cables and mesh backhauls are bridged), nearest first, at most MAC_TABLE_PER_PORT of them.
 * So a port towards the gateway holds everything upstream, a port towards a device that device (and
 * what hangs behind it).
 */
export function learnMacTables(specs: DeviceSpec[]): void {
  const bySn = new Map(specs.map((s) => [s.sn, s]));
  const next = new Map<string, string[]>();
  const join = (a: string, b: string) => {
    (next.get(a) ?? next.set(a, []).get(a)!).push(b);
  };
  for (const s of specs) {
    for (const l of s.links ?? []) if (bySn.has(l.peerSn)) join(s.sn, l.peerSn);
    if (s.backhaul && bySn.has(s.backhaul.parentSn)) {
      join(s.sn, s.backhaul.parentSn);
      join(s.backhaul.parentSn, s.sn);
    }
  }
  for (const sw of specs) {
    if (sw.type !== 'switch') continue;
    const table: LearntMac[] = [];
    for (const l of sw.links ?? []) {
      if (!bySn.has(l.peerSn)) continue;
      // breadth first from the peer, never back through the switch: nearest first
      const seen = new Set([sw.sn, l.peerSn]);
      const queue = [l.peerSn];
      for (let i = 0; i < queue.length && i < MAC_TABLE_PER_PORT; i++) {
        table.push({ port: l.port, mac: bySn.get(queue[i]!)!.mac, vlan: 1 });
        for (const n of next.get(queue[i]!) ?? []) {
          if (seen.has(n)) continue;
          seen.add(n);
          queue.push(n);
        }
      }
    }
    sw.macTable = table;
  }
}

/** The demo hotel's APs stand on its true radio site (air.ts); other devices have none. */
function rfOf(projectId: number, e: DemoEntry): { rf?: RfPlace } {
  const place = projectId === LIMITS.demoProjectIdWlan && e.type === 'ap' ? demoHotelPlace(e.name) : undefined;
  return place ? { rf: place } : {};
}

/** The standing fleet of a demo project (500000 WLAN, 600000 MESH); empty for any other project. */
export function demoFleet(projectId: number): DeviceSpec[] {
  const entries = DEMO_FLEETS[projectId] ?? [];
  const perType = new Map<DeviceType, number>();
  const specs = entries.map((e, index): DeviceSpec => {
    const n = (perType.get(e.type) ?? 0) + 1;
    perType.set(e.type, n);
    return {
      sn: demoSn(projectId, e.type, n),
      mac: macFor(projectId, index),
      type: e.type,
      model: e.model ?? MODELS[e.type].model,
      meshRole: e.meshRole ?? '',
      name: e.name,
      // the gateway owns .1; everything else behind it
      ip: `192.168.${projectId === LIMITS.demoProjectIdMesh ? 60 : 1}.${index + 1}`,
      ...rfOf(projectId, e),
      ...(e.lldp === false ? { lldp: false as const } : {}),
    };
  });
  // entries list a parent before its children, so its hop count is known first
  const byName = new Map(specs.map((s) => [s.name, s]));
  entries.forEach((e, index) => {
    const parent = e.parent ? byName.get(e.parent) : undefined;
    if (parent) specs[index]!.backhaul = { parentSn: parent.sn, hops: (parent.backhaul?.hops ?? 0) + 1 };
  });
  wireFleet(specs);
  return specs;
}

/** 10.0.0.0/8 host address number `n` (.1 is the site's gateway) */
function hostIp(n: number): string {
  return `10.${(n >>> 16) & 0xff}.${(n >>> 8) & 0xff}.${n & 0xff}`;
}

// a plausible site: mostly APs, some switches and cameras, few gateways
const MIX: readonly DeviceType[] = [
  'ap', 'ap', 'switch', 'ap', 'ipc', 'ap', 'ap', 'router', 'ap', 'ipc',
  'ap', 'switch', 'ap', 'mesh', 'ap', 'nvr', 'ap', 'cpe', 'ap', 'wrouter',
];

/** Devices per type, e.g. `{ router: 1, switch: 2, ap: 8, ipc: 2 }` (`--mix router:1,switch:2,ap:8,ipc:2`). */
export type FleetMix = Partial<Record<DeviceType, number>>;

/**
 * Parses `type:count,type:count`: known device types (spec §3), whole counts from 1, each type once.
 * Throws a TypeError that says what is wrong.
 */
export function parseMix(text: string): FleetMix {
  const mix: FleetMix = {};
  if (text.trim() === '') throw new TypeError('--mix is empty: give type:count pairs, e.g. router:1,switch:2,ap:8');
  for (const part of text.split(',')) {
    const m = /^\s*([a-z0-9]+)\s*:\s*(\d+)\s*$/i.exec(part);
    if (!m) throw new TypeError(`"${part}" is not type:count`);
    const type = (m[1] as string).toLowerCase() as DeviceType;
    if (!(DEVICE_TYPES as readonly string[]).includes(type)) throw new TypeError(`"${m[1]}" is not a device type (${DEVICE_TYPES.join(', ')})`);
    if (mix[type] !== undefined) throw new TypeError(`${type} is given twice`);
    const count = Number(m[2]);
    if (!Number.isInteger(count) || count < 1 || count > 100_000) throw new TypeError(`the count of ${type} must be a whole number from 1 to 100000`);
    mix[type] = count;
  }
  return mix;
}

/**
 * Devices for a project: `count` of mixed types, or exactly the counts of a mix (types in the order
 * given). SNs are `AS` + type code + the project id in base 36 (6 characters) + a 6-digit index: 16
 * characters, unique per project and index.
 */
export function generateFleet(projectId: number, size: number | FleetMix): DeviceSpec[] {
  const types: DeviceType[] =
    typeof size === 'number'
      ? Array.from({ length: size }, (_, i) => MIX[i % MIX.length]!)
      : (Object.entries(size) as [DeviceType, number][]).flatMap(([type, n]) => Array.from({ length: n }, () => type));
  const project = projectId.toString(36).toUpperCase().padStart(6, '0');
  const specs: DeviceSpec[] = [];
  const snOf = (type: DeviceType, i: number) => `AS${MODELS[type].code}${project}${String(i + 1).padStart(6, '0')}`;
  const primaryIndex = types.indexOf('mesh');
  types.forEach((type, i) => {
    const info = MODELS[type];
    const index = String(i + 1).padStart(6, '0');
    const primary = type === 'mesh' && i === primaryIndex;
    specs.push({
      sn: snOf(type, i),
      mac: macFor(projectId, i),
      type,
      model: type === 'switch' && i % 3 === 0 ? SMALL_SWITCH : info.model,
      // every mesh node after the first of the fleet is a secondary, one hop from it
      meshRole: type === 'mesh' ? (primary ? 'primary' : 'secondary') : '',
      name: `${info.code}-${index}`,
      ip: hostIp(i + 2),
      ...(type === 'mesh' && !primary ? { backhaul: { parentSn: snOf('mesh', primaryIndex), hops: 1 } } : {}),
    });
  });
  wireFleet(specs);
  return specs;
}

/** Public /24s of access networks in several countries (what a site behind a broadband line shows),
 * each placed by the GeoIP database in a region the data screen's region map draws. */
const PUBLIC_NETS = [
  '73.162.10', '24.5.60', '81.2.69', '86.12.40', '84.128.5', '91.64.20', '90.12.34', '83.202.1', '151.38.2', '79.8.9',
  '188.77.1', '83.32.4', '94.210.3', '1.36.5', '101.165.1', '120.148.2', '24.114.3', '70.48.1', '189.4.3', '177.8.8',
  '49.204.1', '106.51.2', '175.193.1', '211.36.3', '60.32.0', '41.13.2', '187.188.1', '78.160.1', '85.103.2',
];

/**
 * The cloud code printed on a simulated device's label (contracts cloudCode: 8 characters of
 * CLOUD_CODE_ALPHABET), stable for its serial number, as the manufacturer registers it.
 */
export function cloudCodeFor(sn: string): string {
  const alphabet = CLOUD_CODE_ALPHABET;
  let a = hash32(sn);
  let b = hash32(`${sn}#cloud`);
  let code = '';
  for (let i = 0; i < 8; i++) {
    const from = i < 4 ? a : b;
    code += alphabet[from % alphabet.length];
    if (i < 4) a = Math.floor(a / alphabet.length);
    else b = Math.floor(b / alphabet.length);
  }
  return code;
}

/** A plausible public IPv4 address for a device, stable for its serial number. */
export function publicIpFor(spec: Pick<DeviceSpec, 'sn' | 'publicIp'>): string {
  if (spec.publicIp) return spec.publicIp;
  const h = hash32(spec.sn);
  return `${PUBLIC_NETS[h % PUBLIC_NETS.length]}.${(Math.floor(h / PUBLIC_NETS.length) % 253) + 1}`;
}
