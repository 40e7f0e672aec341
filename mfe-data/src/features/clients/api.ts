// The online client page's calls: each a declared endpoint of contracts (API.clients.*), sent through the shell's client.
import { API, type ClientKind } from '@airloom/contracts';
import type { ApiClient } from '@airloom/shared-ui';

export function createClientsApi(api: ApiClient, projectId: number) {
  const id = projectId;
  return {
    list: (kind: ClientKind, signal?: AbortSignal) => api.call(API.clients.list, { params: { id }, query: { kind }, signal }),
    forceOffline: (mac: string) => api.call(API.clients.offline, { params: { id, mac } }),
    blacklist: (signal?: AbortSignal) => api.call(API.clients.blacklist, { params: { id }, signal }),
    addToBlacklist: (mac: string, note?: string) => api.call(API.clients.blacklistAdd, { params: { id }, body: { mac, ...(note ? { note } : {}) } }),
    removeFromBlacklist: (mac: string) => api.call(API.clients.blacklistRemove, { params: { id, mac } }),
  };
}

export type ClientsApi = ReturnType<typeof createClientsApi>;
