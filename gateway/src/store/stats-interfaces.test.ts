// Radio and port series, project series and the top devices (docs/data.md): what the status event
// carries per interface, how often it is kept, the job's rollups and retention of both tables.
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTelemetryWriter, interfaceSamples } from '../telemetry.js';
import {
  IFACE_TABLE,
  PROJECT_TABLE,
  STATS_TABLE,
  backfillDeviceStats,
  readIfaceSeries,
  readProjectSeries,
  readTopDevices,
  rebuildProjectStats,
  rollupAndPrune,
} from './stats.js';
import { registerDevices } from './registration.js';
import { createTestDb, testBackends } from './test-db.js';

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 20, 8, 0, 0);
const PROJECT = 4242;

describe('a status event per radio and port', () => {
  it('names radios by band, counts their associated clients and leaves ports that are down out', () => {
    const samples = interfaceSamples({
      'Device.WiFi.Radio.1.OperatingFrequencyBand': '2.4GHz',
      'Device.WiFi.Radio.1.Stats.Noise': '-90',
      'Device.WiFi.Radio.1.Stats.BytesSent': '1000',
      'Device.WiFi.Radio.1.Stats.BytesReceived': '200',
      'Device.WiFi.Radio.1.ChannelUtilization': '37',
      'Device.WiFi.Radio.2.OperatingFrequencyBand': '5GHz',
      'Device.WiFi.Radio.2.Stats.Noise': '-95',
      'Device.WiFi.SSID.1.LowerLayers': 'Device.WiFi.Radio.1.',
      'Device.WiFi.SSID.2.LowerLayers': 'Device.WiFi.Radio.2.',
      'Device.WiFi.SSID.3.LowerLayers': 'Device.WiFi.Radio.2.',
      'Device.WiFi.AccessPoint.1.SSIDReference': 'Device.WiFi.SSID.1.',
      'Device.WiFi.AccessPoint.1.AssociatedDevice.4.MACAddress': '02:00:00:00:00:01',
      'Device.WiFi.AccessPoint.2.SSIDReference': 'Device.WiFi.SSID.2.',
      'Device.WiFi.AccessPoint.2.AssociatedDevice.5.MACAddress': '02:00:00:00:00:02',
      'Device.WiFi.AccessPoint.3.SSIDReference': 'Device.WiFi.SSID.3.',
      'Device.WiFi.AccessPoint.3.AssociatedDevice.6.MACAddress': '02:00:00:00:00:03',
      'Device.Ethernet.Interface.1.Status': 'Up',
      'Device.Ethernet.Interface.1.Stats.BytesSent': '5000',
      'Device.Ethernet.Interface.1.Stats.BytesReceived': '7000',
      'Device.Ethernet.Interface.2.Status': 'Down',
      'Device.Ethernet.Interface.2.Stats.BytesSent': '0',
    });
    expect(samples).toEqual([
      { iface: '2.4GHz', bytesSent: 1000, bytesReceived: 200, clients: 1, noise: -90, util: 37 },
      { iface: '5GHz', bytesSent: null, bytesReceived: null, clients: 2, noise: -95, util: null },
      { iface: 'port1', bytesSent: 5000, bytesReceived: 7000, clients: null, noise: null, util: null },
    ]);
  });
});

