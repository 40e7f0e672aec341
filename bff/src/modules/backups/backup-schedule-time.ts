// When a backup schedule runs next (docs/config-engine.md "Scheduled backups"): the first instant after
// `after` at which the project's zone (spec §3: a fixed offset like '+8' or a named zone like
// 'Europe/Lisbon', whose offset follows daylight saving time) reads `hour`:00 — on any day, or on the
// schedule's weekday. Only ever one next run: runs missed while no console ran are not queued up.
import { zoneOffsetMinutes, type BackupSchedule } from '@airloom/contracts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** minutes east of UTC; a zone the runtime does not know counts as UTC */
const offsetAt = (zone: string, at: number) => zoneOffsetMinutes(zone, new Date(at)) ?? 0;

/** epoch ms of the next run strictly after `after`, or null when the schedule is off */
export function nextBackupRun(schedule: Pick<BackupSchedule, 'mode' | 'weekday' | 'hour'>, zone: string, after: number): number | null {
  if (schedule.mode === 'off') return null;
  const local = new Date(after + offsetAt(zone, after) * 60_000);
  const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  for (let day = 0; day <= 8; day++) {
    // the wall-clock time wanted, written as if it were UTC, then moved by the zone's offset at that time
    const wall = midnight + day * DAY + schedule.hour * HOUR;
    if (schedule.mode === 'weekly' && new Date(wall).getUTCDay() !== schedule.weekday) continue;
    const guess = wall - offsetAt(zone, wall) * 60_000;
    const at = wall - offsetAt(zone, guess) * 60_000;
    if (at > after) return at;
  }
  return null;
}
