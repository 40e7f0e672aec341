// Device telemetry over time (docs/data.md): raw points as the status reports arrive (batched with the
// telemetry flush), 15-minute and 1-hour rollups made from them by a background job, each resolution
// kept for its own retention. A chart reads the resolution its window needs, plus the raw points
// newer than the last complete bucket so the latest minutes are never missing.
import type { IfaceMetric, StatMetric, StatWindow } from '@airloom/contracts';
import { DEVICE_MODELS } from '@airloom/contracts/config';
import type { Knex } from 'knex';
import { isMysql } from '../db-connect.js';

export const STATS_TABLE = 'device_stats';
/** per radio and per port (docs/data.md) */
export const IFACE_TABLE = 'device_iface_stats';
/** per project, summed or averaged over its devices by the stats job */
export const PROJECT_TABLE = 'project_stats';

/** One radio's or port's figures in a status report (null: not reported, or not a radio's). */
export interface IfaceSample {
  /** a radio by band (`2.4GHz`, `5GHz`, `5GHz-2`), a port as `port<n>` */
  iface: string;
  bytesSent: number | null;
  bytesReceived: number | null;
  clients: number | null;
  noise: number | null;
  util: number | null;
}

export interface IfaceRow {
  sn: string;
  res: number;
  iface: string;
  t: number;
  tx_rate: number | null;
  rx_rate: number | null;
  clients: number | null;
  noise: number | null;
  util: number | null;
}

/** One status report's figures (null: the device did not say). */
export interface StatSample {
  cpu: number | null;
  /** percent of memory in use */
  memory: number | null;
  clients: number | null;
  uptime: number | null;
  /** the device's byte counters, turned into rates against the previous report */
  bytesSent: number | null;
  bytesReceived: number | null;
  /** each radio's and port's figures */
  ifaces?: IfaceSample[];
}

export interface StatRow {
  sn: string;
  res: number;
  t: number;
  cpu: number | null;
  memory: number | null;
  clients: number | null;
  tx_rate: number | null;
  rx_rate: number | null;
  uptime: number | null;
}


const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export const WINDOW_MS: Record<StatWindow, number> = { '12h': 12 * HOUR, '24h': 24 * HOUR, '72h': 72 * HOUR, '7d': 168 * HOUR, '30d': 720 * HOUR };
/** seconds per bucket a window is drawn from: 0 = raw */
export const WINDOW_RES: Record<StatWindow, number> = { '12h': 0, '24h': 0, '72h': 900, '7d': 900, '30d': 3600 };
/** a project's chart: 5-minute buckets for the short windows (a raw point per device would be too many rows) */
export const PROJECT_WINDOW_RES: Record<StatWindow, number> = { '12h': 300, '24h': 300, '72h': 900, '7d': 900, '30d': 3600 };
/** the top devices of a window: averages of whole hours, or of whole days for the long windows */
const TOP_WINDOW_RES: Record<StatWindow, number> = { '12h': 3600, '24h': 3600, '72h': 3600, '7d': 86_400, '30d': 86_400 };
/** how long each resolution is kept: its longest window and an hour of slack (days: a day of slack) */
export const RETENTION_MS: Record<number, number> = { 0: 25 * HOUR, 900: 169 * HOUR, 3600: 721 * HOUR, 86_400: 31 * DAY };
const IFACE_RETENTION_MS: Record<number, number> = { 0: 25 * HOUR, 900: 169 * HOUR, 3600: 721 * HOUR };
const PROJECT_RETENTION_MS: Record<number, number> = { 300: 25 * HOUR, 900: 169 * HOUR, 3600: 721 * HOUR };
/** a radio's or port's raw point is a status report taken at most this often (docs/data.md) */
export const IFACE_SAMPLE_MS = 5 * 60_000;

/** One bucket size the job makes: from which rows of which table, and the SELECT that makes them. */
interface Rollup {
  table: string;
  res: number;
  from: number;
  source: string;
  /** `INSERT INTO table (…) SELECT …` for the buckets in [?, ?) (bound: from, start, end, in the order the SQL names them) */
  sql: (bucket: (column: string) => string, projectFilter: string) => string;
}

