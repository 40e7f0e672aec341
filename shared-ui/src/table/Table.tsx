// The shared data table (ARCHITECTURE §1): global search, column sorting (aria-sort on real
// <th>), paging with page-size choice and "x–y of n", empty state, a row-actions slot, and row
// virtualisation when a page holds many rows.
import { useId, useMemo, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTable, type Row, type RowData } from '@tanstack/react-table';
import { airloomTableFeatures, includesText, toColumnDefs, type AirloomTableFeatures, type TableColumn } from './table-model';
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
  pageSizes?: readonly number[];
  initialPageSize?: number;
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

const StyledTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  th, td {
    text-align: left;
    padding: 8px 12px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    vertical-align: middle;
    height: ${ROW_HEIGHT}px;
  }
  thead th {
    position: sticky;
    top: 0;
    z-index: 1;
    background: ${({ theme }) => theme.colors.surfaceAlt};
    font-weight: ${({ theme }) => theme.fontWeights.bold};
    white-space: nowrap;
  }
  tbody tr:hover { background: ${({ theme }) => theme.colors.bg}; }
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
  pageSizes = DEFAULT_PAGE_SIZES,
  initialPageSize,
  empty,
  toolbar,
  virtualizeAbove = 100,
}: TableProps<T>) {
  const { t } = useTranslation('common');
  const searchId = `ts${useId().replace(/:/g, '')}`;
  const columnDefs = useMemo(() => toColumnDefs(columns), [columns]);
  const searchableIds = useMemo(() => new Set(columns.filter((c) => c.searchable !== false).map((c) => c.id)), [columns]);
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
      pagination: { pageIndex: 0, pageSize: initialPageSize ?? pageSizes[0] ?? 10 },
      globalFilter: '',
    },
  });

  const { pagination, globalFilter } = table.state;
  const total = table.getPrePaginatedRowModel().rows.length;
  const rows = table.getRowModel().rows;
  const from = total === 0 ? 0 : pagination.pageIndex * pagination.pageSize + 1;
  const to = Math.min(total, (pagination.pageIndex + 1) * pagination.pageSize);
  const virtual = rows.length > virtualizeAbove;
  const columnCount = columns.length + (rowActions ? 1 : 0);
  const query = String(globalFilter ?? '');

  const scrollRef = useRef<HTMLDivElement>(null);

  const renderRow = (row: Row<AirloomTableFeatures, T>) => (
    <tr key={row.id}>
      {row.getAllCells().map((cell) => (
        <td key={cell.id}>
          <table.FlexRender cell={cell} />
        </td>
      ))}
      {rowActions && <td>{rowActions(row.original)}</td>}
    </tr>
  );

  return (
    <div>
      {(searchable || toolbar) && (
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
          {toolbar && <div>{toolbar}</div>}
        </Toolbar>
      )}
      <Scroller ref={scrollRef} $virtual={virtual}>
        <StyledTable aria-label={label} aria-rowcount={virtual ? rows.length + 1 : undefined}>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const column = header.column;
                  const width = columns.find((c) => c.id === column.id)?.width;
                  if (!column.getCanSort()) {
                    return (
                      <th key={header.id} scope="col" style={width ? { width } : undefined}>
                        <table.FlexRender header={header} />
                      </th>
                    );
                  }
                  const sorted = column.getIsSorted();
                  return (
                    <th
                      key={header.id}
                      scope="col"
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
                {rowActions && <th scope="col">{t('table.actions')}</th>}
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
      {total > 0 && (
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
