// Fleet-scale benchmark. N simulated devices (a device-sim child process) against a
// gateway runtime (its own child process, so its CPU and RSS are its own) and MariaDB (a throw-away
// database), once through Mosquitto and once through the embedded aedes broker (scenario.ts):
//   1. connect: the time until every device is connected and online in the database;
//   2. steady state: status messages ingested per second, ingest lag p50/p99 (ingest-lag.ts),
//      gateway CPU and RSS, database writes per second, with the time series' rollup job run inside
//      the window over the last complete 15 minutes of raw points (seeded at set-up);
//   3. rename pushed to up to 1,000 devices (store intent + one nudge each) until all are applied;
//   4. Mosquitto only: ingest capacity against the raw rate of the same messages (flood.ts).
// Full mode: 5,000 devices reporting every 30 s (TIME_SCALE 1). Short mode (CI): 300 devices with
// the period compressed to 3 s (TIME_SCALE 0.1), so the short run still sees several reports each.
import { randomBytes } from 'node:crypto';
import { generateFleet } from '@airloom/device-sim';
import type { Figure } from '../src/stats.js';
import type { IdentityRows } from './database.js';
import { mosquittoInstalled } from './mosquitto.js';
import { setUpScenario, STATUS_PERIOD_S, type BrokerKind, type FleetDevice, type Mode, type Row } from './scenario.js';

const FULL: Mode = { devices: 5000, timeScale: 1, windowSeconds: 60, renamed: 1000, floodRounds: 4, connectTimeoutMs: 600_000, lagBudgetMs: 1000, renameP99BudgetMs: 3000 };
const SHORT: Mode = { devices: 300, timeScale: 0.1, windowSeconds: 15, renamed: 300, floodRounds: 20, connectTimeoutMs: 60_000, lagBudgetMs: 2000, renameP99BudgetMs: 10_000 };

const PROJECT_ID = 990_001;

interface BrokerResult {
  broker: BrokerKind;
  rows: Row[];
}

function fleetDevices(count: number): FleetDevice[] {
  return generateFleet(PROJECT_ID, count).map((spec) => ({ ...spec, secret: randomBytes(18).toString('base64url'), projectId: PROJECT_ID }));
}

function printTable(mode: Mode, results: BrokerResult[]): void {
  const metrics = [...new Set(results.flatMap((r) => r.rows.map((row) => row[0])))];
  const width = Math.max(...metrics.map((m) => m.length));
  const cell = (r: BrokerResult, metric: string) => {
    const row = r.rows.find((x) => x[0] === metric);
    return row ? `${row[1].toFixed(row[2] === 's' ? 1 : 0)} ${row[2]}` : '—';
  };
  console.log(
    `\nFleet: ${mode.devices} devices, status every ${STATUS_PERIOD_S * mode.timeScale} s (TIME_SCALE ${mode.timeScale}); ` +
      'gateway and fleet in child processes; MariaDB; CPU in % of one core (2 cores = 200 %)',
  );
  if (results.some((r) => r.broker === 'embedded')) console.log('embedded: the aedes broker runs inside the gateway process, so its CPU and RSS count there');
  console.log(`${''.padEnd(width)}  ${results.map((r) => r.broker.padStart(16)).join('  ')}`);
  for (const metric of metrics) console.log(`${metric.padEnd(width)}  ${results.map((r) => cell(r, metric).padStart(16)).join('  ')}`);
}

export async function fleetBench(short: boolean): Promise<Figure[]> {
  // BENCH_FLEET_DEVICES=20000 raises the full mode's fleet (docs/performance.md)
  const devicesWanted = Number(process.env.BENCH_FLEET_DEVICES ?? 0);
  // a larger fleet takes longer to set up: 30 ms a device (10 minutes for 20,000) on top of the 5,000's limit
  const sized = short ? SHORT : devicesWanted > 0 ? { ...FULL, devices: devicesWanted, connectTimeoutMs: FULL.connectTimeoutMs + Math.max(0, devicesWanted - FULL.devices) * 30 } : FULL;
  // BENCH_FLEET_TIME_SCALE compresses the status period (the soak's rate); BENCH_FLEET_SOAK_MINUTES
  // runs the soak instead of the steady state, rename and flood (docs/performance.md)
  const timeScale = Number(process.env.BENCH_FLEET_TIME_SCALE ?? 0);
  const mode = timeScale > 0 ? { ...sized, timeScale } : sized;
  const soakMinutes = Number(process.env.BENCH_FLEET_SOAK_MINUTES ?? 0);
  const devices = fleetDevices(mode.devices);
  const results: BrokerResult[] = [];
  let registered: IdentityRows | undefined;
  // BENCH_FLEET_BROKERS=mosquitto (or embedded) measures one broker only
  const only = process.env.BENCH_FLEET_BROKERS?.split(',');
  const brokers: BrokerKind[] = (['mosquitto', 'embedded'] as BrokerKind[]).filter((b) => !only || only.includes(b));
  if (!mosquittoInstalled() && brokers[0] === 'mosquitto') {
    console.log('  fleet: mosquitto is not installed, so only the embedded broker is measured');
    brokers.shift();
  }
  for (const broker of brokers) {
    const startedAt = Date.now();
    const progress = (what: string) => console.log(`  fleet ${broker} +${((Date.now() - startedAt) / 1000).toFixed(0)} s: ${what}`);
    const scenario = await setUpScenario(broker, mode, devices, registered, progress);
    registered = scenario.registered;
    try {
      const rows = await scenario.connect();
      if (soakMinutes > 0) rows.push(...(await scenario.soak(soakMinutes)));
      else {
        rows.push(...(await scenario.steadyState()), ...(await scenario.rename()));
        if (broker === 'mosquitto') rows.push(...(await scenario.flood()));
      }
      results.push({ broker, rows });
    } finally {
      await scenario.close();
      progress('stopped');
    }
  }
  printTable(mode, results);
  return results.flatMap((r) =>
    r.rows.map(([metric, value, unit, budget]) => ({
      bench: `fleet (${r.broker}, ${mode.devices} devices)`,
      metric,
      value,
      unit,
      ...(budget === undefined ? {} : { budget: { max: budget } }),
    })),
  );
}
