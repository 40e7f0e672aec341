// Display of figures the device reports.
import type { TFunction } from 'i18next';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** spec §9: sizes show 2 decimals. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(2)} ${UNITS[unit]}`;
}

export function formatUptime(t: TFunction, seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.floor(seconds % 60);
  if (d > 0) return t('network.duration.days', { d, h });
  if (h > 0) return t('network.duration.hours', { h, m });
  return t('network.duration.minutes', { m, s });
}

export function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}
