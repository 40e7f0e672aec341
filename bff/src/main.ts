// Process entry. AIRLOOM_ROLE picks what runs here (ARCHITECTURE §2):
//  - all (default): the console, the gateway runtime, the embedded MQTT broker (unless MQTT_URL
//    names one) and the demo projects' simulated devices — `npm start` needs nothing else;
//  - bff: the console only (MQTT_URL required: it nudges gateways and relays their events);
//  - gateway: the USP controller only (tables created by a console's migrations);
//  - sim: the demo fleet only, against MQTT_URL.
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import {
  createBus,
  createGatewayRuntime,
  deviceProvisionerFromEnv,
  ensureServiceAccountFromEnv,
  loadGatewayConfig,
  startEmbeddedBroker,
  startGatewayFromEnv,
  type Bus,
  type EmbeddedBroker,
  type GatewayRuntime,
} from '@airloom/gateway/public';
import { demoFleet, type Fleet } from '@airloom/device-sim';
import { DEMO_PROJECT_IDS } from '@airloom/contracts';
import { createApp } from './app.js';
import { loadConfig } from './config.js';
import { createDb } from './db/db.js';
import { migrate } from './db/migrate.js';
import { createLogger } from './logger.js';
import { createEventHub, type EventHub } from './modules/events/events.hub.js';
import { startDemoFleet } from './runtime/demo-fleet.js';
import { seedDemoActivations } from './runtime/demo-activations.js';
import { seedDemoConfig } from './runtime/demo-config.js';
import { seedDemoFloors } from './runtime/demo-floors.js';
import { ensureManufacturerKey } from './runtime/manufacturer-key.js';

const config = loadConfig();
const logger = createLogger({ level: config.logLevel });

/** Stopped in reverse order of start on SIGTERM/SIGINT. */
const stops: { name: string; stop: () => Promise<unknown> }[] = [];
let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  setTimeout(() => process.exit(1), 10_000).unref();
  for (const { name, stop } of stops.reverse()) {
    try {
      await stop();
    } catch (err) {
      logger.warn({ err, part: name }, 'did not stop cleanly');
    }
  }
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

function fatal(err: unknown, message: string): never {
  logger.fatal({ err }, message);
  process.exit(1);
}

