// Fleet-scale benchmark (issue 4 §5). N simulated devices (a device-sim child process) against a
// gateway runtime (its own child process, so its CPU and RSS are its own) and MariaDB (a throw-away
// database), once through Mosquitto and once through the embedded aedes broker. Per broker:
//   1. connect: the time until every device is connected and online in the database;
//   2. steady state: status messages ingested per second, ingest lag p50/p99 (ingest-lag.ts),
//      gateway CPU and RSS, database writes per second;
//   3. rename pushed to up to 1,000 devices (store intent + one nudge each) until all are applied;
//   4. Mosquitto only: ingest capacity against the raw rate of the same messages (flood.ts).
// Full mode: 5,000 devices reporting every 30 s (TIME_SCALE 1). Short mode (CI): 300 devices with
// the period compressed to 3 s (TIME_SCALE 0.1), so the short run still sees several reports each.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DeviceStatus } from '@airloom/contracts';
import { generateFleet } from '@airloom/device-sim';
import { createBus, endpointIdOf, setDesiredName, type DeviceRegistration } from '@airloom/gateway';
import { pino } from 'pino';
import { percentile, type Figure } from '../src/stats.js';
import { startChild, type Child } from './child.js';
import { createBenchDatabase, registerFleet } from './database.js';
import { writeCounter, writeRates } from './db-writes.js';
import { floodGateway, floodMessages, floodRaw } from './flood.js';
import { trackIngestLag } from './ingest-lag.js';
import { startMosquitto, type Login } from './mosquitto.js';
import { sampleUsage } from './process-usage.js';

interface Mode {
  devices: number;
  timeScale: number;
  /** the steady-state window */
  windowSeconds: number;
  renamed: number;
  floodRounds: number;
  connectTimeoutMs: number;
}

const FULL: Mode = { devices: 5000, timeScale: 1, windowSeconds: 60, renamed: 1000, floodRounds: 4, connectTimeoutMs: 600_000 };
const SHORT: Mode = { devices: 300, timeScale: 0.1, windowSeconds: 15, renamed: 300, floodRounds: 20, connectTimeoutMs: 60_000 };

const PROJECT_ID = 990_001;
const STATUS_PERIOD_S = 30;
const LAG_BUDGET_MS = 2000;
const RSS_BUDGET_MB = 1024;
const SERVER = process.env.BENCH_MYSQL_SERVER ?? 'mysql://root@127.0.0.1:3306';

type BrokerKind = 'mosquitto' | 'embedded';

interface BrokerResult {
  broker: BrokerKind;
  rows: Array<[metric: string, value: number, unit: string, budget?: number]>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(what: string, timeoutMs: number, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`fleet bench: ${what} not reached within ${timeoutMs} ms`);
    await sleep(100);
  }
}

function fleetDevices(count: number): Array<DeviceRegistration & { meshRole: string; name: string; ip?: string }> {
  return generateFleet(PROJECT_ID, count).map((spec) => ({
    ...spec,
    secret: randomBytes(18).toString('base64url'),
    projectId: PROJECT_ID,
  }));
}

