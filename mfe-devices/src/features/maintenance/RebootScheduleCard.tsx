// Scheduled and cyclic restarts of a device (spec §1 device maintenance, §4 modes, §5 timer rules),
// in its Maintenance tab. The list is the device's whole schedule: adding or removing one saves the
// new list (PUT), checked in the page with the same contracts schema the server checks it with. The
// console restarts the device at each due time (docs/maintenance.md "Scheduled and cyclic reboot").
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  DEVICE_OPERATIONS,
  LIMITS,
  REBOOT_INTERVAL_MINUTES,
  RebootScheduleRequestSchema,
  type DeviceItem,
  type RebootSchedule,
  type RebootScheduleState,
} from '@airloom/contracts';
import { ApiError, Button, Card, InlineNotice, Row, Select, Stack, TextField, refusalText, translateFailure, useCan, useLoad, useMfe, type ProjectRef } from '@airloom/shared-ui';
import { Checkbox } from '../../components/Checkbox';
import { zoneLabel } from '../backup/schedule-summary';
import { createRebootScheduleApi } from './reboot-schedule-api';

type Mode = RebootSchedule['mode'];
const MODES: Mode[] = ['interval', 'daily', 'weekly'];
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0];
const listSchema = RebootScheduleRequestSchema.shape.schedules;
const itemSchema = listSchema.element;

export function scheduleText(t: TFunction, s: RebootSchedule): string {
  if (s.mode === 'interval') return t('rebootSchedule.interval', { count: s.minutes });
  if (s.mode === 'daily') return t('rebootSchedule.daily', { time: s.time });
  const days = WEEKDAYS.filter((d) => s.days.includes(d)).map((d) => t(`backup.weekdays.${d}`));
  return t('rebootSchedule.weekly', { time: s.time, days: days.join(', ') });
}