if (config.role === 'gateway') {
  await ensureServiceAccountFromEnv(logger).catch((err: unknown) => fatal(err, 'broker service account setup failed'));
  const gateway = await startGatewayFromEnv().catch((err: unknown) => fatal(err, 'gateway failed to start'));
  stops.push({ name: 'gateway', stop: () => gateway.stop() });
  logger.info({ gatewayId: gateway.runtime.gatewayId }, 'Airloom gateway running');
} else {
  const db = createDb(config);
  stops.push({ name: 'database', stop: () => db.destroy() });
  try {
    await migrate(db);
  } catch (err) {
    await db.destroy();
    fatal(err, 'database migration failed');
  }

  const gw = loadGatewayConfig(process.env);
  const provisioner = deviceProvisionerFromEnv(logger);
  let mqttUrl = config.mqttUrl;
  let mqttUsername = config.mqttUsername;
  let mqttPassword = config.mqttPassword;
  let protocolVersion = gw.protocolVersion;
  if (!mqttUrl) {
    if (config.role !== 'all') fatal(new Error('MQTT_URL is not set'), `role ${config.role} needs MQTT_URL`);
    mqttUsername = 'airloom-service';
    mqttPassword = randomBytes(24).toString('base64url'); // per process: only this process's parts log in as the service
    const broker: EmbeddedBroker = await startEmbeddedBroker({ db, host: config.host, port: config.mqttPort, service: { username: mqttUsername, password: mqttPassword }, logger }).catch(
      (err: unknown) => fatal(err, 'embedded MQTT broker failed to start'),
    );
    stops.push({ name: 'embedded broker', stop: () => broker.close() });
    mqttUrl = broker.url;
    protocolVersion = 4; // aedes speaks MQTT 3.1.1 only
  } else {
    // Mosquitto with dynamic security: the service account must exist before anything logs in as it
    await ensureServiceAccountFromEnv(logger).catch((err: unknown) => fatal(err, 'broker service account setup failed'));
  }

  let bus: Bus | undefined;
  if (config.role !== 'sim') {
    bus = createBus({ mqttUrl, username: mqttUsername, password: mqttPassword, protocolVersion, clientId: `airloom-bff-${gw.gatewayId}`, logger });
    stops.push({ name: 'bus', stop: () => bus!.close() });
  }

  if (config.role === 'all') {
    const runtime: GatewayRuntime = createGatewayRuntime({
      db, logger, mqttUrl, mqttUsername, mqttPassword, protocolVersion, bus,
      gatewayId: gw.gatewayId, controllerId: gw.controllerId, timeScale: config.timeScale, shareGroup: gw.shareGroup,
    });
    await runtime.start().catch((err: unknown) => fatal(err, 'gateway runtime failed to start'));
    stops.push({ name: 'gateway runtime', stop: () => runtime.stop() });
  }

  if (config.role === 'all' || config.role === 'bff') {
    if (!config.manufacturerKey && config.role === 'all' && !config.mqttUrl) {
      const { key, file } = ensureManufacturerKey(config.dataDir);
      config.manufacturerKey = key;
      logger.info({ file }, 'manufacturer key for POST /api/v1/manufacturer/devices');
    }
    const eventHub: EventHub = createEventHub(bus, logger);
    const app = createApp({ db, config, logger, bus, eventHub, provisioner });
    const server: Server = await new Promise((resolve) => {
      const s = app.listen(config.port, config.host, (err?: Error) => (err ? fatal(err, 'cannot listen') : resolve(s)));
    });
    stops.push({
      name: 'http',
      stop: () =>
        new Promise<void>((resolve) => {
          eventHub.close(); // open event streams would hold server.close() forever
          server.close(() => resolve());
          server.closeIdleConnections();
        }),
    });
    logger.info(
      { port: config.port, host: config.host, role: config.role, database: config.databaseUrl ? 'mysql' : 'sqlite', mqtt: config.mqttUrl ? 'external' : 'embedded', dataDir: config.dataDir, nodeEnv: config.nodeEnv },
      'Airloom console listening',
    );
    if (config.nodeEnv === 'production') logger.warn({ outbox: `${config.dataDir}/outbox.jsonl` }, 'verification codes go to the dev outbox');
  }

  if ((config.role === 'all' && config.simDemoFleet) || config.role === 'sim') {
    // the data screen's history of the demo projects, besides what the fleet's devices record live
    await seedDemoActivations(db).then(
      (n) => logger.info({ activations: n }, 'demo activations seeded'),
      (err: unknown) => logger.error({ err }, 'demo activations not seeded'),
    );
    const fleet: Fleet = await startDemoFleet({ db, provisioner, brokerUrl: mqttUrl, protocolVersion, controllerId: gw.controllerId, timeScale: config.timeScale, history: config.demoHistory, logger }).catch(
      (err: unknown) => fatal(err, 'demo fleet failed to start'),
    );
    stops.push({ name: 'demo fleet', stop: () => fleet.stop() });
    // the hotel's gateway and switch settings, with their history (once; the devices then receive them)
    await seedDemoConfig(db).then(
      (n) => logger.info({ versions: n }, 'demo configuration seeded'),
      (err: unknown) => logger.error({ err }, 'demo configuration not seeded'),
    );
    // the hotel's Wi-Fi map: a floor with its plan, walls and the 8 APs (once)
    await seedDemoFloors(db, demoFleet(DEMO_PROJECT_IDS.WLAN)).then(
      (n) => logger.info({ floors: n }, 'demo floors seeded'),
      (err: unknown) => logger.error({ err }, 'demo floors not seeded'),
    );
  }
}
