// What a live activation does to the base device list on show, decided here without asking the
// server: a busy fleet connects devices every second, and reading the list again each time would
// make the database count and sort the records for every connection (docs/decisions/datascreen.md,
// "Live updates"). A row on the page shows its device's new values; a first activation that fits the
// filters goes to the top of page 1 when the list is newest first. Anything else that may change the
// page is counted, and the panel offers to read the list again.
import type { ActivationEvent, ActivationItem, ActivationListResponse } from '@airloom/contracts';
import type { DeviceFilters } from '../../api';

/** the list's filters, applied to one record as the server applies them (days are UTC days) */
export function fitsFilters(filters: DeviceFilters, a: ActivationItem): boolean {
  const day = a.activatedAt.slice(0, 10);
  return (
    (!filters.type || a.type === filters.type) &&
    (!filters.brand || a.brand === filters.brand) &&
    (!filters.model || a.model === filters.model) &&
    (!filters.country || a.country === filters.country) &&
    (!filters.from || day >= filters.from) &&
    (!filters.to || day <= filters.to)
  );
}

/** `shown`: the page changed and is right; `stale`: the page may be out of date; `none`: nothing changed */
export type LiveOutcome = 'shown' | 'stale' | 'none';

export function applyLive(list: ActivationListResponse, event: ActivationEvent, filters: DeviceFilters, page: number): { list: ActivationListResponse; outcome: LiveOutcome } {
  const a = event.activation;
  const fits = fitsFilters(filters, a);
  const at = list.items.findIndex((i) => i.sn === a.sn);
  if (at >= 0) {
    const items = list.items.map((i, n) => (n === at ? a : i));
    // the activation time and the model never change, so neither does a row's place in those orders
    const placeKept = fits && (filters.sort === 'activatedAt' || filters.sort === 'model');
    return { list: { ...list, items }, outcome: placeKept ? 'shown' : 'stale' };
  }
  if (!fits) return { list, outcome: 'none' };
  if (event.first && page === 1 && filters.sort === 'activatedAt' && filters.order === 'desc') {
    return { list: { ...list, items: [a, ...list.items].slice(0, list.pageSize), total: list.total + 1 }, outcome: 'shown' };
  }
  // a record that now fits: new, moved here from another place or project, or on another page
  return { list, outcome: 'stale' };
}
