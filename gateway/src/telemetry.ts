// Reported telemetry into `devices` (docs/decisions/gateway.md): each device's latest values are coalesced
// in memory and written every flush period in one transaction, so 5,000 devices reporting every
// 30 s cost a few small transactions a second instead of one per message.
import type { Knex } from 'knex';
import { TR181, type UspMap } from '@airloom/usp';
import type { LiveEvents } from './live-events.js';
import type { RuntimeLogger } from './logger.js';
import { toReportedJson, type ReportedState } from './store/mapping.js';
import { nextRevision } from './store/revision.js';
import { IFACE_SAMPLE_MS, insertIfaceRows, insertStatRows, type IfaceRow, type IfaceSample, type StatRow, type StatSample } from './store/stats.js';
import { pruneClients, syncClients, type ClientChange, type ReportedClient } from './store/clients.js';
import { retryDeadlock } from './store/config.js';

export interface ReportedColumns {
  ip?: string;
  software_version?: string;
  clients?: number;
  uptime?: number;
  mesh_mode?: string | null;
  reported_model?: string;
  manufacturer?: string;
  reported_json?: string;
  neighbours_json?: string;
}

/** what the device list shows; a change in one of them is pushed to the browsers */
const LISTED: (keyof ReportedColumns)[] = ['ip', 'software_version', 'clients', 'mesh_mode', 'reported_model'];

function int(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? Math.max(0, Math.min(Math.trunc(n), 2_147_483_647)) : undefined;
}

const text = (value: string, max: number) => value.slice(0, max);

function signedInt(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? Math.trunc(n) : undefined;
}

/** `prefix{i}.rest` parameters grouped by instance number, in instance order. */
/**
 * The rows of every table of a tree, found in one pass and kept with the tree: `Device.WiFi.Radio.1.Channel`
 * is row 1 of `Device.WiFi.Radio.`, `Device.WiFi.AccessPoint.2.AssociatedDevice.3.MACAddress` row 2 of
 * `Device.WiFi.AccessPoint.` (its own `AssociatedDevice.` rows are indexed when asked for). A status
 * report is read ~30 times (each table, each access point's clients): scanning the whole tree each time
 * was most of the gateway's cost of a report.
 */
const tables = new WeakMap<UspMap, Map<string, Map<number, UspMap>>>();

function tablesOf(tree: UspMap): Map<string, Map<number, UspMap>> {
  let index = tables.get(tree);
  if (index) return index;
  index = new Map();
  // a device lists a table's rows one after the other: the previous path's table is checked first, so
  // most paths are neither scanned from their start nor cut and looked up again (docs/performance.md item 20)
  let table = '';
  let rows: Map<number, UspMap> | undefined;
  let rowNumber = -1;
  let row: UspMap = {};
  for (const path in tree) {
    let dot = rows && path.startsWith(table) ? numberedSegment(path, table.length) : -1;
    let i = 0;
    if (dot !== -1) {
      if (dot + 1 >= path.length) continue;
      i = segmentNumber;
    } else {
      // the first segment that is a number: what comes before it is the table, after it the parameter
      let start = 0;
      while (start < path.length) {
        const end = path.indexOf('.', start);
        if (end === -1) break;
        if (numberedSegment(path, start) === end) {
          dot = end;
          i = segmentNumber;
          break;
        }
        start = end + 1;
      }
      if (dot === -1 || start === 0 || dot + 1 >= path.length) continue;
      table = path.slice(0, start);
      rows = index.get(table);
      if (!rows) index.set(table, (rows = new Map()));
      rowNumber = -1;
    }
    if (i !== rowNumber) {
      rowNumber = i;
      const known = rows!.get(i);
      if (known) row = known;
      else rows!.set(i, (row = {}));
    }
    row[path.slice(dot + 1)] = tree[path] as string;
  }
  for (const [name, list] of index) if (![...list.keys()].every((k, n, all) => n === 0 || all[n - 1]! < k)) index.set(name, new Map([...list].sort(([a], [b]) => a - b)));
  tables.set(tree, index);
  return index;
}

/** what numberedSegment read last */
let segmentNumber = 0;

/** Where the segment of `path` from `start` ends (its dot) when it is a number (set in segmentNumber), else -1. */
function numberedSegment(path: string, start: number): number {
  let n = 0;
  let at = start;
  for (; at < path.length; at++) {
    const digit = path.charCodeAt(at) - 48;
    if (digit < 0 || digit > 9) break;
    n = n * 10 + digit;
  }
  if (at === start || path.charCodeAt(at) !== 46) return -1;
  segmentNumber = n;
  return at;
}

