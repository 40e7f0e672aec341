// Bulk actions on the device list (spec §1 "device maintenance"): the chosen devices are restarted,
// located, have their LED set or are removed in one call; the answer has one row per device (succeeded, refused with the
// spec's reason, failed) and queued operations show their progress from the live device list.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LED_MODES, type BulkKind, type BulkResponse, type DeviceItem, type LedMode, type OperationItem, type Rollout } from '@airloom/contracts';
import { ApiError, Badge, Button, ConfirmDialog, Modal, Row, Select, Stack, Table, useMfe, useNotice, type BadgeTone, type TableColumn } from '@airloom/shared-ui';
import { deviceLabel } from '../config/device-name';
import { createBulkApi } from './api';
import { resultDetail } from './bulk-results';
import { RolloutDialog } from './Rollouts';

const TONE: Record<BulkResponse['results'][number]['outcome'], BadgeTone> = { succeeded: 'success', refused: 'warning', failed: 'danger' };
/** what asks for a confirmation first: what interrupts clients or changes the project */
const CONFIRMED: readonly BulkKind[] = ['reboot', 'delete'];

export interface BulkActionsProps {
  projectId: number;
  devices: readonly DeviceItem[];
  /** operations heard on the project's stream, by id (useProjectConfig) */
  operations: ReadonlyMap<number, OperationItem>;
  selected: readonly string[];
  onClear(): void;
  /** a rollout was started from the bar (the page's rollout list reads again) */
  onRolloutStarted(rollout: Rollout): void;
}

export function BulkActions({ projectId, devices, operations, selected, onClear, onRolloutStarted }: BulkActionsProps) {
  const { t } = useTranslation('devices');
  const mfe = useMfe();
  const { notify } = useNotice();
  const api = useMemo(() => createBulkApi(mfe.api, projectId), [mfe.api, projectId]);
  const [asking, setAsking] = useState<BulkKind | null>(null);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<BulkResponse | null>(null);
  const [upgrading, setUpgrading] = useState(false);
  const [ledMode, setLedMode] = useState<LedMode | null>(null);

  async function run(kind: BulkKind, mode?: LedMode) {
    setBusy(true);
    try {
      setAnswer(await api.run(kind, [...selected], mode));
      onClear();
    } catch (err) {
      notify({ tone: 'danger', message: t('bulk.failed', { message: err instanceof ApiError ? err.message : t('errors.generic.operationFailed') }) });
    } finally {
      setBusy(false);
      setAsking(null);
      setLedMode(null);
    }
  }

  const start = (kind: BulkKind) => (CONFIRMED.includes(kind) ? setAsking(kind) : void run(kind));

  return (
    <>
      {selected.length > 0 && (
        <Row role="group" aria-label={t('bulk.selected', { count: selected.length })}>
          <span aria-live="polite">{busy ? t('bulk.working', { count: selected.length }) : t('bulk.selected', { count: selected.length })}</span>
          {(['reboot', 'locate', 'delete'] as const).map((kind) => (
            <Button key={kind} size="sm" variant={kind === 'delete' ? 'danger' : 'secondary'} disabled={busy} onClick={() => start(kind)}>
              {t(`bulk.kind.${kind}`)}
            </Button>
          ))}
          <Button size="sm" variant="secondary" disabled={busy} onClick={() => setLedMode('on')}>
            {t('bulk.kind.led')}
          </Button>
          <Button size="sm" variant="secondary" disabled={busy} onClick={() => setUpgrading(true)}>
            {t('bulk.kind.upgrade')}
          </Button>
          <Button size="sm" variant="ghost" disabled={busy} onClick={onClear}>
            {t('bulk.clear')}
          </Button>
        </Row>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={asking ? t(`bulk.kind.${asking}`) : undefined}
        message={asking ? t(`bulk.confirm.${asking}`, { count: selected.length }) : ''}
        confirmLabel={asking ? t(`bulk.kind.${asking}`) : undefined}
        danger
        busy={busy}
        onConfirm={() => asking && void run(asking)}
        onCancel={() => setAsking(null)}
      />
      {ledMode !== null && (
        <Modal
          open
          title={t('bulk.led.title', { count: selected.length })}
          onClose={() => setLedMode(null)}
          footer={
            <Row $gap="sm">
              <Button variant="ghost" onClick={() => setLedMode(null)} disabled={busy}>
                {t('bulk.led.cancel')}
              </Button>
              <Button variant="primary" onClick={() => void run('led', ledMode)} disabled={busy}>
                {t('bulk.led.apply')}
              </Button>
            </Row>
          }
        >
          <Stack $gap="sm">
            <p>{t('maintenance.led.description')}</p>
            <Select label={t('maintenance.led.groupLabel')} value={ledMode} options={LED_MODES.map((m) => ({ value: m, label: t(`maintenance.led.${m}`) }))} onChange={(v: string) => setLedMode(v as LedMode)} />
          </Stack>
        </Modal>
      )}
      {upgrading && (
        <RolloutDialog
          projectId={projectId}
          sns={selected}
          onClose={() => setUpgrading(false)}
          onStarted={(r) => {
            setUpgrading(false);
            onRolloutStarted(r);
            onClear();
          }}
        />
      )}
      {answer && <BulkResultsDialog answer={answer} devices={devices} operations={operations} onClose={() => setAnswer(null)} />}
    </>
  );
}

type ResultRow = BulkResponse['results'][number];

function BulkResultsDialog({ answer, devices, operations, onClose }: { answer: BulkResponse; devices: readonly DeviceItem[]; operations: ReadonlyMap<number, OperationItem>; onClose(): void }) {
  const { t } = useTranslation('devices');
  const bySn = useMemo(() => new Map(devices.map((d) => [d.sn, d])), [devices]);
  const columns = useMemo<TableColumn<ResultRow>[]>(
    () => [
      { id: 'device', header: t('bulk.results.device'), value: (r) => (bySn.get(r.sn) ? deviceLabel(bySn.get(r.sn)!) : r.sn), hideable: false },
      {
        id: 'outcome', header: t('bulk.results.outcome'), value: (r) => r.outcome,
        cell: (r) => <Badge $tone={TONE[r.outcome]}>{t(`bulk.results.outcomes.${r.outcome}`)}</Badge>,
      },
      {
        id: 'detail', header: t('bulk.results.detail'), sortable: false,
        value: (r) => {
          const detail = resultDetail(r, bySn.get(r.sn), operations);
          if (detail.kind === 'error') return detail.message;
          if (detail.kind === 'removed') return t('bulk.results.removed');
          if (detail.kind === 'progress') return [t(`bulk.results.progress.${detail.state}`), detail.message].filter(Boolean).join(': ');
          return '';
        },
      },
    ],
    [t, bySn, operations],
  );
  return (
    <Modal
      open
      title={t('bulk.results.title', { action: t(`bulk.kind.${answer.kind}`) })}
      onClose={onClose}
      width="min(720px, calc(100vw - 16px))"
      footer={<Button onClick={onClose}>{t('bulk.results.close')}</Button>}
    >
      <p>{t('bulk.results.summary', { succeeded: answer.succeeded, refused: answer.refused, failed: answer.failed })}</p>
      <Table label={t('bulk.results.tableLabel')} columns={columns} data={answer.results} getRowId={(r) => r.sn} searchable={false} />
    </Modal>
  );
}
