// A bulk firmware upgrade of simulated devices as a staged rollout (issue 11 benchmark): wall time
// until every device runs the new image, the console's CPU over that time, and the most downloads
// running at once, which must never exceed the rollout's limit. Full mode: 500 APs at TIME_SCALE 0.01;
// `--short`: 50. One process: SQLite, the broker (aedes in short mode; Mosquitto, its own process, in
// full mode — see BROKER_REASON), the gateway runtime, the console's firmware, devices and rollout
// services, an HTTP server answering the devices' image downloads, and the simulated USP agents (which
// really fetch the image over HTTP and check its SHA-256).
// TIME_SCALE compresses the upgrade (download, install, restart: ~5 min → ~3 s) but not the status
// reports: every AP reports every 30 s as in the field, and the gateway expects them at that period
// (offline after 3 missed). Scaled too, 500 APs sent ~1,700 status reports a second into this one
// process, which spent most of its CPU making, decoding and storing them (a profile of 150 APs: the
// gateway's status ingest, SQLite and the agents' status trees); the heartbeat sweep expected a report
// every 5 s at that scale, and the rollout refused as offline (36) the APs it had taken for silent —
// the bench measured the reports, not the upgrade.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { firmwareHeader, type Principal } from '@airloom/contracts';
import { createFleet, generateFleet } from '@airloom/device-sim';
import { createBus, createGatewayRuntime, gatewayTimings } from '@airloom/gateway';
import { createTestDb, registerDevices, startTestBroker } from '@airloom/gateway/testing';
import { createDevicesRepository, createDevicesService, createFirmwareService, createRollouts } from '@airloom/bff';
import { pino } from 'pino';
import type { Figure } from '../src/stats.js';

const PROJECT = 990_500;
const FULL = 500;
const SHORT = 50;
const TIME_SCALE = 0.01;
/** the status reports' period is not compressed (see the top); UPGRADE_BENCH_STATUS_TIME_SCALE=0.01 measures under the compressed reports' load */
const STATUS_TIME_SCALE = Number(process.env.UPGRADE_BENCH_STATUS_TIME_SCALE ?? 1);
/** the rollout's limit of devices upgrading at once */
const MAX_DOWNLOADS = 25;
/**
 * Why full mode uses Mosquitto. aedes hands each PUBLISH to mqemitter (concurrency 100), whose queue
 * behind those 100 is drained by a synchronous recursion (released → _do → fastparallel → released …)
 * whenever deliveries complete at once: a backlog of more than ~1,150 messages overflows the call
 * stack (RangeError), whoever publishes (reproduced with mqemitter 7.1.0 alone; upstream
 * mcollina/mqemitter PR #204, still open). The backlog came from the compressed status reports (see
 * the top), not from a burst of our own publishes: at the field's status rate the same 500 devices,
 * the gateway and the rollout run on aedes too (87.5 s, 33 % of a core on 26 Nov;
 * UPGRADE_BENCH_BROKER=aedes). A console of 500 devices runs on Mosquitto (deploy/), where a backlog
 * only delays messages, so the figure is measured there.
 */
const BROKER_REASON = 'full mode on Mosquitto, as deployed: aedes\'s mqemitter overflows its call stack on a backlog of ~1,150 messages (upstream mcollina/mqemitter#204); UPGRADE_BENCH_BROKER=aedes runs it there';

