// What happens to devices becomes the run log (docs/data.md "Run log and alarms", ARCHITECTURE §8).
// The runtime's parts hand happenings over here — status transitions, finished operations,
// configuration results, status reports whose ports, PoE, CPU or noise crossed a line — and they
// are written in batches a moment later (one multi-row insert for a burst), off the telemetry path,
// then the project's browsers are told so the log pages and the unread count read again.
import { DeviceStatus, errorMessage, OPERATION_NAMES_EN, type LogEventKey, type LogEventParams } from '@airloom/contracts';
import { TR181, type UspMap } from '@airloom/usp';
import type { Knex } from 'knex';
import type { Bus } from './bus/bus.js';
import type { RuntimeLogger } from './logger.js';
import { transitionOf } from './status.js';
import type { ClientChange } from './store/clients.js';
import { retryDeadlock } from './store/config.js';
import { appendLogEvents, type NewLogEvent } from './store/run-log.js';
import type { DeviceRow } from './store/rows.js';
import { instances } from './telemetry.js';

/** how long happenings gather before they are written together */
const COALESCE_MS = 500;
/** a batch the database refused is tried again this much later, up to WRITE_ATTEMPTS times in all (a MariaDB restart fits) */
const RETRY_MS = 5_000;
const WRITE_ATTEMPTS = 6;
/** at most this many events wait for the database; beyond, the oldest go */
const MAX_WAITING = 10_000;
const CHUNK = 500;
/** a status report at or above this CPU raises a high-CPU alarm; it clears below CPU_CLEAR */
export const CPU_HIGH = 90;
const CPU_CLEAR = 80;
/** a radio's noise at or above this (dBm) is strong interference; it clears below NOISE_CLEAR */
export const NOISE_STRONG = -70;
const NOISE_CLEAR = -75;

const OFFLINE: readonly number[] = [DeviceStatus.OFFLINE, DeviceStatus.OFFLINE_ALT];
const ONLINE: readonly number[] = [DeviceStatus.ONLINE, DeviceStatus.ONLINE_NOT_SAVED];

export interface RunLogWriter {
  /** one event of a device; its project, MAC, model and name are read when it is written */
  record(sn: string, event: LogEventKey, params?: LogEventParams, t?: number): void;
  /** a row just returned by a status transition (LiveEvents.snapshot) */
  transition(row: DeviceRow): void;
  /** a status report: what crossed a line since the device's previous one becomes an event */
  observeStatus(sn: string, params: UspMap): void;
  /** clients joined or left a device: Wi-Fi ones are wireless events of their AP; cabled hosts are not logged */
  clientsChanged(changes: readonly ClientChange[]): void;
  /** an operation reached its end */
  operationFinished(sn: string, kind: string | undefined, state: 'done' | 'failed' | 'expired', errorCode: number | null): void;
  flush(): Promise<void>;
  close(): Promise<void>;
}

interface LoggedDevice {
  sn: string;
  project_id: number | null;
  mac: string;
  model: string;
  name: string;
  desired_name: string | null;
}

interface Pending {
  sn: string;
  event: LogEventKey;
  params?: LogEventParams;
  t: number;
  /** writes of it that failed (the database away: restarting, unreachable) */
  failed?: number;
}

/** what a device's previous status report showed, to log edges only */
interface Watched {
  cpuHigh: boolean;
  ports: Map<number, { name: string; up: boolean }>;
  poeOver: boolean;
  noisy: Set<string>;
}

/** The lines a status report may cross, read from its TR-181 parameters. */
export function statusFacts(params: UspMap): { cpu: number | null; ports: Map<number, { name: string; up: boolean }>; poe: { used: number; budget: number } | null; noise: Map<string, number> } {
  const cpuText = params[TR181.cpuUsage];
  const cpu = cpuText !== undefined && cpuText.trim() !== '' && Number.isFinite(Number(cpuText)) ? Number(cpuText) : null;
  const ports = new Map<number, { name: string; up: boolean }>();
  let drawn = 0;
  for (const [i, p] of instances(params, TR181.ethernet)) {
    if (p.Status !== undefined) ports.set(i, { name: p.Name || `${i}`, up: p.Status === 'Up' });
    const w = Number(p.X_AIRLOOM_PoEPower);
    if (p.X_AIRLOOM_PoEEnable === 'true' && Number.isFinite(w)) drawn += w;
  }
  const budget = Number(params[`${TR181.poe}PowerBudget`]);
  const noise = new Map<string, number>();
  for (const [i, r] of instances(params, TR181.radio)) {
    const n = Number(r['Stats.Noise']);
    if (r['Stats.Noise'] !== undefined && Number.isFinite(n)) noise.set(r.OperatingFrequencyBand || `radio ${i}`, n);
  }
  return { cpu, ports, poe: Number.isFinite(budget) && budget > 0 ? { used: Math.round(drawn * 10) / 10, budget } : null, noise };
}

