// A log the server pages, newest first (the run log, the audit log): its table with the empty state,
// and under it, when there is more than a page, which rows are shown with Newer and Older.
import type { ReactNode } from 'react';
import { Button, EmptyState, Row, Table, type TableColumn } from '@airloom/shared-ui';

export interface LogPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface PagedLogProps<T extends { id: number }> {
  label: string;
  columns: readonly TableColumn<T>[];
  data: LogPage<T>;
  empty: string;
  rowActions?: (row: T) => ReactNode;
  /** asks for another page: `page` of `data`, one more or one less */
  onPage(page: number): void;
  texts: { pageOf(shown: { first: number; last: number; total: number }): ReactNode; newer: string; older: string };
}

export function PagedLog<T extends { id: number }>({ label, columns, data, empty, rowActions, onPage, texts }: PagedLogProps<T>) {
  const first = data.total > 0 ? (data.page - 1) * data.pageSize + 1 : 0;
  const last = Math.min(data.total, data.page * data.pageSize);
  return (
    <>
      <Table
        label={label}
        columns={columns}
        data={data.items}
        getRowId={(e) => String(e.id)}
        searchable={false}
        pager={false}
        rowActions={rowActions}
        empty={<EmptyState title={empty} />}
      />
      {data.total > data.pageSize && (
        <Row>
          <span aria-live="polite">{texts.pageOf({ first, last, total: data.total })}</span>
          <Button size="sm" disabled={data.page <= 1} onClick={() => onPage(data.page - 1)}>
            {texts.newer}
          </Button>
          <Button size="sm" disabled={last >= data.total} onClick={() => onPage(data.page + 1)}>
            {texts.older}
          </Button>
        </Row>
      )}
    </>
  );
}
