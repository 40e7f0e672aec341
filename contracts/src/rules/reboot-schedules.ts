// spec §4 "Scheduled reboot modes: interval in minutes, every day, specific weekdays" with the timer
// rules of §5 (a day chosen, at most 4 schedules). A reboot has no end time, so "start and end
// differ" has nothing to compare; the interval's bounds are ours (docs/decisions/maintenance.md).
import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { integerRule, ruleKey } from './key.js';
import { weekdays } from './schedules.js';
import { minutesOfDay } from './wireless.js';

export const REBOOT_INTERVAL_MINUTES = { min: 30, max: 7 * 24 * 60 } as const;

// the interval of a cyclic reboot, in minutes
export const rebootInterval = integerRule('rebootInterval', REBOOT_INTERVAL_MINUTES.min, REBOOT_INTERVAL_MINUTES.max);

const time = z
  .string({ error: ruleKey('rebootSchedules', 'time') })
  .refine((v) => minutesOfDay(v) !== null, { error: ruleKey('rebootSchedules', 'time') });

export const rebootSchedule = z.discriminatedUnion(
  'mode',
  [
    z.object({ mode: z.literal('interval'), minutes: rebootInterval }),
    z.object({ mode: z.literal('daily'), time }),
    z.object({ mode: z.literal('weekly'), days: weekdays, time }),
  ],
  { error: ruleKey('rebootSchedules', 'mode') },
);
export type RebootSchedule = z.output<typeof rebootSchedule>;

/** the same schedule however its days were ordered */
function keyOf(s: RebootSchedule): string {
  if (s.mode === 'interval') return `i${s.minutes}`;
  if (s.mode === 'daily') return `d${s.time}`;
  return `w${[...s.days].sort().join(',')}@${s.time}`;
}

// spec §5: at most 4 schedules; none may be given twice. An empty list turns scheduled reboots off.
export const rebootSchedules = z
  .array(rebootSchedule)
  .max(LIMITS.timerSchedulesMax, { error: ruleKey('rebootSchedules', 'count') })
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((s, i) => {
      const key = keyOf(s);
      if (seen.has(key)) ctx.addIssue({ code: 'custom', message: ruleKey('rebootSchedules', 'duplicate'), path: [i], input: s });
      seen.add(key);
    });
  });
