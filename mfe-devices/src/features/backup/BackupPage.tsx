// Configuration backup (spec §2 /manage/backup, WLAN only): the project's general backups and its
// devices' restore points with their sync state (spec §4), made, remarked, compared, restored,
// downloaded, uploaded and deleted here. The list follows the configuration changes live (a sync
// state settles when the devices confirm), and a restore shows its progress (RestoreDialog).
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BACKUP_FILE_MAX_BYTES, LIMITS, type Backup, type BackupScheduleView, type BackupSyncState, type DeviceItem } from '@airloom/contracts';
import {
  ApiError,
  Badge,
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  InlineNotice,
  Modal,
  Page,
  PageHeader,
  Row,
  Select,
  Spinner,
  Stack,
  Table,
  TextField,
  useCan,
  useLoad,
  useMfe,
  useNotice,
  refusalText,
  type BadgeTone,
  type ProjectRef,
  type TableColumn,
} from '@airloom/shared-ui';
import { createDevicesApi } from '../../api';
import { deviceLabel } from '../config/device-name';
import { useProjectConfig } from '../config/useProjectConfig';
import { createBackupApi, type BackupApi } from './api';
import { RestoreDialog } from './RestoreDialog';
import { ScheduleDialog } from './ScheduleDialog';
import { scheduleSummary } from './schedule-summary';

const SYNC_TONE: Record<BackupSyncState, BadgeTone> = { unsynchronized: 'neutral', synchronizing: 'warning', synchronized: 'success', failed: 'danger' };

export function BackupPage() {
  const { t } = useTranslation('devices');
  const { project } = useMfe();
  if (!project) {
    return (
      <Page>
        <EmptyState title={t('backup.title')} />
      </Page>
    );
  }
  return <Backups key={project.id} project={project} />;
}

function errorText(err: unknown, fallback: string): string {
  return err instanceof ApiError ? err.message : fallback;
}

