// The audit log page's call: contracts' declared endpoint (API.audit.list), sent through the shell's client.
import { API, type AuditOutcome } from '@airloom/contracts';
import type { ApiClient } from '@airloom/shared-ui';

export interface AuditFilters {
  /** ms; absent: everything kept */
  from?: number;
  /** the account that wrote, exact */
  account?: string;
  /** a domain of the endpoint list (`config`, `shares`) */
  endpoint?: string;
  outcome?: AuditOutcome;
  page: number;
}

export function createAuditApi(api: ApiClient, projectId: number) {
  return {
    list: (f: AuditFilters, pageSize: number, signal?: AbortSignal) =>
      api.call(API.audit.list, {
        params: { id: projectId },
        query: {
          page: String(f.page),
          pageSize: String(pageSize),
          ...(f.from !== undefined ? { from: String(f.from) } : {}),
          ...(f.account ? { account: f.account } : {}),
          ...(f.endpoint ? { endpoint: f.endpoint } : {}),
          ...(f.outcome ? { outcome: f.outcome } : {}),
        } as never,
        signal,
      }),
  };
}

export type AuditApi = ReturnType<typeof createAuditApi>;
