// The history of one section (ARCHITECTURE §7 "every write records a change"): newest first, who,
// when, each field old → new, and the result; any earlier version can be made the desired one again
// (Revert, after a confirmation), which is a new change of its own.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { ConfigChange } from '@airloom/contracts';
import { ApiError, Badge, Button, ConfirmDialog, InlineNotice, SidePanel, Spinner, useLoad, useMfe, useNotice, type BadgeTone } from '@airloom/shared-ui';
import type { DevicesApi, SectionRef } from '../../api';
import type { ChangeSignal } from './useProjectConfig';

const RESULT_TONE: Record<ConfigChange['result'], BadgeTone> = {
  pending: 'warning',
  applied: 'success',
  failed: 'danger',
  superseded: 'neutral',
  'rolled-back': 'danger',
};

const Entries = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  > li { border-bottom: 1px solid ${({ theme }) => theme.colors.border}; padding-bottom: ${({ theme }) => theme.space.lg}; }
  h3 { display: flex; flex-wrap: wrap; gap: ${({ theme }) => theme.space.sm}; align-items: center; }
  ul { margin: ${({ theme }) => theme.space.sm} 0; padding-left: ${({ theme }) => theme.space.lg}; }
  li, code { overflow-wrap: anywhere; }
`;

/** A stored value as a person reads it: absent is a dash, lists and objects as compact JSON. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value === '' ? '""' : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const json = JSON.stringify(value);
  return json.length > 120 ? `${json.slice(0, 117)}…` : json;
}

export interface HistoryDrawerProps {
  api: DevicesApi;
  target: SectionRef;
  title: string;
  /** the desired version now: its entry cannot be reverted to */
  currentVersion: number;
  /** revert is offered (the user may change this section) */
  mayRevert: boolean;
  changes: ChangeSignal;
  onClose(): void;
  /** a revert was stored */
  onReverted(): void;
}

export function HistoryDrawer({ api, target, title, currentVersion, mayRevert, changes, onClose, onReverted }: HistoryDrawerProps) {
  const { t } = useTranslation('devices');
  const mfe = useMfe();
  const { notify } = useNotice();
  const history = useLoad((signal) => api.history(target, signal));
  const [reverting, setReverting] = useState<ConfigChange | null>(null);
  const [busy, setBusy] = useState(false);
  const { reload } = history;

  // a change of this section (or a broken stream) shows in the list at once
  const heard = useRef(changes.seq);
  useEffect(() => {
    if (changes.seq === heard.current) return;
    heard.current = changes.seq;
    reload();
  }, [changes.seq, reload]);

  async function revert(change: ConfigChange) {
    setBusy(true);
    mfe.setLoading('saving');
    try {
      await api.revert(change.id);
      notify({ tone: 'info', message: t('history.reverted', { version: change.version }) });
      onReverted();
      reload();
    } catch (err) {
      notify({ tone: 'danger', message: t('history.revertFailed', { message: err instanceof ApiError ? err.message : t('errors.generic.operationFailed') }) });
    } finally {
      mfe.setLoading('end');
      setBusy(false);
      setReverting(null);
    }
  }

  const items = history.data?.items ?? null;
  return (
    <SidePanel title={t('history.title', { section: title })} closeLabel={t('history.close')} onClose={onClose} itemKey={target.section}>
      {history.error && <InlineNotice tone="danger">{t('history.loadFailed', { message: history.error.message })}</InlineNotice>}
      {!items ? (
        !history.error && <Spinner />
      ) : items.length === 0 ? (
        <p>{t('history.empty')}</p>
      ) : (
        <Entries aria-label={t('history.listLabel')}>
          {items.map((change) => {
            const when = new Date(change.createdAt).toLocaleString();
            return (
              <li key={change.id} data-change-id={change.id}>
                <h3>
                  <span>{t('history.entry', { version: change.version, when })}</span>
                  <Badge $tone={RESULT_TONE[change.result]}>{t(`history.result.${change.result}`)}</Badge>
                </h3>
                <div>{t('history.by', { who: change.actor ?? t('history.console') })}</div>
                {change.revertOf !== null && <div>{t('history.revertOf', { id: change.revertOf })}</div>}
                {change.error && <div>{t('state.deviceSaid', { message: change.error.message })}</div>}
                {change.changes.length === 0 ? (
                  <p>{t('history.noFieldChanged')}</p>
                ) : (
                  <ul aria-label={t('history.fieldsLabel', { version: change.version })}>
                    {change.changes.map((f) => (
                      <li key={f.path}>
                        <code>{f.path}</code>: {formatValue(f.old)} → {formatValue(f.new)}
                      </li>
                    ))}
                  </ul>
                )}
                {mayRevert && change.version !== currentVersion && (
                  <Button size="sm" onClick={() => setReverting(change)} aria-label={t('history.revertTo', { version: change.version })}>
                    {t('history.revert')}
                  </Button>
                )}
              </li>
            );
          })}
        </Entries>
      )}
      <ConfirmDialog
        open={reverting !== null}
        title={t('history.confirmTitle')}
        message={t('history.confirmMessage', { version: reverting?.version ?? 0, when: reverting ? new Date(reverting.createdAt).toLocaleString() : '' })}
        confirmLabel={t('history.revert')}
        busy={busy}
        onConfirm={() => reverting && void revert(reverting)}
        onCancel={() => setReverting(null)}
      />
    </SidePanel>
  );
}
