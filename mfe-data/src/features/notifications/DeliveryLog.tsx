// The delivery log (docs/data.md "Alarm notifications"): every attempt to send a notification, newest
// first — when, to whom, which alarm, the attempt's number, what the receiver answered, the next retry.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeliveryAttempt, DeliveryLog as DeliveryLogData } from '@airloom/contracts';
import { Badge, Button, EmptyState, InlineNotice, Row, Spinner, Stack, Table, type BadgeTone, type Loaded, type TableColumn } from '@airloom/shared-ui';

const TONE: Record<DeliveryAttempt['outcome'], BadgeTone> = { delivered: 'success', retrying: 'warning', failed: 'danger' };
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : null);

export function DeliveryLog({ log }: { log: Loaded<DeliveryLogData> }) {
  const { t } = useTranslation('data');
  const columns = useMemo<TableColumn<DeliveryAttempt>[]>(
    () => [
      { id: 'at', header: t('notifications.log.column.at'), value: (a) => a.at, cell: (a) => when(a.at), hideable: false },
      { id: 'channel', header: t('notifications.log.column.channel'), value: (a) => t(`notifications.log.channel.${a.channel}`) },
      { id: 'target', header: t('notifications.log.column.target'), value: (a) => a.target },
      { id: 'alarmType', header: t('notifications.log.column.alarmType'), value: (a) => t(`notifications.alarmType.${a.alarmType}`, { defaultValue: a.alarmType }) },
      { id: 'attempt', header: t('notifications.log.column.attempt'), value: (a) => a.attempt, cell: (a) => t('notifications.log.attemptOf', { attempt: a.attempt, max: a.maxAttempts }) },
      {
        id: 'result',
        header: t('notifications.log.column.result'),
        value: (a) => [a.outcome, a.httpStatus, a.error].filter((x) => x !== null).join(' '),
        cell: (a) => (
          <span>
            <Badge $tone={TONE[a.outcome]} data-outcome={a.outcome}>
              {t(`notifications.log.outcome.${a.outcome}`)}
            </Badge>
            {a.httpStatus !== null && ` ${t('notifications.log.http', { status: a.httpStatus })}`}
            {a.error && ` — ${a.error}`}
          </span>
        ),
      },
      { id: 'nextRetryAt', header: t('notifications.log.column.nextRetryAt'), value: (a) => a.nextRetryAt ?? '', cell: (a) => when(a.nextRetryAt) ?? t('notifications.log.none') },
    ],
    [t],
  );
  return (
    <Stack $gap="sm" data-testid="delivery-log">
      <Row>
        <h3>{t('notifications.log.title')}</h3>
        <Button size="sm" onClick={log.reload}>
          {t('notifications.log.refresh')}
        </Button>
      </Row>
      {log.error && <InlineNotice tone="danger">{log.error.message}</InlineNotice>}
      {!log.data ? (
        !log.error && <Spinner />
      ) : (
        <Table
          label={t('notifications.log.tableLabel')}
          columns={columns}
          data={log.data.items}
          getRowId={(a) => String(a.id)}
          searchable={false}
          initialPageSize={10}
          empty={<EmptyState title={t('notifications.log.empty')} />}
        />
      )}
    </Stack>
  );
}