async function runBroker(
  broker: BrokerKind,
  mode: Mode,
  devices: ReturnType<typeof fleetDevices>,
  registeredIn: { db: import('knex').Knex } | undefined,
  keep: (db: Awaited<ReturnType<typeof createBenchDatabase>>) => void,
): Promise<BrokerResult> {
  const rows: BrokerResult['rows'] = [];
  const runStarted = Date.now();
  const progress = (what: string) => console.log(`  fleet ${broker} +${((Date.now() - runStarted) / 1000).toFixed(0)} s: ${what}`);
  const database = await createBenchDatabase();
  keep(database);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'airloom-bench-fleet-'));
  const cleanups: Array<() => Promise<void>> = [async () => rmSync(dir, { recursive: true, force: true })];
  try {
    let started = Date.now();
    await registerFleet(database.db, devices, registeredIn?.db);
    progress(`${devices.length} devices registered in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    // the broker, and the logins of the gateway (service) and of the benchmark's own clients
    let mqttUrl: string | undefined;
    let service: Login = { username: 'airloom-service', password: randomBytes(18).toString('base64url') };
    let bench: Login = { username: 'airloom-bench', password: randomBytes(18).toString('base64url') };
    const protocolVersion: 4 | 5 = broker === 'mosquitto' ? 5 : 4;
    let brokerUsage: ReturnType<typeof sampleUsage> | undefined;
    if (broker === 'mosquitto') {
      const logins = devices.map((d) => ({ username: endpointIdOf(d.mac, d.sn), password: d.secret }));
      const mosquitto = await startMosquitto(logins, service, bench);
      cleanups.unshift(() => mosquitto.stop());
      mqttUrl = mosquitto.url;
      brokerUsage = sampleUsage(mosquitto.pid);
      cleanups.unshift(async () => brokerUsage?.stop());
    }

    const gateway: Child = startChild('gateway-child.ts', {
      DATABASE_URL: database.url,
      ...(mqttUrl ? { MQTT_URL: mqttUrl, MQTT_USERNAME: service.username, MQTT_PASSWORD: service.password } : {}),
      MQTT_PROTOCOL_VERSION: String(protocolVersion),
      TIME_SCALE: String(mode.timeScale),
      LOG_LEVEL: 'warn',
    });
    cleanups.unshift(() => gateway.stop());
    const ready = await gateway.next('ready', 60_000);
    mqttUrl = ready.mqttUrl as string;
    if (broker === 'embedded') {
      // the embedded broker knows the gateway's service login only; the benchmark uses it too
      service = ready.service as Login;
      bench = service;
    }
    const usage = sampleUsage(gateway.pid);
    cleanups.unshift(async () => usage.stop());

    const tracker = await trackIngestLag({ mqttUrl, login: bench, protocolVersion, databaseUrl: database.url });
    let trackerStopped = false;
    cleanups.unshift(async () => { if (!trackerStopped) await tracker.stop(); });

    // 1. connect
    const fleetFile = path.join(dir, 'fleet.json');
    writeFileSync(fleetFile, JSON.stringify(devices));
    started = Date.now();
    const fleet = startChild('fleet-child.ts', {
      FLEET_FILE: fleetFile,
      MQTT_URL: mqttUrl,
      MQTT_PROTOCOL_VERSION: String(protocolVersion),
      TIME_SCALE: String(mode.timeScale),
    });
    cleanups.unshift(() => fleet.stop(30_000));
    const fleetUsage = sampleUsage(fleet.pid);
    cleanups.unshift(async () => fleetUsage.stop());
    const connected = await fleet.next('connected', mode.connectTimeoutMs);
    const connectSeconds = ((connected.at as number) - started) / 1000;
    const online = () => database.db('devices').where({ status: DeviceStatus.ONLINE }).count({ n: '*' }).first();
    await waitFor('all devices online', mode.connectTimeoutMs, async () => Number((await online())?.n) >= devices.length);
    const onlineSeconds = (Date.now() - started) / 1000;
    rows.push(['all connected to the broker', connectSeconds, 's'], ['all online in the database', onlineSeconds, 's']);
    progress(`${devices.length} devices connected in ${connectSeconds.toFixed(1)} s, online in ${onlineSeconds.toFixed(1)} s`);

    // 2. steady state, after every device has sent a first status report
    const periodMs = STATUS_PERIOD_S * 1000 * mode.timeScale;
    await sleep(periodMs * 1.5);
    const writes = await writeCounter(SERVER, database.name);
    cleanups.unshift(() => writes.close());
    for (const u of [usage, fleetUsage, brokerUsage]) u?.mark();
    tracker.mark();
    const writesFrom = await writes.read();
    await sleep(mode.windowSeconds * 1000);
    const writesTo = await writes.read();
    const steadyUsage = usage.window();
    const [fleetCpu, brokerCpu] = [fleetUsage.window().cpuAvg, brokerUsage?.window().cpuAvg];
    const ingest = await tracker.close(10_000);
    const rates = writeRates(writesFrom, writesTo);
    progress(`steady state: ${ingest.lags.length} reports measured, lag p99 ${percentile(ingest.lags, 99)} ms`);
    rows.push(
      ['status messages offered', devices.length / (periodMs / 1000), 'msg/s'],
      ['status messages ingested', ingest.observed / ingest.seconds, 'msg/s'],
      ['ingest lag p50', percentile(ingest.lags, 50), 'ms'],
      ['ingest lag p99', percentile(ingest.lags, 99), 'ms', LAG_BUDGET_MS],
      ['status reports not in the database', ingest.unconfirmed, 'reports', 0],
      ['gateway CPU (mean, % of one core)', steadyUsage.cpuAvg, '%'],
      ['gateway RSS (peak)', steadyUsage.rssMaxMb, 'MB', RSS_BUDGET_MB],
      ['simulated fleet CPU (mean, % of one core)', fleetCpu, '%'],
      ...(brokerCpu === undefined ? [] : [['Mosquitto CPU (mean, % of one core)', brokerCpu, '%'] as BrokerResult['rows'][number]]),
      ['database rows written', rates.rowsPerSecond, 'rows/s'],
      ['database write statements (server-wide)', rates.statementsPerSecond, '/s'],
      ['database commits (server-wide)', rates.commitsPerSecond, '/s'],
    );
    if (ingest.lags.length < ingest.observed / 2) throw new Error(`fleet bench: only ${ingest.lags.length} of ${ingest.observed} reports measured`);

    // 3. rename pushed to up to 1,000 devices: intent + one nudge each, until all are applied
    const renamed = devices.slice(0, mode.renamed).map((d) => d.sn);
    const bus = createBus({ mqttUrl, ...bench, protocolVersion, clientId: `bench-bus-${process.pid}`, logger: pino({ level: 'warn' }) });
    cleanups.unshift(() => bus.close());
    await bus.ready();
    usage.mark();
    started = Date.now();
    for (let i = 0; i < renamed.length; i += 50) {
      await Promise.all(renamed.slice(i, i + 50).map(async (sn) => {
        await setDesiredName(database.db, sn, `Bench ${sn.slice(-6)}`);
        await bus.nudge(sn);
      }));
    }
    const applied = () =>
      database.db('devices').whereIn('sn', renamed).whereRaw('applied_version >= config_version').whereRaw('name = desired_name').count({ n: '*' }).first();
    await waitFor(`rename of ${renamed.length} devices applied`, 120_000, async () => Number((await applied())?.n) >= renamed.length);
    rows.push([`rename of ${renamed.length} devices confirmed`, (Date.now() - started) / 1000, 's']);
    progress(`rename of ${renamed.length} devices confirmed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    rows.push(['gateway RSS during the rename (peak)', usage.window().rssMaxMb, 'MB', RSS_BUDGET_MB]);

    // 4. capacity against the broker's raw rate, same messages (flood.ts)
    if (broker === 'mosquitto') {
      const records = tracker.latestRecords();
      trackerStopped = true;
      await tracker.stop();
      const messages = floodMessages(records, mode.floodRounds);
      usage.mark();
      const viaGateway = await floodGateway(mqttUrl, bench, protocolVersion, messages, 180_000);
      const floodUsage = usage.window();
      const raw = await floodRaw(mqttUrl, bench, protocolVersion, messages, 180_000);
      progress(`flood of ${messages.length} messages: gateway ${viaGateway.perSecond.toFixed(0)}/s, raw ${raw.perSecond.toFixed(0)}/s`);
      rows.push(
        [`gateway ingest capacity (${messages.length} status messages)`, viaGateway.perSecond, 'msg/s'],
        ['Mosquitto raw rate, same messages, bare subscriber', raw.perSecond, 'msg/s'],
        ['gateway ingest / raw rate', (viaGateway.perSecond / raw.perSecond) * 100, '%'],
        ['gateway RSS during the flood (peak)', floodUsage.rssMaxMb, 'MB', RSS_BUDGET_MB],
      );
    }
    return { broker, rows };
  } finally {
    for (const cleanup of cleanups) await cleanup().catch((err: unknown) => console.error('fleet bench cleanup:', err));
    progress('stopped');
  }
}

