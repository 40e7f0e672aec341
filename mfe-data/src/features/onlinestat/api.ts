// The online statistics page's call: a declared endpoint of contracts (API.stats.online), sent through the shell's client.
import { API, type StatWindow } from '@airloom/contracts';
import type { ApiClient } from '@airloom/shared-ui';

export function createOnlineStatApi(api: ApiClient, projectId: number) {
  const id = projectId;
  return {
    online: (window: StatWindow, signal?: AbortSignal) => api.call(API.stats.online, { params: { id }, query: { window }, signal }),
  };
}

export type OnlineStatApi = ReturnType<typeof createOnlineStatApi>;
