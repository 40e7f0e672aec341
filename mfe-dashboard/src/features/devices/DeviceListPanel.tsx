// The base device list (spec §1): activated devices filtered by type, brand, model, country and
// time range, sorted and paged by the server (50 a page) on shared-ui's Table, and the filtered list
// exported as .xlsx (every matching record, streamed by the server). Live activations change the page
// on show without reading the list again (live-list.ts); what may have changed elsewhere is counted
// and read again on request, or by itself after the stream was broken.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { DEVICE_TYPES, DEVICE_TYPE_LABELS, type ActivationItem, type ActivationListResponse } from '@airloom/contracts';
import { Table, useLoad, useMfe, type TableColumn, type TableSort } from '@airloom/shared-ui';
import { NO_FILTERS, createDashboardApi, exportHref, type DeviceFilters } from '../../api';
import { WallButton } from '../datascreen/Controls';
import { countryName } from '../datascreen/format';
import { Muted, Panel, wall } from '../datascreen/wall';
import type { ActivationLive } from '../../live/useActivationLive';
import { applyLive } from './live-list';

const SORTABLE = ['activatedAt', 'updatedAt', 'model', 'country'] as const;
type Sortable = (typeof SORTABLE)[number];

const Filters = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(140px, 1fr));
  gap: 8px 12px;
  align-items: end;
  margin-bottom: 12px;
  div { display: flex; flex-direction: column; gap: 4px; }
  label { color: ${wall.muted}; font-size: 13px; }
  input, select { background: ${wall.background}; color: ${wall.text}; border: 1px solid ${wall.border}; border-radius: 6px; padding: 6px 8px; font: inherit; }
`;

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 16px;
  align-items: center;
  justify-content: space-between;
  margin-top: 8px;
`;

// the shared Table on the wall's dark surface
const Light = styled.div`
  background: #f8fafc;
  color: #0f172a;
  border-radius: 6px;
  padding: 8px;
  overflow-x: auto;
`;

const day = (iso: string) => iso.slice(0, 16).replace('T', ' ');

const NO_LIVE: ActivationLive = { subscribe: () => () => {}, reconnects: 0 };

