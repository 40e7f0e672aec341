// The running statistics page's calls: each a declared endpoint of contracts (API.stats.*, API.devices.list), sent through the shell's client.
import { API, type IfaceMetric, type StatMetric, type StatWindow } from '@airloom/contracts';
import type { ApiClient } from '@airloom/shared-ui';

export function createRunStatApi(api: ApiClient, projectId: number) {
  const id = projectId;
  return {
    devices: (signal?: AbortSignal) => api.call(API.devices.list, { params: { id }, signal }),
    project: (metric: StatMetric, window: StatWindow, signal?: AbortSignal) => api.call(API.stats.project, { params: { id }, query: { metric, window }, signal }),
    device: (sn: string, metric: StatMetric, window: StatWindow, signal?: AbortSignal) => api.call(API.stats.device, { params: { id, sn }, query: { metric, window }, signal }),
    interfaces: (sn: string, metric: IfaceMetric, window: StatWindow, signal?: AbortSignal) =>
      api.call(API.stats.interfaces, { params: { id, sn }, query: { metric, window }, signal }),
  };
}

export type RunStatApi = ReturnType<typeof createRunStatApi>;
