// Bulk upgrade as a staged rollout (docs/maintenance.md "Staged rollouts"): the chosen devices get a
// firmware (each model's recommended version, or an image uploaded for one model) in a canary group,
// then waves, at most N upgrading at once; it halts by itself when more than the chosen share of a
// wave fails and the user resumes it. The latest rollouts are shown with their waves and a result per
// device, read again every few seconds while one runs (the rollout lives on the server: a reload or a
// console restart loses nothing). The dialog starts it through the bulk actions' endpoint (kind
// `upgrade`), whose answer carries the rollout.
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API, BulkRequestSchema, ROLLOUT_DEFAULTS, ruleText, type BulkRequest, type DeviceItem, type Rollout } from '@airloom/contracts';
import { ApiError, Badge, Button, Card, InlineNotice, Modal, Row, Select, Stack, Table, TextField, useLoad, useMfe, type BadgeTone, type TableColumn } from '@airloom/shared-ui';
import { deviceLabel } from '../config/device-name';

const OUTCOME_TONE: Record<Rollout['devices'][number]['outcome'], BadgeTone> = { pending: 'neutral', running: 'info', succeeded: 'success', failed: 'danger', refused: 'warning', skipped: 'neutral' };
const STATE_TONE: Record<Rollout['state'], BadgeTone> = { running: 'info', halted: 'warning', done: 'success' };

function useRolloutApi(projectId: number) {
  const mfe = useMfe();
  return useMemo(
    () => ({
      list: (signal?: AbortSignal) => mfe.api.call(API.rollouts.rollouts, { params: { id: projectId }, signal }),
      firmware: (signal?: AbortSignal) => mfe.api.call(API.firmware.firmware, { params: { id: projectId }, signal }),
      start: async (body: BulkRequest): Promise<Rollout> => {
        const answer = await mfe.api.call(API.maintenance.bulk, { params: { id: projectId }, body });
        if (!answer.rollout) throw new Error('the bulk upgrade answered no rollout');
        return answer.rollout;
      },
      resume: (rolloutId: number) => mfe.api.call(API.rollouts.resumeRollout, { params: { id: projectId, rolloutId } }),
    }),
    [mfe.api, projectId],
  );
}

/** The dialog of the bulk bar's Upgrade…: target, canary, waves, halt threshold, concurrency. */
export function RolloutDialog({ projectId, sns, onClose, onStarted }: { projectId: number; sns: readonly string[]; onClose(): void; onStarted(r: Rollout): void }) {
  const { t } = useTranslation('devices');
  const api = useRolloutApi(projectId);
  const firmware = useLoad((signal) => api.firmware(signal));
  const [target, setTarget] = useState('recommended');
  const [values, setValues] = useState(() => Object.fromEntries(Object.entries(ROLLOUT_DEFAULTS).map(([k, v]) => [k, String(v)])) as Record<keyof typeof ROLLOUT_DEFAULTS, string>);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const options = [
    { value: 'recommended', label: t('bulk.rollout.recommended') },
    ...(firmware.data?.images ?? []).map((i) => ({ value: `i:${i.id}`, label: t('bulk.rollout.image', { model: i.model, version: i.version, file: i.fileName }) })),
  ];
  async function submit() {
    const parsed = BulkRequestSchema.safeParse({
      kind: 'upgrade',
      sns: [...sns],
      ...(target.startsWith('i:') ? { imageId: Number(target.slice(2)) } : {}),
      canaryPercent: Number(values.canaryPercent),
      waveSize: Number(values.waveSize),
      haltPercent: Number(values.haltPercent),
      maxDownloads: Number(values.maxDownloads),
    });
    if (!parsed.success) {
      setError(ruleText(parsed.error.issues[0]?.message ?? 'apiRules.rolloutPercent.value'));
      return;
    }
    setBusy(true);
    try {
      onStarted(await api.start(parsed.data));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('errors.generic.operationFailed'));
    } finally {
      setBusy(false);
    }
  }
  const field = (key: keyof typeof values) => (
    <TextField label={t(`bulk.rollout.${key}`)} inputMode="numeric" value={values[key]} onChange={(v: string) => setValues((s) => ({ ...s, [key]: v }))} />
  );
  return (
    <Modal
      open
      title={t('bulk.rollout.title', { count: sns.length })}
      onClose={onClose}
      width="min(560px, calc(100vw - 16px))"
      footer={
        <Row $gap="sm">
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            {t('bulk.rollout.cancel')}
          </Button>
          <Button variant="primary" onClick={() => void submit()} disabled={busy}>
            {t('bulk.rollout.start')}
          </Button>
        </Row>
      }
    >
      <Stack $gap="sm">
        <p>{t('bulk.rollout.explain')}</p>
        <Select label={t('bulk.rollout.target')} value={target} options={options} onChange={setTarget} />
        {field('canaryPercent')}
        {field('waveSize')}
        {field('haltPercent')}
        {field('maxDownloads')}
        {error && <InlineNotice tone="danger">{error}</InlineNotice>}
      </Stack>
    </Modal>
  );
}