const bucketOf = (ms: number) => (column: string) => `(${column} - (${column} % ${ms}))`;

const deviceRollup = (res: number, from: number): Rollup => ({
  table: STATS_TABLE, res, from, source: STATS_TABLE,
  sql: (b, projectFilter) =>
    `INSERT INTO ${STATS_TABLE} (sn, res, t, cpu, memory, clients, tx_rate, rx_rate, uptime) ` +
    `SELECT sn, ${res}, ${b('t')}, AVG(cpu), AVG(memory), AVG(clients), AVG(tx_rate), AVG(rx_rate), MAX(uptime) ` +
    `FROM ${STATS_TABLE} WHERE res = ? AND t >= ? AND t < ?${projectFilter ? ` AND sn IN (SELECT sn FROM devices WHERE project_id IS NOT NULL${projectFilter.replace(/d\./g, '')})` : ''} GROUP BY sn, ${b('t')}`,
});

const ifaceRollup = (res: number, from: number): Rollup => ({
  table: IFACE_TABLE, res, from, source: IFACE_TABLE,
  sql: (b) =>
    `INSERT INTO ${IFACE_TABLE} (sn, res, iface, t, tx_rate, rx_rate, clients, noise, util) ` +
    `SELECT sn, ${res}, iface, ${b('t')}, AVG(tx_rate), AVG(rx_rate), AVG(clients), AVG(noise), AVG(util) ` +
    `FROM ${IFACE_TABLE} WHERE res = ? AND t >= ? AND t < ? GROUP BY sn, iface, ${b('t')}`,
});

/**
 * A project's bucket: each device's average over the bucket first (a device that reported ten times
 * counts once), then summed or averaged over the devices of the project it belongs to now.
 */
const projectRollup = (res: number, from: number): Rollup => ({
  table: PROJECT_TABLE, res, from, source: STATS_TABLE,
  sql: (b, projectFilter) =>
    `INSERT INTO ${PROJECT_TABLE} (project_id, res, t, devices, cpu, memory, clients, tx_rate, rx_rate) ` +
    `SELECT d.project_id, ${res}, x.bt, COUNT(*), AVG(x.cpu), AVG(x.memory), SUM(x.clients), SUM(x.tx_rate), SUM(x.rx_rate) ` +
    `FROM (SELECT sn, ${b('t')} AS bt, AVG(cpu) AS cpu, AVG(memory) AS memory, AVG(clients) AS clients, AVG(tx_rate) AS tx_rate, AVG(rx_rate) AS rx_rate ` +
    `FROM ${STATS_TABLE} WHERE res = ? AND t >= ? AND t < ? GROUP BY sn, ${b('t')}) x ` +
    `JOIN devices d ON d.sn = x.sn WHERE d.project_id IS NOT NULL${projectFilter} GROUP BY d.project_id, x.bt`,
});

/** in order: each made from rows an earlier one has made */
const ROLLUPS: readonly Rollup[] = [
  deviceRollup(900, 0),
  deviceRollup(3600, 900),
  deviceRollup(86_400, 3600),
  ifaceRollup(900, 0),
  ifaceRollup(3600, 900),
  projectRollup(300, 0),
  projectRollup(900, 900),
  projectRollup(3600, 3600),
];

/** what a device history written into the past needs made again: its daily buckets, then its project's */
const PROJECT_ROLLUPS = ROLLUPS.filter((r) => r.table === PROJECT_TABLE || (r.table === STATS_TABLE && r.res === 86_400));

/** Multi-row inserts of raw points; a point already stored (same device and millisecond) is left as it is. */
export async function insertStatRows(db: Knex, rows: readonly StatRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 100) {
    await db(STATS_TABLE).insert(rows.slice(i, i + 100)).onConflict(['sn', 'res', 't']).ignore();
  }
}

/** Multi-row inserts of radio and port points; one already stored is left as it is. */
export async function insertIfaceRows(db: Knex, rows: readonly IfaceRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 100) {
    await db(IFACE_TABLE).insert(rows.slice(i, i + 100)).onConflict(['sn', 'res', 'iface', 't']).ignore();
  }
}

