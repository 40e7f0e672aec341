// The gateway under test, in its own process. With MQTT_URL it is the `airloom gateway` role as
// deployed (startGatewayFromEnv). Without, it is the gateway part of `airloom all`: the embedded
// aedes broker (on a free port, fresh service login) and the runtime in one process on one
// database pool, so the figures include the broker. Tells the benchmark
// `{ type: 'ready', mqttUrl, service }` over IPC; SIGTERM stops it. On `{ type: 'rollup' }` it runs
// the time series' background job (rollups and retention, every 5 minutes in production) at once,
// so the steady-state window holds one run, and answers `{ type: 'rolled', ms, rolled, deleted }`.
import { randomBytes } from 'node:crypto';
import { createGatewayDb, createGatewayRuntime, loadGatewayConfig, startEmbeddedBroker, startGatewayFromEnv } from '@airloom/gateway';
import { rollupAndPrune } from '@airloom/gateway/testing';
import knex, { type Knex } from 'knex';
import { pino } from 'pino';

let stop: () => Promise<void>;
/** the database the job runs on: the runtime's pool in `airloom all`; the deployed role keeps its pool to itself, so one of its own */
let jobDb: Knex;
let ready: { mqttUrl: string; service: { username: string; password: string } };
// the benchmark's own process ends: so does this one
process.once('disconnect', () => process.exit(1));

if (process.env.MQTT_URL) {
  const gateway = await startGatewayFromEnv();
  jobDb = createGatewayDb(gateway.config);
  stop = async () => {
    await gateway.stop();
    await jobDb.destroy();
  };
  ready = { mqttUrl: gateway.config.mqttUrl, service: { username: gateway.config.mqttUsername ?? '', password: gateway.config.mqttPassword ?? '' } };
} else {
  const config = loadGatewayConfig();
  const logger = pino({ level: config.logLevel });
  const db = knex({ client: 'mysql2', connection: config.databaseUrl, pool: { min: 0, max: 10 } });
  jobDb = db;
  const service = { username: 'airloom-service', password: randomBytes(24).toString('base64url') };
  const broker = await startEmbeddedBroker({ db, host: '127.0.0.1', port: 0, service, logger });
  const runtime = createGatewayRuntime({
    db,
    logger,
    mqttUrl: broker.url,
    mqttUsername: service.username,
    mqttPassword: service.password,
    protocolVersion: 4,
    gatewayId: config.gatewayId,
    controllerId: config.controllerId,
    timeScale: config.timeScale,
  });
  await runtime.start();
  stop = async () => {
    await runtime.stop();
    await broker.close();
    await db.destroy();
  };
  ready = { mqttUrl: broker.url, service };
}
process.send?.({ type: 'ready', ...ready });

process.on('message', (message: { type?: string }) => {
  if (message.type !== 'rollup') return;
  const started = performance.now();
  void rollupAndPrune(jobDb, Date.now()).then(
    (r) => process.send?.({ type: 'rolled', ms: performance.now() - started, ...r }),
    (err: unknown) => process.send?.({ type: 'rolled', ms: performance.now() - started, error: String(err) }),
  );
});

process.once('SIGTERM', () => {
  stop().finally(() => process.exit(0));
});
