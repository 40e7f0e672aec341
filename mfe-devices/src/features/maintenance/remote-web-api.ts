// The remote web card's calls: declared endpoints of contracts (API.devices.operate, API.remoteWeb.*), sent through the shell's client.
import { API } from '@airloom/contracts';
import type { ApiClient } from '@airloom/shared-ui';

export function createRemoteWebApi(api: ApiClient, projectId: number) {
  const id = projectId;
  return {
    open: (sn: string) => api.call(API.devices.operate, { params: { id, sn }, body: { kind: 'remote-web' } }),
    status: (sn: string, signal?: AbortSignal) => api.call(API.remoteWeb.status, { params: { id, sn }, signal }),
    close: (sn: string) => api.call(API.remoteWeb.close, { params: { id, sn } }),
  };
}

export type RemoteWebApi = ReturnType<typeof createRemoteWebApi>;