function retentionOf(table: string, res: number): number {
  const keep = table === STATS_TABLE ? RETENTION_MS : table === IFACE_TABLE ? IFACE_RETENTION_MS : PROJECT_RETENTION_MS;
  return keep[res]!;
}

/**
 * Rolls complete buckets up (15 min from raw, 1 h from 15 min, a day from hours; the same per radio and
 * port; a project's 5-minute, 15-minute and hourly buckets from its devices') and deletes what is past
 * retention. `rolled` counts the bucket ranges made. Idempotent: a bucket range is replaced as a whole,
 * so a second instance or a rerun does no harm.
 */
export async function rollupAndPrune(db: Knex, now: number): Promise<{ rolled: number; deleted: number }> {
  let rolled = 0;
  let deleted = 0;
  for (const rollup of ROLLUPS) {
    const { table, res, from, source } = rollup;
    const bucketMs = res * 1000;
    const last = await db(table).where({ res }).max({ t: 't' }).first();
    let start: number;
    if (last?.t !== null && last?.t !== undefined) start = Number(last.t) + bucketMs;
    else {
      const first = await db(source).where({ res: from }).min({ t: 't' }).first();
      if (first?.t === null || first?.t === undefined) continue;
      start = Math.floor(Number(first.t) / bucketMs) * bucketMs;
    }
    // never older than the rollup's own retention: a long-stopped gateway does not roll up what it would delete
    start = Math.max(start, Math.floor((now - retentionOf(table, res)) / bucketMs) * bucketMs);
    const end = Math.floor(now / bucketMs) * bucketMs;
    if (start >= end) continue;
    // READ COMMITTED on MariaDB: INSERT … SELECT then reads device_stats and devices without locking
    // them (REPEATABLE READ takes shared locks on every row it reads, so the telemetry flush, which
    // updates the devices rows, deadlocked with the project rollup: found by the fleet benchmark)
    await db.transaction(
      async (trx) => {
        await trx(table).where({ res }).andWhere('t', '>=', start).andWhere('t', '<', end).delete();
        await trx.raw(rollup.sql(bucketOf(bucketMs), ''), [from, start, end]);
        rolled += 1;
      },
      isMysql(db) ? { isolationLevel: 'read committed' } : {},
    );
  }
  for (const [table, keep] of [[STATS_TABLE, RETENTION_MS], [IFACE_TABLE, IFACE_RETENTION_MS], [PROJECT_TABLE, PROJECT_RETENTION_MS]] as const) {
    for (const [res, ms] of Object.entries(keep)) {
      deleted += await db(table).where({ res: Number(res) }).andWhere('t', '<', now - ms).delete();
    }
  }
  return { rolled, deleted };
}

/**
 * Makes these projects' buckets (and their devices' daily ones) again over their whole retention (after a device history was written
 * into the past, as the demo does at start): the job only makes buckets after its last one.
 */
export async function rebuildProjectStats(db: Knex, projectIds: readonly number[], now: number): Promise<void> {
  if (!projectIds.length) return;
  const ids = projectIds.map((id) => Math.trunc(id)).join(', ');
  for (const rollup of PROJECT_ROLLUPS) {
    const bucketMs = rollup.res * 1000;
    const start = Math.floor((now - retentionOf(rollup.table, rollup.res)) / bucketMs) * bucketMs;
    const end = Math.floor(now / bucketMs) * bucketMs;
    // READ COMMITTED on MariaDB, as in rollupAndPrune: the live telemetry keeps updating these devices
    await db.transaction(
      async (trx) => {
        const old = trx(rollup.table).where({ res: rollup.res }).andWhere('t', '>=', start).andWhere('t', '<', end);
        if (rollup.table === PROJECT_TABLE) await old.whereIn('project_id', projectIds).delete();
        else await old.whereIn('sn', trx('devices').whereIn('project_id', projectIds).select('sn')).delete();
        await trx.raw(rollup.sql(bucketOf(bucketMs), ` AND d.project_id IN (${ids})`), [rollup.from, start, end]);
      },
      isMysql(db) ? { isolationLevel: 'read committed' } : {},
    );
  }
}

