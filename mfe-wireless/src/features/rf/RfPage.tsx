// RF optimisation (spec §2 /manage/rfconf, WLAN projects, web only): choose access points and run an
// optimisation now, once at a time or repeatedly; follow the running one's percentage; its records
// (the 20 most recent); each AP's radio settings; the roaming tuner. Read-only, with the reason,
// where can() refuses 'rf.optimise'.
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isDeviceOnline, type DeviceItem, type RfRun } from '@airloom/contracts';
import { deviceModel } from '@airloom/contracts/config';
import {
  ApiError,
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  InlineNotice,
  Page,
  PageHeader,
  Row,
  Select,
  Spinner,
  Stack,
  TextField,
  refusalText,
  useCan,
  useLoad,
  useMfe,
  useNotice,
  type ProjectRef,
} from '@airloom/shared-ui';
import { createRfApi, type RfApi } from './api';
import { RadioSettingsCard } from './RadioSettingsCard';
import { RecordsTable } from './RecordsTable';
import { RoamingTuner } from './RoamingTuner';

/** devices with a Wi-Fi radio: the ones RF optimisation and the radio sections are for */
export function hasRadio(d: Pick<DeviceItem, 'model'>): boolean {
  return (deviceModel(d.model)?.bands.length ?? 0) > 0;
}

export function RfPage() {
  const { t } = useTranslation('wireless');
  const { project } = useMfe();
  if (!project) {
    return (
      <Page>
        <EmptyState title={t('rf.title')} />
      </Page>
    );
  }
  return <Rf key={project.id} project={project} />;
}

const message = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback);

function Rf({ project }: { project: ProjectRef }) {
  const { t } = useTranslation('wireless');
  const mfe = useMfe();
  const api = useMemo(() => createRfApi(mfe.api, project.id), [mfe.api, project.id]);
  const devices = useLoad((signal) => api.devices(signal));
  const overview = useLoad((signal) => api.overview(signal));
  const records = useLoad((signal) => api.records(signal));
  const may = useCan('rf.optimise');
  const [followed, setFollowed] = useState<RfRun | null>(null);

  // the running optimisation: followed by polling its state until it ends
  const running = followed ?? overview.data?.running ?? null;
  useEffect(() => {
    if (!running || running.state !== 'optimising') return;
    let stop = false;
    const timer = setInterval(() => {
      api.run(running.id).then(
        (run) => {
          if (stop) return;
          setFollowed(run);
          if (run.state !== 'optimising') {
            records.reload();
            overview.reload();
          }
        },
        () => undefined,
      );
    }, 1000);
    return () => {
      stop = true;
      clearInterval(timer);
    };
  }, [api, running?.id, running?.state]);

  const aps = (devices.data?.items ?? []).filter(hasRadio);
  const optimising = running?.state === 'optimising';

  return (
    <Page>
      <PageHeader title={t('rf.title')} description={t('rf.description', { project: project.projectName })} />
      {!may.ok && !optimising && <InlineNotice tone="info">{t('rf.readOnly', { reason: refusalText(may.code) })}</InlineNotice>}
      {overview.error && <InlineNotice tone="danger">{t('rf.loadFailed', { message: overview.error.message })}</InlineNotice>}
      {running && <Progress run={running} />}
      {may.ok && !optimising && devices.data && (
        <RunForm
          api={api}
          aps={aps}
          onStarted={(run) => {
            setFollowed(run);
            overview.reload();
          }}
        />
      )}
      {overview.data && overview.data.upcoming.length > 0 && <Upcoming api={api} runs={overview.data.upcoming} mayChange={may.ok} onChanged={overview.reload} />}
      <RecordsTable loaded={records} />
      {devices.data ? (
        <>
          <RadioSettingsCard api={api} aps={aps} mayChange={may.ok && !optimising} />
          <RoamingTuner api={api} aps={aps} mayChange={may.ok && !optimising} />
        </>
      ) : (
        !devices.error && <Spinner />
      )}
    </Page>
  );
}

