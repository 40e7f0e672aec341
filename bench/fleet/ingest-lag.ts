// Ingest lag: from the moment an agent emits a status Notify to the moment its values can be read
// from the database. A bare subscriber on `usp/c/+` sees every status Notify (the agent stamps its
// emit time in the `SentAt` param); the sampled devices that have an unconfirmed report are then
// looked up by primary key every POLL_MS until their row's `uptime` reaches the reported one. The lag
// is the poll's start minus SentAt, so it is rounded up to the poll (≤ POLL_MS too long, never too short).
//
// The lag is measured on a fixed sample of the fleet (SAMPLE_DEVICES, chosen by a hash of the serial
// number): looking every device up ten times a second costs the database more than the gateway's own
// writes once the gateway falls behind (20,000 pending rows → 200,000 lookups a second), and the
// measurement then slows what it measures. Every report is still checked for loss: the others are
// looked up every CONFIRM_MS, which says whether a report reached the database, not how fast.
import { hash32 } from '@airloom/device-sim';
import { decodeMsg, decodeRecord, snFromEndpointId, STATUS_EVENT_SENT_AT, TR181 } from '@airloom/usp';
import mqtt from 'mqtt';
import mysql from 'mysql2/promise';
import type { Login } from './mosquitto.js';

const POLL_MS = 100;
const CONFIRM_MS = 5_000;
/**
 * devices whose reports are timed: 2,000 reporting every 30 s give about 67 lags a second
 * (BENCH_FLEET_LAG_SAMPLE: fewer cost the database and the bench's process less when the gateway is
 * behind, since every timed device with a report pending is looked up ten times a second)
 */
export const SAMPLE_DEVICES = Number(process.env.BENCH_FLEET_LAG_SAMPLE ?? 2_000);
const STATUS_EVENT = 'X_AIRLOOM_Status!';
const STATUS_EVENT_BYTES = Buffer.from(STATUS_EVENT);

/** the device and the uptime and emit time of a status Notify; undefined for any other message */
function statusOf(payload: Buffer): { sn: string; report: Report } | undefined {
  try {
    const record = decodeRecord(payload);
    if (record.kind !== 'msg') return undefined;
    const msg = decodeMsg(record.payload);
    if (msg.type !== 'notify' || msg.notification.kind !== 'event' || msg.notification.eventName !== STATUS_EVENT) return undefined;
    const sn = snFromEndpointId(record.fromId);
    const report = { uptime: Number(msg.notification.params[TR181.upTime]), sentAt: Number(msg.notification.params[STATUS_EVENT_SENT_AT]) };
    if (!sn || !Number.isFinite(report.uptime) || !Number.isFinite(report.sentAt)) return undefined;
    return { sn, report };
  } catch {
    return undefined;
  }
}

interface Report {
  uptime: number;
  sentAt: number;
}

export interface IngestWindow {
  /** lags of the sampled devices' reports emitted in the window, sorted, ms */
  lags: number[];
  /** status Notifies emitted in the window (seen by the bare subscriber) */
  observed: number;
  /** of those, the sampled devices' (the lags are theirs) */
  observedSampled: number;
  /** reports emitted in the window whose values had not reached the row when it was closed */
  unconfirmed: number;
  seconds: number;
}

export interface IngestLagTracker {
  /** Starts a window: reports emitted from now on are measured. */
  mark(): void;
  /** Ends the window now and waits up to settleMs for its reports to reach the database. */
  close(settleMs: number): Promise<IngestWindow>;
  /** How many devices have sent a status report (the gateway set them up: their status subscription exists). */
  reporting(): number;
  /** The newest status record of each device, as the agent sent it (the flood replays them). */
  latestRecords(): Map<string, Buffer>;
  stop(): Promise<void>;
}

