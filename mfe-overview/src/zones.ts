import { TIME_ZONES } from '@airloom/contracts';
import type { SelectOption } from '@airloom/shared-ui';

/** '+5.75' → 'UTC+5:45', '-3.5' → 'UTC-3:30', '+8' → 'UTC+8' (spec §3 zone, default +8). */
export function zoneLabel(zone: string): string {
  const value = Number(zone);
  if (!Number.isFinite(value)) return zone;
  const sign = value < 0 ? '-' : '+';
  const abs = Math.abs(value);
  const hours = Math.trunc(abs);
  const minutes = Math.round((abs - hours) * 60);
  return `UTC${sign}${hours}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
}

export const ZONE_OPTIONS: readonly SelectOption[] = TIME_ZONES.map((zone) => ({ value: zone, label: zoneLabel(zone) }));
