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
import { createBackupStore, createClientDirectory, createConfigDirectory, createDeviceCredentials, createMaintenanceWindowStore, createRebootScheduleStore, createWirelessStore } from '@airloom/gateway/public';
import { wirelessHandlers } from './modules/wireless/wireless.routes.js';
import { createWirelessService } from './modules/wireless/wireless.service.js';
import { createDevicesService } from './modules/devices/devices.service.js';
import { createMaintenanceService } from './modules/maintenance/maintenance.service.js';
import { maintenanceHandlers } from './modules/maintenance/maintenance.routes.js';
import { createFirmwareService } from './modules/firmware/firmware.service.js';
import { firmwareHandlers } from './modules/firmware/firmware.routes.js';
import { createRollouts } from './modules/rollouts/rollouts.service.js';
import { rolloutHandlers } from './modules/rollouts/rollouts.routes.js';
import { windowUpgradeHook } from './modules/rollouts/window-upgrade.js';
import { onboardingHandlers } from './modules/onboarding/onboarding.routes.js';
import { createOnboardingService } from './modules/onboarding/onboarding.service.js';
import { deviceOpsHandlers } from './modules/reboot-schedules/reboot-schedules.routes.js';
import { createRebootSchedulesService } from './modules/reboot-schedules/reboot-schedules.service.js';
import { createDevicePasswordService } from './modules/reboot-schedules/device-password.service.js';
import { createManagementModeService } from './modules/reboot-schedules/management-mode.service.js';
import { createMaintenanceWindowService } from './modules/reboot-schedules/maintenance-window.js';
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
import { logHandlers } from './modules/logs/logs.routes.js';
import { createLogsService } from './modules/logs/logs.service.js';
import { createLogsRepository } from './modules/logs/logs.repository.js';
import { clientHandlers } from './modules/clients/clients.routes.js';
import { createClientsService } from './modules/clients/clients.service.js';
import { modelHandlers } from './modules/models/models.routes.js';
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
import { subAccountHandlers, twoFactorSetupGuards } from './modules/subaccounts/subaccounts.routes.js';
import { createSubAccountsService } from './modules/subaccounts/subaccounts.service.js';
import { createTerminalsRepository } from './modules/terminals/terminals.repository.js';
import { topologyHandlers } from './modules/terminals/terminals.routes.js';
import { createTerminalsService } from './modules/terminals/terminals.service.js';
import { createNotificationsRepository } from './modules/notifications/notifications.repository.js';
import { deliveryEngineOn } from './modules/notifications/notifications.dispatcher.js';
import { notificationHandlers } from './modules/notifications/notifications.routes.js';
import { createNotificationsService } from './modules/notifications/notifications.service.js';
import { rfHandlers } from './modules/rf/rf.routes.js';
import { rfRunnerOn, rfTimings, type RfRunner } from './modules/rf/rf.runner.js';
import { createRfService } from './modules/rf/rf.service.js';
import { createRfStore } from '@airloom/gateway/public';
import type { AccountRoleValue } from '@airloom/contracts';
import { createRemoteWebRepository } from './modules/remote-web/remote-web.repository.js';
import { remoteWebHandlers } from './modules/remote-web/remote-web.routes.js';
import { remoteWebRouter } from './modules/remote-web/remote-web.proxy.js';
import { createRemoteWebService } from './modules/remote-web/remote-web.service.js';
import { createPdfRenderer } from './modules/solutions/pdf.js';
import { createSolutionsRepository } from './modules/solutions/solutions.repository.js';
import { solutionHandlers } from './modules/solutions/solutions.routes.js';
import { createSolutionsService } from './modules/solutions/solutions.service.js';
import { createAuditRepository } from './modules/audit/audit.repository.js';
import { auditHandlers } from './modules/audit/audit.routes.js';
import { createAuditService } from './modules/audit/audit.service.js';
import { noteConfigChange } from './http/audit-hook.js';

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
  /** Runs RF optimisations; default: one on this database and bus with TIME_SCALE's durations (main.ts starts its schedule). */
  rfRunner?: RfRunner;
}