describe.each(testBackends())('radio, port and project series on %s', (backend) => {
  let db: Knex;
  let close: () => Promise<void>;
  const A = 'ALIFACE000000001';
  const B = 'ALIFACE000000002';
  const SWITCH = 'ALIFACE000000003';
  beforeAll(async () => {
    ({ db, close } = await createTestDb(backend));
    await registerDevices(db, [
      { sn: A, type: 'ap', model: 'AL-AP620', mac: '00:1A:2B:00:60:01', secret: 'a-device-secret-0001', projectId: PROJECT },
      { sn: B, type: 'ap', model: 'AL-AP620', mac: '00:1A:2B:00:60:02', secret: 'a-device-secret-0002', projectId: PROJECT },
      { sn: SWITCH, type: 'switch', model: 'AL-SW2024P', mac: '00:1A:2B:00:60:03', secret: 'a-device-secret-0003', projectId: PROJECT },
    ]);
  });
  afterAll(async () => {
    await close?.();
  });

  it('keeps a radio and port point every 5 minutes, with rates averaged over those 5 minutes', async () => {
    let now = T0;
    const writer = createTelemetryWriter({
      db, gatewayId: 'gw-test', flushEveryMs: 1000, now: () => now,
      events: { device: () => undefined } as never,
      logger: { error: () => undefined } as never,
    });
    const sample = (sent: number) => ({
      cpu: 10, memory: 40, clients: 1, uptime: 100, bytesSent: sent, bytesReceived: 0,
      ifaces: [{ iface: '5GHz', bytesSent: sent, bytesReceived: sent / 2, clients: 1, noise: -93, util: 20 }],
    });
    // a report every 30 s for 11 minutes: 30,000 bytes more each time (1,000 B/s)
    for (let i = 0; i <= 22; i++) {
      writer.report(A, {}, sample(i * 30_000));
      await writer.flush();
      now += 30_000;
    }
    const rows = await db(IFACE_TABLE).where({ sn: A, res: 0 }).orderBy('t');
    expect(rows.map((r) => [(Number(r.t) - T0) / 60_000, r.tx_rate, r.rx_rate, r.clients, r.noise, r.util])).toEqual([
      [0, null, null, 1, -93, 20],
      [5, 1000, 500, 1, -93, 20],
      [10, 1000, 500, 1, -93, 20],
    ]);
    // the device's own series still has every report
    expect(await db(STATS_TABLE).where({ sn: A, res: 0 }).count({ n: '*' })).toEqual([{ n: 23 }]);
    await db(IFACE_TABLE).delete();
    await db(STATS_TABLE).delete();
  });

  it('rolls radios and ports up, and sums or averages the project\'s devices per bucket', async () => {
    const raw = [];
    const ifaces = [];
    // two hours: A has 4 clients and 1,000 B/s, B 2 clients and 3,000 B/s; CPU 10 and 30
    for (let t = T0; t < T0 + 2 * HOUR; t += 30_000) {
      raw.push({ sn: A, res: 0, t, cpu: 10, memory: 40, clients: 4, tx_rate: 800, rx_rate: 200, uptime: 1 });
      raw.push({ sn: B, res: 0, t, cpu: 30, memory: 60, clients: 2, tx_rate: 2_000, rx_rate: 1_000, uptime: 1 });
    }
    for (let t = T0; t < T0 + 2 * HOUR; t += 300_000) {
      ifaces.push({ sn: A, res: 0, iface: '2.4GHz', t, tx_rate: 100, rx_rate: 50, clients: 1, noise: -90, util: t < T0 + HOUR ? 10 : 30 });
      ifaces.push({ sn: SWITCH, res: 0, iface: 'port3', t, tx_rate: 400, rx_rate: 0, clients: null, noise: null, util: null });
    }
    for (let i = 0; i < raw.length; i += 100) await db(STATS_TABLE).insert(raw.slice(i, i + 100));
    await db(IFACE_TABLE).insert(ifaces);
    const now = T0 + 2 * HOUR + 5 * 60_000;
    await rollupAndPrune(db, now);

    expect(await db(IFACE_TABLE).where({ sn: A, res: 900 }).count({ n: '*' })).toEqual([{ n: 8 }]);
    const util = await readIfaceSeries(db, A, 'utilisation', '30d', now);
    expect(util).toEqual([{ iface: '2.4GHz', points: [[T0, 10], [T0 + HOUR, 30]] }]);
    const ports = await readIfaceSeries(db, SWITCH, 'traffic', '12h', now);
    expect(ports.map((s) => [s.iface, s.points.length, s.points[0]![1]])).toEqual([['port3', 24, 400]]);

    // the project: clients 4 + 2, traffic 1,000 + 3,000, CPU the average of 10 and 30
    const clients = await readProjectSeries(db, PROJECT, 'clients', '12h', now);
    expect(clients).toHaveLength(24);
    expect(clients[0]).toEqual([T0, 6]);
    expect(await readProjectSeries(db, PROJECT, 'traffic', '7d', now)).toEqual(
      Array.from({ length: 8 }, (_, i) => [T0 + i * 900_000, 4_000]),
    );
    expect((await readProjectSeries(db, PROJECT, 'cpu', '30d', now)).slice(0, 2)).toEqual([[T0, 20], [T0 + HOUR, 20]]);
    const bucket = await db(PROJECT_TABLE).where({ project_id: PROJECT, res: 300 }).orderBy('t').first();
    expect(bucket.devices).toBe(2);

    // a rerun changes nothing
    await rollupAndPrune(db, now);
    expect(await readProjectSeries(db, PROJECT, 'clients', '12h', now)).toEqual(clients);

    const top = await readTopDevices(db, PROJECT, '24h', now);
    // the switch is no access point
    expect(top.clients).toEqual([{ sn: A, value: 4 }, { sn: B, value: 2 }]);
    expect(top.throughput).toEqual([{ sn: B, value: 3_000 }, { sn: A, value: 1_000 }]);
  });

  it('deletes radio, port and project buckets past their retention', async () => {
    await rollupAndPrune(db, T0 + 28 * HOUR);
    expect(await db(IFACE_TABLE).where({ res: 0 }).count({ n: '*' })).toEqual([{ n: 0 }]);
    expect(await db(PROJECT_TABLE).where({ res: 300 }).count({ n: '*' })).toEqual([{ n: 0 }]);
    expect(await db(PROJECT_TABLE).where({ res: 900 }).count({ n: '*' })).toEqual([{ n: 8 }]);
    await rollupAndPrune(db, T0 + 32 * 24 * HOUR);
    expect(await db(IFACE_TABLE).count({ n: '*' })).toEqual([{ n: 0 }]);
    expect(await db(PROJECT_TABLE).count({ n: '*' })).toEqual([{ n: 0 }]);
    expect(await readProjectSeries(db, PROJECT, 'clients', '30d', T0 + 32 * 24 * HOUR)).toEqual([]);
  });

  it('makes a project\'s past buckets from a device history written into the past', async () => {
    const now = T0 + 10 * 24 * HOUR;
    const points = [];
    for (let t = now - 48 * HOUR; t < now; t += HOUR) {
      points.push({ res: 3600, t: t - (t % HOUR), cpu: 20, memory: 40, clients: 5, txRate: 100, rxRate: 100, uptime: 1, ifaces: [{ iface: '5GHz', txRate: 60, rxRate: 40, clients: 3, noise: -95, util: 12 }] });
    }
    expect(await backfillDeviceStats(db, B, points)).toBe(true);
    await rebuildProjectStats(db, [PROJECT], now);
    const month = await readProjectSeries(db, PROJECT, 'clients', '30d', now);
    expect(month).toHaveLength(48);
    expect(month[0]![1]).toBe(5);
    expect((await readIfaceSeries(db, B, 'clients', '30d', now))[0]!.points).toHaveLength(48);
    // and the device's daily buckets, which the top access points of 7 and 30 days read
    expect((await readTopDevices(db, PROJECT, '30d', now)).clients).toEqual([{ sn: B, value: 5 }]);
  });
});

