// Restore a backup: first what it would change (per section, each field now → backup), the device
// (all of a general backup's, or one) and the sections to restore (all by default, each a device's
// own checkbox), for a restore point the device it goes to (a replacement of the same model: the RMA
// case, compared as that device now → the backup, also when the old device was removed); then, after
// the confirmation, the progress of every section written as its device applies it — heard live
// from the project's configuration events.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Backup, BackupDiff, ChangeResult, DeviceItem, RestoreBackup, RestoreResult } from '@airloom/contracts';
import { GATEWAY_TYPES } from '@airloom/contracts/config';
import { ApiError, Badge, Button, InlineNotice, Modal, Select, Spinner, useLoad, useMfe, type BadgeTone } from '@airloom/shared-ui';
import { Checkbox } from '../../components/Checkbox';
import { deviceLabel } from '../config/device-name';
import { DeviceStatusBadge } from '../devconf/DeviceStatusBadge';
import { formatValue } from '../config/HistoryDrawer';
import type { ChangeSignal } from '../config/useProjectConfig';
import type { BackupApi } from './api';

const Sections = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  ul { margin: ${({ theme }) => theme.space.xs} 0 0; padding-left: ${({ theme }) => theme.space.lg}; }
  li, code { overflow-wrap: anywhere; }
`;

const TONE: Record<ChangeResult, BadgeTone> = { pending: 'warning', applied: 'success', failed: 'danger', superseded: 'neutral', 'rolled-back': 'danger' };
const key = (sn: string | null, section: string) => `${sn ?? ''}/${section}`;
/** the device a compared section goes to: its own SN, or (a gateway section) the project's gateway */
const deviceOf = (s: BackupDiff['sections'][number]) => s.sn ?? s.target ?? '';

export interface RestoreDialogProps {
  api: BackupApi;
  backup: Backup;
  devices: readonly DeviceItem[];
  changes: ChangeSignal;
  mayRestore: boolean;
  onClose(): void;
  onRestored(): void;
}

export function RestoreDialog({ api, backup, devices, changes, mayRestore, onClose, onRestored }: RestoreDialogProps) {
  const { t } = useTranslation('devices');
  const mfe = useMfe();
  const restorePoint = backup.type === 'restore-point';
  // a restore point goes to its own device while it is in the project; once removed, to a replacement someone chooses
  const [chosenTarget, setTarget] = useState<string | null>(null);
  const ownInProject = restorePoint && backup.sn !== null && devices.some((d) => d.sn === backup.sn);
  const target = chosenTarget ?? (ownInProject ? (backup.sn ?? '') : '');
  const elsewhere = restorePoint && target !== '' && target !== backup.sn;
  const needsTarget = restorePoint && target === '';
  const diff = useLoad((signal) => api.diff(backup.id, elsewhere ? [target] : undefined, signal));
  const [picked, setPicked] = useState<Set<string> | null>(null);
  const [only, setOnly] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<RestoreResult | null>(null);
  const [progress, setProgress] = useState<Record<string, ChangeResult>>({});

  // another target: compared again (that device now → the backup), every section ticked again
  const compared = useRef(target);
  const reloadDiff = diff.reload;
  useEffect(() => {
    if (compared.current === target) return;
    compared.current = target;
    setPicked(null);
    reloadDiff();
  }, [target, reloadDiff]);

  const loaded = diff.loading ? null : diff.data;
  const sections: BackupDiff['sections'] = useMemo(() => loaded?.sections ?? [], [loaded]);
  const skipped = loaded?.skipped ?? [];
  const owners = useMemo(() => [...new Set(sections.map(deviceOf))], [sections]);
  const shown = sections.filter((s) => only === '' || deviceOf(s) === only);
  const chosen = picked ?? new Set(sections.map((s) => key(s.sn, s.section)));
  const ticked = shown.filter((s) => chosen.has(key(s.sn, s.section)));
  const sameModel = devices.filter((d) => restorePoint && d.model === backup.model);

  // a written section's change heard on the stream: its result is the progress
  useEffect(() => {
    const change = changes.change;
    if (!result || !change) return;
    const written = result.written.find((w) => w.sn === change.sn && w.section === change.section && w.version === change.version);
    if (written) setProgress((p) => ({ ...p, [key(written.sn, written.section)]: change.result }));
  }, [changes, result]);

  async function restore() {
    setBusy(true);
    setError(null);
    mfe.setLoading('saving');
    try {
      // everything compared: the whole backup; otherwise exactly the ticked sections of each device
      const all = ticked.length === sections.length;
      const body: RestoreBackup = {
        ...(elsewhere ? { sns: [target] } : {}),
        ...(all ? {} : { items: ticked.map((s) => ({ sn: s.sn, section: s.section })) }),
      };
      const answer = await api.restore(backup.id, body);
      setResult(answer);
      setProgress(Object.fromEntries(answer.written.map((w) => [key(w.sn, w.section), 'pending' as ChangeResult])));
      onRestored();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('errors.generic.operationFailed'));
    } finally {
      mfe.setLoading('end');
      setBusy(false);
    }
  }

  const label = (sn: string | null) => {
    if (!sn) return t('backup.gateway');
    const d = devices.find((x) => x.sn === sn);
    return d ? deviceLabel(d) : sn;
  };
  const settled = result !== null && Object.values(progress).every((r) => r !== 'pending');

  return (
    <Modal
      open
      title={t('backup.restoreTitle', { name: backup.fileName })}
      onClose={() => !busy && onClose()}
      footer={
        result ? (
          <Button variant="primary" onClick={onClose}>
            {t('backup.close')}
          </Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={busy}>
              {t('backup.cancel')}
            </Button>
            {mayRestore && (
              <Button variant="danger" disabled={busy || !loaded || needsTarget || ticked.length === 0} onClick={() => void restore()}>
                {t('backup.confirmRestore')}
              </Button>
            )}
          </>
        )
      }
    >
      {result ? (
        <div aria-live="polite">
          {result.written.length === 0 ? (
            <p>{t('backup.nothingWritten')}</p>
          ) : (
            <>
              <p>{settled ? t('backup.restoreDone') : t('backup.restoreRunning', { count: result.written.length })}</p>
              <Sections aria-label={t('backup.progressLabel')}>
                {result.written.map((w) => {
                  const state = progress[key(w.sn, w.section)] ?? 'pending';
                  // the device's own status beside it (spec §3: "online, not saved" until it holds the restored version)
                  const holder = w.sn ? devices.find((d) => d.sn === w.sn) : devices.find((d) => GATEWAY_TYPES.includes(d.type));
                  return (
                    <li key={key(w.sn, w.section)} data-progress={state}>
                      {t('backup.progressItem', { section: t(`backup.section.${w.section}`), device: label(w.sn), version: w.version })}{' '}
                      <Badge $tone={TONE[state]}>{t(`history.result.${state}`)}</Badge> {holder && <DeviceStatusBadge device={holder} />}
                    </li>
                  );
                })}
              </Sections>
            </>
          )}
          {result.restorePoints.length > 0 && <p>{t('backup.restorePointsTaken', { count: result.restorePoints.length })}</p>}
        </div>
      ) : (
        <>
          {error && <InlineNotice tone="danger">{t('backup.restoreFailed', { message: error })}</InlineNotice>}
          {diff.error && <InlineNotice tone="danger">{t('backup.diffFailed', { message: diff.error.message })}</InlineNotice>}
          {restorePoint && mayRestore && (
            <Select
              label={t('backup.restoreTo')}
              hint={t('backup.restoreToHint', { model: backup.model ?? '' })}
              value={target}
              onChange={setTarget}
              {...(ownInProject ? {} : { placeholder: t('backup.chooseDevice') })}
              options={sameModel.map((d) => ({ value: d.sn, label: `${deviceLabel(d)} (${d.sn})` }))}
            />
          )}
          {needsTarget && mayRestore && <InlineNotice tone="info">{t('backup.chooseReplacement', { sn: backup.sn ?? '' })}</InlineNotice>}
          {elsewhere && <InlineNotice tone="info">{t('backup.rmaNotice', { from: backup.sn ?? '', to: target })}</InlineNotice>}
          {!restorePoint && owners.length > 1 && (
            <Select
              label={t('backup.restoreWhich')}
              value={only}
              onChange={setOnly}
              options={[{ value: '', label: t('backup.allDevices') }, ...owners.map((sn) => ({ value: sn, label: sn ? label(sn) : t('backup.gateway') }))]}
            />
          )}
          {skipped.length > 0 && !needsTarget && (
            <InlineNotice tone="warning">{t('backup.skipped', { count: skipped.length, list: skipped.map((s) => t('backup.sectionOf', { section: t(`backup.section.${s.section}`), device: s.sn })).join(', ') })}</InlineNotice>
          )}
          {!loaded ? (
            !diff.error && <Spinner />
          ) : needsTarget ? null : shown.length === 0 ? (
            <p>{t('backup.noDifference')}</p>
          ) : (
            <>
              <p>{mayRestore ? t('backup.diffIntro') : t('backup.diffIntroReadOnly')}</p>
              <Sections aria-label={t('backup.diffLabel')}>
                {shown.map((s) => (
                  <li key={key(s.sn, s.section)}>
                    {mayRestore ? (
                      <Checkbox
                        label={t('backup.sectionOf', { section: t(`backup.section.${s.section}`), device: label(s.sn ?? s.target) })}
                        checked={chosen.has(key(s.sn, s.section))}
                        onChange={(on: boolean) => {
                          const next = new Set(chosen);
                          if (on) next.add(key(s.sn, s.section));
                          else next.delete(key(s.sn, s.section));
                          setPicked(next);
                        }}
                      />
                    ) : (
                      <strong>{t('backup.sectionOf', { section: t(`backup.section.${s.section}`), device: label(s.sn ?? s.target) })}</strong>
                    )}
                    <ul aria-label={t('backup.fieldsOf', { section: t(`backup.section.${s.section}`) })}>
                      {s.changes.map((c) => (
                        <li key={c.path}>
                          <code>{c.path}</code>: {formatValue(c.old)} → {formatValue(c.new)}
                        </li>
                      ))}
                    </ul>
                  </li>
                ))}
              </Sections>
              {mayRestore && <p>{t('backup.restoreWarning')}</p>}
            </>
          )}
        </>
      )}
    </Modal>
  );
}
