// The shared data table (ARCHITECTURE §1): global search, column sorting (aria-sort on real
// <th>), paging with page-size choice and "x–y of n", empty state, a row-actions slot, row
// virtualisation when a page holds many rows, and for wide tables a first column and an actions
// column that stay in view while the rest scrolls sideways, plus a column chooser (spec §3 "table
// shrink settings per account": the page keeps the choice, see docs/decisions/shell-front-end.md).
import { useId, useMemo, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTable, type Row, type RowData } from '@tanstack/react-table';
import {
  airloomTableFeatures,
  hiddenColumnIds,
  includesText,
  toColumnDefs,
  type AirloomTableFeatures,
  type TableColumn,
  type TableSort,
} from './table-model';
import { ColumnChooser } from './ColumnChooser';
import { EmptyState } from '../components/display';
import { Button } from '../components/Button';

export interface TableProps<T extends RowData> {
  /** Accessible name of the table (e.g. "Projects"). */
  label: string;
  /** Keep stable (module scope or useMemo): a new array rebuilds the table model. */
  columns: readonly TableColumn<T>[];
  data: readonly T[];
  getRowId: (row: T) => string;
  /** Buttons for one row, shown in a last "Actions" column. */
  rowActions?: (row: T) => ReactNode;
  /** Default true. */
  searchable?: boolean;
  initialSort?: { id: string; desc?: boolean };
  /** Controlled sorting (e.g. kept in the URL); `initialSort` is ignored when given. */
  sort?: TableSort | null;
  onSortChange?(sort: TableSort | null): void;
  /**
   * A "Columns" chooser on the toolbar: `hidden` is the user's choice (null: the columns'
   * defaults), `onChange` receives the ids to hide from now on.
   */
  columnChooser?: { hidden: readonly string[] | null; onChange(hidden: string[]): void };
  /** Rows shown first on every page whatever the sort (e.g. a mesh's primary), if they pass the search. */
  pinnedRowIds?: readonly string[];
  pageSizes?: readonly number[];
  initialPageSize?: number;
  /** false: the rows are one page the server chose (the page offers its own paging), shown without this pager */
  pager?: boolean;
  /** Shown when there are no rows at all (not when a search matches nothing). */
  empty?: ReactNode;
  /** Extra controls on the toolbar's right (e.g. a "Create" button). */
  toolbar?: ReactNode;
  /** Virtualise the body when the current page has more rows than this. Default 100. */
  virtualizeAbove?: number;
}

const DEFAULT_PAGE_SIZES = [10, 20, 50, 100, 500] as const;
const ROW_HEIGHT = 41;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.md};
`;

const ToolbarEnd = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

const SearchInput = styled.input`
  font: inherit;
  min-width: 240px;
  min-height: 36px;
  padding: 6px 10px;
  border: 1px solid ${({ theme }) => theme.colors.controlBorder};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 1px; }
`;

const Scroller = styled.div<{ $virtual: boolean }>`
  overflow: auto;
  max-height: ${({ $virtual }) => ($virtual ? '600px' : 'none')};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
`;

// The first column (what the row is) and the actions column stay in view when the table is wider
// than its box; they need their own background so the scrolled cells do not show through.
const StyledTable = styled.table`
  width: 100%;
  border-collapse: separate;
  border-spacing: 0;
  th, td {
    text-align: left;
    padding: 8px 12px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    vertical-align: middle;
    height: ${ROW_HEIGHT}px;
    background: ${({ theme }) => theme.colors.surface};
  }
  thead th {
    position: sticky;
    top: 0;
    z-index: 2;
    background: ${({ theme }) => theme.colors.surfaceAlt};
    font-weight: ${({ theme }) => theme.fontWeights.bold};
    white-space: nowrap;
  }
  th[data-sticky='start'], td[data-sticky='start'] {
    position: sticky;
    left: 0;
    z-index: 1;
    box-shadow: inset -1px 0 0 ${({ theme }) => theme.colors.border};
  }
  th[data-sticky='end'], td[data-sticky='end'] {
    position: sticky;
    right: 0;
    z-index: 1;
    box-shadow: inset 1px 0 0 ${({ theme }) => theme.colors.border};
  }
  thead th[data-sticky] { z-index: 3; }
  tbody tr:hover > td { background: ${({ theme }) => theme.colors.bg}; }
