// The run log page's calls: each a declared endpoint of contracts (API.logs.*, API.devices.list), sent through the shell's client.
import { API, type LogRetentionForm, type LogType } from '@airloom/contracts';
import type { ApiClient } from '@airloom/shared-ui';

export interface LogFilters {
  type: LogType;
  /** ms; absent: everything kept */
  from?: number;
  sn?: string;
  page: number;
}

export function createRunLogApi(api: ApiClient, projectId: number) {
  const id = projectId;
  return {
    list: (f: LogFilters, pageSize: number, signal?: AbortSignal) =>
      api.call(API.logs.list, {
        params: { id },
        query: { type: f.type, page: String(f.page), pageSize: String(pageSize), ...(f.from !== undefined ? { from: String(f.from) } : {}), ...(f.sn ? { sn: f.sn } : {}) } as never,
        signal,
      }),
    devices: (signal?: AbortSignal) => api.call(API.devices.list, { params: { id }, signal }),
    retention: (signal?: AbortSignal) => api.call(API.logs.retention, { params: { id }, signal }),
    setRetention: (body: LogRetentionForm) => api.call(API.logs.setRetention, { params: { id }, body }),
  };
}

export type RunLogApi = ReturnType<typeof createRunLogApi>;