/** A device's metric over a window as [t, value] pairs, oldest first; values rounded to 2 decimals. */
export async function readDeviceSeries(db: Knex, sn: string, metric: StatMetric, window: StatWindow, now: number): Promise<[number, number][]> {
  const since = now - WINDOW_MS[window];
  const res = WINDOW_RES[window];
  const value = METRIC_SQL[metric];
  const select = (r: number, from: number) =>
    db(STATS_TABLE)
      .where({ sn, res: r })
      .andWhere('t', '>=', from)
      .andWhereRaw(`${value} IS NOT NULL`)
      .orderBy('t')
      .select('t', db.raw(`${value} AS v`)) as unknown as Promise<{ t: number | string; v: number | string }[]>;
  const rows = await select(res, since);
  if (res > 0) {
    // the minutes since the last complete bucket come from the raw points
    const tail = rows.length ? Number(rows[rows.length - 1]!.t) + res * 1000 : since;
    rows.push(...(await select(0, tail)));
  }
  return rows.map((r) => [Number(r.t), Math.round(Number(r.v) * 100) / 100]);
}

const IFACE_SQL: Record<IfaceMetric, string> = { traffic: 'tx_rate + rx_rate', clients: 'clients', noise: 'noise', utilisation: 'util' };

const round2 = (v: number | string) => Math.round(Number(v) * 100) / 100;

/** radios first (by band), then ports by number */
function ifaceOrder(a: string, b: string): number {
  const port = (x: string) => (x.startsWith('port') ? Number(x.slice(4)) : -1);
  const pa = port(a);
  const pb = port(b);
  return pa !== pb ? pa - pb : a.localeCompare(b);
}

/** A device's radios' or ports' metric over a window: one series per interface, oldest point first. */
export async function readIfaceSeries(db: Knex, sn: string, metric: IfaceMetric, window: StatWindow, now: number): Promise<{ iface: string; points: [number, number][] }[]> {
  const since = now - WINDOW_MS[window];
  const res = WINDOW_RES[window];
  const value = IFACE_SQL[metric];
  const select = (r: number, from: number) =>
    db(IFACE_TABLE)
      .where({ sn, res: r })
      .andWhere('t', '>=', from)
      .andWhereRaw(`${value} IS NOT NULL`)
      .orderBy(['iface', 't'])
      .select('iface', 't', db.raw(`${value} AS v`)) as unknown as Promise<{ iface: string; t: number | string; v: number | string }[]>;
  const rows = await select(res, since);
  if (res > 0) {
    const lastAt = rows.reduce((m, r) => Math.max(m, Number(r.t)), -Infinity);
    rows.push(...(await select(0, Number.isFinite(lastAt) ? lastAt + res * 1000 : since)));
  }
  const byIface = new Map<string, [number, number][]>();
  for (const r of rows) {
    const list = byIface.get(r.iface) ?? [];
    list.push([Number(r.t), round2(r.v)]);
    byIface.set(r.iface, list);
  }
  return [...byIface.keys()].sort(ifaceOrder).map((iface) => ({ iface, points: byIface.get(iface)!.sort((a, b) => a[0] - b[0]) }));
}

/** What a metric is in the table: a column or a sum of two. */
const METRIC_SQL: Record<StatMetric, string> = {
  cpu: 'cpu',
  memory: 'memory',
  clients: 'clients',
  traffic: 'tx_rate + rx_rate',
};

/** What a metric is per project bucket: averages of the devices for CPU and memory, sums for the rest. */
const PROJECT_SQL: Record<StatMetric, string> = { cpu: 'cpu', memory: 'memory', clients: 'clients', traffic: 'tx_rate + rx_rate' };

/**
 * A project's metric over a window from the job's buckets; the buckets newer than the window's last
 * complete one come from the finer resolutions, so the chart reaches the job's last run (≤ 5 minutes ago).
 */