function Progress({ run }: { run: RfRun }) {
  const { t } = useTranslation('wireless');
  return (
    <Card title={t('rf.progress.title')} data-testid="rf-progress">
      <Stack $gap="sm">
        {run.state === 'optimising' && (
          <>
            <div
              role="progressbar"
              aria-label={t('rf.progress.label')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={run.percent}
              style={{ height: 8, background: '#e5e7eb', borderRadius: 4, overflow: 'hidden' }}
            >
              <div style={{ width: `${run.percent}%`, height: '100%', background: '#2563eb', transition: 'width 0.5s' }} />
            </div>
            <span aria-live="polite" data-testid="rf-percent">
              {t('rf.progress.running', { count: run.sns.length, percent: run.percent })}
            </span>
          </>
        )}
        {run.state === 'completed' && <InlineNotice tone="info">{t('rf.progress.completed')}</InlineNotice>}
        {run.state === 'failed' && <InlineNotice tone="danger">{t('rf.progress.failed', { reason: run.error ?? '' })}</InlineNotice>}
      </Stack>
    </Card>
  );
}

type Mode = 'manual' | 'scheduled' | 'auto';

function RunForm({ api, aps, onStarted }: { api: RfApi; aps: DeviceItem[]; onStarted(run: RfRun): void }) {
  const { t } = useTranslation('wireless');
  const { notify } = useNotice();
  const online = aps.filter((d) => isDeviceOnline(d.status));
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(online.map((d) => d.sn)));
  const [mode, setMode] = useState<Mode>('manual');
  const [at, setAt] = useState('');
  const [repeat, setRepeat] = useState<'24' | '168'>('24');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (aps.length === 0) return <EmptyState title={t('rf.run.noDevices')} />;

  async function submit() {
    const sns = [...chosen];
    // spec §5: at least two devices to optimise
    if (sns.length < 2) return setProblem(t('rf.run.chooseTwo'));
    const when = mode === 'manual' ? undefined : new Date(at);
    if (when && (Number.isNaN(when.getTime()) || when.getTime() <= Date.now())) return setProblem(t('rf.run.chooseTime'));
    setProblem(null);
    setBusy(true);
    try {
      const { id } = await api.start({ mode, sns, ...(when ? { at: when.toISOString() } : {}), ...(mode === 'auto' ? { repeatHours: Number(repeat) as 24 | 168 } : {}) });
      notify({ tone: 'info', message: t(mode === 'manual' ? 'rf.run.started' : 'rf.run.scheduled') });
      onStarted(mode === 'manual' ? await api.run(id) : { id, mode, state: 'idle', percent: 0, sns, dueAt: null, repeatHours: null, startedAt: null, finishedAt: null, error: null });
    } catch (err) {
      notify({ tone: 'danger', message: t('rf.run.failed', { message: message(err, '') }) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title={t('rf.run.title')}>
      <Stack $gap="sm">
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend>{t('rf.run.devices')}</legend>
          <Row style={{ flexWrap: 'wrap' }}>
            {aps.map((d) => {
              const up = isDeviceOnline(d.status);
              return (
                <label key={d.sn} style={{ minWidth: 160 }}>
                  <input
                    type="checkbox"
                    checked={chosen.has(d.sn)}
                    disabled={!up}
                    onChange={(e) => {
                      const next = new Set(chosen);
                      if (e.currentTarget.checked) next.add(d.sn);
                      else next.delete(d.sn);
                      setChosen(next);
                    }}
                  />{' '}
                  {d.name || d.sn}
                  {!up && ` (${t('rf.run.offline')})`}
                </label>
              );
            })}
          </Row>
        </fieldset>
        <Row style={{ flexWrap: 'wrap', alignItems: 'flex-end' }}>
          <Select<Mode>
            label={t('rf.run.mode')}
            value={mode}
            options={(['manual', 'scheduled', 'auto'] as const).map((m) => ({ value: m, label: t(`rf.run.modes.${m}`) }))}
            onChange={setMode}
          />
          {mode !== 'manual' && <TextField label={t('rf.run.at')} type="datetime-local" value={at} onChange={setAt} />}
          {mode === 'auto' && (
            <Select<'24' | '168'>
              label={t('rf.run.repeat')}
              value={repeat}
              options={(['24', '168'] as const).map((h) => ({ value: h, label: t(`rf.run.repeats.${h}`) }))}
              onChange={setRepeat}
            />
          )}
          <Button variant="primary" onClick={() => void submit()} disabled={busy}>
            {mode === 'manual' ? t('rf.run.start') : t('rf.run.schedule')}
          </Button>
        </Row>
        {problem && (
          <InlineNotice tone="warning">
            {problem}
          </InlineNotice>
        )}
      </Stack>
    </Card>
  );
}

function Upcoming({ api, runs, mayChange, onChanged }: { api: RfApi; runs: RfRun[]; mayChange: boolean; onChanged(): void }) {
  const { t } = useTranslation('wireless');
  const { notify } = useNotice();
  const [cancelling, setCancelling] = useState<RfRun | null>(null);
  const when = (r: RfRun) => (r.dueAt ? new Date(r.dueAt).toLocaleString() : '');
  return (
    <Card title={t('rf.upcoming.title')}>
      <ul style={{ margin: 0, paddingLeft: '1.2em' }}>
        {runs.map((r) => (
          <li key={r.id}>
            {t('rf.upcoming.item', { mode: t(`rf.run.modes.${r.mode}`), at: when(r), count: r.sns.length })}
            {r.repeatHours ? `, ${t('rf.upcoming.every', { hours: r.repeatHours })}` : ''}{' '}
            {mayChange && (
              <Button size="sm" variant="secondary" onClick={() => setCancelling(r)} aria-label={t('rf.upcoming.cancelOf', { at: when(r) })}>
                {t('rf.upcoming.cancel')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={cancelling !== null}
        title={t('rf.upcoming.cancelTitle')}
        message={t('rf.upcoming.cancelMessage', { at: cancelling ? when(cancelling) : '' })}
        confirmLabel={t('rf.upcoming.cancel')}
        danger
        onConfirm={() => {
          if (!cancelling) return;
          api.cancel(cancelling.id).then(
            () => notify({ tone: 'info', message: t('rf.upcoming.cancelled') }),
            (err: unknown) => notify({ tone: 'danger', message: t('rf.upcoming.cancelFailed', { message: message(err, '') }) }),
          ).finally(() => {
            setCancelling(null);
            onChanged();
          });
        }}
        onCancel={() => setCancelling(null)}
      />
    </Card>
  );
}
