// Alarms (spec §2 /manage/alarminfo): the run-log events that need attention, newest first; read or
// unread, the last week, one device; mark one or all read; download what the filters show as .xlsx
// or CSV (at most 50,000, spec §9). New alarms and reads elsewhere appear without a reload.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BadgeTone } from '@airloom/shared-ui';
import type { LogEntry, LogLevel } from '@airloom/contracts';
import {
  ApiError,
  Badge,
  Button,
  EmptyState,
  InlineNotice,
  Page,
  PageHeader,
  Row,
  Select,
  useCan,
  useLoad,
  useMfe,
  useNotice,
  refusalText,
  type ProjectRef,
  type TableColumn,
} from '@airloom/shared-ui';
import { NotificationsPanel } from '../notifications/NotificationsPanel';
import { eventText, timeText } from '../runlog/log-entry';
import { useLiveLog } from '../runlog/use-live-log';
import { alarmsExportHref, createAlarmsApi, type AlarmFilters } from './api';
import { PagedLog } from '../../components/PagedLog';

const PAGE_SIZE = 100;
const LEVEL_TONE: Record<LogLevel, BadgeTone> = { info: 'info', warning: 'warning', critical: 'danger' };

export function AlarmsPage() {
  const { t } = useTranslation('data');
  const { project } = useMfe();
  if (!project) {
    return (
      <Page>
        <EmptyState title={t('alarms.title')} />
      </Page>
    );
  }
  return <Alarms key={project.id} project={project} />;
}

function Alarms({ project }: { project: ProjectRef }) {
  const { t } = useTranslation('data');
  const mfe = useMfe();
  const { notify } = useNotice();
  const api = useMemo(() => createAlarmsApi(mfe.api, project.id), [mfe.api, project.id]);
  const may = useCan('alarm.update');
  const [read, setRead] = useState<AlarmFilters['read']>('');
  const [week, setWeek] = useState(false);
  const [sn, setSn] = useState('');
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState(false);
  const filters: AlarmFilters = useMemo(() => ({ read, week, sn, page }), [read, week, sn, page]);
  // live: alarms written or read elsewhere (the project's `log` events that carry any)
  const list = useLiveLog(project.id, filters, (f, signal) => api.list(f, PAGE_SIZE, signal), (event) => event.alarms > 0 || event.read > 0);
  const devices = useLoad((signal) => api.devices(signal));
  const { reload } = list;

  const choose = <V,>(set: (v: V) => void) => (v: V) => {
    set(v);
    setPage(1);
  };

  async function mark(body: { ids: number[] } | { all: true }, done?: string) {
    setBusy(true);
    try {
      await api.markRead(body);
      if (done) notify({ tone: 'info', message: done });
      reload();
    } catch (err) {
      notify({ tone: 'danger', message: t('alarms.markFailed', { message: err instanceof ApiError ? err.message : String(err) }) });
    } finally {
      setBusy(false);
    }
  }

  const columns = useMemo<TableColumn<LogEntry>[]>(
    () => [
      { id: 'time', header: t('alarms.column.time'), value: (e) => e.time, cell: (e) => timeText(e.time), hideable: false },
      { id: 'event', header: t('alarms.column.event'), value: (e) => eventText(t, e) },
      { id: 'type', header: t('alarms.column.type'), value: (e) => (e.alarmType ? t(`alarms.types.${e.alarmType}`) : '') },
      {
        id: 'level',
        header: t('alarms.column.level'),
        value: (e) => e.level,
        cell: (e) => <Badge $tone={LEVEL_TONE[e.level]}>{t(`alarms.levels.${e.level}`)}</Badge>,
      },
      { id: 'device', header: t('alarms.column.device'), value: (e) => e.deviceName || e.sn },
      { id: 'mac', header: t('alarms.column.mac'), value: (e) => e.mac },
      { id: 'model', header: t('alarms.column.model'), value: (e) => e.model },
      {
        id: 'read',
        header: t('alarms.column.read'),
        value: (e) => e.read,
        cell: (e) => (
          <Badge $tone={e.read ? 'neutral' : 'info'} data-read={e.read}>
            {t(`alarms.readFlag.${e.read}`)}
          </Badge>
        ),
      },
    ],
    [t],
  );

  const data = list.data;
  const exportFilters = { read, week, sn };
  return (
    <Page>
      <PageHeader
        title={t('alarms.title')}
        description={t('alarms.description', { project: project.projectName, unread: data?.unread ?? 0 })}
        actions={
          <Row>
            {may.ok && (
              <Button variant="primary" disabled={busy || !data || data.unread === 0} onClick={() => void mark({ all: true }, t('alarms.markedAll'))}>
                {t('alarms.markAllRead')}
              </Button>
            )}
            <a href={alarmsExportHref(project.id, exportFilters, 'xlsx')} download={`alarms-${project.id}.xlsx`}>
              {t('alarms.downloadXlsx')}
            </a>
            <a href={alarmsExportHref(project.id, exportFilters, 'csv')} download={`alarms-${project.id}.csv`}>
              {t('alarms.downloadCsv')}
            </a>
          </Row>
        }
      />
      <NotificationsPanel />
      {!may.ok && <InlineNotice tone="info">{t('alarms.readOnly', { reason: refusalText(may.code) })}</InlineNotice>}
      <Row role="group" aria-label={t('alarms.filters')}>
        <Select label={t('alarms.read')} value={read === '' ? 'all' : read} onChange={choose((v: string) => setRead(v === 'all' ? '' : (v as '0' | '1')))} options={(['all', '0', '1'] as const).map((v) => ({ value: v, label: t(`alarms.reads.${v}`) }))} />
        <Select label={t('alarms.range')} value={week ? 'week' : 'all'} onChange={choose((v: string) => setWeek(v === 'week'))} options={(['all', 'week'] as const).map((v) => ({ value: v, label: t(`alarms.ranges.${v}`) }))} />
        <Select
          label={t('alarms.device')}
          value={sn}
          onChange={choose(setSn)}
          options={[{ value: '', label: t('alarms.allDevices') }, ...(devices.data?.items ?? []).map((d) => ({ value: d.sn, label: `${d.name || d.sn} (${d.model})` }))]}
        />
      </Row>
      <small>{t('alarms.downloadNote')}</small>
      <PagedLog
        texts="alarms"
        columns={columns}
        load={list}
        rowActions={
          may.ok
            ? (e) =>
                e.read === 0 ? (
                  <Button size="sm" disabled={busy} onClick={() => void mark({ ids: [e.id] })} aria-label={t('alarms.markReadOf', { time: timeText(e.time) })}>
                    {t('alarms.markRead')}
                  </Button>
                ) : null
            : undefined
        }
        onPage={setPage}
      />
    </Page>
  );
}