function printTable(mode: Mode, results: BrokerResult[]): void {
  const metrics = results[0]?.rows.map((r) => r[0]) ?? [];
  const allMetrics = [...new Set([...metrics, ...results.flatMap((r) => r.rows.map((x) => x[0]))])];
  const width = Math.max(...allMetrics.map((m) => m.length));
  const cell = (r: BrokerResult, metric: string) => {
    const row = r.rows.find((x) => x[0] === metric);
    return row ? `${row[1].toFixed(row[2] === 's' ? 1 : 0)} ${row[2]}` : '—';
  };
  console.log(`\nFleet: ${mode.devices} devices, status every ${STATUS_PERIOD_S * mode.timeScale} s (TIME_SCALE ${mode.timeScale}), gateway and fleet in child processes, MariaDB`);
  console.log(`${''.padEnd(width)}  ${results.map((r) => r.broker.padStart(16)).join('  ')}`);
  for (const metric of allMetrics) console.log(`${metric.padEnd(width)}  ${results.map((r) => cell(r, metric).padStart(16)).join('  ')}`);
}

export async function fleetBench(short: boolean): Promise<Figure[]> {
  const mode = short ? SHORT : FULL;
  const devices = fleetDevices(mode.devices);
  const results: BrokerResult[] = [];
  const databases: Array<Awaited<ReturnType<typeof createBenchDatabase>>> = [];
  try {
    for (const broker of ['mosquitto', 'embedded'] as const) {
      results.push(await runBroker(broker, mode, devices, databases[0], (db) => databases.push(db)));
    }
  } finally {
    for (const db of databases) await db.drop();
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