`;

const SortButton = styled.button`
  all: unset;
  cursor: pointer;
  display: inline-flex;
  align-items: center;
  gap: 4px;
  font-weight: inherit;
  border-radius: ${({ theme }) => theme.radii.sm};
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;

const Pager = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
  label { display: inline-flex; align-items: center; gap: 6px; }
  select {
    font: inherit;
    min-height: 30px;
    border: 1px solid ${({ theme }) => theme.colors.controlBorder};
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
  }
`;

function sortIcon(state: false | 'asc' | 'desc'): string {
  if (state === 'asc') return '▲';
  if (state === 'desc') return '▼';
  return '↕';
}

export function Table<T extends RowData>({
  label,
  columns,
  data,
  getRowId,
  rowActions,
  searchable = true,
  initialSort,
  sort,
  onSortChange,
  columnChooser,
  pinnedRowIds,
  pageSizes = DEFAULT_PAGE_SIZES,
  initialPageSize,
  pager = true,
  empty,
  toolbar,
  virtualizeAbove = 100,
}: TableProps<T>) {
  const { t } = useTranslation('common');
  const searchId = `ts${useId().replace(/:/g, '')}`;
  // a string key keeps the table model stable while the chosen set stays the same
  const hiddenKey = [...hiddenColumnIds(columns, columnChooser?.hidden)].sort().join(' ');
  const hidden = useMemo(() => new Set(hiddenKey ? hiddenKey.split(' ') : []), [hiddenKey]);
  const shownColumns = useMemo(() => columns.filter((c) => !hidden.has(c.id)), [columns, hidden]);
  const columnDefs = useMemo(() => toColumnDefs(shownColumns), [shownColumns]);
  const searchableIds = useMemo(() => new Set(shownColumns.filter((c) => c.searchable !== false).map((c) => c.id)), [shownColumns]);
  const controlledSort = onSortChange !== undefined;
  const table = useTable({
    features: airloomTableFeatures,
    columns: columnDefs,
    data: data as T[],
    getRowId: (row) => getRowId(row),
    globalFilterFn: includesText as never,
    getColumnCanGlobalFilter: (column) => searchableIds.has(column.id),
    enableSortingRemoval: false,
    initialState: {
      sorting: initialSort ? [{ id: initialSort.id, desc: initialSort.desc ?? false }] : [],
      pagination: { pageIndex: 0, pageSize: pager ? (initialPageSize ?? pageSizes[0] ?? 10) : Number.MAX_SAFE_INTEGER },
      globalFilter: '',
    },
    ...(controlledSort
      ? {
          state: { sorting: sort ? [{ id: sort.id, desc: sort.desc }] : [] },
          onSortingChange: (updater: unknown) => {
            const current = sort ? [{ id: sort.id, desc: sort.desc }] : [];
            const next = (typeof updater === 'function' ? (updater as (old: typeof current) => typeof current)(current) : updater) as typeof current;
            const first = next[0];
            onSortChange(first ? { id: first.id, desc: first.desc } : null);
          },
        }
      : {}),
  });

  const { pagination, globalFilter } = table.state;
  const total = table.getPrePaginatedRowModel().rows.length;
  const pinnedKey = pinnedRowIds?.join('\n') ?? '';
  const pinnedIds = useMemo(() => new Set(pinnedKey ? pinnedKey.split('\n') : []), [pinnedKey]);
  const pageRows = table.getRowModel().rows;
  const rows =
    pinnedIds.size === 0
      ? pageRows
      : [...table.getPrePaginatedRowModel().rows.filter((r) => pinnedIds.has(r.id)), ...pageRows.filter((r) => !pinnedIds.has(r.id))];
  const from = total === 0 ? 0 : pagination.pageIndex * pagination.pageSize + 1;
  const to = Math.min(total, (pagination.pageIndex + 1) * pagination.pageSize);
  const virtual = rows.length > virtualizeAbove;
  const columnCount = shownColumns.length + (rowActions ? 1 : 0);
  const query = String(globalFilter ?? '');

  const scrollRef = useRef<HTMLDivElement>(null);

  const renderRow = (row: Row<AirloomTableFeatures, T>) => (
    <tr key={row.id}>
      {row.getAllCells().map((cell, index) => (
        <td key={cell.id} data-sticky={index === 0 ? 'start' : undefined}>
          <table.FlexRender cell={cell} />
        </td>
      ))}
      {rowActions && <td data-sticky="end">{rowActions(row.original)}</td>}
    </tr>
  );

  return (
    <div>
      {(searchable || toolbar || columnChooser) && (
        <Toolbar>
          {searchable ? (
            <div>
              <label htmlFor={searchId} style={{ marginRight: 8 }}>
                {t('table.search')}
              </label>
              <SearchInput
                id={searchId}
                type="search"
                value={query}
                placeholder={t('table.searchPlaceholder')}
                onChange={(e) => {
                  table.setGlobalFilter(e.target.value);
                  table.setPageIndex(0);
                }}
              />
            </div>
          ) : (
            <span />
          )}
          {(toolbar || columnChooser) && (
            <ToolbarEnd>
              {columnChooser && <ColumnChooser columns={columns} hidden={hidden} onChange={columnChooser.onChange} />}
              {toolbar}
            </ToolbarEnd>
          )}
        </Toolbar>
      )}
      <Scroller ref={scrollRef} $virtual={virtual}>
        <StyledTable aria-label={label} aria-rowcount={virtual ? rows.length + 1 : undefined}>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header, index) => {
                  const column = header.column;
                  const width = columns.find((c) => c.id === column.id)?.width;
                  const sticky = index === 0 ? 'start' : undefined;
                  if (!column.getCanSort()) {
                    return (
                      <th key={header.id} scope="col" data-sticky={sticky} style={width ? { width } : undefined}>
                        <table.FlexRender header={header} />
                      </th>
                    );
                  }
                  const sorted = column.getIsSorted();
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      data-sticky={sticky}
                      style={width ? { width } : undefined}
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
                    >
                      <SortButton type="button" onClick={column.getToggleSortingHandler()}>
                        <table.FlexRender header={header} />
                        <span aria-hidden="true">{sortIcon(sorted)}</span>
                      </SortButton>
                    </th>
                  );
                })}
                {rowActions && (
                  <th scope="col" data-sticky="end">
                    {t('table.actions')}
                  </th>
                )}
              </tr>
            ))}
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columnCount}>
                  {data.length === 0 ? empty ?? <EmptyState /> : <EmptyState title={t('table.noMatch', { query })} />}
                </td>
              </tr>
            ) : virtual ? (
              <VirtualBody rows={rows} scrollRef={scrollRef} columnCount={columnCount} renderRow={renderRow} />
            ) : (
              rows.map(renderRow)
            )}
          </tbody>
        </StyledTable>
      </Scroller>
      {pager && total > 0 && (
        <Pager>
          <label>
            {t('table.rowsPerPage')}
            <select value={pagination.pageSize} onChange={(e) => table.setPageSize(Number(e.target.value))}>
              {pageSizes.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </label>
          <span role="status">{t('table.range', { from, to, total })}</span>
          <Button size="sm" variant="ghost" aria-label={t('table.previousPage')} disabled={!table.getCanPreviousPage()} onClick={() => table.previousPage()}>
            ‹
          </Button>
          <Button size="sm" variant="ghost" aria-label={t('table.nextPage')} disabled={!table.getCanNextPage()} onClick={() => table.nextPage()}>
            ›
          </Button>
        </Pager>
      )}
    </div>
  );
}

interface VirtualBodyProps<T extends RowData> {
  rows: Row<AirloomTableFeatures, T>[];
  scrollRef: React.RefObject<HTMLDivElement | null>;
  columnCount: number;
  renderRow: (row: Row<AirloomTableFeatures, T>) => ReactNode;
}

/** Only the rows in view are in the DOM; spacer rows keep the scroll height (real table markup). */
function VirtualBody<T extends RowData>({ rows, scrollRef, columnCount, renderRow }: VirtualBodyProps<T>) {
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: 10,
    initialRect: { width: 1024, height: 600 },
  });
  const items = virtualizer.getVirtualItems();
  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  return (
    <>
      {top > 0 && (
        <tr aria-hidden="true">
          <td colSpan={columnCount} style={{ height: top, padding: 0, border: 0 }} />
        </tr>
      )}
      {items.map((item) => {
        const row = rows[item.index];
        return row ? renderRow(row) : null;
      })}
      {bottom > 0 && (
        <tr aria-hidden="true">
          <td colSpan={columnCount} style={{ height: bottom, padding: 0, border: 0 }} />
        </tr>
      )}
    </>
  );
}
