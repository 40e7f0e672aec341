// The bulk actions' call: a declared endpoint of contracts (API.maintenance.bulk), sent through the shell's client.
import { API, type BulkKind, type LedMode } from '@airloom/contracts';
import type { ApiClient } from '@airloom/shared-ui';

export function createBulkApi(api: ApiClient, projectId: number) {
  return {
    run: (kind: BulkKind, sns: string[], mode?: LedMode) => api.call(API.maintenance.bulk, { params: { id: projectId }, body: { kind, sns, ...(mode ? { mode } : {}) } }),
  };
}

export type BulkApi = ReturnType<typeof createBulkApi>;
