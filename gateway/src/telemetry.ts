// Reported telemetry into `devices` (common.md "Status"): each device's latest values are coalesced
// in memory and written every flush period in one transaction, so 5,000 devices reporting every
// 30 s cost a few small transactions a second instead of one per message.
import type { Knex } from 'knex';
import type { UspMap } from '@airloom/usp';
import type { LiveEvents } from './live-events.js';
import type { RuntimeLogger } from './logger.js';
import { toReportedJson, type ReportedState } from './store/mapping.js';

export interface ReportedColumns {
  ip?: string;
  software_version?: string;
  clients?: number;
  uptime?: number;
  mesh_mode?: string | null;
  model?: string;
  manufacturer?: string;
  reported_json?: string;
}

/** what the device list shows; a change in one of them is pushed to the browsers */
const LISTED: (keyof ReportedColumns)[] = ['ip', 'software_version', 'clients', 'mesh_mode', 'model'];

function int(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? Math.max(0, Math.min(Math.trunc(n), 2_147_483_647)) : undefined;
}

function jsonArray(value: string | undefined): unknown[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

const text = (value: string, max: number) => value.slice(0, max);

/** The params of a `Device.X_AIRLOOM_Status!` event (common.md) as device columns. */
export function statusEventColumns(params: UspMap): ReportedColumns {
  const columns: ReportedColumns = {};
  if (params.IPAddress !== undefined) columns.ip = text(params.IPAddress, 45);
  if (params.SoftwareVersion !== undefined) columns.software_version = text(params.SoftwareVersion, 64);
  const clients = int(params.Clients);
  if (clients !== undefined) columns.clients = clients;
  const uptime = int(params.UpTime);
  if (uptime !== undefined) columns.uptime = uptime;
  if (params.MeshRole !== undefined) columns.mesh_mode = params.MeshRole === '' ? null : text(params.MeshRole, 16);
  // shapes are checked when read (store parseReported keeps each valid part)
  const reported = {
    radios: jsonArray(params.Radios),
    ssids: jsonArray(params.SSIDs),
    wifiClients: jsonArray(params.WiFiClients),
    ports: jsonArray(params.Ports),
    bytesSent: Number(params.BytesSent) || 0,
    bytesReceived: Number(params.BytesReceived) || 0,
  } as ReportedState;
  columns.reported_json = toReportedJson(reported);
  return columns;
}

/** DeviceInfo values (a Get of `Device.DeviceInfo.`) as device columns. */
export function deviceInfoColumns(info: UspMap): ReportedColumns {
  const columns: ReportedColumns = {};
  if (info.SoftwareVersion) columns.software_version = text(info.SoftwareVersion, 64);
  if (info.ModelName) columns.model = text(info.ModelName, 32);
  if (info.Manufacturer) columns.manufacturer = text(info.Manufacturer, 64);
  const uptime = int(info.UpTime);
  if (uptime !== undefined) columns.uptime = uptime;
  return columns;
}

export interface TelemetryWriter {
  /** any traffic: last_seen_at, and this instance as the one that hears the device */
  touch(sn: string): void;
  report(sn: string, columns: ReportedColumns): void;
  flush(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

interface Pending {
  seenAt: number;
  columns: ReportedColumns;
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
    try {
      await db.transaction(async (trx) => {
        for (const [sn, p] of batch) {
          await trx('devices')
            .where({ sn })
            .update({ ...p.columns, last_seen_at: p.seenAt, gateway_id: options.gatewayId, updated_at: p.seenAt });
        }
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
    report(sn, columns) {
      const p = entry(sn);
      p.seenAt = options.now();
      Object.assign(p.columns, columns);
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
