import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTelemetryWriter } from '../telemetry.js';
import { backfillDeviceStats, readDeviceSeries, rollupAndPrune, STATS_TABLE } from './stats.js';
import { registerDevices } from './registration.js';
import { createTestDb, testBackends } from './test-db.js';

const HOUR = 3_600_000;
// a fixed hour boundary, so buckets are easy to reason about
const T0 = Date.UTC(2026, 10, 20, 8, 0, 0);

describe.each(testBackends())('device time series on %s', (backend) => {
  let db: Knex;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await createTestDb(backend));
    await registerDevices(db, [
      { sn: 'ALSTATS000000001', type: 'ap', model: 'AL-AP1', mac: '00:1A:2B:00:50:01', secret: 'a-device-secret-0001' },
    ]);
  });
  afterAll(async () => {
    await close?.();
  });

  it('stores each status report as a raw point, with traffic as bytes per second since the previous report', async () => {
    let now = T0;
    const writer = createTelemetryWriter({
      db, gatewayId: 'gw-test', flushEveryMs: 1000, now: () => now,
      events: { device: () => undefined } as never,
      logger: { error: () => undefined } as never,
    });
    const sample = (sent: number, cpu: number) => ({ cpu, memory: 40, clients: 3, uptime: 100, bytesSent: sent, bytesReceived: sent / 4 });
    writer.report('ALSTATS000000001', {}, sample(1_000, 10));
    await writer.flush();
    now += 30_000;
    writer.report('ALSTATS000000001', {}, sample(61_000, 20));
    await writer.flush();
    now += 30_000;
    // a reboot: the counter started over, so no rate rather than a negative one
    writer.report('ALSTATS000000001', {}, sample(500, 30));
    await writer.flush();
    const rows = await db(STATS_TABLE).where({ sn: 'ALSTATS000000001', res: 0 }).orderBy('t');
    expect(rows.map((r) => [Number(r.t) - T0, r.cpu, r.tx_rate, r.rx_rate])).toEqual([
      [0, 10, null, null],
      [30_000, 20, 2_000, 500],
      [60_000, 30, null, null],
    ]);
    const traffic = await readDeviceSeries(db, 'ALSTATS000000001', 'traffic', '12h', T0 + 90_000);
    expect(traffic).toEqual([[T0 + 30_000, 2_500]]);
    await db(STATS_TABLE).delete();
  });

  it('writes each device its own reported columns in a flush of many devices; a column a device did not report keeps its value', async () => {
    // more devices than one UPDATE of the flush takes (250), in two kinds of report
    const sns = Array.from({ length: 260 }, (_, i) => `ALFLUSH${String(i).padStart(9, '0')}`);
    await registerDevices(db, sns.map((sn, i) => ({ sn, type: 'ap', model: 'AL-AP1', mac: `00:1A:2C:00:${(i >> 8).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}`, secret: `a-device-secret-${i}` })));
    await db('devices').whereIn('sn', sns).update({ software_version: 'kept', ip: '192.0.2.1' });
    const now = T0 + 5 * HOUR;
    const writer = createTelemetryWriter({
      db, gatewayId: 'gw-flush', flushEveryMs: 1000, now: () => now,
      events: { device: () => undefined } as never,
      logger: { error: () => undefined, warn: () => undefined } as never,
    });
    sns.forEach((sn, i) => {
      if (i % 2 === 0) writer.report(sn, { ip: `10.0.${i >> 8}.${i & 255}`, uptime: 1000 + i });
      else writer.report(sn, { clients: i, mesh_mode: null });
    });
    await writer.flush();
    const rows = (await db('devices').whereIn('sn', sns).orderBy('sn').select('sn', 'ip', 'uptime', 'clients', 'software_version', 'last_seen_at', 'gateway_id')) as Array<Record<string, unknown>>;
    rows.forEach((row, i) => {
      expect(row.software_version).toBe('kept');
      expect([Number(row.last_seen_at), row.gateway_id]).toEqual([now, 'gw-flush']);
      if (i % 2 === 0) expect([row.ip, Number(row.uptime)]).toEqual([`10.0.${i >> 8}.${i & 255}`, 1000 + i]);
      else expect([row.ip, Number(row.clients)]).toEqual(['192.0.2.1', i]);
    });
    await db('devices').whereIn('sn', sns).delete();
  });

  it('gathers the reports that come while a write waits for the database into one next write, every sample of the series kept', async () => {
    const sn = 'ALSTATS000000001';
    const from = T0 + 10 * HOUR;
    let now = from;
    const writes: Map<string, number>[] = [];
    const writer = createTelemetryWriter({
      db, gatewayId: 'gw-wait', flushEveryMs: 1000, now: () => now,
      events: { device: () => undefined } as never,
      logger: { error: () => undefined, warn: () => undefined } as never,
      onFlushed: async (seen) => {
        writes.push(seen);
      },
    });
    const sample = (cpu: number) => ({ cpu, memory: 40, clients: 3, uptime: cpu, bytesSent: 1_000 * cpu, bytesReceived: 100 });
    // another transaction holds the device's row (and on SQLite the one connection): the first write waits
    const hold = await db.transaction();
    await hold('devices').where({ sn }).update({ ip: '192.0.2.9' });
    writer.report(sn, { uptime: 1 }, sample(1));
    const first = writer.flush();
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const cpu of [2, 3]) {
      now += 30_000;
      writer.report(sn, { uptime: cpu }, sample(cpu));
      void writer.flush();
    }
    const last = writer.flush();
    await hold.commit();
    await Promise.all([first, last]);
    try {
      // two writes, not three: the second took both reports that came meanwhile
      expect(writes.map((seen) => seen.get(sn)! - from)).toEqual([0, 60_000]);
      const rows = await db(STATS_TABLE).where({ sn, res: 0 }).andWhere('t', '>=', from).orderBy('t');
      expect(rows.map((r) => [Number(r.t) - from, Number(r.cpu)])).toEqual([[0, 1], [30_000, 2], [60_000, 3]]);
      expect(Number(((await db('devices').where({ sn }).first('uptime')) as { uptime: number }).uptime)).toBe(3);
    } finally {
      await db(STATS_TABLE).delete();
    }
  });

  it('rolls raw points up into 15-minute and hourly averages and serves each window from its resolution', async () => {
    const sn = 'ALSTATS000000001';
    // two hours of reports every 30 s: CPU 10 in the first hour, 30 in the second; clients = minute of the hour
    const rows = [];
    for (let t = T0; t < T0 + 2 * HOUR; t += 30_000) {
      rows.push({ sn, res: 0, t, cpu: t < T0 + HOUR ? 10 : 30, memory: 50, clients: Math.floor(((t - T0) % HOUR) / 60_000), tx_rate: 100, rx_rate: 50, uptime: (t - T0) / 1000 });
    }
    for (let i = 0; i < rows.length; i += 100) await db(STATS_TABLE).insert(rows.slice(i, i + 100));
    const now = T0 + 2 * HOUR + 5 * 60_000;
    await rollupAndPrune(db, now);
    const quarter = await db(STATS_TABLE).where({ sn, res: 900 }).orderBy('t');
    expect(quarter).toHaveLength(8);
    expect(quarter.map((r) => Math.round(r.clients * 100) / 100)).toEqual([7, 22, 37, 52, 7, 22, 37, 52]);
    expect(Number(quarter[3].uptime)).toBe(3_570);
    const hourly = await db(STATS_TABLE).where({ sn, res: 3600 }).orderBy('t');
    expect(hourly.map((r) => [Number(r.t) - T0, r.cpu])).toEqual([[0, 10], [HOUR, 30]]);

    // a rerun changes nothing
    await rollupAndPrune(db, now);
    expect(await db(STATS_TABLE).where({ sn, res: 900 }).count({ n: '*' })).toEqual([{ n: 8 }]);

    const week = await readDeviceSeries(db, sn, 'cpu', '7d', now);
    // eight quarter-hours, then the raw points of the bucket not yet complete
    expect(week.slice(0, 8).map(([t]) => (t - T0) / 60_000)).toEqual([0, 15, 30, 45, 60, 75, 90, 105]);
    expect(week).toHaveLength(8);
    const month = await readDeviceSeries(db, sn, 'cpu', '30d', now);
    expect(month.slice(0, 2)).toEqual([[T0, 10], [T0 + HOUR, 30]]);
    const day = await readDeviceSeries(db, sn, 'traffic', '24h', now);
    expect(day).toHaveLength(240);
    expect(day[0]).toEqual([T0, 150]);
  });

  it('deletes what is past each resolution\'s retention', async () => {
    const sn = 'ALSTATS000000001';
    // 26 hours later raw points are gone, 15-minute buckets stay; 32 days later only newer hourly ones would stay
    await rollupAndPrune(db, T0 + 26 * HOUR + 2 * HOUR);
    expect(await db(STATS_TABLE).where({ sn, res: 0 }).count({ n: '*' })).toEqual([{ n: 0 }]);
    expect(await db(STATS_TABLE).where({ sn, res: 900 }).count({ n: '*' })).toEqual([{ n: 8 }]);
    await rollupAndPrune(db, T0 + 32 * 24 * HOUR);
    expect(await db(STATS_TABLE).where({ sn }).count({ n: '*' })).toEqual([{ n: 0 }]);
    expect(await readDeviceSeries(db, sn, 'cpu', '30d', T0 + 32 * 24 * HOUR)).toEqual([]);
  });

  it('writes a demo history once: a second start keeps what is there', async () => {
    const sn = 'ALSTATS000000001';
    const point = (res: number, t: number, cpu: number) => ({ res, t, cpu, memory: 40, clients: 2, txRate: 10, rxRate: 5, uptime: 60 });
    expect(await backfillDeviceStats(db, sn, [point(3600, T0, 12), point(0, T0 + HOUR, 13)])).toBe(true);
    expect(await backfillDeviceStats(db, sn, [point(3600, T0, 99)])).toBe(false);
    expect(await readDeviceSeries(db, sn, 'cpu', '30d', T0 + 2 * HOUR)).toEqual([[T0, 12], [T0 + HOUR, 13]]);
  });
});
