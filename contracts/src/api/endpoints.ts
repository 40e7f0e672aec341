// The endpoint list (ARCHITECTURE §4): every endpoint of the BFF, by domain. The BFF mounts it,
// the OpenAPI document loops over it, shared-ui's client is typed from it.
import { authEndpoints } from './auth.js';
import { deviceEndpoints, manufacturerEndpoints } from './devices.js';
import type { AnyEndpoint } from './endpoint.js';
import { platformEndpoints } from './platform.js';
import { projectEndpoints } from './projects.js';

export const API = {
  auth: authEndpoints,
  projects: projectEndpoints,
  devices: deviceEndpoints,
  manufacturer: manufacturerEndpoints,
  platform: platformEndpoints,
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

const matchers = ENDPOINTS.map((listed) => ({
  ...listed,
  pattern: new RegExp(`^${listed.endpoint.path.replace(/[.]/g, '\\.').replace(/:(\w+)/g, '(?<$1>[^/]+)')}$`),
  // a literal segment is a better match than a parameter: /devices/summary before /devices/:sn
  params: (listed.endpoint.path.match(/:\w+/g) ?? []).length,
})).sort((a, b) => a.params - b.params);

/** The declared endpoint a method and path (under /api/v1, or a root path) are a call of, with its path values. */
export function findEndpoint(method: string, path: string): { id: EndpointId; endpoint: AnyEndpoint; params: Record<string, string> } | undefined {
  const m = method.toLowerCase();
  for (const { id, endpoint, pattern } of matchers) {
    if (endpoint.method !== m) continue;
    const found = pattern.exec(path);
    if (!found) continue;
    const params: Record<string, string> = {};
    for (const [key, value] of Object.entries(found.groups ?? {})) {
      try {
        params[key] = decodeURIComponent(value);
      } catch {
        params[key] = value;
      }
    }
    return { id, endpoint, params };
  }
  return undefined;
}