/** a time in the project's zone, as the schedules are written */
export function whenText(ms: number, zone: string): string {
  const fixed = /^[+-]?\d/.test(zone) ? Number(zone) : null;
  if (fixed !== null && Number.isFinite(fixed)) {
    const d = new Date(ms + fixed * 3_600_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
  }
  try {
    return new Intl.DateTimeFormat('en-GB', { timeZone: zone, dateStyle: 'medium', timeStyle: 'short' }).format(ms);
  } catch {
    return new Date(ms).toISOString();
  }
}

interface Draft {
  mode: Mode;
  minutes: string;
  time: string;
  days: number[];
}

function draftValue(d: Draft): unknown {
  if (d.mode === 'interval') return { mode: 'interval', minutes: d.minutes.trim() === '' ? undefined : Number(d.minutes) };
  if (d.mode === 'daily') return { mode: 'daily', time: d.time };
  return { mode: 'weekly', days: d.days, time: d.time };
}

export function RebootScheduleCard({ project, device }: { project: ProjectRef; device: DeviceItem }) {
  const { t } = useTranslation('devices');
  const mfe = useMfe();
  const api = useMemo(() => createRebootScheduleApi(mfe.api, project.id), [mfe.api, project.id]);
  // the schedule is the console's: the device's rules for a restart, without needing it online now
  const edit = useCan(DEVICE_OPERATIONS.reboot.action, { ...device, status: 1 });
  const loaded = useLoad((signal) => api.get(device.sn, signal));
  const [state, setState] = useState<RebootScheduleState | null>(null);
  const [draft, setDraft] = useState<Draft>({ mode: 'daily', minutes: '', time: '04:00', days: [] });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const current = state ?? loaded.data;
  const schedules = current?.schedules ?? [];
  const zone = current?.zone ?? '';

  async function save(next: RebootSchedule[]): Promise<boolean> {
    setBusy(true);
    setNotice(null);
    try {
      setState(await api.set(device.sn, next));
      setNotice({ tone: 'success', text: t('rebootSchedule.saved') });
      return true;
    } catch (err) {
      setNotice({ tone: 'danger', text: t('rebootSchedule.saveFailed', { message: err instanceof ApiError ? err.message : t('errors.generic.operationFailed') }) });
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function add() {
    const item = itemSchema.safeParse(draftValue(draft));
    if (!item.success) {
      const out: Record<string, string> = {};
      for (const issue of item.error.issues) {
        const field = String(issue.path[0] ?? 'mode');
        out[field] ??= translateFailure(t, { key: issue.message, params: {} }) ?? '';
      }
      setErrors(out);
      return;
    }
    const list = listSchema.safeParse([...schedules, item.data]);
    if (!list.success) {
      setErrors({ mode: translateFailure(t, { key: list.error.issues[0]?.message ?? '', params: {} }) ?? '' });
      return;
    }
    setErrors({});
    if (await save(list.data)) setDraft({ ...draft, minutes: '', days: [] });
  }

  const full = schedules.length >= LIMITS.timerSchedulesMax;
  return (
    <Card title={t('rebootSchedule.title')} data-maintenance="reboot-schedule">
      <Stack $gap="sm">
        <p>{t('rebootSchedule.description', { max: LIMITS.timerSchedulesMax, zone: zoneLabel(zone) })}</p>
        {loaded.error && !current && <InlineNotice tone="danger">{t('rebootSchedule.loadFailed', { message: loaded.error.message })}</InlineNotice>}
        {!edit.ok && <InlineNotice tone="info">{t('rebootSchedule.readOnly', { reason: refusalText(edit.code) })}</InlineNotice>}
        {notice && (
          <InlineNotice tone={notice.tone}>{notice.text}</InlineNotice>
        )}
        {current &&
          (schedules.length === 0 ? (
            <p>{t('rebootSchedule.none')}</p>
          ) : (
            <ul aria-label={t('rebootSchedule.listLabel')} data-testid="reboot-schedules">
              {schedules.map((s, i) => (
                <li key={`${s.mode}-${i}`}>
                  <Row $gap="sm" $wrap>
                    <span>{scheduleText(t, s)}</span>
                    {edit.ok && (
                      <Button size="sm" disabled={busy} aria-label={t('rebootSchedule.removeLabel', { schedule: scheduleText(t, s) })} onClick={() => void save(schedules.filter((_, j) => j !== i))}>
                        {t('rebootSchedule.remove')}
                      </Button>
                    )}
                  </Row>
                </li>
              ))}
            </ul>
          ))}
        {current?.nextRunAt != null && <p data-testid="reboot-next">{t('rebootSchedule.next', { when: whenText(current.nextRunAt, zone), zone: zoneLabel(zone) })}</p>}
        {current?.lastRunAt != null && current.lastResult && <p>{t(`rebootSchedule.last.${current.lastResult}`, { when: whenText(current.lastRunAt, zone) })}</p>}

        {edit.ok && current && (full ? (
          <InlineNotice tone="info">{t('rebootSchedule.full', { max: LIMITS.timerSchedulesMax })}</InlineNotice>
        ) : (
          <form
            aria-label={t('rebootSchedule.add')}
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void add();
            }}
          >
            <Stack $gap="sm">
              <Select
                label={t('rebootSchedule.mode')}
                value={draft.mode}
                options={MODES.map((m) => ({ value: m, label: t(`enums.scheduledRebootMode.${m}`) }))}
                onChange={(v) => setDraft({ ...draft, mode: v as Mode })}
                error={errors.mode}
              />
              {draft.mode === 'interval' ? (
                <TextField
                  label={t('rebootSchedule.minutes')}
                  hint={t('rebootSchedule.minutesHint', { min: REBOOT_INTERVAL_MINUTES.min, max: REBOOT_INTERVAL_MINUTES.max })}
                  inputMode="numeric"
                  required
                  value={draft.minutes}
                  onChange={(v) => setDraft({ ...draft, minutes: v })}
                  error={errors.minutes}
                />
              ) : (
                <TextField label={t('rebootSchedule.time')} type="time" required value={draft.time} onChange={(v) => setDraft({ ...draft, time: v })} error={errors.time} />
              )}
              {draft.mode === 'weekly' && (
                <fieldset>
                  <legend>{t('rebootSchedule.days')}</legend>
                  <Row $gap="sm" $wrap>
                    {WEEKDAYS.map((d) => (
                      <Checkbox
                        key={d}
                        label={t(`backup.weekdays.${d}`)}
                        checked={draft.days.includes(d)}
                        onChange={(on) => setDraft({ ...draft, days: on ? [...draft.days, d] : draft.days.filter((x) => x !== d) })}
                      />
                    ))}
                  </Row>
                  {errors.days && (
                    <p role="alert" data-testid="days-error">
                      {errors.days}
                    </p>
                  )}
                </fieldset>
              )}
              <Row>
                <Button type="submit" variant="primary" busy={busy}>
                  {t('rebootSchedule.add')}
                </Button>
              </Row>
            </Stack>
          </form>
        ))}
      </Stack>
    </Card>
  );
}