export function createApp(deps: AppDeps): Express {
  const { db, config } = deps;
  const logger = deps.logger ?? createLogger({ level: config.logLevel });
  const sender = deps.sender ?? createOutboxSender(path.join(config.dataDir, 'outbox.jsonl'));
  const clock = deps.clock ?? Date.now;

  const localRemotes = discoverRemotes(config.staticRoot);
  const manifest = loadRemotesManifest(config.remotesManifest, localRemotes);

  const subAccountsRepo = createSubAccountsRepository(db);
  const twoFactor = createTwoFactor(db, clock, subAccountsRepo.companyRequiresTwoFactor);
  const auth = createAuthService({ repo: createAuthRepository(db), sender, logger, clock, demoAccount: DEMO_ACCOUNT, twoFactor });
  const projectsRepo = createProjectsRepository(db);
  const rfStore = createRfStore(db);
  // spec §4: while an RF optimisation runs, configuration changes in its project are refused (27)
  const access = createProjectAccess({ projects: projectsRepo, clock, rfOptimising: async (projectId) => (await rfStore.running(projectId, clock())) !== null });
  const deviceDirectory = createDevicesRepository(db, deps.bus);
  const actorOf = async (accountId: number) => ((await db('accounts').where({ id: accountId }).first('account')) as { account: string } | undefined)?.account ?? null;
  const audit = createAuditService({
    repo: createAuditRepository(db),
    logger,
    accountIdOf: async (account) => ((await db('accounts').where({ account }).first('id')) as { id: number } | undefined)?.id ?? null,
    actorOf,
  });
  // every desired version the engine stores is noted on the running call's audit row, old → new (docs/audit-log.md)
  const storedConfig = createConfigDirectory(db, deps.bus);
  const configDirectory: typeof storedConfig = {
    ...storedConfig,
    async write(input) {
      const written = await storedConfig.write(input);
      noteConfigChange(written.change);
      return written;
    },
  };
  const configService = createConfigService({ directory: configDirectory, actorOf, logger });
  const backups = createBackupsService({ store: createBackupStore(db), directory: configDirectory, actorOf, clock });
  const wireless = createWirelessService({ store: createWirelessStore(db), directory: configDirectory, actorOf });
  // spec §1: a factory reset or a firmware upgrade (single, or a rollout's) is preceded by a restore point of the device (a WLAN project's), taken once it is queued
  const devicesRepo: typeof deviceDirectory = {
    ...deviceDirectory,
    async enqueueOperation(input, withQueued) {
      const operation = await deviceDirectory.enqueueOperation(input, withQueued);
      if (operation && (input.kind === 'reset' || input.kind === 'upgrade')) {
        const project = (await db('projects').where({ id: input.projectId }).first('id', 'project_name', 'net_mode')) as { id: number; project_name: string; net_mode: number } | undefined;
        const origin = input.kind === 'reset' ? 'before-reset' : 'before-upgrade';
        if (project) await backups.beforeOperation({ row: project }, input.sn, origin).catch((err: unknown) => logger.warn({ err, sn: input.sn }, `no restore point ${origin}`));
      }
      return operation;
    },
  };
  const firmware = createFirmwareService({ db, dir: path.join(config.dataDir, 'firmware'), clock, publicUrl: config.publicUrl });
  // spec §1 remote web management: tunnels held by this instance (main.ts attaches the upgrade handler: app.locals.remoteWeb)
  const remoteWeb = createRemoteWebService({
    repo: createRemoteWebRepository(db),
    access,
    // devices is built just below; this is only called once requests come
    devices: { check: (project, sn, action) => devices.check(project, sn, action) },
    operation: (projectId, id) => deviceDirectory.operation(projectId, id),
    roleOf: async (accountId) => {
      const row = (await db('accounts').where({ id: accountId }).first('role')) as { role: number } | undefined;
      return row ? (Number(row.role) as AccountRoleValue) : null;
    },
    clock,
    logger,
    idleMs: config.remoteWebIdleSeconds * 1000,
    ttlMs: config.remoteWebTtlSeconds * 1000,
    publicUrl: config.publicUrl,
    relay: deps.bus,
  });
  const devices = createDevicesService({ repo: devicesRepo, logger, names: configService, firmware, remoteWeb });
  const rollouts = createRollouts({ db, devices, access, clock, logger });
  const maintenance = createMaintenanceService({ devices, rollouts, logger });
  const onboarding = createOnboardingService({ devices, directory: deviceDirectory, actorOf, logger });
  const rebootScheduleStore = createRebootScheduleStore(db, deps.bus);
  const rebootSchedules = createRebootSchedulesService({ store: rebootScheduleStore, devices: deviceDirectory, clock });
  const deviceCredentials = createDeviceCredentials(db, deps.bus);
  const devicePassword = createDevicePasswordService({ credentials: deviceCredentials, devices: deviceDirectory, log: rebootScheduleStore.log, clock, logger });
  const managementMode = createManagementModeService({ credentials: deviceCredentials, devices: deviceDirectory, log: rebootScheduleStore.log, clock, logger });
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
    devices: deviceDirectory,
    warn: (err, sn) => logger.warn({ err, sn }, 'device change stored but not announced'),
    clock,
  });
  const logsRepo = createLogsRepository(db);
  const overview = createOverviewService({
    projects,
    devices,
    unreadAlarms: async (ids) => [...(await logsRepo.unreadOf(ids)).values()].reduce((a, b) => a + b, 0),
  });
  const terminals = createTerminalsService({ repo: createTerminalsRepository(db), deviceTopology: (projectId) => deviceDirectory.topology(projectId), clock });
  const apiKeys = createApiKeysService({
    repo: createApiKeysRepository(db),
    clock,
    canSee: (principal, projectId) => access.authorise(principal, projectId, 'project.view').then(() => true, () => false),
  });
  const callers = requestAuth(auth, apiKeys);
  const oidcService = createOidcService({ db, config: config.oidc, clock, logger, createAccount: (email, nick) => auth.createProviderAccount(email, nick) });
  // a project's shares or owner changed: its open streams (device events, data screen) check their access
  // now, on this console instance and, through the bus, on the others (docs/deployment.md)
  const recheckStreams = (projectId: number): void => {
    eventHub.recheck(projectId);
    activationHub.recheck(projectId);
  };
  const accessChanged = (projectId: number): void => {
    recheckStreams(projectId);
    void deps.bus?.accessChanged(projectId);
  };
  const offAccess = deps.bus?.onAccessChanged(recheckStreams);
  const transfers = createTransfersService({ db, sender, clock, accessChanged });
  const shares = createSharesService({ repo: createSharesRepository(db), clock, accessChanged });
  const activationsRepo = createActivationsRepository(db);
  const activationHub = createActivationHub({ bus: deps.bus, record: activationsRepo.record, clock, logger });
  eventHub.onClose(() => {
    offAccess?.();
    activationHub.close();
  });
  const activations = createActivationsService({
    repo: activationsRepo,
    clock,
    visibleProjects: async (principal) => (await projects.list(principal)).data.items.map((p) => p.id),
  });
  const invitations = createInvitationsService({ db, shares: createSharesRepository(db), sender, clock, accessChanged });
  const profile = createProfileService({ repo: createProfileRepository(db), clock, helpCentreUrl: config.helpCentreUrl });
  const subAccounts = createSubAccountsService({
    repo: subAccountsRepo,
    clock,
    twoFactorOn: (accountId) => twoFactor.enabled(accountId),
    accessChanged,
    ownedProjects: async (accountId) => ((await db('projects').where({ owner_account_id: accountId }).select('id')) as { id: number }[]).map((r) => Number(r.id)),
  });
  const notifications = createNotificationsService({ repo: createNotificationsRepository(db), engine: deliveryEngineOn(db, { sender, clock }), clock });
  const logs = createLogsService({
    repo: logsRepo,
    projectOfDevice: async (sn) => (await deviceDirectory.find(sn))?.projectId ?? null,
    actorOf,
    ...(deps.bus ? { publish: (projectId: number, event: Parameters<Bus['publishEvent']>[1]) => deps.bus!.publishEvent(projectId, event) } : {}),
    clock,
  });
  const rfRunner = deps.rfRunner ?? rfRunnerOn(db, deps.bus, { logger, timings: rfTimings(config.timeScale) });
  const rf = createRfService({ store: rfStore, runner: rfRunner, config: configDirectory, projectDevices: rfStore.projectDevices, clock, leaseMs: rfTimings(config.timeScale).leaseMs });
  // the solution designer; its PDF browser starts on the first document (main.ts closes it: app.locals.solutionsPdf)
  const solutionsPdf = createPdfRenderer();
  const solutions = createSolutionsService({
    repo: createSolutionsRepository(db),
    clock,
    createProject: (principal, input) => projects.create(principal, input),
    projectDevices: async (projectId) => (await deviceDirectory.list(projectId, {})).items.map((d) => ({ sn: d.sn, model: d.model, status: d.status })),
    pdf: (solution) => solutionsPdf.solution(solution),
  });
  // built once, on first request: a loop over contracts' endpoint list
  let openApi: Record<string, unknown> | undefined;

  const app = express();
  // main.ts advances the staged rollouts (app.locals.rollouts.run()); tests call tick()
  app.locals.rollouts = rollouts;
  // main.ts gives the maintenance windows their upgrade part (tests build it with windowUpgradeHook)
  app.locals.windowUpgrade = windowUpgradeHook({ db, rollouts, access, publicUrl: config.publicUrl, logger });
  app.locals.remoteWeb = remoteWeb;
  app.locals.solutionsPdf = solutionsPdf;
  // tests wait for the audit rows of the calls they made (the rows are appended after the answer)
  app.locals.audit = audit;
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  // API answers are no-store and static files get serve-static's own ETag: hashing every JSON body is waste.
  app.set('etag', false);
  // docs/deployment.md: which console instance answered, when the operator names them (AIRLOOM_INSTANCE)
  if (config.instanceName) {
    const instance = config.instanceName;
    app.use((_req, res, next) => {
      res.setHeader('X-Airloom-Instance', instance);
      next();
    });
  }
  app.use(requestLogger(logger));
  app.use(securityHeaders(remoteOrigins(manifest), config.solutionsPartnerOrigins));
  const root = express.Router();
  app.use(root);
  // before the CSRF guard: the sandboxed device page posts its forms with Origin null, and its link is its only credential
  app.use(remoteWebRouter(remoteWeb));
  app.use(csrfGuard(config.allowedOrigins));
  const api = express.Router(); // its answers are no-store (securityHeaders)
  // ARCHITECTURE §4: every endpoint from its declaration in contracts; only handlers are written here
  mountEndpoints(
    { api, root },
    {
      auth: authHandlers(auth),
      twoFactor: twoFactorHandlers(twoFactor),
      oidc: oidcHandlers({ oidc: oidcService, auth, config: config.oidc, twoFactorSetupMissing: (principal) => subAccounts.twoFactorSetupMissing(principal) }),
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
      topology: topologyHandlers(terminals),
      floors: floorHandlers(floors),
      config: configHandlers(configService),
      backups: backupHandlers(backups),
      notifications: notificationHandlers(notifications),
      logs: logHandlers(logs),
      clients: clientHandlers(createClientsService({ clients: createClientDirectory(db, deps.bus), devices: deviceDirectory, actorOf })),
      rf: rfHandlers(rf),
      wireless: wirelessHandlers(wireless),
      maintenance: maintenanceHandlers(maintenance),
      firmware: firmwareHandlers(firmware),
      rollouts: rolloutHandlers(rollouts),
      onboarding: onboardingHandlers(onboarding),
      deviceOps: deviceOpsHandlers({ rebootSchedules, devicePassword, managementMode, config: configService, maintenanceWindow: createMaintenanceWindowService({ store: createMaintenanceWindowStore(db), clock }) }),
      models: modelHandlers(),
      remoteWeb: remoteWebHandlers(remoteWeb),
      solutions: solutionHandlers(solutions, { partnerOrigins: config.solutionsPartnerOrigins }),
      audit: auditHandlers(audit),
      platform: platformHandlers({ db, logger, manifest, openApiDocument: () => (openApi ??= buildOpenApiDocument()) }),
    },
    {
      guards: { session: callers.session, account: callers.account, manufacturer: manufacturerGuard(auth, config.manufacturerKey) },
      twoFactorSetup: twoFactorSetupGuards(subAccounts),
      access,
      audit: { sink: audit.sink, clock },
    },
  );
  api.use(createDocsRouter());
  app.use('/api/v1', api);
  app.use('/api', notFoundHandler()); // unknown /api/* → 404 envelope, never the SPA
  app.use(createWebRouter({ staticRoot: config.staticRoot, localRemotes }));
  app.use(notFoundHandler());
  app.use(errorHandler(logger));
  return app;
}
