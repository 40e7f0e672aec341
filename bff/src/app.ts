// createApp(deps): the Express 5 app wired with real dependencies (ARCHITECTURE §4), so tests build
// it against a test database and main.ts against the configured one.
import path from 'node:path';
import express, { type Express } from 'express';
import { noopProvisioner, type Bus, type DeviceProvisioner } from '@airloom/gateway';
import type { Knex } from 'knex';
import type { AppConfig } from './config.js';
import { DEMO_ACCOUNT } from './db/seed.js';
import { errorHandler, notFoundHandler, requestLogger } from './http/error-handler.js';
import { csrfGuard, securityHeaders } from './http/security.js';
import { createLogger, type Logger } from './logger.js';
import { createAuthRepository } from './modules/auth/auth.repository.js';
import { createAuthRouter } from './modules/auth/auth.routes.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createOutboxSender, type Sender } from './modules/auth/sender.js';
import { createDevicesRepository } from './modules/devices/devices.repository.js';
import { createDevicesRouter } from './modules/devices/devices.routes.js';
import { createDevicesService } from './modules/devices/devices.service.js';
import { createDocsRouter } from './modules/docs/docs.routes.js';
import { createEventHub, type EventHub } from './modules/events/events.hub.js';
import { createEventsRouter } from './modules/events/events.routes.js';
import { createHealthRouter } from './modules/health/health.routes.js';
import { createManufacturerRepository } from './modules/manufacturer/manufacturer.repository.js';
import { createManufacturerRouter } from './modules/manufacturer/manufacturer.routes.js';
import { createManufacturerService } from './modules/manufacturer/manufacturer.service.js';
import { createOverviewRouter } from './modules/overview/overview.routes.js';
import { createOverviewService } from './modules/overview/overview.service.js';
import { createProjectsRepository } from './modules/projects/projects.repository.js';
import { createProjectsRouter } from './modules/projects/projects.routes.js';
import { createProjectsService } from './modules/projects/projects.service.js';
import { discoverRemotes, loadRemotesManifest, remoteOrigins } from './modules/web/remotes.js';
import { createWebRouter } from './modules/web/web.routes.js';

export interface AppDeps {
  db: Knex;
  config: AppConfig;
  logger?: Logger;
  /** Where verification codes go; default: the dev outbox `${DATA_DIR}/outbox.jsonl`. */
  sender?: Sender;
  /** Epoch milliseconds; tests move time forward. */
  clock?: () => number;
  /** The internal bus (nudges to gateways, project events to browsers); without it nothing is pushed. */
  bus?: Bus;
  /** Project event streams; created here when not given (main.ts passes its own to close it). */
  eventHub?: EventHub;
  /** Tells the broker about registered devices; default: nothing to tell (the embedded broker reads the DB). */
  provisioner?: DeviceProvisioner;
}


export function createApp(deps: AppDeps): Express {
  const { db, config } = deps;
  const logger = deps.logger ?? createLogger({ level: config.logLevel });
  const sender = deps.sender ?? createOutboxSender(path.join(config.dataDir, 'outbox.jsonl'));
  const clock = deps.clock ?? Date.now;

  const localRemotes = discoverRemotes(config.staticRoot);
  const manifest = loadRemotesManifest(config.remotesManifest, localRemotes);

  const auth = createAuthService({ repo: createAuthRepository(db), sender, logger, clock, demoAccount: DEMO_ACCOUNT });
  const projectsRepo = createProjectsRepository(db);
  const devices = createDevicesService({ repo: createDevicesRepository(db), projects: projectsRepo, bus: deps.bus, clock, logger });
  const projects = createProjectsService({ repo: projectsRepo, clock, releaseDevices: devices.releaseProject });
  const manufacturer = createManufacturerService({
    repo: createManufacturerRepository(db),
    provisioner: deps.provisioner ?? noopProvisioner,
    bus: deps.bus,
    logger,
  });
  const eventHub = deps.eventHub ?? createEventHub(deps.bus, logger);
  const overview = createOverviewService({ projects, devices });

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  // API answers are no-store and static files get serve-static's own ETag: hashing every JSON body is waste.
  app.set('etag', false);

  app.use(requestLogger(logger));
  app.use(securityHeaders(remoteOrigins(manifest)));
  app.use(createHealthRouter(db, logger));
  app.use(csrfGuard(config.allowedOrigins));

  const api = express.Router();
  api.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store'); // API answers are per-session
    next();
  });
  api.use(createManufacturerRouter(auth, manufacturer, config.manufacturerKey));
  api.use(createEventsRouter(auth, projects, eventHub));
  api.use(express.json({ limit: '64kb' }));
  api.use('/auth', createAuthRouter(auth));
  api.use(createDevicesRouter(auth, devices));
  api.use('/projects', createProjectsRouter(auth, projects));
  api.use('/overview', createOverviewRouter(auth, overview));
  api.use(createDocsRouter());
  app.use('/api/v1', api);
  app.use('/api', notFoundHandler()); // unknown /api/* → 404 envelope, never the SPA

  app.use(createWebRouter({ staticRoot: config.staticRoot, manifest, localRemotes }));
  app.use(notFoundHandler());
  app.use(errorHandler(logger));
  return app;
}
