// The statistics charts' queries (docs/data.md): a 30-day chart of one device and of a 1,000-device
// project, and the online statistics' top access points over 30 days, as the BFF asks them through
// the gateway's directory, on SQLite and (when MariaDB is reachable or CI=true) MariaDB. The table
// holds 30 days of hourly and daily buckets of 1,000 devices (the full mode adds 7 days of 15-minute
// ones); the project's buckets are made from them by the stats job's code, whose time is reported.
import type { Knex } from 'knex';
import { createDeviceDirectory, rebuildProjectStats } from '@airloom/gateway/public';
import { createTestDb, registerDevices, type TestBackend } from '@airloom/gateway/testing';
import { percentile, type Figure } from '../src/stats';

const PROJECT = 880_001;
const DEVICES = 1000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const snOf = (i: number) => `BENCHST${String(i).padStart(9, '0')}`;

/** a device's figures at a time: a daily rhythm, different per device */
function figures(i: number, t: number) {
  const hour = new Date(t).getUTCHours();
  const day = 0.55 + 0.45 * Math.cos(((hour - 15 - (i % 5)) / 24) * 2 * Math.PI);
  const clients = Math.round(((i % 13) + 2) * day * 100) / 100;
  return { cpu: 5 + clients * 1.5, memory: 35 + (i % 7), clients, tx_rate: clients * 40_000, rx_rate: clients * 10_000, uptime: Math.floor(t / 1000) % 2_000_000 };
}

async function fill(db: Knex, now: number, short: boolean): Promise<number> {
  const started = Date.now();
  const resolutions: [number, number, number][] = [
    [3600, 30 * DAY, HOUR],
    [86_400, 30 * DAY, DAY],
    ...(short ? [] : ([[900, 7 * DAY, 900_000]] as [number, number, number][])),
  ];
  // SQLite takes at most 32,766 bound values in one statement: 9 columns × 500 rows
  const batch = 500;
  for (let i = 0; i < DEVICES; i += 50) {
    const rows: Record<string, number | string>[] = [];
    for (let d = i; d < Math.min(DEVICES, i + 50); d++) {
      for (const [res, span, step] of resolutions) {
        const last = Math.floor(now / step) * step - step;
        for (let t = last - span + step; t <= last; t += step) rows.push({ sn: snOf(d), res, t, ...figures(d, t) });
      }
    }
    await db.transaction(async (trx) => {
      for (let r = 0; r < rows.length; r += batch) await trx('device_stats').insert(rows.slice(r, r + batch));
    });
  }
  return (Date.now() - started) / 1000;
}

async function p95(runs: number, query: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 5; i++) await query();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await query();
    times.push(performance.now() - t0);
  }
  return percentile(times.sort((a, b) => a - b), 95);
}

async function onBackend(backend: TestBackend, short: boolean): Promise<Figure[]> {
  const name = backend === 'mysql' ? 'MariaDB' : 'SQLite';
  const { db, close } = await createTestDb(backend);
  try {
    const now = Date.now();
    for (let i = 0; i < DEVICES; i += 500) {
      await registerDevices(
        db,
        Array.from({ length: Math.min(500, DEVICES - i) }, (_, k) => {
          const n = i + k;
          const mac = `02:42:${[n >> 16, (n >> 8) & 255, n & 255, 1].map((b) => b.toString(16).padStart(2, '0')).join(':')}`.toUpperCase();
          return { sn: snOf(n), type: 'ap' as const, model: 'AL-AP620', mac, secret: `bench-secret-${n}-0000`, projectId: PROJECT };
        }),
      );
    }
    const seconds = await fill(db, now, short);
    const rows = Number((await db('device_stats').count({ n: '*' }))[0]!.n);
    console.log(`stats: ${rows.toLocaleString('en')} device buckets of ${DEVICES} devices written on ${name} in ${seconds.toFixed(0)} s`);
    const t0 = performance.now();
    await rebuildProjectStats(db, [PROJECT], now);
    const rebuild = performance.now() - t0;
    const directory = createDeviceDirectory(db);
    const runs = short ? 60 : 300;
    const device = await p95(runs, () => directory.series(snOf(7), 'cpu', '30d'));
    const project = await p95(runs, () => directory.projectSeries(PROJECT, 'traffic', '30d'));
    const top = await p95(short ? 20 : 100, () => directory.topDevices(PROJECT, '30d'));
    const points = (await directory.projectSeries(PROJECT, 'traffic', '30d')).points.length;
    if (points < 700) throw new Error(`the project's 30-day chart has ${points} points, expected about 720`);
    return [
      { bench: `statistics (${name}, ${DEVICES} devices)`, metric: '30-day chart of one device p95', value: device, unit: 'ms', budget: { max: 50 } },
      { bench: `statistics (${name}, ${DEVICES} devices)`, metric: `30-day chart of the project p95 (${points} points)`, value: project, unit: 'ms', budget: { max: 50 } },
      { bench: `statistics (${name}, ${DEVICES} devices)`, metric: 'online statistics: top 5 access points over 30 days p95', value: top, unit: 'ms' },
      { bench: `statistics (${name}, ${DEVICES} devices)`, metric: "project buckets made from the devices' 30 days (stats job)", value: rebuild, unit: 'ms' },
    ];
  } finally {
    await close();
  }
}

export async function statsBench(short: boolean, withMysql: boolean): Promise<Figure[]> {
  const figures = await onBackend('sqlite', short);
  if (withMysql) figures.push(...(await onBackend('mysql', short)));
  return figures;
}
