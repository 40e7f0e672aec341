// When a scheduled reboot is due (docs/maintenance.md): times of day in the project's zone, weekdays,
// intervals counted from their anchor, and the earliest of several schedules.
import { describe, expect, it } from 'vitest';
import { nextRebootRun } from './reboot-schedule-time.js';

const at = (iso: string) => Date.parse(iso);
const MINUTE = 60_000;

describe('nextRebootRun', () => {
  it.each([
    // [schedules, zone, after, expected]
    ['daily 03:30 in UTC, before it', [{ mode: 'daily', time: '03:30' }], '0', '2026-11-26T01:00:00Z', '2026-11-26T03:30:00Z'],
    ['daily 03:30 in UTC, just at it: the next day', [{ mode: 'daily', time: '03:30' }], '0', '2026-11-26T03:30:00Z', '2026-11-27T03:30:00Z'],
    ['daily 04:00 at +8 is 20:00 UTC the day before', [{ mode: 'daily', time: '04:00' }], '+8', '2026-11-26T10:00:00Z', '2026-11-26T20:00:00Z'],
    ['weekly Sunday (0) and Wednesday (3) 02:00, on a Thursday', [{ mode: 'weekly', days: [0, 3], time: '02:00' }], '0', '2026-11-26T12:00:00Z', '2026-11-29T02:00:00Z'],
    ['weekly Sunday 02:00 in Lisbon in summer time (UTC+1)', [{ mode: 'weekly', days: [0], time: '02:00' }], 'Europe/Lisbon', '2026-07-01T00:00:00Z', '2026-07-05T01:00:00Z'],
    ['the earliest of two schedules', [{ mode: 'daily', time: '23:00' }, { mode: 'interval', minutes: 60 }], '0', '2026-11-26T12:00:00Z', '2026-11-26T13:00:00Z'],
  ] as const)('%s', (_name, schedules, zone, after, expected) => {
    expect(new Date(nextRebootRun(schedules as never, zone, at(after))!).toISOString()).toBe(new Date(at(expected)).toISOString());
  });

  it('counts an interval from its anchor, so a late pass keeps the cycle', () => {
    const anchor = at('2026-11-26T12:00:00Z');
    // taken 10 minutes late: the next slot is still anchor + 30 min
    expect(nextRebootRun([{ mode: 'interval', minutes: 30 }], '0', anchor + 10 * MINUTE, anchor)).toBe(anchor + 30 * MINUTE);
    // the console was down for 2 hours: the missed slots collapse, the next is the first one ahead
    expect(nextRebootRun([{ mode: 'interval', minutes: 30 }], '0', anchor + 125 * MINUTE, anchor)).toBe(anchor + 150 * MINUTE);
  });

  it('has no next run without schedules', () => {
    expect(nextRebootRun([], '+8', Date.now())).toBeNull();
  });
});
