// The data screen's calls: each one a declared endpoint of contracts (activationEndpoints.*), sent
// through the API client the shell (or the standalone page) gives.
import type { ApiClient } from '@airloom/shared-ui';
import { activationEndpoints, type ActivationRange } from '@airloom/contracts';

/** the base device list's filters and sort, as the address bar of the export carries them */
export interface DeviceFilters {
  type: string;
  brand: string;
  model: string;
  country: string;
  from: string;
  to: string;
  sort: 'activatedAt' | 'updatedAt' | 'model' | 'country';
  order: 'asc' | 'desc';
}

export const NO_FILTERS: DeviceFilters = { type: '', brand: '', model: '', country: '', from: '', to: '', sort: 'activatedAt', order: 'desc' };

/** the filters that are set, as query values (empty ones left out) */
export function filterQuery(filters: DeviceFilters): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== ''));
}

export function createDashboardApi(api: ApiClient) {
  return {
    summary: (range: ActivationRange, countries: readonly string[], signal?: AbortSignal) =>
      api.call(activationEndpoints.summary, { query: { range, ...(countries.length ? { countries: countries.join(',') } : {}) }, signal }),
    list: (filters: DeviceFilters, page: number, signal?: AbortSignal) =>
      api.call(activationEndpoints.list, { query: { ...(filterQuery(filters) as Record<string, never>), page }, signal }),
  };
}

export type DashboardApi = ReturnType<typeof createDashboardApi>;

/** the export's address: the same filters and sort, every matching record (the browser downloads it) */
export function exportHref(filters: DeviceFilters): string {
  const qs = new URLSearchParams(filterQuery(filters)).toString();
  return `/api/v1${activationEndpoints.export.path}${qs ? `?${qs}` : ''}`;
}
