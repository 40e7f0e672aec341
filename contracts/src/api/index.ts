// Request/response DTOs of the BFF API (/api/v1), shared by the BFF routes, the OpenAPI document
// and the UI's typed calls.
export * from './envelope.js';
export * from './auth.js';
export * from './projects.js';
export * from './remotes.js';
export * from './devices.js';
export * from './platform.js';
export * from './shares.js';
export * from './account.js';
export * from './subaccounts.js';
export * from './api-keys.js';
export * from './transfers.js';
export * from './activations.js';
export * from './stats.js';
export * from './config.js';
export * from './backups.js';
export * from './oidc.js';
export * from './topology.js';
export * from './floors.js';
export * from './endpoint.js';
export * from './endpoints.js';
export { enApiErrors, type ApiErrorKey } from './en-api-errors.js';
export { API_LIMITS } from './limits.js';
export { apiRuleKey, enApiRules, type ApiRuleName } from './en-api-rules.js';
export * from './invitations.js';
