// Auto maintenance of the project (spec §1; docs/maintenance.md "Auto maintenance"), on the device
// list (/manage/devconf): the weekdays and the time, in the project's zone, a window opens, and what
// runs in it — a restart of every device but NVRs, an upgrade of the devices behind their model's
// recommended firmware (a staged rollout), or both. Checked in the page with the contracts schema the
// server checks it with; read-only, with the reason, where can() says so.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API, MaintenanceWindowRequestSchema, type MaintenanceWindowState } from '@airloom/contracts';
import { ApiError, Button, Card, ConfirmDialog, InlineNotice, Row, Stack, TextField, refusalText, translateFailure, useCan, useLoad, useMfe, type ProjectRef } from '@airloom/shared-ui';
import { Checkbox } from '../../components/Checkbox';
import { zoneLabel } from '../backup/schedule-summary';
import { whenText } from '../maintenance/RebootScheduleCard';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0];

interface Draft {
  enabled: boolean;
  days: number[];
  time: string;
  reboot: boolean;
  upgrade: boolean;
}

export function MaintenanceWindowCard({ project }: { project: ProjectRef }) {
  const { t } = useTranslation('devices');
  const mfe = useMfe();
  const api = useMemo(
    () => ({
      get: (signal?: AbortSignal) => mfe.api.call(API.deviceOps.maintenanceWindow, { params: { id: project.id }, signal }),
      set: (body: Draft) => mfe.api.call(API.deviceOps.setMaintenanceWindow, { params: { id: project.id }, body }),
    }),
    [mfe.api, project.id],
  );
  const edit = useCan('device.maintain');
  const loaded = useLoad((signal) => api.get(signal));
  const [saved, setSaved] = useState<MaintenanceWindowState | null>(null);
  const current = saved ?? loaded.data ?? null;
  const [draft, setDraft] = useState<Draft | null>(null);
  const shown: Draft | null = draft ?? (current ? { enabled: current.enabled, days: current.days, time: current.time, reboot: current.reboot, upgrade: current.upgrade } : null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const [asking, setAsking] = useState<Draft | null>(null);
  const [busy, setBusy] = useState(false);
  const zone = current?.zone ?? '';
  const locked = !edit.ok || busy;

  function check(value: Draft): Draft | null {
    const parsed = MaintenanceWindowRequestSchema.safeParse(value);
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    const out: Record<string, string> = {};
    // the rule that a window does something is reported on `reboot`: shown under "what it does"
    for (const issue of parsed.error.issues) out[issue.path[0] === 'reboot' ? 'what' : String(issue.path[0] ?? 'days')] ??= translateFailure(t, { key: issue.message, params: {} }) ?? '';
    setErrors(out);
    return null;
  }

  async function save(value: Draft) {
    setBusy(true);
    setNotice(null);
    try {
      setSaved(await api.set(value));
      setDraft(null);
      setNotice({ tone: 'success', text: t('maintenanceWindow.saved') });
    } catch (err) {
      setNotice({ tone: 'danger', text: t('maintenanceWindow.saveFailed', { message: err instanceof ApiError ? err.message : t('errors.generic.operationFailed') }) });
    } finally {
      setBusy(false);
      setAsking(null);
    }
  }

  const change = (patch: Partial<Draft>) => shown && setDraft({ ...shown, ...patch });
  const last = current?.lastResult;
  return (
    <Card title={t('maintenanceWindow.title')} data-maintenance="window">
      <Stack $gap="sm">
        <p>{t('maintenanceWindow.description', { zone: zoneLabel(zone) })}</p>
        {loaded.error && !current && <InlineNotice tone="danger">{t('maintenanceWindow.loadFailed', { message: loaded.error.message })}</InlineNotice>}
        {!edit.ok && <InlineNotice tone="info">{t('maintenanceWindow.readOnly', { reason: refusalText(edit.code) })}</InlineNotice>}
        {notice && <InlineNotice tone={notice.tone}>{notice.text}</InlineNotice>}
        {current?.enabled && current.nextRunAt !== null && <p data-testid="window-next">{t('maintenanceWindow.next', { when: whenText(current.nextRunAt, zone), zone: zoneLabel(zone) })}</p>}
        {current && !current.enabled && <p>{t('maintenanceWindow.off')}</p>}
        {current?.lastRunAt != null && last && (
          <p data-testid="window-last">{t('maintenanceWindow.last', { when: whenText(current.lastRunAt, zone), queued: last.queued, skipped: last.skipped, excluded: last.excluded, upgraded: last.upgraded })}</p>
        )}
        {shown && (
          <form
            aria-label={t('maintenanceWindow.title')}
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              const value = check(shown);
              if (!value) return;
              // turning on work that disturbs every device asks first
              if (value.enabled) setAsking(value);
              else void save(value);
            }}
          >
            <Stack $gap="sm">
                <Checkbox disabled={locked} label={t('maintenanceWindow.enabled')} checked={shown.enabled} onChange={(on) => change({ enabled: on })} />
                <fieldset>
                  <legend>{t('maintenanceWindow.days')}</legend>
                  <Row $gap="sm" $wrap>
                    {WEEKDAYS.map((d) => (
                      <Checkbox key={d} disabled={locked} label={t(`backup.weekdays.${d}`)} checked={shown.days.includes(d)} onChange={(on) => change({ days: on ? [...shown.days, d] : shown.days.filter((x) => x !== d) })} />
                    ))}
                  </Row>
                  {errors.days && <p role="alert">{errors.days}</p>}
                </fieldset>
                <TextField disabled={locked} label={t('maintenanceWindow.time')} type="time" required value={shown.time} onChange={(v) => change({ time: v })} error={errors.time} />
                <fieldset>
                  <legend>{t('maintenanceWindow.what')}</legend>
                  <Checkbox disabled={locked} label={t('maintenanceWindow.reboot')} checked={shown.reboot} onChange={(on) => change({ reboot: on })} />
                  <Checkbox disabled={locked} label={t('maintenanceWindow.upgrade')} checked={shown.upgrade} onChange={(on) => change({ upgrade: on })} />
                  {errors.what && <p role="alert">{errors.what}</p>}
                </fieldset>
                {edit.ok && (
                  <Row>
                    <Button type="submit" variant="primary" busy={busy}>
                      {t('maintenanceWindow.save')}
                    </Button>
                  </Row>
                )}
            </Stack>
          </form>
        )}
      </Stack>
      <ConfirmDialog
        open={asking !== null}
        title={t('maintenanceWindow.confirmTitle')}
        message={asking ? [asking.reboot ? t('maintenanceWindow.confirmReboot') : '', asking.upgrade ? t('maintenanceWindow.confirmUpgrade') : ''].filter(Boolean).join(' ') : ''}
        confirmLabel={t('maintenanceWindow.confirmLabel')}
        danger={false}
        busy={busy}
        onConfirm={() => asking && void save(asking)}
        onCancel={() => setAsking(null)}
      />
    </Card>
  );
}