/** The rows of one table (`prefix` ends with a dot and names no row), by row number, ascending. Read-only: shared by every reader of the tree. */
export function instances(tree: UspMap, prefix: string): Map<number, UspMap> {
  return tablesOf(tree).get(prefix) ?? new Map<number, UspMap>();
}

/** The objects of a status event (TR-181 tree) as the detail's parts; each part is checked again when read (store parseReported). */
function reportedFromTree(tree: UspMap): ReportedState {
  const radios = instances(tree, TR181.radio);
  const ssids = instances(tree, TR181.ssid);
  // Device.WiFi.SSID.{i}.LowerLayers names its radio; AccessPoint.{i}.SSIDReference its SSID
  const bandOf = (radioRef: string | undefined) => radios.get(Number(/Radio\.(\d+)\.?$/.exec(radioRef ?? '')?.[1]))?.OperatingFrequencyBand ?? '';
  const wifiClients: ReportedState['wifiClients'] = [];
  for (const [, ap] of instances(tree, TR181.accessPoint)) {
    const ssid = ssids.get(Number(/SSID\.(\d+)\.?$/.exec(ap.SSIDReference ?? '')?.[1]));
    for (const [, client] of instances(ap as UspMap, 'AssociatedDevice.')) {
      const signal = signedInt(client.SignalStrength);
      if (!client.MACAddress || signal === undefined) continue;
      wifiClients.push({ mac: text(client.MACAddress, 17), signal, band: bandOf(ssid?.LowerLayers), ssid: text(ssid?.SSID ?? '', 32) });
    }
  }
  const ports = [...instances(tree, TR181.ethernet).values()].map((p) => {
    const poePower = Number(p.X_AIRLOOM_PoEPower);
    return {
      name: text(p.Name ?? '', 32),
      up: p.Status === 'Up',
      // TR-181: CurrentBitRate is the link's rate (MaxBitRate the configured one, -1 = auto)
      speed: p.Status === 'Up' ? (int(p.CurrentBitRate ?? p.MaxBitRate) ?? 0) : 0,
      poePower: p.X_AIRLOOM_PoEEnable === 'true' && Number.isFinite(poePower) ? poePower : null,
    };
  });
  const total = Number(tree[`${TR181.poe}PowerBudget`]);
  const drawn = ports.reduce((sum, p) => sum + (p.poePower ?? 0), 0);
  const used = Math.round(drawn * 10) / 10;
  // spec §3 "PoE power: total, used, remaining in W": the budget the device reports, used = its ports' draw
  const poe = Number.isFinite(total) && total > 0 ? { total, used, remaining: Math.max(0, Math.round((total - used) * 10) / 10) } : null;
  const b = (name: string) => tree[`${TR181.meshBackhaul}${name}`];
  const hops = int(b('Hops'));
  const signal = signedInt(b('SignalStrength'));
  const rate = int(b('Rate'));
  const parent = b('ParentSerialNumber');
  return {
    radios: [...radios.values()].flatMap((r) => {
      const channel = int(r.Channel);
      const power = signedInt(r.X_AIRLOOM_TransmitPowerdBm);
      const noise = signedInt(r['Stats.Noise']);
      return channel === undefined || power === undefined || noise === undefined ? [] : [{ band: text(r.OperatingFrequencyBand ?? '', 16), channel, power, noise }];
    }),
    // one name per network, however many radios carry it
    ssids: [...new Set([...ssids.values()].map((x) => x.SSID).filter((x): x is string => !!x))].map((x) => text(x, 32)),
    wifiClients,
    ports,
    poe,
    backhaul: parent && hops !== undefined && hops >= 1 && signal !== undefined && rate !== undefined ? { parentSn: text(parent, 32), hops, signal, rate } : null,
    bytesSent: Number(tree[TR181.bytesSent]) || 0,
    bytesReceived: Number(tree[TR181.bytesReceived]) || 0,
  } as ReportedState;
}

/**
 * A `Device.X_AIRLOOM_Status!` event as device columns: its arguments are TR-181 parameters of the
 * device (usp's STATUS_EVENT_PATHS), mapped here to the gateway's rows (docs/decisions/gateway.md).
 */