function saveFile(name: string, content: unknown): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(content, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function Backups({ project }: { project: ProjectRef }) {
  const { t } = useTranslation('devices');
  const mfe = useMfe();
  const { notify } = useNotice();
  const devicesApi = useMemo(() => createDevicesApi(mfe.api, project.id), [mfe.api, project.id]);
  const api = useMemo(() => createBackupApi(mfe.api, project.id), [mfe.api, project.id]);
  const { devices, changes } = useProjectConfig(devicesApi, project.id);
  const list = useLoad((signal) => api.list(signal));
  const schedule = useLoad((signal) => api.schedule(signal));
  const { reload } = list;
  const [scheduling, setScheduling] = useState(false);
  const may = useCan('project.backup');
  const [making, setMaking] = useState<'general' | 'restore-point' | null>(null);
  const [remarking, setRemarking] = useState<Backup | null>(null);
  const [deleting, setDeleting] = useState<Backup | null>(null);
  const [restoring, setRestoring] = useState<Backup | null>(null);
  const [busy, setBusy] = useState(false);
  const upload = useRef<HTMLInputElement>(null);

  // a configuration change may settle a backup's sync state, and a device's status change may come with
  // a restore point the console took (before a factory reset): read the list again
  const heard = useRef(changes.seq);
  useEffect(() => {
    if (changes.seq === heard.current) return;
    heard.current = changes.seq;
    reload();
  }, [changes.seq, reload]);
  const statuses = devices?.map((d) => `${d.sn}:${d.status}`).join(',') ?? '';
  const seenStatuses = useRef(statuses);
  useEffect(() => {
    if (statuses === seenStatuses.current) return;
    const first = seenStatuses.current === '';
    seenStatuses.current = statuses;
    if (!first) reload();
  }, [statuses, reload]);

  async function run(work: () => Promise<unknown>, done: string, failed: string, state: 'saving' | 'uploading' = 'saving'): Promise<boolean> {
    setBusy(true);
    mfe.setLoading(state);
    try {
      await work();
      notify({ tone: 'info', message: done });
      reload();
      schedule.reload();
      return true;
    } catch (err) {
      notify({ tone: 'danger', message: t(failed, { message: errorText(err, t('errors.generic.operationFailed')) }) });
      return false;
    } finally {
      mfe.setLoading('end');
      setBusy(false);
    }
  }

  async function download(b: Backup) {
    try {
      saveFile(b.fileName, await api.download(b.id));
    } catch (err) {
      notify({ tone: 'danger', message: t('backup.downloadFailed', { message: errorText(err, t('errors.generic.operationFailed')) }) });
    }
  }

  async function uploadFile(file: File) {
    if (file.size > BACKUP_FILE_MAX_BYTES) {
      notify({ tone: 'danger', message: t('backup.uploadFailed', { message: t('backup.tooLarge') }) });
      return;
    }
    let content: Record<string, unknown>;
    try {
      content = JSON.parse(await file.text()) as Record<string, unknown>;
    } catch {
      notify({ tone: 'danger', message: t('backup.uploadFailed', { message: t('backup.notJson') }) });
      return;
    }
    await run(() => api.upload(content), t('backup.uploaded', { name: file.name }), 'backup.uploadFailed', 'uploading');
  }

  const deviceName = (sn: string | null) => {
    if (!sn) return t('backup.allDevices');
    const d = devices?.find((x) => x.sn === sn);
    return d ? deviceLabel(d) : sn;
  };

  const columns = useMemo<TableColumn<Backup>[]>(
    () => [
      { id: 'fileName', header: t('backup.column.fileName'), value: (b) => b.fileName, hideable: false },
      { id: 'device', header: t('backup.column.device'), value: (b) => deviceName(b.sn) },
      { id: 'model', header: t('backup.column.model'), value: (b) => b.model ?? '—' },
      { id: 'mac', header: t('backup.column.mac'), value: (b) => b.mac ?? '—' },
      { id: 'type', header: t('backup.column.type'), value: (b) => t(`enums.backupType.${b.type}`) },
      { id: 'size', header: t('backup.column.size'), value: (b) => b.sizeKb, cell: (b) => t('backup.sizeKb', { size: b.sizeKb.toFixed(2) }) },
      { id: 'createdAt', header: t('backup.column.createdAt'), value: (b) => b.createdAt, cell: (b) => new Date(b.createdAt).toLocaleString() },
      {
        id: 'sync',
        header: t('backup.column.sync'),
        value: (b) => b.syncState,
        cell: (b) => (
          <Badge $tone={SYNC_TONE[b.syncState]} data-sync={b.syncState}>
            {t(`enums.backupSync.${b.syncState}`)}
          </Badge>
        ),
      },
      {
        id: 'remark',
        header: t('backup.column.remark'),
        value: (b) => [b.origin === 'manual' ? '' : t(`backup.origin.${b.origin}`), b.remark].filter(Boolean).join(' — '),
        cell: (b) =>
          b.origin === 'scheduled' ? (
            <>
              <Badge $tone="info" data-origin="scheduled">
                {t('backup.schedule.badge')}
              </Badge>
              {b.remark ? ` ${b.remark}` : ''}
            </>
          ) : (
            [b.origin === 'manual' ? '' : t(`backup.origin.${b.origin}`), b.remark].filter(Boolean).join(' — ')
          ),
      },
    ],
    [t, devices],
  );

  const data = list.data;
  return (
    <Page>
      <PageHeader
        title={t('backup.title')}
        description={t('backup.description', { project: project.projectName, max: data?.max ?? 128, minutes: data?.minIntervalMinutes ?? 3 })}
        actions={
          may.ok ? (
            <Row>
              <Button variant="primary" onClick={() => setMaking('general')} disabled={busy}>
                {t('backup.makeGeneral')}
              </Button>
              <Button onClick={() => setMaking('restore-point')} disabled={busy || !devices?.length}>
                {t('backup.makeRestorePoint')}
              </Button>
              <Button onClick={() => upload.current?.click()} disabled={busy}>
                {t('backup.upload')}
              </Button>
              <input
                ref={upload}
                type="file"
                accept="application/json,.json"
                hidden
                aria-label={t('backup.uploadLabel')}
                onChange={(e) => {
                  const file = e.currentTarget.files?.[0];
                  e.currentTarget.value = '';
                  if (file) void uploadFile(file);
                }}
              />
            </Row>
          ) : undefined
        }
      />
      {!may.ok && <InlineNotice tone="info">{t('backup.readOnly', { reason: refusalText(may.code) })}</InlineNotice>}
      {schedule.data && <SchedulePanel schedule={schedule.data} mayChange={may.ok} onChange={() => setScheduling(true)} />}
      {list.error && <InlineNotice tone="danger">{t('backup.loadFailed', { message: list.error.message })}</InlineNotice>}
      {!data ? (
        !list.error && <Spinner />
      ) : (
        <Table
          label={t('backup.tableLabel')}
          columns={columns}
          data={data.items}
          getRowId={(b) => String(b.id)}
          searchable
          initialSort={{ id: 'createdAt', desc: true }}
          rowActions={(b) => (
            <Row>
              <Button size="sm" onClick={() => setRestoring(b)} aria-label={t('backup.restoreOf', { name: b.fileName })}>
                {may.ok ? t('backup.restore') : t('backup.compare')}
              </Button>
              {may.ok && (
                <>
                  <Button size="sm" variant="secondary" onClick={() => setRemarking(b)} aria-label={t('backup.remarkOf', { name: b.fileName })}>
                    {t('backup.remark')}
                  </Button>
                  <Button size="sm" variant="secondary" onClick={() => void download(b)} aria-label={t('backup.downloadOf', { name: b.fileName })}>
                    {t('backup.download')}
                  </Button>
                  <Button size="sm" variant="danger" onClick={() => setDeleting(b)} aria-label={t('backup.deleteOf', { name: b.fileName })}>
                    {t('backup.delete')}
                  </Button>
                </>
              )}
            </Row>
          )}
          empty={<EmptyState title={t('backup.empty')} />}
        />
      )}
      {making && (
        <MakeDialog
          type={making}
          devices={devices ?? []}
          busy={busy}
          onCancel={() => setMaking(null)}
          onConfirm={(body) => void run(() => api.create(body), t(`backup.made.${making}`), 'backup.makeFailed').then((ok) => ok && setMaking(null))}
        />
      )}
      {remarking && (
        <RemarkDialog
          backup={remarking}
          busy={busy}
          onCancel={() => setRemarking(null)}
          onConfirm={(remark) => void run(() => api.remark(remarking.id, remark), t('backup.remarked'), 'backup.remarkFailed').then((ok) => ok && setRemarking(null))}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('backup.deleteTitle')}
        message={t('backup.deleteMessage', { name: deleting?.fileName ?? '' })}
        confirmLabel={t('backup.delete')}
        danger
        busy={busy}
        onConfirm={() => deleting && void run(() => api.remove(deleting.id), t('backup.deleted', { name: deleting.fileName }), 'backup.deleteFailed').then(() => setDeleting(null))}
        onCancel={() => setDeleting(null)}
      />
      {scheduling && schedule.data && (
        <ScheduleDialog
          api={api}
          schedule={schedule.data}
          onClose={() => setScheduling(false)}
          onSaved={() => {
            setScheduling(false);
            notify({ tone: 'info', message: t('backup.schedule.saved') });
            schedule.reload();
          }}
        />
      )}
      {restoring && <RestoreDialog api={api} backup={restoring} devices={devices ?? []} changes={changes} mayRestore={may.ok} onClose={() => setRestoring(null)} onRestored={reload} />}
    </Page>
  );
}

/** the schedule in a sentence, its next run, what the last run did; changed in ScheduleDialog */
function SchedulePanel({ schedule, mayChange, onChange }: { schedule: BackupScheduleView; mayChange: boolean; onChange(): void }) {
  const { t } = useTranslation('devices');
  const when = (iso: string) => new Date(iso).toLocaleString();
  return (
    <Card title={t('backup.schedule.title')} aria-label={t('backup.schedule.title')} data-testid="backup-schedule">
      <Stack $gap="sm">
        <span data-testid="schedule-summary">{scheduleSummary(t, schedule)}</span>
        {schedule.nextRunAt && <span>{t('backup.schedule.nextRun', { at: when(schedule.nextRunAt) })}</span>}
        {schedule.lastRunAt && schedule.lastResult && (
          <InlineNotice tone={schedule.lastResult === 'taken' ? 'info' : 'warning'}>
            {t('backup.schedule.lastRun', { at: when(schedule.lastRunAt) })} {t(`backup.schedule.lastResult.${schedule.lastResult}`, { max: LIMITS.generalBackupsPerProjectMax })}
          </InlineNotice>
        )}
        {mayChange && (
          <span>
            <Button onClick={onChange}>{t('backup.schedule.change')}</Button>
          </span>
        )}
      </Stack>
    </Card>
  );
}

function MakeDialog({ type, devices, busy, onCancel, onConfirm }: { type: 'general' | 'restore-point'; devices: readonly DeviceItem[]; busy: boolean; onCancel(): void; onConfirm(body: { type: 'general' | 'restore-point'; sn?: string; remark?: string }): void }) {
  const { t } = useTranslation('devices');
  const [sn, setSn] = useState(devices[0]?.sn ?? '');
  const [remark, setRemark] = useState('');
  return (
    <Modal
      open
      title={t(`backup.makeTitle.${type}`)}
      onClose={() => !busy && onCancel()}
      footer={
        <>
          <Button onClick={onCancel} disabled={busy}>
            {t('backup.cancel')}
          </Button>
          <Button variant="primary" disabled={busy || (type === 'restore-point' && !sn) || remark.length > 128} onClick={() => onConfirm({ type, ...(type === 'restore-point' ? { sn } : {}), ...(remark ? { remark } : {}) })}>
            {t('backup.make')}
          </Button>
        </>
      }
    >
      <p>{t(`backup.makeHint.${type}`)}</p>
      {type === 'restore-point' && (
        <Select label={t('backup.device')} value={sn} onChange={setSn} options={devices.map((d) => ({ value: d.sn, label: `${deviceLabel(d)} (${d.model}, ${d.sn})` }))} />
      )}
      <TextField label={t('backup.remarkLabel')} value={remark} onChange={setRemark} maxLength={128} error={remark.length > 128 ? t('backup.remarkTooLong') : null} />
    </Modal>
  );
}

function RemarkDialog({ backup, busy, onCancel, onConfirm }: { backup: Backup; busy: boolean; onCancel(): void; onConfirm(remark: string): void }) {
  const { t } = useTranslation('devices');
  const [remark, setRemark] = useState(backup.remark);
  return (
    <Modal
      open
      title={t('backup.remarkTitle', { name: backup.fileName })}
      onClose={() => !busy && onCancel()}
      footer={
        <>
          <Button onClick={onCancel} disabled={busy}>
            {t('backup.cancel')}
          </Button>
          <Button variant="primary" disabled={busy} onClick={() => onConfirm(remark.trim())}>
            {t('backup.saveRemark')}
          </Button>
        </>
      }
    >
      <TextField label={t('backup.remarkLabel')} value={remark} onChange={setRemark} maxLength={128} />
    </Modal>
  );
}

export type { BackupApi };