describe.each(testBackends())('rates of a busy device on %s', (backend) => {
  it('stores several megabytes a second (MySQL FLOAT(8,2) stopped at 999,999.99)', async () => {
    const { db, close } = await createTestDb(backend);
    try {
      await registerDevices(db, [{ sn: 'ALBUSY0000000001', type: 'ap', model: 'AL-AP620', mac: '00:1A:2B:00:70:01', secret: 'a-device-secret-0001', projectId: PROJECT }]);
      await db(STATS_TABLE).insert({ sn: 'ALBUSY0000000001', res: 0, t: T0, cpu: 1, memory: 1, clients: 1, tx_rate: 12_345_678.5, rx_rate: 3_000_000, uptime: 1 });
      await db(IFACE_TABLE).insert({ sn: 'ALBUSY0000000001', res: 0, iface: '5GHz', t: T0, tx_rate: 12_345_678.5, rx_rate: 3_000_000, clients: 1, noise: -90, util: 50 });
      await rollupAndPrune(db, T0 + HOUR);
      expect(await readProjectSeries(db, PROJECT, 'traffic', '12h', T0 + HOUR)).toEqual([[T0, 15_345_678.5]]);
      expect((await readIfaceSeries(db, 'ALBUSY0000000001', 'traffic', '12h', T0 + HOUR))[0]!.points).toEqual([[T0, 15_345_678.5]]);
    } finally {
      await close();
    }
  });
});