export function statusEventColumns(params: UspMap): ReportedColumns {
  const columns: ReportedColumns = {};
  const ip = params[TR181.ipAddress];
  if (ip !== undefined) columns.ip = text(ip, 45);
  const version = params[TR181.softwareVersion];
  if (version !== undefined) columns.software_version = text(version, 64);
  const clients = int(params[TR181.hostCount]);
  if (clients !== undefined) columns.clients = clients;
  const uptime = int(params[TR181.upTime]);
  if (uptime !== undefined) columns.uptime = uptime;
  const role = params[TR181.meshRole];
  if (role !== undefined) columns.mesh_mode = role === '' ? null : text(role, 16);
  columns.reported_json = toReportedJson(reportedFromTree(params));
  columns.neighbours_json = JSON.stringify(neighboursFromTree(params));
  return columns;
}

function num(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/** A status event's figures for the time series (docs/data.md). */
export function statusEventSample(params: UspMap): StatSample {
  const cpu = num(params[TR181.cpuUsage]);
  const total = num(params[TR181.memoryTotal]);
  const free = num(params[TR181.memoryFree]);
  return {
    cpu: cpu === null ? null : Math.min(cpu, 100),
    memory: total && free !== null && free <= total ? Math.round(((total - free) / total) * 10_000) / 100 : null,
    clients: num(params[TR181.hostCount]),
    uptime: num(params[TR181.upTime]),
    bytesSent: num(params[TR181.bytesSent]),
    bytesReceived: num(params[TR181.bytesReceived]),
    ifaces: interfaceSamples(params),
  };
}

/**
 * Each radio's and each port's figures (docs/data.md): a radio is named by its band (a second radio of
 * the same band gets `-2`), a port by its number; its clients are the associated devices of the access
 * points whose SSID rides on it. A port that is down is left out (no traffic to draw).
 */
export function interfaceSamples(tree: UspMap): IfaceSample[] {
  const out: IfaceSample[] = [];
  const radios = instances(tree, TR181.radio);
  const ssids = instances(tree, TR181.ssid);
  const perRadio = new Map<number, number>();
  for (const [, ap] of instances(tree, TR181.accessPoint)) {
    const ssid = ssids.get(Number(/SSID\.(\d+)\.?$/.exec(ap.SSIDReference ?? '')?.[1]));
    const radio = Number(/Radio\.(\d+)\.?$/.exec(ssid?.LowerLayers ?? '')?.[1]);
    if (!Number.isInteger(radio)) continue;
    const clients = [...instances(ap as UspMap, 'AssociatedDevice.').values()].filter((c) => c.MACAddress).length;
    perRadio.set(radio, (perRadio.get(radio) ?? 0) + clients);
  }
  const bands = new Map<string, number>();
  for (const [i, r] of radios) {
    const band = text(r.OperatingFrequencyBand ?? '', 10) || `radio${i}`;
    const seen = (bands.get(band) ?? 0) + 1;
    bands.set(band, seen);
    const noise = Number(r['Stats.Noise']);
    const util = num(r.ChannelUtilization);
    out.push({
      iface: seen > 1 ? `${band}-${seen}` : band,
      bytesSent: num(r['Stats.BytesSent']),
      bytesReceived: num(r['Stats.BytesReceived']),
      clients: perRadio.get(i) ?? 0,
      noise: r['Stats.Noise'] !== undefined && Number.isFinite(noise) ? noise : null,
      util: util === null ? null : Math.min(util, 100),
    });
  }
  for (const [i, p] of instances(tree, TR181.ethernet)) {
    if (p.Status !== 'Up' || (p['Stats.BytesSent'] === undefined && p['Stats.BytesReceived'] === undefined)) continue;
    out.push({ iface: `port${i}`, bytesSent: num(p['Stats.BytesSent']), bytesReceived: num(p['Stats.BytesReceived']), clients: null, noise: null, util: null });
  }
  return out;
}

/** One LLDP neighbour a device sees: on which of its ports, whose chassis (MAC) and which port of it, at what speed. */
export interface Neighbour {
  /** local port index (0-based) */
  port: number;
  /** the neighbour's chassis MAC, upper case with colons */
  mac: string;
  peerPort: string;
  /** Mbit/s of the local port, 0 when unknown */
  speed: number;
}

/** Device.LLDP.Discovery.Device.{i}. entries whose chassis ID is a MAC address (subtype 4). */
export function neighboursFromTree(tree: UspMap): Neighbour[] {
  const ports = instances(tree, TR181.ethernet);
  const out: Neighbour[] = [];
  for (const [, n] of instances(tree, TR181.lldpNeighbour)) {
    const port = Number(/Ethernet\.Interface\.(\d+)\.?$/.exec(n.Interface ?? '')?.[1]);
    const mac = (n.ChassisID ?? '').replace(/[:-]/g, '').toUpperCase();
    if (!Number.isInteger(port) || port < 1 || (n.ChassisIDSubtype !== undefined && n.ChassisIDSubtype !== '4') || !/^[0-9A-F]{12}$/.test(mac)) continue;
    const local = ports.get(port);
    out.push({ port: port - 1, mac: mac.match(/../g)!.join(':'), peerPort: text(n.PortID ?? '', 32), speed: local?.Status === 'Up' ? (int(local.CurrentBitRate ?? local.MaxBitRate) ?? 0) : 0 });
  }
  return out;
}

/** One entry of a switch's MAC table: which MAC it learnt on which of its ports (0-based), in which VLAN. */
export interface MacEntry {
  port: number;
  /** upper case with colons */
  mac: string;
  /** 0 when the device names none */
  vlan: number;
  static: boolean;
}

/** A switch keeps at most this many MAC table entries here; a larger table is cut (docs/topology.md). */
export const MAC_TABLE_MAX = 4096;

/**
 * A switch's MAC table in a status event (vendor Device.Ethernet.X_AIRLOOM_MacTable.{i}., docs/topology.md):
 * null when the event does not carry it (the device sends it on change only, or has none: what is
 * stored stays), else its entries, maybe none. `Port` names the Ethernet interface (a path like
 * LLDP's `Interface`, or its bare number); an entry whose port or MAC cannot be read is left out,
 * a MAC seen twice in one VLAN keeps its first port.
 */
export function statusEventMacTable(tree: UspMap): MacEntry[] | null {
  if (tree[TR181.macTableEntries] === undefined) return null;
  const out: MacEntry[] = [];
  const seen = new Set<string>();
  for (const [, e] of instances(tree, TR181.macTable)) {
    if (out.length >= MAC_TABLE_MAX) break;
    const mac = macOf(e.MACAddress);
    const port = Number(/^(?:Device\.Ethernet\.Interface\.)?(\d+)\.?$/.exec((e.Port ?? '').trim())?.[1]);
    if (!mac || !Number.isInteger(port) || port < 1 || port > 4096) continue;
    const vlan = int(e.VLANID);
    const entry = { port: port - 1, mac, vlan: vlan !== undefined && vlan <= 4094 ? vlan : 0, static: e.Type === 'static' };
    const key = `${entry.vlan}|${mac}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(entry);
  }
  return out;
}

const MAC = /^[0-9A-F]{2}(:[0-9A-F]{2}){5}$/;
const macOf = (value: string | undefined): string | null => {
  const hex = (value ?? '').replace(/[:-]/g, '').toUpperCase();
  const mac = hex.match(/../g)?.join(':') ?? '';
  return MAC.test(mac) ? mac : null;
};

/**
 * The clients of a status event (docs/data.md "Online clients"): each AccessPoint's AssociatedDevice
 * rows are the wireless ones (their SSID and band from the AP's SSID and radio), named by the Hosts
 * table entry with the same MAC; a Hosts entry on an Ethernet interface is a cabled one.
 */
export function statusEventClients(tree: UspMap): ReportedClient[] {
  const hosts = new Map<string, UspMap>();
  for (const [, h] of instances(tree, TR181.host)) {
    const mac = macOf(h.PhysAddress);
    if (mac) hosts.set(mac, h);
  }
  const radios = instances(tree, TR181.radio);
  const ssids = instances(tree, TR181.ssid);
  const out = new Map<string, ReportedClient>();
  for (const [apInstance, ap] of instances(tree, TR181.accessPoint)) {
    const ssid = ssids.get(Number(/SSID\.(\d+)\.?$/.exec(ap.SSIDReference ?? '')?.[1]));
    const band = radios.get(Number(/Radio\.(\d+)\.?$/.exec(ssid?.LowerLayers ?? '')?.[1]))?.OperatingFrequencyBand ?? null;
    for (const [, c] of instances(ap as UspMap, 'AssociatedDevice.')) {
      const mac = macOf(c.MACAddress);
      if (!mac || out.has(mac)) continue;
      const host = hosts.get(mac);
      out.set(mac, {
        mac,
        connection: 'wireless',
        apInstance,
        name: text(host?.HostName ?? '', 64),
        ip: text(host?.IPAddress ?? '', 45),
        ssid: ssid?.SSID !== undefined ? text(ssid.SSID, 32) : null,
        band: band === null ? null : text(band, 8),
        signal: signedInt(c.SignalStrength) ?? null,
        // TR-181 AssociatedDevice.{i}.Stats.: BytesSent is what the AP sent to the client (its download)
        txBytes: num(c['Stats.BytesSent']),
        rxBytes: num(c['Stats.BytesReceived']),
        // kbit/s of the last data frames down to / up from the client
        txRate: int(c.LastDataDownlinkRate) ?? null,
        rxRate: int(c.LastDataUplinkRate) ?? null,
      });
    }
  }
  for (const [mac, h] of hosts) {
    if (out.has(mac) || !/^Device\.Ethernet\./.test(h.Layer1Interface ?? '')) continue;
    out.set(mac, { mac, connection: 'wired', apInstance: null, name: text(h.HostName ?? '', 64), ip: text(h.IPAddress ?? '', 45), ssid: null, band: null, signal: null, txBytes: null, rxBytes: null, txRate: null, rxRate: null });
  }
  return [...out.values()];
}

/** DeviceInfo values (a Get of `Device.DeviceInfo.`) as device columns. */
export function deviceInfoColumns(info: UspMap): ReportedColumns {
  const columns: ReportedColumns = {};
  if (info.SoftwareVersion) columns.software_version = text(info.SoftwareVersion, 64);
  // the registered model is the identity; the reported one is shown beside it
  if (info.ModelName) columns.reported_model = text(info.ModelName, 64);
  if (info.Manufacturer) columns.manufacturer = text(info.Manufacturer, 64);
  const uptime = int(info.UpTime);
  if (uptime !== undefined) columns.uptime = uptime;
  return columns;
}

export interface TelemetryWriter {
  /** any traffic: last_seen_at, and this instance as the one that hears the device */
  touch(sn: string): void;
  /**
   * `sample`: a status report's figures, stored as a raw point of the time series; `clients`: the
   * clients it lists; `macTable`: a switch's MAC table, replacing the stored one (null: not in this report)
   */
  report(sn: string, columns: ReportedColumns, sample?: StatSample, clients?: ReportedClient[], macTable?: MacEntry[] | null): void;
  flush(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

interface Pending {
  seenAt: number;
  columns: ReportedColumns;
  /** every time-series sample since the last write, in order (a write that waits lets several gather) */
  samples: { at: number; sample: StatSample }[];
  clients?: { at: number; list: ReportedClient[] };
  macTable?: MacEntry[];
}

/** bytes/s between two readings of a counter; null across a reboot (the counter started over) */
function rate(now: number | null, before: number | null, seconds: number): number | null {
  if (now === null || before === null || now < before || seconds <= 0) return null;
  return Math.round(((now - before) / seconds) * 100) / 100;
}

/** a flush slower than this is logged (the reports it carries are that late) */
const SLOW_FLUSH_MS = 2000;

/** rows per INSERT: well under SQLite's 32,766 bound parameters and MySQL's packet size */
const MAC_ROWS_PER_INSERT = 500;

/** devices per UPDATE of the flush: about 25 bound values each, well under SQLite's 32,766 */
const DEVICES_PER_UPDATE = 250;

/**
 * One UPDATE for a chunk of devices, each column a CASE on the serial number (a device that did not
 * report a column keeps its value): one round trip and one pass over the rows, where a statement per
 * device held the rows' locks for as many round trips (seconds at 20,000 devices, docs/performance.md).
 */
async function updateDevices(trx: Knex.Transaction, chunk: ReadonlyArray<readonly [string, Pending]>, gatewayId: string): Promise<void> {
  const sns = chunk.map(([sn]) => sn);
  const byColumn = new Map<string, Array<[string, Knex.Value]>>();
  for (const [sn, p] of chunk) {
    const values: Array<[string, Knex.Value | undefined]> = [...Object.entries(p.columns), ['last_seen_at', p.seenAt], ['updated_at', p.seenAt]];
    for (const [column, value] of values) {
      if (value === undefined) continue;
      const list = byColumn.get(column) ?? [];
      list.push([sn, value]);
      byColumn.set(column, list);
    }
  }
  const set: Record<string, Knex.Raw> = {};
  for (const [column, list] of byColumn) {
    const whens = list.map(() => 'WHEN ? THEN ?').join(' ');
    set[column] = list.length === sns.length
      ? trx.raw(`CASE ?? ${whens} END`, ['sn', ...list.flat()])
      : trx.raw(`CASE ?? ${whens} ELSE ?? END`, ['sn', ...list.flat(), column]);
  }
  await trx('devices').whereIn('sn', sns).update({ ...set, gateway_id: gatewayId, revision: nextRevision(trx) });
}

/** a switch's MAC table written again though unchanged after this long (another gateway instance may have written one in between) */
const MAC_TABLE_REWRITE_MS = 300_000;

/** what a MAC table holds, whatever the order the switch listed it in */
function macTableKey(entries: readonly MacEntry[]): string {
  return entries.map((e) => `${e.port}|${e.vlan}|${e.mac}|${e.static ? 1 : 0}`).sort().join(',');
}

/**
 * The switches of `batch` whose table must be written: changed since this writer wrote it, written long
 * enough ago, or no longer holding as many rows as it wrote (the switch left its project meanwhile and
 * its entries went with it). A switch lists its whole table in every report and it rarely changes: at
 * 5,000 devices rewriting each one was half of all the rows the telemetry wrote (docs/performance.md).
 */
async function macTablesToWrite(db: Knex, batch: Map<string, Pending>, written: ReadonlyMap<string, { key: string; rows: number; at: number }>, now: number): Promise<Map<string, string>> {
  const due = new Map<string, string>();
  const unchanged: string[] = [];
  for (const [sn, p] of batch) {
    if (!p.macTable) continue;
    const key = macTableKey(p.macTable);
    const last = written.get(sn);
    if (last && last.key === key && now - last.at < MAC_TABLE_REWRITE_MS) unchanged.push(sn);
    else due.set(sn, key);
  }
  for (let i = 0; i < unchanged.length; i += MAC_ROWS_PER_INSERT) {
    const part = unchanged.slice(i, i + MAC_ROWS_PER_INSERT);
    const counts = new Map(((await db('device_mac_entries').whereIn('sn', part).groupBy('sn').select('sn').count({ n: '*' })) as { sn: string; n: number | string }[]).map((r) => [r.sn, Number(r.n)]));
    for (const sn of part) if ((counts.get(sn) ?? 0) !== written.get(sn)!.rows) due.set(sn, macTableKey(batch.get(sn)!.macTable!));
  }
  return due;
}

async function replaceMacTables(trx: Knex.Transaction, batch: Map<string, Pending>, due: ReadonlyMap<string, string>): Promise<void> {
  const sns = [...due.keys()];
  if (sns.length === 0) return;
  for (let i = 0; i < sns.length; i += MAC_ROWS_PER_INSERT) await trx('device_mac_entries').whereIn('sn', sns.slice(i, i + MAC_ROWS_PER_INSERT)).delete();
  const rows = sns.flatMap((sn) => batch.get(sn)!.macTable!.map((e) => ({ sn, mac: e.mac, vlan: e.vlan, port: e.port, static: e.static })));
  for (let i = 0; i < rows.length; i += MAC_ROWS_PER_INSERT) await trx('device_mac_entries').insert(rows.slice(i, i + MAC_ROWS_PER_INSERT));
}

export function createTelemetryWriter(options: {
  db: Knex;
  gatewayId: string;
  events: LiveEvents;
  logger: RuntimeLogger;
  flushEveryMs: number;
  now: () => number;
  /**
   * A device that lists the same clients as before has their details (signal, bytes, rates) written at
   * most this often (default 0: every report); a client joining or leaving writes its list at once.
   */
  clientDetailsEveryMs?: number;
  /** after each write: when each device was last heard (sessions revive devices marked offline meanwhile) */
  onFlushed?(seen: Map<string, number>): Promise<void>;
  /** after each write: the clients that joined or left a device (store/clients.ts ClientsChanged) */
  clientsChanged?(changes: readonly ClientChange[]): Promise<void> | void;
}): TelemetryWriter {
  const { db, events, logger } = options;
  let pending = new Map<string, Pending>();
  /** last listed values written per device, to push only real changes */
  const listed = new Map<string, Partial<ReportedColumns>>();
  /** each device's previous byte counters, to turn the next ones into rates */
  const counters = new Map<string, { at: number; sent: number | null; received: number | null }>();
  /** each device's last radio and port sample (written at most every IFACE_SAMPLE_MS) */
  const ifaceSamples = new Map<string, { at: number; ifaces: Map<string, IfaceSample> }>();
  /** when this writer last wrote each device's clients' details (signal, bytes, rates) */
  const clientDetailsAt = new Map<string, number>();
  const clientsWritten = new Set<string>();
  const clientDetailsFresh = (sn: string) => options.now() - (clientDetailsAt.get(sn) ?? -Infinity) < (options.clientDetailsEveryMs ?? 0);
  /** each switch's MAC table as this writer last wrote it (macTablesToWrite) */
  const macWritten = new Map<string, { key: string; rows: number; at: number }>();
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();
  let afterFlush: Promise<void> = Promise.resolve();
  let prunedAt = 0;

  function entry(sn: string): Pending {
    let p = pending.get(sn);
    if (!p) {
      p = { seenAt: options.now(), columns: {}, samples: [] };
      pending.set(sn, p);
    }
    return p;
  }

  function changedListed(sn: string, columns: ReportedColumns): boolean {
    const before = listed.get(sn) ?? {};
    let changed = false;
    for (const key of LISTED) {
      if (columns[key] !== undefined && columns[key] !== before[key]) {
        changed = true;
        before[key] = columns[key] as never;
      }
    }
    listed.set(sn, before);
    return changed;
  }

  async function write(batch: Map<string, Pending>): Promise<void> {
    if (batch.size === 0) return;
    const startedAt = performance.now();
    const took: Record<string, number> = {};
    const lap = (what: string) => { took[what] = Math.round(performance.now() - startedAt - Object.values(took).reduce((a, b) => a + b, 0)); };
    const changed: string[] = [];
    const points: StatRow[] = [];
    const ifacePoints: IfaceRow[] = [];
    for (const [sn, p] of batch) for (const { at, sample } of p.samples) {
      const before = counters.get(sn);
      const seconds = before ? (at - before.at) / 1000 : 0;
      counters.set(sn, { at, sent: sample.bytesSent, received: sample.bytesReceived });
      const lastSample = ifaceSamples.get(sn);
      if (sample.ifaces?.length && (!lastSample || at - lastSample.at >= IFACE_SAMPLE_MS)) {
        // a sample every 5 minutes: the counters make its rates that span's average (docs/data.md)
        const span = lastSample ? (at - lastSample.at) / 1000 : 0;
        for (const x of sample.ifaces) {
          const was = lastSample?.ifaces.get(x.iface);
          ifacePoints.push({
            sn, res: 0, iface: x.iface, t: at, clients: x.clients, noise: x.noise, util: x.util,
            tx_rate: was ? rate(x.bytesSent, was.bytesSent, span) : null,
            rx_rate: was ? rate(x.bytesReceived, was.bytesReceived, span) : null,
          });
        }
        ifaceSamples.set(sn, { at, ifaces: new Map(sample.ifaces.map((x) => [x.iface, x])) });
      }
      points.push({
        sn, res: 0, t: at, cpu: sample.cpu, memory: sample.memory, clients: sample.clients, uptime: sample.uptime,
        tx_rate: before ? rate(sample.bytesSent, before.sent, seconds) : null,
        rx_rate: before ? rate(sample.bytesReceived, before.received, seconds) : null,
      });
    }
    const clientReports = new Map<string, ReportedClient[]>();
    const reportedAt = new Map<string, number>();
    for (const [sn, p] of batch) {
      if (!p.clients) continue;
      clientReports.set(sn, p.clients.list);
      reportedAt.set(sn, p.clients.at);
    }
    let clientChanges: ClientChange[] = [];
    try {
      // two gateway instances flush overlapping devices (the shared subscription spreads a device's
      // messages over both): rows are updated in one order, and a transaction InnoDB still rolls back as
      // a deadlock changed nothing, so it runs again (docs/deployment.md)
      const ordered = [...batch].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      const macDue = await macTablesToWrite(db, batch, macWritten, options.now());
      lap('macTablesRead');
      await retryDeadlock(() => db.transaction(async (trx) => {
        // a connection of the pool and BEGIN
        lap('begin');
        // the time series rides in the same transaction: a few multi-row inserts per flush
        await insertStatRows(trx, points);
        await insertIfaceRows(trx, ifacePoints);
        lap('series');
        // switches' MAC tables: each one that came replaces the stored one, in a few multi-row inserts
        await replaceMacTables(trx, batch, macDue);
        lap('macTables');
        // and the clients: a few multi-row upserts (docs/data.md "Online clients")
        clientsWritten.clear();
        clientChanges = await syncClients(trx, clientReports, options.now(), reportedAt, { fresh: clientDetailsFresh, written: clientsWritten });
        lap('clientRows');
        // the devices' rows last: their locks are held from here to the commit only, not while the
        // rest is written, so a configuration push or a status change on those rows waits less
        for (let i = 0; i < ordered.length; i += DEVICES_PER_UPDATE) await updateDevices(trx, ordered.slice(i, i + DEVICES_PER_UPDATE), options.gatewayId);
        lap('devices');
      }));
      lap('commit');
      for (const [sn, key] of macDue) macWritten.set(sn, { key, rows: batch.get(sn)!.macTable!.length, at: options.now() });
      for (const sn of clientsWritten) clientDetailsAt.set(sn, options.now());
      for (const [sn, p] of batch) if (changedListed(sn, p.columns)) changed.push(sn);
    } catch (err) {
      logger.error({ err, devices: batch.size }, 'gateway: telemetry write failed');
    }
    for (const sn of changed) events.device(sn);
    for (const c of clientChanges) events.clients(c.projectId, c.sn, c.joined.length, c.left.length);
    if (clientChanges.length && options.clientsChanged) {
      try {
        await options.clientsChanged(clientChanges);
      } catch (err) {
        logger.error({ err }, 'gateway: clients hook failed');
      }
    }
    lap('clients');
    // clients gone for longer than the list keeps them, every ten minutes
    if (options.now() - prunedAt > 600_000) {
      prunedAt = options.now();
      await pruneClients(db, prunedAt).catch((err: unknown) => logger.warn({ err }, 'gateway: pruning clients failed'));
    }
    // the after-flush check runs beside the next writes, one at a time: it reads and may revive
    // devices one by one, and the reports behind this flush must not wait for it
    if (options.onFlushed) {
      const seen = new Map([...batch].map(([sn, p]) => [sn, p.seenAt]));
      afterFlush = afterFlush.then(() => options.onFlushed!(seen)).catch((err: unknown) => logger.error({ err }, 'gateway: after-flush check failed'));
    }
    // a flush that takes longer than a few periods holds every report behind it: say so, with where it went
    const ms = performance.now() - startedAt;
    if (ms > SLOW_FLUSH_MS) logger.warn({ devices: batch.size, ms: Math.round(ms), took }, 'gateway: slow telemetry flush');
  }

  /** the write queued behind the one under way, not started yet: it takes whatever has come by then */
  let next: Promise<void> | null = null;

  /**
   * One write at a time. While one runs, the reports that come gather for the next (a device's later
   * report joins its earlier one: its row gets the latest values, its time series every sample), so
   * a database slower than the reports makes the writes larger, not a queue of small ones that grows
   * without end in memory.
   */
  function flush(): Promise<void> {
    if (!next) {
      const take = () => {
        next = null;
        const batch = pending;
        pending = new Map();
        return write(batch);
      };
      // after a write that threw too: its caller hears of it, the reports behind it are still written
      next = writing.then(take, take);
      writing = next;
    }
    // a caller that waits for a flush (the sweep, a stop) waits for its after-flush check too
    return next.then(() => afterFlush);
  }

  return {
    touch(sn) {
      entry(sn).seenAt = options.now();
    },
    report(sn, columns, sample, clients, macTable) {
      const p = entry(sn);
      p.seenAt = options.now();
      Object.assign(p.columns, columns);
      if (sample) {
        // two reports in the same millisecond are one point of the series: the later one's
        const last = p.samples.at(-1);
        if (last?.at === p.seenAt) last.sample = sample;
        else p.samples.push({ at: p.seenAt, sample });
      }
      if (clients) p.clients = { at: p.seenAt, list: clients };
      if (macTable) p.macTable = macTable;
    },
    flush,
    start() {
      timer ??= setInterval(() => void flush(), options.flushEveryMs);
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await flush();
    },
  };
}
