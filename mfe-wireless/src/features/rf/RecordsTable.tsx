// The RF optimisation records (spec §3, §9: the 20 most recent), one row per radio of each record:
// channel, power, RSSI, access threshold, noise floor, and before → after co-channel, near-channel and
// total counts (foreign networks included).
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { RfRecord, RfRecordRadio } from '@airloom/contracts';
import { Card, EmptyState, InlineNotice, Spinner, Table, type Loaded, type TableColumn } from '@airloom/shared-ui';

interface RecordRow extends RfRecordRadio {
  key: string;
  finishedAt: string;
  mode: RfRecord['mode'];
}

export function RecordsTable({ loaded }: { loaded: Loaded<{ items: RfRecord[] }> }) {
  const { t } = useTranslation('wireless');
  const rows = useMemo<RecordRow[]>(
    () => (loaded.data?.items ?? []).flatMap((r) => r.radios.map((radio) => ({ ...radio, key: `${r.id}:${radio.sn}:${radio.band}`, finishedAt: r.finishedAt, mode: r.mode }))),
    [loaded.data],
  );
  const change = (before: number | string, after: number | string) => t('rf.records.change', { before, after });
  const columns = useMemo<TableColumn<RecordRow>[]>(
    () => [
      { id: 'time', header: t('rf.records.column.time'), value: (r) => r.finishedAt, cell: (r) => new Date(r.finishedAt).toLocaleString(), hideable: false },
      { id: 'mode', header: t('rf.records.column.mode'), value: (r) => t(`rf.run.modes.${r.mode}`) },
      { id: 'device', header: t('rf.records.column.device'), value: (r) => r.name || r.sn },
      { id: 'band', header: t('rf.records.column.band'), value: (r) => r.band },
      { id: 'channel', header: t('rf.records.column.channel'), value: (r) => r.channel, cell: (r) => change(r.channelBefore, r.channel) },
      { id: 'power', header: t('rf.records.column.power'), value: (r) => r.txPowerDbm, cell: (r) => change(r.txPowerBeforeDbm, r.txPowerDbm) },
      { id: 'rssi', header: t('rf.records.column.rssi'), value: (r) => r.rssiDbm ?? '—' },
      { id: 'threshold', header: t('rf.records.column.threshold'), value: (r) => r.accessThresholdDbm },
      {
        id: 'noise',
        header: t('rf.records.column.noise'),
        value: (r) => r.noiseDbm ?? '—',
        cell: (r) => (r.noiseBeforeDbm === null && r.noiseDbm === null ? '—' : change(r.noiseBeforeDbm ?? '—', r.noiseDbm ?? '—')),
      },
      { id: 'coChannel', header: t('rf.records.column.coChannel'), value: (r) => r.after.coChannel, cell: (r) => change(r.before.coChannel, r.after.coChannel) },
      { id: 'nearChannel', header: t('rf.records.column.nearChannel'), value: (r) => r.after.nearChannel, cell: (r) => change(r.before.nearChannel, r.after.nearChannel) },
      { id: 'total', header: t('rf.records.column.total'), value: (r) => r.after.total, cell: (r) => change(r.before.total, r.after.total) },
    ],
    [t],
  );
  return (
    <Card title={t('rf.records.title')}>
      {loaded.error && <InlineNotice tone="danger">{t('rf.loadFailed', { message: loaded.error.message })}</InlineNotice>}
      {!loaded.data ? (
        !loaded.error && <Spinner />
      ) : (
        <Table
          label={t('rf.records.tableLabel')}
          columns={columns}
          data={rows}
          getRowId={(r) => r.key}
          initialSort={{ id: 'time', desc: true }}
          empty={<EmptyState title={t('rf.records.empty')} />}
        />
      )}
    </Card>
  );
}
