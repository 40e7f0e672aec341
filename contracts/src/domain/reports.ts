// spec §3, §9: statistics, logs and backup vocabulary.
import { enEnums } from '../i18n/en-enums.js';

// spec §9: statistics time windows, in hours
export const TIME_WINDOWS = ['12h', '24h', '72h', '7d', '30d'] as const;
export type TimeWindow = (typeof TIME_WINDOWS)[number];
export const TIME_WINDOW_HOURS: Readonly<Record<TimeWindow, number>> = {
  '12h': 12,
  '24h': 24,
  '72h': 72,
  '7d': 168,
  '30d': 720,
};
export const TIME_WINDOW_LABELS: Readonly<Record<TimeWindow, string>> = enEnums.timeWindow;

// spec §9: data screen ranges, in days
export const DATA_SCREEN_RANGES = ['15d', '1m', '3m', '6m', '1y'] as const;
export type DataScreenRange = (typeof DATA_SCREEN_RANGES)[number];
export const DATA_SCREEN_RANGE_DAYS: Readonly<Record<DataScreenRange, number>> = {
  '15d': 15,
  '1m': 30,
  '3m': 90,
  '6m': 180,
  '1y': 365,
};
export const DATA_SCREEN_RANGE_LABELS: Readonly<Record<DataScreenRange, string>> = enEnums.dataScreenRange;

// spec §9: log retention choices in days
export const LOG_RETENTION_DAYS = [7, 30, 90, 180] as const;
export type LogRetentionDays = (typeof LOG_RETENTION_DAYS)[number];
export const LOG_RETENTION_LABELS: Readonly<Record<LogRetentionDays, string>> = enEnums.logRetention;

// spec §2: system log filters
export const LOG_TYPES = ['all', 'system', 'wired', 'wireless'] as const;
export type LogType = (typeof LOG_TYPES)[number];
export const LOG_TYPE_LABELS: Readonly<Record<LogType, string>> = enEnums.logType;

// spec §3: log read flag 1 read, 0 unread
export const LogRead = { UNREAD: 0, READ: 1 } as const;
export type LogReadValue = (typeof LogRead)[keyof typeof LogRead];
export const LOG_READ_LABELS: Readonly<Record<LogReadValue, string>> = enEnums.logRead;

export const BACKUP_TYPES = ['general', 'restore-point'] as const;
export type BackupType = (typeof BACKUP_TYPES)[number];
export const BACKUP_TYPE_LABELS: Readonly<Record<BackupType, string>> = enEnums.backupType;

export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_LABELS: Readonly<Record<Weekday, string>> = enEnums.weekday;

/** spec §9: sizes show 2 decimals. */
export function formatSize(value: number): string {
  return value.toFixed(2);
}
