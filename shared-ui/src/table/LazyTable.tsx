// The Table's code (tanstack table + virtual) loads on first use, not with the shell's first page:
// the shell never draws a table, and every remote that does gets it from the shared-ui singleton.
import { lazy, Suspense, type ComponentType } from 'react';
import type { RowData } from '@tanstack/react-table';
import { Spinner } from '../components/display';
import type { TableProps } from './Table';

const TableImpl = lazy(() => import('./Table').then((m) => ({ default: m.Table as ComponentType<TableProps<RowData>> })));

export function Table<T extends RowData>(props: TableProps<T>) {
  return (
    <Suspense fallback={<Spinner />}>
      <TableImpl {...(props as TableProps<RowData>)} />
    </Suspense>
  );
}
