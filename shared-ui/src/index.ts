// @airloom/shared-ui — the one face of the design system, i18n, API client and MfeProps.
export { ApiError, CLIENT_ERROR, CSRF_HEADER, createApiClient } from './api/client';
export type { ApiClient, ApiClientOptions, RequestOptions } from './api/client';
export type { MfeProps, OverlayState, ProjectRef, SessionInfo } from './mfe/props';
