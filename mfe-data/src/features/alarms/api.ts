// The alarm page's calls: each a declared endpoint of contracts (API.logs.*, API.devices.list), sent through the shell's client.
import { API, type ExportFormat, type MarkAlarmsRead } from '@airloom/contracts';
import type { ApiClient } from '@airloom/shared-ui';

export interface AlarmFilters {
  /** '' both */
  read: '' | '0' | '1';
  week: boolean;
  sn: string;
  page: number;
}

function filterQuery(f: Omit<AlarmFilters, 'page'>): Record<string, string> {
  return { ...(f.read ? { read: f.read } : {}), ...(f.week ? { range: 'week' } : {}), ...(f.sn ? { sn: f.sn } : {}) };
}

export function createAlarmsApi(api: ApiClient, projectId: number) {
  const id = projectId;
  return {
    list: (f: AlarmFilters, pageSize: number, signal?: AbortSignal) =>
      api.call(API.logs.alarms, { params: { id }, query: { ...filterQuery(f), page: String(f.page), pageSize: String(pageSize) } as never, signal }),
    markRead: (body: MarkAlarmsRead) => api.call(API.logs.markRead, { params: { id }, body }),
    devices: (signal?: AbortSignal) => api.call(API.devices.list, { params: { id }, signal }),
  };
}

export type AlarmsApi = ReturnType<typeof createAlarmsApi>;

/** the download's address: the same filters, newest first, at most 50,000 rows (the browser downloads it with the session cookie) */
export function alarmsExportHref(projectId: number, f: Omit<AlarmFilters, 'page'>, format: ExportFormat): string {
  const qs = new URLSearchParams({ ...filterQuery(f), format }).toString();
  return `/api/v1${API.logs.exportAlarms.path.replace(':id', String(projectId))}?${qs}`;
}
