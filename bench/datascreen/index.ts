// The data screen with 1,000,000 activation records (issue budget; 100,000 in the short mode CI runs): the summary's p95 on SQLite
// and MariaDB, as the live demo's session asks it (the records are in the two demo projects, so
// the scoped path is the one measured), and the wall display's first paint (LCP, cold cache).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knex, { type Knex } from 'knex';
import { launchChromium, startConsole } from '@airloom/e2e/support';
import { createMysqlDatabase } from '../src/mysql';
import { percentile, type Figure } from '../src/stats';

/** the size; the short mode (CI) times the same queries over a tenth of it */
const FULL_RECORDS = 1_000_000;
const SHORT_RECORDS = 100_000;
const DAY_MS = 86_400_000;
const TYPES = ['router', 'ap', 'switch', 'mesh', 'v7', 'wrouter', 'nvr', 'ipc', 'cpe'];
const BRANDS = ['Airloom', 'NetHaven', 'Brightwave'];
const PLACES: [string, string, string][] = [
  ['US', 'CA', 'Los Altos'], ['US', 'NY', 'New York'], ['US', 'TX', 'Austin'], ['DE', 'BY', 'Munich'], ['DE', 'NW', 'Herford'], ['DE', 'BE', 'Berlin'],
  ['GB', 'ENG', 'London'], ['GB', 'SCT', 'Glasgow'], ['FR', 'IDF', 'Paris'], ['FR', 'PDL', 'Nantes'], ['ES', 'MD', 'Madrid'], ['ES', 'VC', 'Valencia'],
  ['IT', '25', 'Milan'], ['BR', 'SP', 'São Paulo'], ['CA', 'ON', 'Toronto'], ['AU', 'VIC', 'Melbourne'], ['IN', 'MH', 'Mumbai'], ['JP', '13', 'Tokyo'],
  ['KR', '11', 'Seoul'], ['NL', 'NH', 'Amsterdam'], ['SG', '', 'Singapore'], ['TR', '34', 'Istanbul'], ['ZA', 'GP', 'Johannesburg'], ['', '', ''],
];

/** 1,000,000 records over the last 365 days, more in recent days, in the two demo projects */
async function fill(db: Knex, now: number, batch: number, records: number): Promise<number> {
  let seed = 42;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const started = Date.now();
  const perTransaction = 50_000;
  for (let done = 0; done < records; done += perTransaction) {
    await db.transaction(async (trx) => {
      for (let b = 0; b < perTransaction / batch; b++) {
        const rows = [];
        for (let i = 0; i < batch; i++) {
          const n = done + b * batch + i;
          const at = now - Math.floor(365 * DAY_MS * next() ** 2);
          const [country, state, city] = PLACES[Math.floor(next() * PLACES.length)]!;
          const type = TYPES[Math.floor(next() * TYPES.length)]!;
          rows.push({
            sn: `BENCHACT${String(n).padStart(10, '0')}`, activated_at: at, updated_at: at, activated_day: Math.floor(at / DAY_MS),
            type, model: `AL-${type.toUpperCase()}1`, brand: BRANDS[Math.floor(next() * BRANDS.length)]!, mac: '02:41:4C:00:00:00',
            public_ip: '', country, state, city, project_id: next() < 0.5 ? 500000 : 600000, owner_account_id: null,
          });
        }
        await trx('activations').insert(rows);
      }
    });
  }
  return (Date.now() - started) / 1000;
}