export function DeviceListPanel({ brands, live = NO_LIVE, exportAllowed }: { brands: readonly string[]; live?: ActivationLive; exportAllowed: boolean }) {
  const { t } = useTranslation('dashboard');
  const { api } = useMfe();
  const dashboard = useMemo(() => createDashboardApi(api), [api]);
  const [filters, setFilters] = useState<DeviceFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [countryDraft, setCountryDraft] = useState('');
  const id = useId();
  const list = useLoad((signal) => dashboard.list(filters, page, signal));
  const { reload } = list;

  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    reload();
  }, [filters, page, live.reconnects, reload]);

  // the page as shown: the server's answer, then what live activations did to it (a ref too, so
  // activations that come together each see the one before)
  const [shown, setShown] = useState<ActivationListResponse | null>(null);
  const shownNow = useRef<ActivationListResponse | null>(null);
  const [missed, setMissed] = useState(0);
  useEffect(() => {
    shownNow.current = list.data;
    setShown(list.data);
    setMissed(0);
  }, [list.data]);
  const view = useRef({ filters, page });
  view.current = { filters, page };
  const { subscribe } = live;
  useEffect(
    () =>
      subscribe((event) => {
        if (!shownNow.current) return;
        const next = applyLive(shownNow.current, event, view.current.filters, view.current.page);
        shownNow.current = next.list;
        setShown(next.list);
        if (next.outcome === 'stale') setMissed((n) => n + 1);
      }),
    [subscribe],
  );

  const set = (patch: Partial<DeviceFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };

  const columns = useMemo<TableColumn<ActivationItem>[]>(() => {
    const c = (id: keyof ActivationItem | 'region', value: (r: ActivationItem) => string, extra: Partial<TableColumn<ActivationItem>> = {}): TableColumn<ActivationItem> => ({
      id,
      header: t(`list.columns.${id}`),
      value,
      sortable: (SORTABLE as readonly string[]).includes(id),
      ...extra,
    });
    return [
      c('activatedAt', (r) => day(r.activatedAt), { hideable: false }),
      c('sn', (r) => r.sn, { hideable: false }),
      c('type', (r) => DEVICE_TYPE_LABELS[r.type]),
      c('model', (r) => r.model),
      c('brand', (r) => r.brand),
      c('mac', (r) => r.mac),
      c('publicIp', (r) => r.publicIp),
      c('country', (r) => countryName(r.country)),
      c('region', (r) => r.state),
      c('city', (r) => r.city),
      c('updatedAt', (r) => day(r.updatedAt)),
    ];
  }, [t]);

  const sort: TableSort = { id: filters.sort, desc: filters.order === 'desc' };
  const onSortChange = (next: TableSort | null) => {
    const id = (SORTABLE as readonly string[]).includes(next?.id ?? '') ? (next!.id as Sortable) : 'activatedAt';
    set({ sort: id, order: next && !next.desc ? 'asc' : 'desc' });
  };

  const data = shown ?? list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const filtered = Object.entries(filters).some(([k, v]) => v !== NO_FILTERS[k as keyof DeviceFilters]);

  return (
    <Panel aria-labelledby="list-title" data-dim>
      <h2 id="list-title">{t('list.label')}</h2>
      <Filters aria-label={t('list.filters')} onSubmit={(e) => e.preventDefault()}>
        <div>
          <label htmlFor={`${id}-type`}>{t('list.type')}</label>
          <select id={`${id}-type`} value={filters.type} onChange={(e) => set({ type: e.target.value })}>
            <option value="">{t('list.any')}</option>
            {DEVICE_TYPES.map((d) => (
              <option key={d} value={d}>
                {DEVICE_TYPE_LABELS[d]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-brand`}>{t('list.brand')}</label>
          <select id={`${id}-brand`} value={filters.brand} onChange={(e) => set({ brand: e.target.value })}>
            <option value="">{t('list.any')}</option>
            {brands.map((b) => (
              <option key={b} value={b}>
                {b}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-model`}>{t('list.model')}</label>
          <input id={`${id}-model`} value={filters.model} maxLength={32} onChange={(e) => set({ model: e.target.value.trim() })} />
        </div>
        <div>
          <label htmlFor={`${id}-country`}>{t('list.country')}</label>
          <input
            id={`${id}-country`}
            value={countryDraft}
            maxLength={2}
            placeholder={t('list.countryHint')}
            onChange={(e) => {
              // the filter applies once the code is whole (two letters) or cleared
              const v = e.target.value.trim().toUpperCase();
              setCountryDraft(v);
              if (v === '' || /^[A-Z]{2}$/.test(v)) set({ country: v });
            }}
          />
        </div>
        <div>
          <label htmlFor={`${id}-from`}>{t('list.from')}</label>
          <input id={`${id}-from`} type="date" value={filters.from} onChange={(e) => set({ from: e.target.value })} />
        </div>
        <div>
          <label htmlFor={`${id}-to`}>{t('list.to')}</label>
          <input id={`${id}-to`} type="date" value={filters.to} onChange={(e) => set({ to: e.target.value })} />
        </div>
        {filtered && (
          <WallButton
            type="button"
            onClick={() => {
              setCountryDraft('');
              set(NO_FILTERS);
            }}
          >
            {t('list.clear')}
          </WallButton>
        )}
      </Filters>
      {list.error && !data ? (
        <Muted role="alert">{t('loadFailed', { message: list.error.message })}</Muted>
      ) : (
        <Light>
          <Table<ActivationItem>
            label={t('list.tableLabel')}
            columns={columns}
            data={data?.items ?? []}
            getRowId={(r) => r.sn}
            searchable={false}
            sort={sort}
            onSortChange={onSortChange}
            pageSizes={[50]}
            initialPageSize={50}
            empty={<Muted>{t('list.empty')}</Muted>}
          />
        </Light>
      )}
      <Bar>
        <span>
          {data ? t('list.count', { total: data.total }) : ''}
          {missed > 0 && (
            <>
              {' · '}
              <span role="status">{t('list.missed', { count: missed })}</span>{' '}
              <WallButton type="button" onClick={reload}>
                {t('list.readAgain')}
              </WallButton>
            </>
          )}
        </span>
        <span>
          <WallButton type="button" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t('list.previous')}
          </WallButton>{' '}
          {t('list.page', { page, pages })}{' '}
          <WallButton type="button" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            {t('list.next')}
          </WallButton>
        </span>
        {exportAllowed && (
          <a href={exportHref(filters)} download="activations.xlsx">
            {t('list.export')}
          </a>
        )}
      </Bar>
    </Panel>
  );
}
