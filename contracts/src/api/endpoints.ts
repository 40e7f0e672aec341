// The endpoint list (ARCHITECTURE §4): every endpoint of the BFF, by domain. The BFF mounts it,
// the OpenAPI document loops over it, shared-ui's client is typed from it.
import { accountEndpoints, profileEndpoints } from './account.js';
import { activationEndpoints } from './activations.js';
import { apiKeyEndpoints } from './api-keys.js';
import { auditEndpoints } from './audit.js';
import { authEndpoints, twoFactorEndpoints } from './auth.js';
import { oidcEndpoints } from './oidc.js';
import { backupEndpoints } from './backups.js';
import { configEndpoints } from './config.js';
import { deviceEndpoints, manufacturerEndpoints } from './devices.js';
import { floorEndpoints } from './floors.js';
import type { AnyEndpoint } from './endpoint.js';
import { platformEndpoints } from './platform.js';
import { projectEndpoints } from './projects.js';
import { shareEndpoints } from './shares.js';
import { transferEndpoints } from './transfers.js';
import { invitationEndpoints } from './invitations.js';
import { statsEndpoints } from './stats.js';
import { subAccountEndpoints } from './subaccounts.js';
import { topologyEndpoints } from './topology.js';
import { notificationEndpoints } from './notifications.js';
import { logEndpoints } from './logs.js';
import { clientEndpoints } from './clients.js';
import { rfEndpoints } from './rf.js';
import { wirelessEndpoints } from './wireless.js';
import { firmwareEndpoints, maintenanceEndpoints, rolloutEndpoints } from './maintenance.js';
import { modelEndpoints } from './models.js';
import { onboardingEndpoints } from './onboarding.js';
import { deviceOpsEndpoints } from './device-ops.js';
import { remoteWebEndpoints } from './remote-web.js';
import { solutionEndpoints } from './solutions.js';

export const API = {
  auth: authEndpoints,
  twoFactor: twoFactorEndpoints,
  oidc: oidcEndpoints,
  projects: projectEndpoints,
  devices: deviceEndpoints,
  manufacturer: manufacturerEndpoints,
  platform: platformEndpoints,
  shares: shareEndpoints,
  account: accountEndpoints,
  profile: profileEndpoints,
  subAccounts: subAccountEndpoints,
  apiKeys: apiKeyEndpoints,
  transfers: transferEndpoints,
  activations: activationEndpoints,
  invitations: invitationEndpoints,
  stats: statsEndpoints,
  topology: topologyEndpoints,
  floors: floorEndpoints,
  config: configEndpoints,
  backups: backupEndpoints,
  notifications: notificationEndpoints,
  logs: logEndpoints,
  clients: clientEndpoints,
  rf: rfEndpoints,
  wireless: wirelessEndpoints,
  maintenance: maintenanceEndpoints,
  firmware: firmwareEndpoints,
  rollouts: rolloutEndpoints,
  models: modelEndpoints,
  onboarding: onboardingEndpoints,
  deviceOps: deviceOpsEndpoints,
  remoteWeb: remoteWebEndpoints,
  solutions: solutionEndpoints,
  audit: auditEndpoints,
} as const;

export type ApiDomains = typeof API;
export type EndpointId = { [D in keyof ApiDomains]: `${D & string}.${keyof ApiDomains[D] & string}` }[keyof ApiDomains];

export interface ListedEndpoint {
  /** `domain.name`, e.g. `devices.rename`; the OpenAPI operationId */
  readonly id: EndpointId;
  readonly endpoint: AnyEndpoint;
}

/** Every endpoint once, in declaration order. */
export const ENDPOINTS: readonly ListedEndpoint[] = Object.entries(API).flatMap(([domain, group]) =>
  Object.entries(group as Record<string, AnyEndpoint>).map(([name, endpoint]) => ({ id: `${domain}.${name}` as EndpointId, endpoint })),
);
