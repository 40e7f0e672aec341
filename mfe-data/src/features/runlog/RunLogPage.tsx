// Run log (spec §2 /manage/runlog, §3 Log): what happened to the project's devices, newest first,
// filtered by type (all, system, wired, wireless), time range and device, a page of rows at a time
// from the server. New events appear without a reload (the project's `log` events). The retention
// (spec §9: 7, 30, 90 or 180 days) is chosen here by whoever may change the project.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOG_RETENTION_DAYS, LOG_TYPES, type LogEntry, type LogRetentionDays, type LogType } from '@airloom/contracts';
import {
  ApiError,
  Badge,
  ConfirmDialog,
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
import { createRunLogApi, type LogFilters, type RunLogApi } from './api';
import { eventText, timeText } from './log-entry';
import { useLiveLog } from './use-live-log';
import { PagedLog } from '../../components/PagedLog';

const PAGE_SIZE = 100;
const RANGES = ['24h', '7d', '30d', 'all'] as const;
type Range = (typeof RANGES)[number];
const RANGE_MS: Record<Range, number | null> = { '24h': 86_400_000, '7d': 7 * 86_400_000, '30d': 30 * 86_400_000, all: null };

export function RunLogPage() {
  const { t } = useTranslation('data');
  const { project } = useMfe();
  if (!project) {
    return (
      <Page>
        <EmptyState title={t('runlog.title')} />
      </Page>
    );
  }
  return <RunLog key={project.id} project={project} />;
}

function RunLog({ project }: { project: ProjectRef }) {
  const { t } = useTranslation('data');
  const mfe = useMfe();
  const api = useMemo(() => createRunLogApi(mfe.api, project.id), [mfe.api, project.id]);
  const [type, setType] = useState<LogType>('all');
  const [range, setRange] = useState<Range>('7d');
  const [sn, setSn] = useState('');
  const [page, setPage] = useState(1);
  const filters: LogFilters = useMemo(() => {
    const span = RANGE_MS[range];
    // the range's start, fixed when the filter is chosen (a reload keeps the same window)
    return { type, page, ...(span !== null ? { from: Date.now() - span } : {}), ...(sn ? { sn } : {}) };
  }, [type, range, sn, page]);
  // spec: live updates without a reload
  const log = useLiveLog(project.id, filters, (f, signal) => api.list(f, PAGE_SIZE, signal));
  const devices = useLoad((signal) => api.devices(signal));

  const choose = <V,>(set: (v: V) => void) => (v: V) => {
    set(v);
    setPage(1);
  };

  const columns = useMemo<TableColumn<LogEntry>[]>(
    () => [
      { id: 'time', header: t('runlog.column.time'), value: (e) => e.time, cell: (e) => timeText(e.time), hideable: false },
      { id: 'event', header: t('runlog.column.event'), value: (e) => eventText(t, e) },
      { id: 'type', header: t('runlog.column.type'), value: (e) => t(`runlog.types.${e.type}`) },
      { id: 'device', header: t('runlog.column.device'), value: (e) => e.deviceName || e.sn },
      { id: 'mac', header: t('runlog.column.mac'), value: (e) => e.mac },
      { id: 'model', header: t('runlog.column.model'), value: (e) => e.model },
      {
        id: 'read',
        header: t('runlog.column.read'),
        value: (e) => e.read,
        cell: (e) => (
          <Badge $tone={e.read ? 'neutral' : 'info'} data-read={e.read}>
            {t(`runlog.read.${e.read}`)}
          </Badge>
        ),
      },
    ],
    [t],
  );

  return (
    <Page>
      <PageHeader title={t('runlog.title')} description={t('runlog.description', { project: project.projectName })} />
      <RetentionPanel api={api} />
      <Row role="group" aria-label={t('runlog.filters')}>
        <Select label={t('runlog.type')} value={type} onChange={choose((v: string) => setType(v as LogType))} options={LOG_TYPES.map((v) => ({ value: v, label: t(`runlog.types.${v}`) }))} />
        <Select label={t('runlog.range')} value={range} onChange={choose((v: string) => setRange(v as Range))} options={RANGES.map((v) => ({ value: v, label: t(`runlog.ranges.${v}`) }))} />
        <Select
          label={t('runlog.device')}
          value={sn}
          onChange={choose(setSn)}
          options={[{ value: '', label: t('runlog.allDevices') }, ...(devices.data?.items ?? []).map((d) => ({ value: d.sn, label: `${d.name || d.sn} (${d.model})` }))]}
        />
      </Row>
      <PagedLog
        texts="runlog"
        columns={columns}
        load={log}
        onPage={setPage}
      />
    </Page>
  );
}

/** spec §9: how long the project keeps its log; a shorter time asks first (older rows go for good) */
function RetentionPanel({ api }: { api: RunLogApi }) {
  const { t } = useTranslation('data');
  const { notify } = useNotice();
  const mfe = useMfe();
  const may = useCan('project.update');
  const retention = useLoad((signal) => api.retention(signal));
  const [asking, setAsking] = useState<LogRetentionDays | null>(null);
  const [busy, setBusy] = useState(false);
  const current = retention.data;
  if (!current) return null;

  async function save(days: LogRetentionDays) {
    setBusy(true);
    mfe.setLoading('saving');
    try {
      await api.setRetention({ days });
      notify({ tone: 'info', message: t('runlog.retention.saved', { days }) });
      retention.reload();
    } catch (err) {
      notify({ tone: 'danger', message: t('runlog.retention.failed', { message: err instanceof ApiError ? err.message : String(err) }) });
    } finally {
      mfe.setLoading('end');
      setBusy(false);
      setAsking(null);
    }
  }

  if (!may.ok) {
    return (
      <InlineNotice tone="info">
        {t('runlog.retention.kept', { days: current.days })} {t('runlog.retention.readOnly', { reason: refusalText(may.code) })}
      </InlineNotice>
    );
  }
  return (
    <>
      <Select
        label={t('runlog.retention.label')}
        value={String(current.days)}
        disabled={busy}
        onChange={(v) => {
          const days = Number(v) as LogRetentionDays;
          if (days < current.days) setAsking(days);
          else void save(days);
        }}
        options={LOG_RETENTION_DAYS.map((d) => ({ value: String(d), label: `${t('runlog.retention.days', { count: d })}${d === 30 ? ` ${t('runlog.retention.defaultNote')}` : ''}` }))}
      />
      <ConfirmDialog
        open={asking !== null}
        title={t('runlog.retention.confirmTitle')}
        message={t('runlog.retention.confirmMessage', { days: asking ?? 0 })}
        confirmLabel={t('runlog.retention.confirm', { days: asking ?? 0 })}
        danger
        busy={busy}
        onConfirm={() => asking !== null && void save(asking)}
        onCancel={() => setAsking(null)}
      />
    </>
  );
}
