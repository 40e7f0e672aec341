// The endpoint list (ARCHITECTURE §4): every endpoint of the BFF, by domain. The BFF mounts it,
// the OpenAPI document loops over it, shared-ui's client is typed from it.
import { accountEndpoints, profileEndpoints } from './account.js';
import { activationEndpoints } from './activations.js';
import { apiKeyEndpoints } from './api-keys.js';
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
