// The table model on @tanstack/react-table v9: the one feature set every Airloom table uses,
// and the mapping from our small column description to tanstack column defs.
import type { ReactNode } from 'react';
import {
  columnFilteringFeature,
  createFilteredRowModel,
  createPaginatedRowModel,
  createSortedRowModel,
  globalFilteringFeature,
  rowPaginationFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  tableFeatures,
  type ColumnDef,
  type FilterFn,
  type RowData,
  type SortFn,
} from '@tanstack/react-table';

export const airloomTableFeatures = tableFeatures({
  columnFilteringFeature,
  globalFilteringFeature,
  filteredRowModel: createFilteredRowModel(),
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric },
  rowPaginationFeature,
  paginatedRowModel: createPaginatedRowModel(),
});

export type AirloomTableFeatures = typeof airloomTableFeatures;

export type CellValue = string | number | boolean | null | undefined;

/** How a remote describes a column; the Table turns it into a tanstack column. */
export interface TableColumn<T> {
  id: string;
  /** Header text (already translated); also the sort button's accessible name. */
  header: string;
  /** The value used for sorting and searching. */
  value: (row: T) => CellValue;
  /** What the cell shows; default the value as text. */
  cell?: (row: T) => ReactNode;
  /** Default true. */
  sortable?: boolean;
  /** Takes part in the search box; default true. */
  searchable?: boolean;
  /** CSS width of the column. */
  width?: string;
  /** The user may hide it with the column chooser; default true (the row's name should say false). */
  hideable?: boolean;
  /** Hidden until the user chooses to show it; default false. */
  defaultHidden?: boolean;
}

/** Sorting as a page keeps it (e.g. in the URL). */
export interface TableSort {
  id: string;
  desc: boolean;
}

/**
 * The ids of the columns to hide: the user's choice when there is one (ids of columns that no
 * longer exist are ignored), else the columns hidden by default. Columns that may not be hidden
 * never are.
 */
export function hiddenColumnIds<T>(columns: readonly TableColumn<T>[], chosen: readonly string[] | null | undefined): Set<string> {
  const hideable = columns.filter((c) => c.hideable !== false);
  const ids = chosen ?? hideable.filter((c) => c.defaultHidden).map((c) => c.id);
  return new Set(ids.filter((id) => hideable.some((c) => c.id === id)));
}

export function searchText(value: CellValue): string {
  return value === null || value === undefined ? '' : String(value).toLowerCase();
}

/** Case-insensitive "contains" over every searchable column. */
export const includesText: FilterFn<AirloomTableFeatures, never> = (row, columnId, filterValue) => {
  const needle = String(filterValue ?? '').trim().toLowerCase();
  if (!needle) return true;
  return searchText(row.getValue(columnId) as CellValue).includes(needle);
};

// Numbers compare as numbers, everything else as case-insensitive text; empties sort last.
const compareValues: SortFn<AirloomTableFeatures, never> = (a, b, columnId) => {
  const x = a.getValue(columnId) as CellValue;
  const y = b.getValue(columnId) as CellValue;
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  return searchText(x).localeCompare(searchText(y), 'en', { numeric: true });
};

export function toColumnDefs<T extends RowData>(columns: readonly TableColumn<T>[]): ColumnDef<AirloomTableFeatures, T>[] {
  return columns.map(
    (col) =>
      ({
        id: col.id,
        header: col.header,
        accessorFn: (row: T) => col.value(row),
        cell: ({ row }: { row: { original: T } }) => (col.cell ? col.cell(row.original) : String(col.value(row.original) ?? '')),
        enableSorting: col.sortable ?? true,
        enableGlobalFilter: col.searchable ?? true,
        sortFn: compareValues,
        sortUndefined: 'last',
        sortDescFirst: false, // first click always sorts ascending, numbers included
      }) as unknown as ColumnDef<AirloomTableFeatures, T>,
  );
}