export async function readProjectSeries(db: Knex, projectId: number, metric: StatMetric, window: StatWindow, now: number): Promise<[number, number][]> {
  const since = now - WINDOW_MS[window];
  const res = PROJECT_WINDOW_RES[window];
  const value = PROJECT_SQL[metric];
  const select = (r: number, from: number) =>
    db(PROJECT_TABLE)
      .where({ project_id: projectId, res: r })
      .andWhere('t', '>=', from)
      .andWhereRaw(`${value} IS NOT NULL`)
      .orderBy('t')
      .select('t', db.raw(`${value} AS v`)) as unknown as Promise<{ t: number | string; v: number | string }[]>;
  const rows = await select(res, since);
  let next = rows.length ? Number(rows[rows.length - 1]!.t) + res * 1000 : since;
  for (const finer of [900, 300].filter((r) => r < res)) {
    const more = await select(finer, next);
    rows.push(...more);
    if (more.length) next = Number(more[more.length - 1]!.t) + finer * 1000;
  }
  return rows.map((r) => [Number(r.t), round2(r.v)]);
}

/** Device types with radios (contracts' models): the APs of the online statistics. */
export const WIRELESS_TYPES: readonly string[] = [...new Set(DEVICE_MODELS.filter((m) => m.bands.length > 0).map((m) => m.type))];

/** The project's wireless devices with the most clients and the most traffic over a window, on average. */
export async function readTopDevices(db: Knex, projectId: number, window: StatWindow, now: number, limit = 5): Promise<{ clients: { sn: string; value: number }[]; throughput: { sn: string; value: number }[] }> {
  const res = TOP_WINDOW_RES[window];
  // the bucket the window's start falls in counts too
  const since = now - WINDOW_MS[window] - res * 1000;
  // one pass over the window's buckets for both rankings
  // by the project's devices, each read along the primary key (sn, res, t)
  const rows = (await db(`${STATS_TABLE} as s`)
    .whereIn('s.sn', db('devices').where({ project_id: projectId }).whereIn('type', WIRELESS_TYPES).select('sn'))
    .andWhere('s.res', res)
    .andWhere('s.t', '>=', since)
    .groupBy('s.sn')
    .select('s.sn', db.raw('AVG(s.clients) AS c'), db.raw('AVG(s.tx_rate + s.rx_rate) AS r'))) as { sn: string; c: number | string | null; r: number | string | null }[];
  const top = (value: (row: (typeof rows)[number]) => number | string | null) =>
    rows
      .flatMap((row) => (value(row) === null ? [] : [{ sn: row.sn, value: round2(value(row)!) }]))
      .sort((a, b) => b.value - a.value || a.sn.localeCompare(b.sn))
      .slice(0, limit);
  return { clients: top((row) => row.c), throughput: top((row) => row.r) };
}

export interface BackfillPoint {
  res: number;
  t: number;
  cpu: number;
  memory: number;
  clients: number;
  txRate: number;
  rxRate: number;
  uptime: number;
  /** each radio's and port's figures at that time */
  ifaces?: readonly { iface: string; txRate: number; rxRate: number; clients: number | null; noise: number | null; util: number | null }[];
}

/**
 * A device's past figures, written once: a device that has any rolled-up point already keeps what it
 * has (a restart of the demo does not stack histories). Returns whether it wrote.
 */
export async function backfillDeviceStats(db: Knex, sn: string, points: readonly BackfillPoint[]): Promise<boolean> {
  const had = await db(STATS_TABLE).where({ sn }).andWhere('res', '>', 0).first('t');
  if (had) return false;
  await db.transaction(async (trx) => {
    await insertStatRows(
      trx,
      points.map((p) => ({ sn, res: p.res, t: p.t, cpu: p.cpu, memory: p.memory, clients: p.clients, tx_rate: p.txRate, rx_rate: p.rxRate, uptime: p.uptime })),
    );
    await insertIfaceRows(
      trx,
      points.flatMap((p) => (p.ifaces ?? []).map((x) => ({ sn, res: p.res, iface: x.iface, t: p.t, tx_rate: x.txRate, rx_rate: x.rxRate, clients: x.clients, noise: x.noise, util: x.util }))),
    );
  });
  return true;
}
