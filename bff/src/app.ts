// createApp(deps): the Express 5 app wired with real dependencies (ARCHITECTURE §4), so tests build
// it against a test database and main.ts against the configured one.
import path from 'node:path';
import express, { type Express } from 'express';
import { noopProvisioner, type Bus, type DeviceProvisioner } from '@airloom/gateway/public';
import type { Knex } from 'knex';
import type { AppConfig } from './config.js';
import { DEMO_ACCOUNT } from './db/seed.js';
import { mountEndpoints } from './http/endpoints.js';
import { errorHandler, notFoundHandler, requestLogger } from './http/error-handler.js';
import { createProjectAccess } from './http/project-access.js';
import { csrfGuard, securityHeaders } from './http/security.js';
import { createLogger, type Logger } from './logger.js';
import { createAuthRepository } from './modules/auth/auth.repository.js';
import { accountHandlers, authHandlers, twoFactorHandlers } from './modules/auth/auth.routes.js';
import { createTwoFactor } from './modules/auth/two-factor.js';
import { oidcHandlers } from './modules/oidc/oidc.routes.js';
import { createOidcService } from './modules/oidc/oidc.service.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createOutboxSender, type Sender } from './modules/auth/sender.js';
import { createDevicesRepository } from './modules/devices/devices.repository.js';
import { deviceHandlers } from './modules/devices/devices.routes.js';
import { configHandlers } from './modules/config/config.routes.js';
import { backupHandlers } from './modules/backups/backups.routes.js';
import { createBackupsService } from './modules/backups/backups.service.js';
import { createConfigService } from './modules/config/config.service.js';
import { createBackupStore, createConfigDirectory } from '@airloom/gateway/public';
import { createDevicesService } from './modules/devices/devices.service.js';
import { createFloorsRepository } from './modules/floors/floors.repository.js';
import { floorHandlers } from './modules/floors/floors.routes.js';
import { createFloorsService } from './modules/floors/floors.service.js';
import { createDocsRouter } from './modules/docs/docs.routes.js';
import { buildOpenApiDocument } from './modules/docs/openapi.js';
import { createEventHub, type EventHub } from './modules/events/events.hub.js';
import { createManufacturerRepository } from './modules/manufacturer/manufacturer.repository.js';
import { manufacturerGuard, manufacturerHandlers } from './modules/manufacturer/manufacturer.routes.js';
import { createManufacturerService } from './modules/manufacturer/manufacturer.service.js';
import { createOverviewService } from './modules/overview/overview.service.js';
import { platformHandlers } from './modules/platform/platform.routes.js';
import { createProjectsRepository } from './modules/projects/projects.repository.js';
import { projectHandlers } from './modules/projects/projects.routes.js';
import { createProjectsService } from './modules/projects/projects.service.js';
import { createApiKeysRepository } from './modules/api-keys/api-keys.repository.js';
import { apiKeyHandlers, requestAuth } from './modules/api-keys/api-keys.routes.js';
import { createApiKeysService } from './modules/api-keys/api-keys.service.js';
import { createSharesRepository } from './modules/shares/shares.repository.js';
import { invitationHandlers } from './modules/invitations/invitations.routes.js';
import { createInvitationsService } from './modules/invitations/invitations.service.js';
import { transferHandlers } from './modules/transfers/transfers.routes.js';
import { createTransfersService } from './modules/transfers/transfers.service.js';
import { shareHandlers } from './modules/shares/shares.routes.js';
import { statsHandlers } from './modules/stats/stats.routes.js';
import { createSharesService } from './modules/shares/shares.service.js';
import { discoverRemotes, loadRemotesManifest, remoteOrigins } from './modules/web/remotes.js';
import { createActivationsRepository } from './modules/activations/activations.repository.js';
import { activationHandlers } from './modules/activations/activations.routes.js';
import { createActivationsService } from './modules/activations/activations.service.js';
import { createActivationHub } from './modules/activations/activations.events.js';
import { createWebRouter } from './modules/web/web.routes.js';
import { createProfileRepository } from './modules/profile/profile.repository.js';
import { profileHandlers } from './modules/profile/profile.routes.js';
import { createProfileService } from './modules/profile/profile.service.js';
import { createSubAccountsRepository } from './modules/subaccounts/subaccounts.repository.js';
import { subAccountHandlers } from './modules/subaccounts/subaccounts.routes.js';
import { createSubAccountsService } from './modules/subaccounts/subaccounts.service.js';

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

  const twoFactor = createTwoFactor(db, clock);
  const auth = createAuthService({ repo: createAuthRepository(db), sender, logger, clock, demoAccount: DEMO_ACCOUNT, twoFactor });
  const projectsRepo = createProjectsRepository(db);
  const access = createProjectAccess({ projects: projectsRepo, clock });
  const deviceDirectory = createDevicesRepository(db, deps.bus);
  const actorOf = async (accountId: number) => ((await db('accounts').where({ id: accountId }).first('account')) as { account: string } | undefined)?.account ?? null;
  const configDirectory = createConfigDirectory(db, deps.bus);
  const configService = createConfigService({ directory: configDirectory, actorOf, logger });
  const backups = createBackupsService({ store: createBackupStore(db), directory: configDirectory, actorOf, clock });
  // spec §1: a factory reset is preceded by a restore point of the device (a WLAN project's), taken once the reset is queued
  const devicesRepo: typeof deviceDirectory = {
    ...deviceDirectory,
    async enqueueOperation(input) {
      const operation = await deviceDirectory.enqueueOperation(input);
      if (operation && input.kind === 'reset') {
        const project = (await db('projects').where({ id: input.projectId }).first('id', 'project_name', 'net_mode')) as { id: number; project_name: string; net_mode: number } | undefined;
        if (project) await backups.beforeOperation({ row: project }, input.sn, 'before-reset').catch((err: unknown) => logger.warn({ err, sn: input.sn }, 'no restore point before the reset'));
      }
      return operation;
    },
  };
  const devices = createDevicesService({ repo: devicesRepo, logger, names: configService });
  const projects = createProjectsService({ repo: projectsRepo, access, clock, releaseDevices: devices.releaseProject });
  const manufacturer = createManufacturerService({
    repo: createManufacturerRepository(db),
    provisioner: deps.provisioner ?? noopProvisioner,
    devices: deviceDirectory,
    logger,
  });
  const eventHub = deps.eventHub ?? createEventHub(deps.bus, logger);
  const floors = createFloorsService({
    repo: createFloorsRepository(db),
    projectOfDevice: async (sn) => (await deviceDirectory.find(sn))?.projectId ?? null,
    clock,
  });
  const overview = createOverviewService({ projects, devices });
  const apiKeys = createApiKeysService({
    repo: createApiKeysRepository(db),
    clock,
    canSee: (principal, projectId) => access.authorise(principal, projectId, 'project.view').then(() => true, () => false),
  });
  const callers = requestAuth(auth, apiKeys);
  const oidcService = createOidcService({ db, config: config.oidc, clock, logger, createAccount: (email, nick) => auth.createProviderAccount(email, nick) });
  const transfers = createTransfersService({ db, sender, clock, accessChanged: (projectId) => eventHub.recheck(projectId) });
  const shares = createSharesService({ repo: createSharesRepository(db), clock, accessChanged: (projectId) => eventHub.recheck(projectId) });
  const activationsRepo = createActivationsRepository(db);
  const activationHub = createActivationHub({ bus: deps.bus, record: activationsRepo.record, clock, logger });
  eventHub.onClose(() => activationHub.close());
  const activations = createActivationsService({
    repo: activationsRepo,
    clock,
    visibleProjects: async (principal) => (await projects.list(principal)).data.items.map((p) => p.id),
  });
  const invitations = createInvitationsService({ db, shares: createSharesRepository(db), sender, clock, accessChanged: (projectId) => eventHub.recheck(projectId) });
  const profile = createProfileService({ repo: createProfileRepository(db), clock, helpCentreUrl: config.helpCentreUrl });
  const subAccounts = createSubAccountsService({
    repo: createSubAccountsRepository(db),
    clock,
    accessChanged: (projectId) => eventHub.recheck(projectId),
    ownedProjects: async (accountId) => ((await db('projects').where({ owner_account_id: accountId }).select('id')) as { id: number }[]).map((r) => Number(r.id)),
  });
  // built once, on first request: a loop over contracts' endpoint list
  let openApi: Record<string, unknown> | undefined;

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  // API answers are no-store and static files get serve-static's own ETag: hashing every JSON body is waste.
  app.set('etag', false);
  app.use(requestLogger(logger));
  app.use(securityHeaders(remoteOrigins(manifest)));
  const root = express.Router();
  app.use(root);
  app.use(csrfGuard(config.allowedOrigins));
  const api = express.Router();
  api.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store'); // API answers are per-session
    next();
  });
  // ARCHITECTURE §4: every endpoint from its declaration in contracts; only handlers are written here
  mountEndpoints(
    { api, root },
    {
      auth: authHandlers(auth),
      twoFactor: twoFactorHandlers(twoFactor),
      oidc: oidcHandlers({ oidc: oidcService, auth, config: config.oidc }),
      projects: projectHandlers(projects, overview),
      devices: deviceHandlers({ devices, authenticate: callers.authenticate, access, hub: eventHub }),
      manufacturer: manufacturerHandlers(manufacturer),
      shares: shareHandlers(shares),
      account: accountHandlers(auth),
      profile: profileHandlers(profile),
      subAccounts: subAccountHandlers(subAccounts),
      apiKeys: apiKeyHandlers(apiKeys),
      transfers: transferHandlers(transfers),
      activations: activationHandlers(activations, { hub: activationHub, authenticate: callers.authenticate }),
      invitations: invitationHandlers(invitations),
      stats: statsHandlers(deviceDirectory),
      topology: { get: (call) => devices.topology(call.project()) },
      floors: floorHandlers(floors),
      config: configHandlers(configService),
      backups: backupHandlers(backups),
      platform: platformHandlers({ db, logger, manifest, openApiDocument: () => (openApi ??= buildOpenApiDocument()) }),
    },
    { guards: { session: callers.session, account: callers.account, manufacturer: manufacturerGuard(auth, config.manufacturerKey) }, access },
  );
  api.use(createDocsRouter());
  app.use('/api/v1', api);
  app.use('/api', notFoundHandler()); // unknown /api/* → 404 envelope, never the SPA
  app.use(createWebRouter({ staticRoot: config.staticRoot, localRemotes }));
  app.use(notFoundHandler());
  app.use(errorHandler(logger));
  return app;
}