export function createRunLogWriter(options: { db: Knex; bus?: Pick<Bus, 'publishEvent'>; logger: RuntimeLogger; now: () => number; retryMs?: number }): RunLogWriter {
  const { db, bus, logger, now } = options;
  const retryMs = options.retryMs ?? RETRY_MS;
  let pending: Pending[] = [];
  const watched = new Map<string, Watched>();
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();
  let closed = false;

  function record(sn: string, event: LogEventKey, params?: LogEventParams, t = now()): void {
    pending.push({ sn, event, ...(params ? { params } : {}), t });
    flushIn(COALESCE_MS);
  }

  function flushIn(ms: number): void {
    if (timer || closed) return;
    timer = setTimeout(() => {
      timer = null;
      void flush();
    }, ms);
  }

  async function write(batch: Pending[]): Promise<void> {
    if (batch.length === 0) return;
    const sns = [...new Set(batch.map((p) => p.sn))];
    const devices = new Map<string, LoggedDevice>();
    for (let i = 0; i < sns.length; i += CHUNK) {
      const rows = (await db('devices').whereIn('sn', sns.slice(i, i + CHUNK)).select('sn', 'project_id', 'mac', 'model', 'name', 'desired_name')) as LoggedDevice[];
      for (const r of rows) devices.set(r.sn, r);
    }
    const events: NewLogEvent[] = [];
    for (const p of batch) {
      const d = devices.get(p.sn);
      // a device in no project has nobody to tell
      if (!d || d.project_id === null) continue;
      events.push({ projectId: Number(d.project_id), sn: p.sn, mac: d.mac, model: d.model, deviceName: d.desired_name ?? d.name, t: p.t, event: p.event, ...(p.params ? { params: p.params } : {}) });
    }
    // one transaction, so a batch tried again after a failure is never half there already; InnoDB may roll
    // it back as a deadlock beside the telemetry writes: it changed nothing, so it is run again
    const written = await retryDeadlock(() => db.transaction((trx) => appendLogEvents(trx, events)));
    // written: whatever happens to the live events now, the batch is not written again
    try {
      if (bus) for (const w of written) await bus.publishEvent(w.projectId, { type: 'log', entries: w.entries, alarms: w.alarms, read: 0 });
    } catch (err) {
      logger.warn({ err }, 'gateway: run log events not published');
    }
  }

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = pending;
    pending = [];
    writing = writing.then(() =>
      write(batch).catch((err: unknown) => {
        // the database may be restarting: the batch waits and is tried again, before what came since
        const again = closed ? [] : batch.filter((p) => (p.failed = (p.failed ?? 0) + 1) < WRITE_ATTEMPTS);
        if (again.length > 0) {
          const waiting = [...again, ...pending];
          pending = waiting.slice(Math.max(0, waiting.length - MAX_WAITING));
          logger.warn({ err, events: again.length }, 'gateway: run log not written, will try again');
          flushIn(retryMs);
        }
        // a lost log row is regrettable, not a reason to stop the gateway
        if (again.length < batch.length) logger.error({ err, events: batch.length - again.length }, 'gateway: run log not written');
      }),
    );
    return writing;
  }

  return {
    record,
    transition(row) {
      const how = transitionOf(row);
      if (!how) return;
      const to = Number(row.status);
      if (OFFLINE.includes(to)) record(row.sn, how.reason === 'reboot-timeout' ? 'device.rebootTimeout' : 'device.offline', { reason: how.reason });
      else if (ONLINE.includes(to) && (OFFLINE.includes(how.from) || how.from === DeviceStatus.REBOOTING)) record(row.sn, 'device.online');
      else if (to === DeviceStatus.REBOOTING) record(row.sn, 'device.restarting');
    },
    observeStatus(sn, params) {
      const facts = statusFacts(params);
      const before = watched.get(sn);
      const next: Watched = {
        cpuHigh: facts.cpu !== null ? (before?.cpuHigh ? facts.cpu >= CPU_CLEAR : facts.cpu >= CPU_HIGH) : (before?.cpuHigh ?? false),
        ports: facts.ports.size ? facts.ports : (before?.ports ?? new Map()),
        poeOver: facts.poe ? facts.poe.used > facts.poe.budget : false,
        noisy: new Set([...facts.noise].filter(([band, n]) => (before?.noisy.has(band) ? n >= NOISE_CLEAR : n >= NOISE_STRONG)).map(([band]) => band)),
      };
      watched.set(sn, next);
      // the first report this gateway hears is where it starts watching: a restart raises nothing again
      if (!before) return;
      if (next.cpuHigh && !before.cpuHigh) record(sn, 'cpu.high', { cpu: Math.round(facts.cpu ?? 0) });
      for (const [i, port] of next.ports) {
        const was = before.ports.get(i);
        if (was && was.up !== port.up) record(sn, port.up ? 'port.up' : 'port.down', { port: port.name });
      }
      if (next.poeOver && !before.poeOver && facts.poe) record(sn, 'poe.overBudget', { used: facts.poe.used, budget: facts.poe.budget });
      for (const band of next.noisy) if (!before.noisy.has(band)) record(sn, 'interference.strong', { radio: band, noise: facts.noise.get(band) ?? 0 });
    },
    clientsChanged(changes) {
      for (const change of changes) {
        for (const c of change.joined) if (c.connection === 'wireless') record(change.sn, 'client.join', { client: c.name || c.mac, ssid: c.ssid ?? '' });
        for (const c of change.left) if (c.connection === 'wireless') record(change.sn, 'client.leave', { client: c.mac });
      }
    },
    operationFinished(sn, kind, state, errorCode) {
      const operation = (kind && OPERATION_NAMES_EN[kind]) ?? kind ?? 'An operation';
      // a neighbour scan that worked is a measurement, not news: only its failure is logged
      if (state === 'done' && kind === 'neighbourScan') return;
      if (state === 'done') record(sn, 'operation.done', { operation });
      else if (kind === 'upgrade') record(sn, 'upgrade.failed', { error: errorCode === null ? 'unknown' : errorMessage(errorCode) });
      else record(sn, 'operation.failed', { operation, error: errorCode === null ? 'unknown' : errorMessage(errorCode) });
    },
    flush,
    async close() {
      closed = true;
      await flush();
    },
  };
}
