import { describe, expect, it } from 'vitest';
import { nextBackupRun } from './backup-schedule-time.js';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

describe('the next scheduled backup', () => {
  it('runs every day at the hour of the project zone, the next day once the hour has passed', () => {
    const daily = { mode: 'daily' as const, weekday: 0, hour: 3 };
    expect(iso(nextBackupRun(daily, '+0', at('2026-03-10T01:00:00Z')))).toBe('2026-03-10T03:00:00.000Z');
    expect(iso(nextBackupRun(daily, '+0', at('2026-03-10T03:00:00Z')))).toBe('2026-03-11T03:00:00.000Z');
    // 03:00 at UTC+8 is 19:00 UTC the day before
    expect(iso(nextBackupRun(daily, '+8', at('2026-03-10T12:00:00Z')))).toBe('2026-03-10T19:00:00.000Z');
    expect(iso(nextBackupRun(daily, '-3.5', at('2026-03-10T12:00:00Z')))).toBe('2026-03-11T06:30:00.000Z');
  });

  it('runs every week on its weekday only', () => {
    // 2026-03-10 is a Tuesday; Sunday is 0
    const sunday = { mode: 'weekly' as const, weekday: 0, hour: 22 };
    expect(iso(nextBackupRun(sunday, '+0', at('2026-03-10T12:00:00Z')))).toBe('2026-03-15T22:00:00.000Z');
    expect(iso(nextBackupRun(sunday, '+0', at('2026-03-15T22:00:00Z')))).toBe('2026-03-22T22:00:00.000Z');
    // Tuesday 01:00 at UTC+8 is Monday 17:00 UTC
    expect(iso(nextBackupRun({ mode: 'weekly', weekday: 2, hour: 1 }, '+8', at('2026-03-09T12:00:00Z')))).toBe('2026-03-09T17:00:00.000Z');
  });

  it('follows daylight saving time in a named zone', () => {
    const daily = { mode: 'daily' as const, weekday: 0, hour: 3 };
    // Lisbon: UTC in winter, UTC+1 from 29 March 2026
    expect(iso(nextBackupRun(daily, 'Europe/Lisbon', at('2026-01-10T12:00:00Z')))).toBe('2026-01-11T03:00:00.000Z');
    expect(iso(nextBackupRun(daily, 'Europe/Lisbon', at('2026-07-10T12:00:00Z')))).toBe('2026-07-11T02:00:00.000Z');
  });

  it('has no next run while off', () => {
    expect(nextBackupRun({ mode: 'off', weekday: 0, hour: 3 }, '+8', at('2026-03-10T12:00:00Z'))).toBeNull();
  });
});
