// When a device's scheduled reboot is due next (docs/maintenance.md "Scheduled and cyclic reboot"):
// the earliest slot of its schedules strictly after `after`. Times of day are read in the project's
// zone (spec §3: a fixed offset like '+8' or a named zone, whose offset follows daylight saving time);
// an interval counts from its anchor (the slot just taken, or the moment the schedule was saved), so a
// late pass does not shift the cycle. Only one next slot: slots missed while no console ran collapse.
import { minutesOfDay, zoneOffsetMinutes, type RebootSchedule } from '@airloom/contracts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** minutes east of UTC; a zone the runtime does not know counts as UTC */
const offsetAt = (zone: string, at: number) => zoneOffsetMinutes(zone, new Date(at)) ?? 0;

function nextTimeOfDay(time: string, days: readonly number[] | null, zone: string, after: number): number | null {
  const minutes = minutesOfDay(time);
  if (minutes === null) return null;
  const local = new Date(after + offsetAt(zone, after) * MINUTE);
  const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  for (let day = 0; day <= 8; day++) {
    // the wall-clock time wanted, written as if it were UTC, then moved by the zone's offset at that time
    const wall = midnight + day * DAY + minutes * MINUTE;
    if (days && !days.includes(new Date(wall).getUTCDay())) continue;
    const guess = wall - offsetAt(zone, wall) * MINUTE;
    const at = wall - offsetAt(zone, guess) * MINUTE;
    if (at > after) return at;
  }
  return null;
}

/** the next slot of one schedule strictly after `after`; an interval counts whole periods from `anchor` */
export function nextSlot(schedule: RebootSchedule, zone: string, after: number, anchor: number): number | null {
  if (schedule.mode === 'interval') {
    const period = schedule.minutes * MINUTE;
    const periods = Math.max(1, Math.floor((after - anchor) / period) + 1);
    return anchor + periods * period;
  }
  return nextTimeOfDay(schedule.time, schedule.mode === 'weekly' ? schedule.days : null, zone, after);
}

/** epoch ms of the earliest next slot of all the schedules, or null when there are none */
export function nextRebootRun(schedules: readonly RebootSchedule[], zone: string, after: number, anchor: number = after): number | null {
  let best: number | null = null;
  for (const s of schedules) {
    const at = nextSlot(s, zone, after, anchor);
    if (at !== null && (best === null || at < best)) best = at;
  }
  return best;
}
