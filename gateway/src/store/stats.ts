// Device telemetry over time (docs/data.md): raw points as the status reports arrive (batched with the
// telemetry flush), 15-minute and 1-hour rollups made from them by a background job, each resolution
// kept for its own retention. A chart reads the resolution its window needs, plus the raw points
// newer than the last complete bucket so the latest minutes are never missing.
import type { StatMetric, StatWindow } from '@airloom/contracts';
import type { Knex } from 'knex';

export const STATS_TABLE = 'device_stats';

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
export const WINDOW_MS: Record<StatWindow, number> = { '12h': 12 * HOUR, '24h': 24 * HOUR, '72h': 72 * HOUR, '7d': 168 * HOUR, '30d': 720 * HOUR };
/** seconds per bucket a window is drawn from: 0 = raw */
export const WINDOW_RES: Record<StatWindow, number> = { '12h': 0, '24h': 0, '72h': 900, '7d': 900, '30d': 3600 };
/** how long each resolution is kept: its longest window and an hour of slack */
export const RETENTION_MS: Record<number, number> = { 0: 25 * HOUR, 900: 169 * HOUR, 3600: 721 * HOUR };
/** rollups, each made from the finer one before it */
const ROLLUPS: readonly { res: number; from: number }[] = [
  { res: 900, from: 0 },
  { res: 3600, from: 900 },
];

/** What a metric is in the table: a column or a sum of two. */
const METRIC_SQL: Record<StatMetric, string> = {
  cpu: 'cpu',
  memory: 'memory',
  clients: 'clients',
  traffic: 'tx_rate + rx_rate',
};

/** Multi-row inserts of raw points; a point already stored (same device and millisecond) is left as it is. */
export async function insertStatRows(db: Knex, rows: readonly StatRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 100) {
    await db(STATS_TABLE).insert(rows.slice(i, i + 100)).onConflict(['sn', 'res', 't']).ignore();
  }
}

/**
 * Rolls complete buckets up (15 min from raw, 1 h from 15 min) and deletes what is past retention.
 * `rolled` counts the bucket ranges made. Idempotent: a bucket range is replaced as a whole, so a second instance or a rerun does no harm.
 */
export async function rollupAndPrune(db: Knex, now: number): Promise<{ rolled: number; deleted: number }> {
  let rolled = 0;
  let deleted = 0;
  for (const { res, from } of ROLLUPS) {
    const bucketMs = res * 1000;
    const last = await db(STATS_TABLE).where({ res }).max({ t: 't' }).first();
    let start: number;
    if (last?.t !== null && last?.t !== undefined) start = Number(last.t) + bucketMs;
    else {
      const first = await db(STATS_TABLE).where({ res: from }).min({ t: 't' }).first();
      if (first?.t === null || first?.t === undefined) continue;
      start = Math.floor(Number(first.t) / bucketMs) * bucketMs;
    }
    // never older than the rollup's own retention: a long-stopped gateway does not roll up what it would delete
    start = Math.max(start, Math.floor((now - RETENTION_MS[res]!) / bucketMs) * bucketMs);
    const end = Math.floor(now / bucketMs) * bucketMs;
    if (start >= end) continue;
    const bucket = `(t - (t % ${bucketMs}))`;
    await db.transaction(async (trx) => {
      await trx(STATS_TABLE).where({ res }).andWhere('t', '>=', start).andWhere('t', '<', end).delete();
      await trx.raw(
        `INSERT INTO ${STATS_TABLE} (sn, res, t, cpu, memory, clients, tx_rate, rx_rate, uptime) ` +
          `SELECT sn, ${res}, ${bucket}, AVG(cpu), AVG(memory), AVG(clients), AVG(tx_rate), AVG(rx_rate), MAX(uptime) ` +
          `FROM ${STATS_TABLE} WHERE res = ? AND t >= ? AND t < ? GROUP BY sn, ${bucket}`,
        [from, start, end],
      );
      rolled += 1;
    });
  }
  for (const [res, keep] of Object.entries(RETENTION_MS)) {
    deleted += await db(STATS_TABLE).where({ res: Number(res) }).andWhere('t', '<', now - keep).delete();
  }
  return { rolled, deleted };
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

export interface BackfillPoint {
  res: number;
  t: number;
  cpu: number;
  memory: number;
  clients: number;
  txRate: number;
  rxRate: number;
  uptime: number;
}

/**
 * A device's past figures, written once: a device that has any rolled-up point already keeps what it
 * has (a restart of the demo does not stack histories). Returns whether it wrote.
 */
export async function backfillDeviceStats(db: Knex, sn: string, points: readonly BackfillPoint[]): Promise<boolean> {
  const had = await db(STATS_TABLE).where({ sn }).andWhere('res', '>', 0).first('t');
  if (had) return false;
  await db.transaction((trx) =>
    insertStatRows(
      trx,
      points.map((p) => ({ sn, res: p.res, t: p.t, cpu: p.cpu, memory: p.memory, clients: p.clients, tx_rate: p.txRate, rx_rate: p.rxRate, uptime: p.uptime })),
    ),
  );
  return true;
}
