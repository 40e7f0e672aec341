// Process entry. AIRLOOM_ROLE picks what runs here (ARCHITECTURE §2):
//  - all (default): the console, the gateway runtime, the embedded MQTT broker (unless MQTT_URL
//    names one) and the demo projects' simulated devices — `npm start` needs nothing else;
//  - bff: the console only (MQTT_URL required: it nudges gateways and relays their events);
//  - gateway: the USP controller only (tables created by a console's migrations);
//  - sim: the demo fleet only, against MQTT_URL.
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import path from 'node:path';
import {
  createBus,
  createDeviceDirectory,
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
import { backupSchedulerOn } from './modules/backups/backups.scheduler.js';
import { rebootSchedulerOn } from './modules/reboot-schedules/reboot-schedules.scheduler.js';
import { maintenanceWindowJobOn, type InWindowHook } from './modules/reboot-schedules/maintenance-window.js';
import { createOutboxSender } from './modules/auth/sender.js';
import { gatewayAlarms, notificationJobOn } from './modules/notifications/notifications.dispatcher.js';
import { rfRunnerOn, rfTimings } from './modules/rf/rf.runner.js';
import type { Rollouts } from './modules/rollouts/rollouts.service.js';
import type { PdfRenderer } from './modules/solutions/pdf.js';
import type { RemoteWebService } from './modules/remote-web/remote-web.service.js';
import { createEventHub, type EventHub } from './modules/events/events.hub.js';
import { startDemoFleet } from './runtime/demo-fleet.js';
import { keepDemoActivations } from './runtime/demo-activations.js';
import { seedDemoConfig } from './runtime/demo-config.js';
import { seedDemoRf } from './runtime/demo-rf.js';
import { seedDemoWireless } from './runtime/demo-wireless.js';
import { scanDemoFloor, seedDemoFloors } from './runtime/demo-floors.js';
import { seedDemoTerminals } from './runtime/demo-terminals.js';
import { seedDemoNotifications } from './runtime/demo-notifications.js';
import { seedDemoRunLog } from './runtime/demo-run-log.js';
import { seedDemoAudit } from './runtime/demo-audit.js';
import { seedDemoBlacklist } from './runtime/demo-clients.js';
import { seedDemoRebootSchedule } from './runtime/demo-maintenance.js';
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
    // RF optimisations run in the instance that started them; scheduled and automatic ones in whichever claims them
    const rfRunner = rfRunnerOn(db, bus, { logger, timings: rfTimings(config.timeScale) });
    // one sender for every e-mail: verification codes, invitations, test notifications and alarm e-mails (dev outbox by default)
    const sender = createOutboxSender(path.join(config.dataDir, 'outbox.jsonl'));
    const app = createApp({ db, config, logger, bus, eventHub, provisioner, rfRunner, sender });
    const server: Server = await new Promise((resolve) => {
      const s = app.listen(config.port, config.host, (err?: Error) => (err ? fatal(err, 'cannot listen') : resolve(s)));
    });
    // remote web management: devices dial in on the same server; idle, expired and no-longer-allowed tunnels are swept
    const remoteWeb = app.locals.remoteWeb as RemoteWebService;
    remoteWeb.listenOn(server);
    remoteWeb.run(5_000);
    stops.push({
      name: 'http',
      stop: () =>
        new Promise<void>((resolve) => {
          remoteWeb.stop(); // open tunnels would hold server.close() too
          eventHub.close(); // open event streams would hold server.close() forever
          server.close(() => resolve());
          server.closeIdleConnections();
        }),
    });
    // the solution designer's one PDF browser (started on the first document)
    stops.push({ name: 'pdf browser', stop: () => (app.locals.solutionsPdf as PdfRenderer).close() });
    // scheduled configuration backups: every console instance runs the job, each due run is taken by one of them
    const backupScheduler = backupSchedulerOn(db, { logger });
    backupScheduler.start();
    stops.push({ name: 'backup scheduler', stop: () => backupScheduler.stop() });
    // scheduled and cyclic reboots: every console instance runs the job, each due slot is taken by one of them
    const rebootScheduler = rebootSchedulerOn(db, bus, { logger });
    rebootScheduler.start();
    stops.push({ name: 'reboot scheduler', stop: () => rebootScheduler.stop() });
    // auto maintenance windows: restarts in each project's window, and its upgrade to the recommended firmware as a staged rollout
    const maintenanceWindows = maintenanceWindowJobOn(db, bus, { logger, inWindow: [app.locals.windowUpgrade as InWindowHook] });
    maintenanceWindows.start();
    stops.push({ name: 'maintenance windows', stop: () => maintenanceWindows.stop() });
    // alarm notifications: every console instance runs the job, each delivery attempt is made by one of them
    const notificationJob = notificationJobOn(db, { logger, sender, alarms: gatewayAlarms(db) });
    notificationJob.start();
    stops.push({ name: 'notification job', stop: () => notificationJob.stop() });
    rfRunner.startSchedule();
    stops.push({ name: 'rf optimisations', stop: () => rfRunner.stop() });
    // staged firmware rollouts: every console instance advances them, each rollout held by one at a time
    const rollouts = app.locals.rollouts as Rollouts;
    rollouts.run();
    stops.push({ name: 'firmware rollouts', stop: () => rollouts.stop() });
    logger.info(
      { port: config.port, host: config.host, role: config.role, database: config.databaseUrl ? 'mysql' : 'sqlite', mqtt: config.mqttUrl ? 'external' : 'embedded', dataDir: config.dataDir, nodeEnv: config.nodeEnv },
      'Airloom console listening',
    );
    if (config.nodeEnv === 'production') logger.warn({ outbox: `${config.dataDir}/outbox.jsonl` }, 'verification codes go to the dev outbox');
  }

  if ((config.role === 'all' && config.simDemoFleet) || config.role === 'sim') {
    // the data screen's history of the demo projects, besides what the fleet's devices record live,
    // laid now and anew at each UTC midnight
    const activations = await keepDemoActivations(db, logger);
    stops.push({ name: 'demo activations', stop: async () => activations.stop() });
    const fleet: Fleet = await startDemoFleet({ db, provisioner, brokerUrl: mqttUrl, protocolVersion, controllerId: gw.controllerId, timeScale: config.timeScale, history: config.demoHistory, logger }).catch(
      (err: unknown) => fatal(err, 'demo fleet failed to start'),
    );
    stops.push({ name: 'demo fleet', stop: () => fleet.stop() });
    // the hotel's gateway and switch settings, with their history (once; the devices then receive them)
    await seedDemoConfig(db).then(
      (n) => logger.info({ versions: n }, 'demo configuration seeded'),
      (err: unknown) => logger.error({ err }, 'demo configuration not seeded'),
    );
    // the hotel's RF optimisation records, radio settings and roaming tuner (once)
    await seedDemoRf(db, demoFleet(DEMO_PROJECT_IDS.WLAN).filter((d) => d.type === 'ap')).then(
      (n) => logger.info({ records: n }, 'demo RF optimisation seeded'),
      (err: unknown) => logger.error({ err }, 'demo RF optimisation not seeded'),
    );
    // the hotel's wireless policies, confirmed (once; the simulated APs then receive them)
    await seedDemoWireless(db).then(
      (n) => logger.info({ written: n }, 'demo wireless policies seeded'),
      (err: unknown) => logger.error({ err }, 'demo wireless policies not seeded'),
    );
    // the hotel's Wi-Fi map: a floor with its plan, walls and the 8 APs (once)
    await seedDemoFloors(db, demoFleet(DEMO_PROJECT_IDS.WLAN)).then(
      (n) => logger.info({ floors: n }, 'demo floors seeded'),
      (err: unknown) => logger.error({ err }, 'demo floors not seeded'),
    );
    // …and its APs' neighbour scans, so the map's predicted-versus-measured panel has data (not awaited)
    void scanDemoFloor(db, createDeviceDirectory(db, bus), demoFleet(DEMO_PROJECT_IDS.WLAN)).then(
      (n) => logger.info({ scans: n }, 'demo floor scanned'),
      (err: unknown) => logger.warn({ err }, 'demo floor not scanned'),
    );
    // a few days of run log and alarms in both demo projects, some unread (once)
    for (const projectId of [DEMO_PROJECT_IDS.WLAN, DEMO_PROJECT_IDS.MESH]) {
      await seedDemoRunLog(db, projectId, demoFleet(projectId)).then(
        (n) => logger.info({ projectId, events: n }, 'demo run log seeded'),
        (err: unknown) => logger.error({ err, projectId }, 'demo run log not seeded'),
      );
    }
    // a few days of audit log in both demo projects: writes with old → new, and refusals (once)
    for (const projectId of [DEMO_PROJECT_IDS.WLAN, DEMO_PROJECT_IDS.MESH]) {
      await seedDemoAudit(db, projectId, demoFleet(projectId)).then(
        (n) => logger.info({ projectId, rows: n }, 'demo audit log seeded'),
        (err: unknown) => logger.error({ err, projectId }, 'demo audit log not seeded'),
      );
    }
    // the hotel's hand-added terminals on the topology: a printer and an IP phone on a switch (once)
    await seedDemoTerminals(db, demoFleet(DEMO_PROJECT_IDS.WLAN)).then(
      (n) => logger.info({ terminals: n }, 'demo terminals seeded'),
      (err: unknown) => logger.error({ err }, 'demo terminals not seeded'),
    );
    // the hotel's alarm notifications: a recipient, a webhook and last night's deliveries (once)
    await seedDemoNotifications(db, demoFleet(DEMO_PROJECT_IDS.WLAN)).then(
      (n) => logger.info({ attempts: n }, 'demo notifications seeded'),
      (err: unknown) => logger.error({ err }, 'demo notifications not seeded'),
    );
    // the hotel's blacklist: two MACs kept off its APs (once; the APs then receive it)
    await seedDemoBlacklist(db, bus).then(
      (n) => logger.info({ entries: n }, 'demo blacklist seeded'),
      (err: unknown) => logger.error({ err }, 'demo blacklist not seeded'),
    );
    // an AP of the hotel restarts every Sunday night (once)
    await seedDemoRebootSchedule(db).then(
      (n) => logger.info({ devices: n }, 'demo reboot schedule seeded'),
      (err: unknown) => logger.error({ err }, 'demo reboot schedule not seeded'),
    );
  }
}
