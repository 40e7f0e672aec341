// The RF optimisation page's calls: each a declared endpoint of contracts (API.rf.*, the device list,
// and the `radio` / `roaming` configuration sections), sent through the shell's client.
import { API, type StartRfOptimisation } from '@airloom/contracts';
import type { ApiClient } from '@airloom/shared-ui';

export function createRfApi(api: ApiClient, projectId: number) {
  const id = projectId;
  return {
    devices: (signal?: AbortSignal) => api.call(API.devices.list, { params: { id }, query: {}, signal }),
    overview: (signal?: AbortSignal) => api.call(API.rf.overview, { params: { id }, signal }),
    run: (runId: number, signal?: AbortSignal) => api.call(API.rf.run, { params: { id, runId }, signal }),
    start: (body: StartRfOptimisation) => api.call(API.rf.start, { params: { id }, body }),
    cancel: (runId: number) => api.call(API.rf.cancel, { params: { id, runId } }),
    records: (signal?: AbortSignal) => api.call(API.rf.records, { params: { id }, signal }),
    section: (sn: string, section: 'radio' | 'roaming', signal?: AbortSignal) => api.call(API.config.deviceGet, { params: { id, sn, section }, signal }),
    saveSection: (sn: string, section: 'radio' | 'roaming', body: Record<string, unknown>) => api.call(API.config.devicePut, { params: { id, sn, section }, body }),
  };
}

export type RfApi = ReturnType<typeof createRfApi>;