export async function trackIngestLag(options: {
  mqttUrl: string;
  login: Login;
  protocolVersion: 4 | 5;
  databaseUrl: string;
  /** devices in the fleet: SAMPLE_DEVICES of them are timed */
  devices: number;
}): Promise<IngestLagTracker> {
  const pool = mysql.createPool({ uri: options.databaseUrl, connectionLimit: 2 });
  const share = Math.min(1, SAMPLE_DEVICES / Math.max(1, options.devices));
  // which devices are timed: a hash of the serial number, the same in every run
  const sampled = (sn: string) => share >= 1 || hash32(sn) / 0x1_0000_0000 < share;
  // pending reports of the sampled devices (timed) and of the rest (only confirmed)
  const pending = new Map<string, Report[]>();
  const pendingRest = new Map<string, Report[]>();
  const lastUptime = new Map<string, number>();
  const records = new Map<string, Buffer>();
  let markedAt = Date.now();
  /** a window was started: from then on every report is decoded and looked for in the database */
  let armed = false;
  let lags: Array<{ sentAt: number; lag: number }> = [];
  let observedAt: number[] = [];
  let observedSampledAt: number[] = [];

  const client = await mqtt.connectAsync(options.mqttUrl, {
    ...options.login,
    clientId: `bench-observer-${process.pid}`,
    protocolVersion: options.protocolVersion,
    reconnectPeriod: 0,
  });
  client.on('message', (topic, payload) => {
    if (!armed) {
      // before the first window only who reports and their newest record count: a device's first
      // status report is decoded, its later ones are only kept (decoding all 20,000 devices' reports
      // took the bench's process 40 % of a core while the fleet was being set up)
      const known = snFromEndpointId(topic.split('/')[2] ?? '');
      if (known && records.has(known)) {
        if (payload.includes(STATUS_EVENT_BYTES)) records.set(known, payload);
        return;
      }
    }
    // answers to the gateway's requests (the rename's) are not decoded
    if (!payload.includes(STATUS_EVENT_BYTES)) return;
    const status = statusOf(payload);
    if (!status) return;
    const { sn, report } = status;
    const previous = records.get(sn);
    records.set(sn, payload);
    if (!armed) return;
    observedAt.push(report.sentAt);
    const timed = sampled(sn);
    if (timed) observedSampledAt.push(report.sentAt);
    // the report before the first window was kept undecoded
    const before = lastUptime.get(sn) ?? (previous ? statusOf(previous)?.report.uptime : undefined);
    lastUptime.set(sn, report.uptime);
    // a first report (the row may already hold an uptime read at connect) or one whose uptime did
    // not move since the last could match the row before it is written: not measured
    if (before === undefined || report.uptime <= before) return;
    const into = timed ? pending : pendingRest;
    const list = into.get(sn) ?? [];
    list.push(report);
    into.set(sn, list);
  });
  // bare and with the 3.1.1 reply-to suffix (TR-369 R-MQTT.24)
  await client.subscribeAsync(['usp/c/+', 'usp/c/+/+'], { qos: 0 });

  /** Looks the devices of `from` up; a report their row has reached leaves it (timed: its lag is kept). */
  async function confirm(from: Map<string, Report[]>, timed: boolean): Promise<void> {
    const started = Date.now();
    const sns = [...from.keys()];
    for (let i = 0; i < sns.length; i += 1000) {
      const chunk = sns.slice(i, i + 1000);
      const [rows] = await pool.query<mysql.RowDataPacket[]>('SELECT sn, uptime FROM devices WHERE sn IN (?)', [chunk]);
      for (const row of rows) {
        const list = from.get(row.sn as string);
        if (!list) continue;
        const left = list.filter((r) => {
          if (Number(row.uptime) < r.uptime) return true;
          if (timed) lags.push({ sentAt: r.sentAt, lag: started - r.sentAt });
          return false;
        });
        if (left.length) from.set(row.sn as string, left);
        else from.delete(row.sn as string);
      }
    }
  }

  let polling = true;
  const every = (ms: number, work: () => Promise<void>) =>
    (async () => {
      while (polling) {
        const started = Date.now();
        await work();
        await new Promise((r) => setTimeout(r, Math.max(0, ms - (Date.now() - started))));
      }
    })();
  const loops = [every(POLL_MS, () => confirm(pending, true)), every(CONFIRM_MS, () => confirm(pendingRest, false))];

  return {
    mark() {
      armed = true;
      markedAt = Date.now();
      lags = [];
      observedAt = [];
      observedSampledAt = [];
    },
    async close(settleMs) {
      const endAt = Date.now();
      const inWindow = (sentAt: number) => sentAt >= markedAt && sentAt < endAt;
      const unconfirmed = () => [...pending.values(), ...pendingRest.values()].reduce((n, list) => n + list.filter((r) => inWindow(r.sentAt)).length, 0);
      const deadline = endAt + settleMs;
      while (unconfirmed() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, POLL_MS));
      return {
        lags: lags.filter((l) => inWindow(l.sentAt)).map((l) => l.lag).sort((a, b) => a - b),
        observed: observedAt.filter(inWindow).length,
        observedSampled: observedSampledAt.filter(inWindow).length,
        unconfirmed: unconfirmed(),
        seconds: (endAt - markedAt) / 1000,
      };
    },
    reporting: () => records.size,
    latestRecords: () => new Map(records),
    async stop() {
      polling = false;
      await Promise.all(loops);
      await client.endAsync();
      await pool.end();
    },
  };
}