/**
 * The project's latest rollouts: state, waves, one row per device; read again while one runs. Shown
 * to everyone who sees the devices (a read-only guest, the demo); Resume only to who may upgrade.
 */
export function RolloutList({ projectId, devices, started, mayResume }: { projectId: number; devices: readonly DeviceItem[]; started: Rollout | null; mayResume: boolean }) {
  const { t } = useTranslation('devices');
  const api = useRolloutApi(projectId);
  const list = useLoad((signal) => api.list(signal));
  const [resumeError, setResumeError] = useState<string | null>(null);
  const items = list.data?.items ?? [];
  const active = items.some((r) => r.state === 'running');
  const { reload } = list;
  useEffect(() => {
    if (started) reload();
  }, [started, reload]);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(reload, 2_000);
    return () => clearInterval(timer);
  }, [active, reload]);
  const bySn = useMemo(() => new Map(devices.map((d) => [d.sn, d])), [devices]);
  const columns = useMemo<TableColumn<Rollout['devices'][number]>[]>(
    () => [
      { id: 'device', header: t('bulk.results.device'), value: (d) => (bySn.get(d.sn) ? deviceLabel(bySn.get(d.sn)!) : d.sn), hideable: false },
      { id: 'wave', header: t('bulk.rollout.wave'), value: (d) => d.wave, cell: (d) => (d.wave === 0 ? t('bulk.rollout.canary') : String(d.wave)) },
      { id: 'outcome', header: t('bulk.results.outcome'), value: (d) => d.outcome, cell: (d) => <Badge $tone={OUTCOME_TONE[d.outcome]}>{t(`bulk.rollout.outcomes.${d.outcome}`)}</Badge> },
      { id: 'detail', header: t('bulk.results.detail'), sortable: false, value: (d) => d.error?.message ?? (bySn.get(d.sn)?.softwareVersion ?? '') },
    ],
    [t, bySn],
  );
  if (items.length === 0) return null;
  return (
    <Stack $gap="sm">
      {items.slice(0, 3).map((r) => (
        <Card key={r.id} title={t('bulk.rollout.cardTitle', { id: r.id, target: r.imageId !== null ? t('bulk.rollout.imageShort', { id: r.imageId }) : (r.version ?? t('bulk.rollout.recommended')) })} data-rollout={r.id}>
          <Stack $gap="sm">
            <Row $gap="sm" $wrap>
              <Badge $tone={STATE_TONE[r.state]} data-rollout-state={r.state}>
                {t(`bulk.rollout.states.${r.state}`)}
              </Badge>
              <span role="status" aria-live="polite">
                {t('bulk.rollout.progress', { wave: Math.min(r.wave, r.waves - 1) === 0 ? t('bulk.rollout.canary') : Math.min(r.wave, r.waves - 1), waves: r.waves - 1, ...r.counts })}
              </span>
              {r.state === 'halted' && mayResume && (
                <Button
                  size="sm"
                  onClick={() =>
                    void api.resume(r.id).then(
                      () => reload(),
                      (err: unknown) => setResumeError(err instanceof ApiError ? err.message : t('errors.generic.operationFailed')),
                    )
                  }
                >
                  {t('bulk.rollout.resume')}
                </Button>
              )}
            </Row>
            {r.state === 'halted' && <InlineNotice tone="warning">{t('bulk.rollout.halted', { percent: r.haltPercent })}</InlineNotice>}
            {resumeError && <InlineNotice tone="danger">{resumeError}</InlineNotice>}
            <Table label={t('bulk.rollout.tableLabel', { id: r.id })} columns={columns} data={r.devices} getRowId={(d) => d.sn} searchable={false} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
