// The alarms download at its cap (spec §9: at most 50,000 rows), run in this process as the console
// runs it (the same service and repository, docs/data.md "Run log and alarms"), into a client that
// takes each chunk at once: time, peak RSS, and held memory (heap and buffers after a collection)
// sampled every 256 kB of output. Memory must not grow with the rows: the export is also run over a
// tenth of them, and the largest held sample of the full run is compared with the small one's.
// Short mode (CI): SQLite, .xlsx and CSV. Full mode: MariaDB too when it is reachable.
import { mkdtempSync, rmSync } from 'node:fs';
import { Writable } from 'node:stream';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { AlarmExportQuerySchema, LIMITS, type Principal } from '@airloom/contracts';
import { createLogsRepository, createLogsService } from '@airloom/bff';
import { appendLogEvents, createGatewayDb, GATEWAY_MIGRATIONS, type NamedMigration, type NewLogEvent } from '@airloom/gateway/public';
import { createMysqlDatabase } from '../src/mysql';
import type { Figure } from '../src/stats';

const BIG = 1;
const SMALL = 2;

async function fill(db: Knex, projectId: number, rows: number): Promise<void> {
  const now = Date.now();
  const kinds = ['device.offline', 'poe.overBudget', 'cpu.high', 'config.failed', 'interference.strong'] as const;
  const batch: NewLogEvent[] = [];
  for (let i = 0; i < rows; i++) {
    const event = kinds[i % kinds.length]!;
    batch.push({
      projectId, sn: `BENCHALARM${String(i % 500).padStart(6, '0')}`, mac: '02:41:4C:00:00:00', model: 'AL-AP1', deviceName: `AP room ${i % 500}`,
      t: now - (rows - i) * 1000, event, params: { used: 130, budget: 120, cpu: 95, section: 'vlan', error: 'refused', radio: '5GHz', noise: -66 },
    });
    if (batch.length === 5000) await appendLogEvents(db, batch.splice(0));
  }
  await appendLogEvents(db, batch);
}

async function exportRun(db: Knex, projectId: number, format: 'xlsx' | 'csv'): Promise<{ rows: number; seconds: number; heldMb: number; rssMb: number; rssGrowthMb: number; bytes: number }> {
  v8.setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const service = createLogsService({ repo: createLogsRepository(db), projectOfDevice: async () => projectId, actorOf: async () => null, clock: Date.now });
  const held = () => {
    gc();
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  const before = held();
  let peakHeld = 0;
  const rssBefore = process.memoryUsage().rss;
  let peakRss = rssBefore;
  let bytes = 0;
  let lines = 0;
  let nextCheck = 0;
  const client = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (format === 'csv') for (const c of chunk) if (c === 10) lines++;
      if (bytes >= nextCheck) {
        peakHeld = Math.max(peakHeld, (held() - before) / 1024 / 1024);
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
        nextCheck = bytes + 256 * 1024;
      }
      done();
    },
  });
  const project = { principal: { accountId: 0, role: 0, demo: false } as Principal, row: { id: projectId } } as never;
  const started = performance.now();
  await service.exportAlarms(project, AlarmExportQuerySchema.parse({ format }), client);
  const seconds = (performance.now() - started) / 1000;
  return { rows: format === 'csv' ? lines - 1 : LIMITS.alarmDownloadLogsMax, seconds, heldMb: peakHeld, rssMb: peakRss / 1024 / 1024, rssGrowthMb: (peakRss - rssBefore) / 1024 / 1024, bytes };
}

async function onBackend(name: string, url: string): Promise<Figure[]> {
  const db = createGatewayDb({ databaseUrl: url, sqliteFile: '' });
  try {
    await db.migrate.latest({
      migrationSource: {
        getMigrations: async () => GATEWAY_MIGRATIONS,
        getMigrationName: (m: NamedMigration) => m.name,
        getMigration: async (m: NamedMigration) => m.migration,
      },
    });
    const started = Date.now();
    // more than the cap, so the cap is what is exported; and a tenth of it, to see memory does not follow rows
    await fill(db, BIG, LIMITS.alarmDownloadLogsMax + 1000);
    await fill(db, SMALL, LIMITS.alarmDownloadLogsMax / 10);
    console.log(`alarms: ${name} filled in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const figures: Figure[] = [];
    for (const format of ['xlsx', 'csv'] as const) {
      const small = await exportRun(db, SMALL, format);
      const big = await exportRun(db, BIG, format);
      if (format === 'csv' && big.rows !== LIMITS.alarmDownloadLogsMax) throw new Error(`the CSV export has ${big.rows} rows, expected ${LIMITS.alarmDownloadLogsMax}`);
      console.log(`alarms: ${name} .${format}: ${big.rows} rows in ${big.seconds.toFixed(2)} s (${(big.bytes / 1024 / 1024).toFixed(1)} MB), held ≤ ${big.heldMb.toFixed(1)} MB (5,000 rows: ${small.heldMb.toFixed(1)} MB), peak RSS ${big.rssMb.toFixed(0)} MB (+${big.rssGrowthMb.toFixed(1)} MB during the export; 5,000 rows: +${small.rssGrowthMb.toFixed(1)} MB)`);
      figures.push(
        { bench: `alarms export .${format}, ${name}: 50,000 rows`, metric: 'time', value: big.seconds, unit: 's', budget: { max: 20 } },
        { bench: `alarms export .${format}, ${name}: memory held during 50,000 rows (largest sample)`, metric: 'held', value: big.heldMb, unit: 'MB', budget: { max: 32 } },
        // memory must not scale with rows: 10× the rows may not hold much more than the small export
        { bench: `alarms export .${format}, ${name}: held at 50,000 rows minus held at 5,000`, metric: 'growth', value: big.heldMb - small.heldMb, unit: 'MB', budget: { max: 16 } },
        { bench: `alarms export .${format}, ${name}: peak RSS of the process`, metric: 'rss', value: big.rssMb, unit: 'MB' },
        { bench: `alarms export .${format}, ${name}: RSS growth during the 50,000-row export`, metric: 'rss growth', value: big.rssGrowthMb, unit: 'MB' },
      );
    }
    return figures;
  } finally {
    await db.destroy();
  }
}

export async function alarmsBench(short: boolean, withMysql: boolean): Promise<Figure[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'airloom-bench-alarms-'));
  try {
    const figures = await onBackend('SQLite', `sqlite:${path.join(dir, 'bench.sqlite')}`);
    if (withMysql && !short) {
      const mysql = await createMysqlDatabase();
      try {
        figures.push(...(await onBackend('MariaDB', mysql.url)));
      } finally {
        await mysql.drop();
      }
    }
    return figures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