async function waitFor(what: string, ms: number, check: () => Promise<boolean>): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function upgradeBench(short: boolean): Promise<Figure[]> {
  const N = Number(process.env.UPGRADE_BENCH_DEVICES ?? (short ? SHORT : FULL));
  const logger = pino({ level: 'silent' });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'airloom-bench-upgrade-'));
  const { db, close } = await createTestDb('sqlite');
  // UPGRADE_BENCH_BROKER=aedes|mosquitto overrides the default
  const brokerKind = (process.env.UPGRADE_BENCH_BROKER ?? (short ? 'aedes' : 'mosquitto')) === 'mosquitto' ? 'mosquitto' : 'aedes';
  if (brokerKind === 'mosquitto' && !process.env.UPGRADE_BENCH_BROKER) console.log(`upgrade bench: ${BROKER_REASON}`);
  const broker = await startTestBroker(brokerKind);
  const specs = generateFleet(PROJECT, { ap: N }).map((s) => ({ ...s, model: 'AL-AP620', secret: randomBytes(12).toString('hex') }));
  await registerDevices(db, specs.map((s) => ({ sn: s.sn, type: s.type, model: s.model, mac: s.mac, secret: s.secret, projectId: PROJECT })));
  const bus = createBus({ mqttUrl: broker.url, protocolVersion: broker.protocolVersion, clientId: `bench-up-${randomBytes(3).toString('hex')}`, logger });
  await bus.ready();
  // operations at TIME_SCALE, the status period and the heartbeat sweep at the field's timings
  const field = gatewayTimings(STATUS_TIME_SCALE);
  const timings = { statusPeriodMs: field.statusPeriodMs, offlineAfterMs: field.offlineAfterMs, sweepEveryMs: field.sweepEveryMs };
  const runtime = createGatewayRuntime({ db, logger, mqttUrl: broker.url, protocolVersion: broker.protocolVersion, bus, timeScale: TIME_SCALE, timings });
  await runtime.start();
  const fleet = createFleet(specs, { brokerUrl: broker.url, protocolVersion: broker.protocolVersion, controllerId: runtime.controllerId, timeScale: TIME_SCALE, statusTimeScale: STATUS_TIME_SCALE });

  // the console's side: firmware, devices and rollouts, asked as the project's owner
  const firmware = createFirmwareService({ db, dir: path.join(dataDir, 'firmware'), clock: Date.now });
  const devices = createDevicesService({ repo: createDevicesRepository(db, bus), logger, names: { storeName: async () => undefined }, firmware });
  const principal: Principal = { accountId: 1, role: 0 as Principal['role'], demo: false };
  const project = { principal, row: { id: PROJECT, owner_account_id: 1, share_expires_at: null }, ctx: { owner: true, demo: false, right: 'rw' } } as never;
  const rollouts = createRollouts({ db, devices, access: { authorise: async () => project }, clock: Date.now, logger, leaseMs: 10_000 });
  const server = http.createServer((req, res) => {
    const token = /^\/api\/v1\/firmware\/download\/([A-Za-z0-9_-]+)$/.exec(req.url ?? '')?.[1];
    if (!token) return void res.writeHead(404).end();
    firmware.serve(token, res).catch(() => res.writeHead(404).end());
  });
  server.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  let most = 0;
  const downloadsNow = () => fleet.agents.reduce((n, a) => n + a.downloading, 0);
  for (const a of fleet.agents) a.on('download', () => (most = Math.max(most, downloadsNow())));
  try {
    await fleet.start();
    const online = () => db('devices').where({ project_id: PROJECT, status: 1 }).count({ n: '*' }).first();
    const onlineAt = Date.now();
    await waitFor(`${N} APs online`, 240_000, async () => Number((await online())?.n) === N);
    // a 256 KB image uploaded for the model (the catalogue's images are ~9 MB each: 4.5 GB for 500 devices)
    const body = Buffer.concat([Buffer.from(firmwareHeader('AL-AP620', 'V2.9.0', 256 * 1024 - 64)), randomBytes(256 * 1024 - 64)]);
    const boundary = 'benchboundary';
    const multipart = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="ap.bin"\r\n\r\n`), body, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const { Readable } = await import('node:stream');
    const req = Object.assign(Readable.from([multipart]), { headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(multipart.length) } });
    const image = await firmware.upload(project, req as never, 1);

    console.log(`upgrade bench: ${N} APs online in ${((Date.now() - onlineAt) / 1000).toFixed(1)} s`);
    const startedAt = Date.now();
    const cpuAt = process.cpuUsage();
    rollouts.run(250);
    const r = await rollouts.start(project, { sns: specs.map((s) => s.sn), imageId: image.id, canaryPercent: 10, waveSize: 100, haltPercent: 20, maxDownloads: MAX_DOWNLOADS }, origin);
    await waitFor(`the rollout over all ${N} devices`, 900_000, async () => ((await db('rollouts').where({ id: r.id }).first('state')) as { state: string }).state !== 'running');
    const wall = (Date.now() - startedAt) / 1000;
    const cpu = process.cpuUsage(cpuAt);
    if (process.env.UPGRADE_BENCH_DEBUG) {
      const ops = (await db('operations').where({ kind: 'upgrade' }).select('created_at', 'sent_at', 'updated_at', 'finished_at', 'state', 'error_code')) as Record<string, number | string | null>[];
      for (const o of ops) console.log(o.state, o.error_code, 'sent +', Number(o.sent_at) - Number(o.created_at), 'finished +', Number(o.finished_at) - Number(o.created_at), 'from', Number(o.created_at) - startedAt);
      // why devices changed state meanwhile (heartbeat-missed: the gateway's sweep took one for silent)
      const moves = (await db('device_status_log').where('project_id', PROJECT).andWhere('at', '>=', startedAt).select('from_status', 'to_status', 'reason').count({ n: '*' }).groupBy('from_status', 'to_status', 'reason')) as Record<string, unknown>[];
      for (const m of moves) console.log('status', m.from_status, '→', m.to_status, m.reason, Number(m.n));
    }
    const upgraded = fleet.agents.filter((a) => a.softwareVersion === 'V2.9.0').length;
    if (upgraded !== N) {
      const rows = (await db('rollout_devices').where({ rollout_id: r.id }).select('outcome', 'code')) as { outcome: string; code: number | null }[];
      const tally = rows.reduce<Record<string, number>>((t, x) => ({ ...t, [`${x.outcome}:${x.code ?? ''}`]: (t[`${x.outcome}:${x.code ?? ''}`] ?? 0) + 1 }), {});
      throw new Error(`only ${upgraded} of ${N} devices upgraded: ${JSON.stringify(tally)} after ${wall} s`);
    }
    const bench = `firmware upgrade (a staged rollout to ${N} simulated APs, TIME_SCALE ${TIME_SCALE}, status every ${30 * STATUS_TIME_SCALE} s, SQLite, ${brokerKind === 'aedes' ? 'embedded broker' : 'Mosquitto'}, one process)`;
    return [
      { bench, metric: 'wall time until all upgraded', value: wall, unit: 's' },
      { bench, metric: `process CPU over that time (console, gateway, ${brokerKind === 'aedes' ? 'broker, ' : ''}devices)`, value: ((cpu.user + cpu.system) / 1000 / (wall * 1000)) * 100, unit: '% of a core' },
      { bench, metric: `most downloads at once (limit ${MAX_DOWNLOADS})`, value: most, unit: 'downloads', budget: { max: MAX_DOWNLOADS } },
    ];
  } finally {
    await rollouts.stop();
    server.close();
    await fleet.stop();
    await runtime.stop();
    await bus.close();
    await broker.close();
    await close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