async function demoCookie(url: string): Promise<string> {
  const res = await fetch(`${url}/api/v1/auth/demo`, { method: 'POST', headers: { 'X-Airloom-Csrf': '1', Origin: url } });
  if (!res.ok) throw new Error(`demo login failed: ${res.status}`);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

async function p95(url: string, cookie: string, requests: number, records: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < requests + 5; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    const body = (await res.json()) as { code: number; data: { counters: { total: number } } };
    if (body.code !== 0 || body.data.counters.total < records) throw new Error(`summary: ${JSON.stringify(body).slice(0, 200)}`);
    if (i >= 5) times.push(performance.now() - started); // the first few warm the statement cache
  }
  return percentile(times.sort((a, b) => a - b), 95);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** LCP of the wall display's own page, each visit in a fresh browser context (cold HTTP cache) */
async function standaloneLcp(url: string, runs: number): Promise<number[]> {
  const browser = await launchChromium();
  const lcps: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
      const res = await context.request.post(`${url}/api/v1/auth/demo`, { headers: { 'X-Airloom-Csrf': '1', Origin: url } });
      if (!res.ok()) throw new Error(`demo login failed: ${res.status()}`);
      const page = await context.newPage();
      await page.goto(`${url}/healthz`); // the renderer process exists, as in a browser already open
      await page.goto(`${url}/remotes/dashboard/index.html`);
      await page.getByTestId('counter-total').waitFor();
      lcps.push(await page.evaluate(() => new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]?.startTime ?? Number.NaN);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(Number.NaN), 3000);
      })));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return lcps;
}

async function onBackend(name: 'SQLite' | 'MariaDB', short: boolean, lcpRuns: number): Promise<Figure[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'airloom-bench-datascreen-'));
  const mysql = name === 'MariaDB' ? await createMysqlDatabase() : undefined;
  const env = { DATA_DIR: dataDir, DEMO_HISTORY: 'false', ...(mysql ? { DATABASE_URL: mysql.url } : {}) };
  try {
    // a first start creates the schema; the records are written while the console is stopped
    await (await startConsole({ env })).stop();
    const db = mysql
      ? knex({ client: 'mysql2', connection: mysql.url, pool: { min: 0, max: 2 } })
      : knex({ client: 'better-sqlite3', connection: { filename: path.join(dataDir, 'airloom.sqlite') }, useNullAsDefault: true });
    // SQLite takes at most 500 rows in one statement (a compound SELECT)
    const records = short ? SHORT_RECORDS : FULL_RECORDS;
    const seconds = await fill(db, Date.now(), mysql ? 2000 : 400, records).finally(() => db.destroy());
    console.log(`datascreen: ${records} activation records written on ${name} in ${seconds.toFixed(0)} s`);
    const app = await startConsole({ env });
    try {
      const cookie = await demoCookie(app.url);
      const requests = short ? 40 : 200;
      const summary = `${app.url}/api/v1/activations/summary`;
      const size = records.toLocaleString('en');
      const figures: Figure[] = [
        { bench: `data screen summary, ${size} records, ${name}: 1 year`, metric: 'p95', value: await p95(`${summary}?range=1y`, cookie, requests, records), unit: 'ms', budget: { max: 200 } },
        { bench: `data screen summary, ${size} records, ${name}: 1 year, 5 countries`, metric: 'p95', value: await p95(`${summary}?range=1y&countries=US,DE,GB,FR,ES`, cookie, requests, records), unit: 'ms', budget: { max: 200 } },
        { bench: `data screen summary, ${size} records, ${name}: 15 days`, metric: 'p95', value: await p95(`${summary}?range=15d`, cookie, requests, records), unit: 'ms', budget: { max: 200 } },
      ];
      if (lcpRuns > 0) {
        const lcps = await standaloneLcp(app.url, lcpRuns);
        figures.push({ bench: `LCP wall display /remotes/dashboard/, first visit, cold cache, ${size} records (median of ${lcpRuns})`, metric: 'lcp', value: median(lcps), unit: 'ms', budget: { max: 1500 } });
      }
      return figures;
    } finally {
      await app.stop();
    }
  } finally {
    await mysql?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function datascreenBench(short: boolean, withMysql: boolean): Promise<Figure[]> {
  const figures = await onBackend('SQLite', short, short ? 3 : 5);
  if (withMysql) figures.push(...(await onBackend('MariaDB', short, 0)));
  return figures;
}
