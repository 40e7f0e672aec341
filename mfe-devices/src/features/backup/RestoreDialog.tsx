// Restore a backup: first what it would change (per section, each field now → backup), the sections
// to restore (all by default), for a restore point the device it goes to (a replacement of the same
// model: the RMA case); then, after the confirmation, the progress of every section written as its
// device applies it — heard live from the project's configuration events.
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Backup, BackupDiff, ChangeResult, DeviceItem, RestoreResult } from '@airloom/contracts';
import { ApiError, Badge, Button, InlineNotice, Modal, Select, Spinner, useLoad, useMfe, type BadgeTone } from '@airloom/shared-ui';
import { Checkbox } from '../../components/Checkbox';
import { deviceLabel } from '../config/device-name';
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
  const diff = useLoad((signal) => api.diff(backup.id, signal));
  const [picked, setPicked] = useState<Set<string> | null>(null);
  const [target, setTarget] = useState(backup.sn ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<RestoreResult | null>(null);
  const [progress, setProgress] = useState<Record<string, ChangeResult>>({});

  const sections: BackupDiff['sections'] = diff.data?.sections ?? [];
  const names = useMemo(() => [...new Set(sections.map((s) => s.section))], [sections]);
  const chosen = picked ?? new Set(names);
  const sameModel = devices.filter((d) => backup.type === 'restore-point' && d.model === backup.model);
  const elsewhere = backup.type === 'restore-point' && target !== '' && target !== backup.sn;

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
      const all = chosen.size === names.length;
      const answer = await api.restore(backup.id, {
        ...(!all && !elsewhere ? { sections: [...chosen] } : {}),
        ...(elsewhere ? { sns: [target] } : {}),
      });
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
              <Button variant="danger" disabled={busy || !diff.data || (!elsewhere && (sections.length === 0 || chosen.size === 0))} onClick={() => void restore()}>
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
                  return (
                    <li key={key(w.sn, w.section)} data-progress={state}>
                      {t('backup.progressItem', { section: t(`backup.section.${w.section}`), device: label(w.sn), version: w.version })}{' '}
                      <Badge $tone={TONE[state]}>{t(`history.result.${state}`)}</Badge>
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
          {backup.type === 'restore-point' && mayRestore && (
            <Select
              label={t('backup.restoreTo')}
              hint={t('backup.restoreToHint', { model: backup.model ?? '' })}
              value={target}
              onChange={setTarget}
              options={sameModel.map((d) => ({ value: d.sn, label: `${deviceLabel(d)} (${d.sn})` }))}
            />
          )}
          {elsewhere && <InlineNotice tone="info">{t('backup.rmaNotice', { from: backup.sn ?? '', to: target })}</InlineNotice>}
          {!diff.data ? (
            !diff.error && <Spinner />
          ) : sections.length === 0 ? (
            <p>{t('backup.noDifference')}</p>
          ) : (
            <>
              <p>{mayRestore ? t('backup.diffIntro') : t('backup.diffIntroReadOnly')}</p>
              <Sections aria-label={t('backup.diffLabel')}>
                {sections.map((s) => (
                  <li key={key(s.sn, s.section)}>
                    {mayRestore && !elsewhere ? (
                      <Checkbox
                        label={t('backup.sectionOf', { section: t(`backup.section.${s.section}`), device: label(s.sn ?? s.target) })}
                        checked={chosen.has(s.section)}
                        onChange={(on: boolean) => {
                          const next = new Set(chosen);
                          if (on) next.add(s.section);
                          else next.delete(s.section);
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
