// The schedule in one sentence ("Every day at 03:00 UTC+8, keeping the newest 14") and the zone as
// people read it: a fixed offset as UTC±h[:mm], a named zone by its name.
import type { TFunction } from 'i18next';
import type { BackupScheduleView } from '@airloom/contracts';

export function zoneLabel(zone: string): string {
  if (!/^[+-]?\d/.test(zone)) return zone;
  const hours = Number(zone);
  if (!Number.isFinite(hours) || hours === 0) return 'UTC';
  const whole = Math.trunc(Math.abs(hours));
  const minutes = Math.round((Math.abs(hours) - whole) * 60);
  return `UTC${hours > 0 ? '+' : '−'}${whole}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
}

export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

export function scheduleSummary(t: TFunction, s: Pick<BackupScheduleView, 'mode' | 'weekday' | 'hour' | 'keep' | 'zone'>): string {
  if (s.mode === 'off') return t('backup.schedule.off');
  return t(`backup.schedule.${s.mode}`, { time: hourLabel(s.hour), zone: zoneLabel(s.zone), keep: s.keep, weekday: t(`backup.weekdays.${s.weekday}`) });
}
