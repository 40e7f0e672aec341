// A log the server pages, newest first (the run log, alarms, the audit log): the load's error or a
// spinner, then its table with the empty state, and under it, when there is more than a page, which
// rows are shown with Newer and Older. Its texts are the page's own (`<texts>.tableLabel`, `.empty`,
// `.loadFailed`, `.pageOf`, `.newer`, `.older` in the data remote's texts).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, EmptyState, InlineNotice, Row, Spinner, Table, type TableColumn } from '@airloom/shared-ui';

export interface LogPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface PagedLogProps<T extends { id: number }> {
  /** the page's text group: `runlog`, `alarms` or `auditlog` */
  texts: 'runlog' | 'alarms' | 'auditlog';
  columns: readonly TableColumn<T>[];
  load: { data: LogPage<T> | null; error: Error | null };
  rowActions?: (row: T) => ReactNode;
  /** asks for another page: one more or one less than the page shown */
  onPage(page: number): void;
}

export function PagedLog<T extends { id: number }>({ texts, columns, load, rowActions, onPage }: PagedLogProps<T>) {
  const { t } = useTranslation('data');
  const { data, error } = load;
  if (!data) return error ? <InlineNotice tone="danger">{t(`${texts}.loadFailed`, { message: error.message })}</InlineNotice> : <Spinner />;
  const first = data.total > 0 ? (data.page - 1) * data.pageSize + 1 : 0;
  const last = Math.min(data.total, data.page * data.pageSize);
  return (
    <>
      {error && <InlineNotice tone="danger">{t(`${texts}.loadFailed`, { message: error.message })}</InlineNotice>}
      <Table
        label={t(`${texts}.tableLabel`)}
        columns={columns}
        data={data.items}
        getRowId={(e) => String(e.id)}
        searchable={false}
        pager={false}
        rowActions={rowActions}
        empty={<EmptyState title={t(`${texts}.empty`)} />}
      />
      {data.total > data.pageSize && (
        <Row>
          <span aria-live="polite">{t(`${texts}.pageOf`, { first, last, total: data.total })}</span>
          <Button size="sm" disabled={data.page <= 1} onClick={() => onPage(data.page - 1)}>
            {t(`${texts}.newer`)}
          </Button>
          <Button size="sm" disabled={last >= data.total} onClick={() => onPage(data.page + 1)}>
            {t(`${texts}.older`)}
          </Button>
        </Row>
      )}
    </>
  );
}
