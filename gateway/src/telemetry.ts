// Reported telemetry into `devices` (docs/decisions/gateway.md): each device's latest values are coalesced
// in memory and written every flush period in one transaction, so 5,000 devices reporting every
// 30 s cost a few small transactions a second instead of one per message.
import type { Knex } from 'knex';
import { TR181, type UspMap } from '@airloom/usp';
import type { LiveEvents } from './live-events.js';
import type { RuntimeLogger } from './logger.js';
import { toReportedJson, type ReportedState } from './store/mapping.js';
import { nextRevision } from './store/revision.js';
import { insertStatRows, type StatRow, type StatSample } from './store/stats.js';

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
function instances(tree: UspMap, prefix: string): Map<number, UspMap> {
  const out = new Map<number, UspMap>();
  for (const [path, value] of Object.entries(tree)) {
    if (!path.startsWith(prefix)) continue;
    const m = /^(\d+)\.(.+)$/.exec(path.slice(prefix.length));
    if (!m) continue;
    const i = Number(m[1]);
    const params = out.get(i) ?? {};
    params[m[2] as string] = value;
    out.set(i, params);
  }
  return new Map([...out].sort(([a], [b]) => a - b));
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
  };
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
  /** `sample`: a status report's figures, stored as a raw point of the time series */
  report(sn: string, columns: ReportedColumns, sample?: StatSample): void;
  flush(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

interface Pending {
  seenAt: number;
  columns: ReportedColumns;
  sample?: { at: number; sample: StatSample };
}

/** bytes/s between two readings of a counter; null across a reboot (the counter started over) */
function rate(now: number | null, before: number | null, seconds: number): number | null {
  if (now === null || before === null || now < before || seconds <= 0) return null;
  return Math.round(((now - before) / seconds) * 100) / 100;
}

export function createTelemetryWriter(options: {
  db: Knex;
  gatewayId: string;
  events: LiveEvents;
  logger: RuntimeLogger;
  flushEveryMs: number;
  now: () => number;
  /** after each write: when each device was last heard (sessions revive devices marked offline meanwhile) */
  onFlushed?(seen: Map<string, number>): Promise<void>;
}): TelemetryWriter {
  const { db, events, logger } = options;
  let pending = new Map<string, Pending>();
  /** last listed values written per device, to push only real changes */
  const listed = new Map<string, Partial<ReportedColumns>>();
  /** each device's previous byte counters, to turn the next ones into rates */
  const counters = new Map<string, { at: number; sent: number | null; received: number | null }>();
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  function entry(sn: string): Pending {
    let p = pending.get(sn);
    if (!p) {
      p = { seenAt: options.now(), columns: {} };
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
    const changed: string[] = [];
    const points: StatRow[] = [];
    for (const [sn, p] of batch) {
      if (!p.sample) continue;
      const { at, sample } = p.sample;
      const before = counters.get(sn);
      const seconds = before ? (at - before.at) / 1000 : 0;
      counters.set(sn, { at, sent: sample.bytesSent, received: sample.bytesReceived });
      points.push({
        sn, res: 0, t: at, cpu: sample.cpu, memory: sample.memory, clients: sample.clients, uptime: sample.uptime,
        tx_rate: before ? rate(sample.bytesSent, before.sent, seconds) : null,
        rx_rate: before ? rate(sample.bytesReceived, before.received, seconds) : null,
      });
    }
    try {
      await db.transaction(async (trx) => {
        for (const [sn, p] of batch) {
          await trx('devices')
            .where({ sn })
            .update({ ...p.columns, last_seen_at: p.seenAt, gateway_id: options.gatewayId, updated_at: p.seenAt, revision: nextRevision(trx) });
        }
        // the time series rides in the same transaction: a few multi-row inserts per flush
        await insertStatRows(trx, points);
      });
      for (const [sn, p] of batch) if (changedListed(sn, p.columns)) changed.push(sn);
    } catch (err) {
      logger.error({ err, devices: batch.size }, 'gateway: telemetry write failed');
    }
    for (const sn of changed) events.device(sn);
    if (options.onFlushed) {
      try {
        await options.onFlushed(new Map([...batch].map(([sn, p]) => [sn, p.seenAt])));
      } catch (err) {
        logger.error({ err }, 'gateway: after-flush check failed');
      }
    }
  }

  function flush(): Promise<void> {
    const batch = pending;
    pending = new Map();
    writing = writing.then(() => write(batch));
    return writing;
  }

  return {
    touch(sn) {
      entry(sn).seenAt = options.now();
    },
    report(sn, columns, sample) {
      const p = entry(sn);
      p.seenAt = options.now();
      Object.assign(p.columns, columns);
      if (sample) p.sample = { at: p.seenAt, sample };
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
