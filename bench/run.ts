// Runs every benchmark, prints its figures and fails when a budget is missed.
// `--short` (CI) makes fewer requests and runs; budgets are the same.
// `--only <name>` runs one of: front-end, api, fleet, radio, topology, config, wireless, datascreen, stats, alarms, maintenance, import, solutions, uploads, api-vs-raw.
import net from 'node:net';
import { fleetBench } from './fleet/index';
import { radioBench } from './radio/index';
import { topologyBench } from './topology/index';
import { configBench } from './config/index';
import { switchesBench } from './config/switches';
import { wirelessPoliciesBench } from './wireless/policies';
import { apiLatency } from './src/api-latency';
import { apiVsRaw } from './src/api-vs-raw';
import { frontEnd } from './src/front-end';
import { datascreenBench } from './datascreen/index';
import { statsBench } from './stats/index';
import { alarmsBench } from './alarms/index';
import { upgradeBench } from './maintenance/upgrade';
import { importBench } from './import/index';
import { solutionsPdfBench } from './solutions/index';
import { uploadsBench } from './uploads/index';
import { withinBudget, type Figure } from './src/stats';
import { createMysqlDatabase } from './src/mysql';
import { quietMachine } from './src/quiet-machine';

const short = process.argv.includes('--short');
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt >= 0 ? process.argv[onlyAt + 1] : undefined;
const selected = (name: string) => only === undefined || only === name;

function mariaDbUp(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port: 3306, host: '127.0.0.1' });
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}

const quiet = await quietMachine();
console.log(`waited ${(quiet.waitedMs / 1000).toFixed(0)} s for a quiet machine (the last second ${(100 * quiet.busyShare).toFixed(0)} % busy)`);

const figures: Figure[] = [];
if (selected('radio')) figures.push(...radioBench(short));
if (selected('topology')) figures.push(...await topologyBench(short));
if (selected('config')) figures.push(...configBench(short), ...await switchesBench());
if (selected('wireless')) figures.push(...await wirelessPoliciesBench(short));
// three cold visits even in short mode: the LCP budget is on their median, not one noisy sample
if (selected('front-end')) figures.push(...await frontEnd(short ? 3 : 5));
if (selected('api')) figures.push(...await apiLatency('SQLite', {}, short ? 3000 : 20000));
if (selected('api-vs-raw')) figures.push(...await apiVsRaw(short ? 10_000 : 30_000, 7));
const wantMysql = process.env.CI === 'true' || Boolean(process.env.DATABASE_URL) || await mariaDbUp();
if (wantMysql && selected('api')) {
  const db = await createMysqlDatabase();
  try {
    figures.push(...await apiLatency('MariaDB', { DATABASE_URL: db.url }, short ? 3000 : 20000));
  } finally {
    await db.drop();
  }
}
if (selected('datascreen')) figures.push(...await datascreenBench(short, wantMysql));
if (selected('stats')) figures.push(...await statsBench(short, wantMysql));
if (selected('alarms')) figures.push(...await alarmsBench(short, wantMysql));
if (selected('maintenance')) figures.push(...await upgradeBench(short));
if (selected('import')) figures.push(...await importBench(short));
if (selected('solutions')) figures.push(...await solutionsPdfBench(short));
if (selected('uploads')) figures.push(...await uploadsBench(short));
// the fleet needs MariaDB (the scale database) and the mosquitto binary (it starts its own)
if (wantMysql && selected('fleet')) figures.push(...await fleetBench(short));
else if (selected('fleet')) console.log('fleet benchmark skipped: MariaDB is not reachable at 127.0.0.1:3306');

let failed = 0;
console.log(`\nAirloom benchmarks (${short ? 'short' : 'full'} mode)`);
for (const f of figures) {
  const ok = withinBudget(f);
  if (!ok) failed++;
  const budget = f.budget ? ` (budget ≤ ${f.budget.max} ${f.unit})` : '';
  console.log(`${ok ? 'ok  ' : 'FAIL'}  ${f.bench} — ${f.metric}: ${f.value.toFixed(1)} ${f.unit}${budget}`);
}
if (failed > 0) {
  console.error(`\n${failed} budget(s) missed`);
  process.exit(1);
}
