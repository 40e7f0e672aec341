// What the user looks at on the status page, kept in the address (filters, search, sort, the open
// device and the project) so a reload or a shared link shows the same thing (docs/decisions/
// shell-front-end.md "Network status in the address"). Anything unknown in the address is ignored.
import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from '@airloom/shared-ui';
import { DEVICE_TYPES, type DeviceType } from '@airloom/contracts';
import type { TableSort } from '@airloom/shared-ui';
import type { DeviceFilter } from './device-list';

export interface StatusView {
  filter: DeviceFilter;
  sort: TableSort;
  /** SN of the device whose details are open */
  device: string | null;
  /** asked to show the devices to be verified (a one-off: not written back) */
  verify: boolean;
  /** asked to open the import dialog, as the commissioning checklist does (a one-off: not written back) */
  import: boolean;
}

export const DEFAULT_SORT: TableSort = { id: 'name', desc: false };
const SEARCH_MAX = 64; // as the list's search query (contracts DeviceListQuerySchema)

/** `sortable`: the column ids a `sort` in the address may name. */
export function readView(params: URLSearchParams, sortable: readonly string[]): StatusView {
  const type = params.get('type') ?? '';
  const state = params.get('state') ?? '';
  const sortParam = params.get('sort') ?? '';
  const desc = sortParam.startsWith('-');
  const sortId = desc ? sortParam.slice(1) : sortParam;
  return {
    filter: {
      type: (DEVICE_TYPES as readonly string[]).includes(type) ? (type as DeviceType) : '',
      state: state === 'online' || state === 'offline' ? state : '',
      search: (params.get('q') ?? '').slice(0, SEARCH_MAX),
    },
    sort: sortable.includes(sortId) ? { id: sortId, desc } : DEFAULT_SORT,
    device: params.get('device') || null,
    verify: params.get('verify') === '1',
    import: params.get('import') === '1',
  };
}

/** The address for a view: the project always, everything else only when it is not the default. */
export function writeView(view: StatusView, projectId: number): URLSearchParams {
  const params = new URLSearchParams({ project: String(projectId) });
  if (view.filter.type) params.set('type', view.filter.type);
  if (view.filter.state) params.set('state', view.filter.state);
  if (view.filter.search) params.set('q', view.filter.search);
  if (view.sort.id !== DEFAULT_SORT.id || view.sort.desc !== DEFAULT_SORT.desc) params.set('sort', `${view.sort.desc ? '-' : ''}${view.sort.id}`);
  if (view.device) params.set('device', view.device);
  return params;
}

export function useStatusView(projectId: number, sortable: readonly string[]): [StatusView, (change: Partial<StatusView>) => void] {
  const [params, setParams] = useSearchParams();
  const sortableKey = sortable.join(' ');
  const view = useMemo(() => readView(params, sortableKey.split(' ')), [params, sortableKey]);
  const update = useCallback(
    (change: Partial<StatusView>) =>
      // replace: filters and the open device are a way of looking, not steps to go back through
      setParams((current) => writeView({ ...readView(current, sortableKey.split(' ')), ...change }, projectId), { replace: true }),
    [setParams, projectId, sortableKey],
  );
  // the project goes into the address at once, so the link is shareable from the first moment
  // (a page that is leaving writes nothing: the router's setter checks the address is still its own)
  const namesProject = params.get('project') === String(projectId);
  useEffect(() => {
    if (!namesProject) update({});
  }, [namesProject, update]);
  return [view, update];
}
