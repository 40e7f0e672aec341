// spec §5 "Topology, timers, selections": timers and the choices a form requires.
import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { integerRule, ruleKey } from './key.js';
import { minutesOfDay } from './wireless.js';

const weekday = z
  .number({ error: ruleKey('weekdays', 'invalid') })
  .int({ error: ruleKey('weekdays', 'invalid') })
  .min(0, { error: ruleKey('weekdays', 'invalid') })
  .max(6, { error: ruleKey('weekdays', 'invalid') });

// spec §5: at least one day (0 = Sunday … 6 = Saturday), each once
export const weekdays = z
  .array(weekday, { error: ruleKey('weekdays', 'required') })
  .min(1, { error: ruleKey('weekdays', 'required') })
  .refine((days) => new Set(days).size === days.length, { error: ruleKey('weekdays', 'duplicate') });

const time = z
  .string({ error: ruleKey('timerSchedules', 'time') })
  .refine((v) => minutesOfDay(v) !== null, { error: ruleKey('timerSchedules', 'time') });

// spec §5: timers — start and end differ, a day must be chosen, at most 4 schedules. A timer may
// run past midnight (22:00–06:00), so only equality is refused.
export const timerSchedules = z
  .array(
    z
      .object(
        { days: z.array(weekday, { error: ruleKey('timerSchedules', 'days') }), start: time, end: time },
        { error: ruleKey('timerSchedules', 'required') },
      )
      .superRefine((t, ctx) => {
        if (t.days.length === 0) ctx.addIssue({ code: 'custom', message: ruleKey('timerSchedules', 'days'), path: ['days'], input: t });
        if (t.start === t.end) ctx.addIssue({ code: 'custom', message: ruleKey('timerSchedules', 'same'), path: ['end'], input: t });
      }),
    { error: ruleKey('timerSchedules', 'required') },
  )
  .min(1, { error: ruleKey('timerSchedules', 'required') })
  .max(LIMITS.timerSchedulesMax, { error: ruleKey('timerSchedules', 'count') });

const id = z.union([z.number(), z.string().min(1)], { error: ruleKey('optimiseDevices', 'required') });

// spec §5: at least one port
export const portSelection = z
  .array(z.number({ error: ruleKey('portSelection', 'required') }).int({ error: ruleKey('portSelection', 'required') }), {
    error: ruleKey('portSelection', 'required'),
  })
  .min(1, { error: ruleKey('portSelection', 'required') });

// spec §5: at least two devices to optimise
export const optimiseDevices = z
  .array(id, { error: ruleKey('optimiseDevices', 'required') })
  .min(2, { error: ruleKey('optimiseDevices', 'required') });

// spec §3: a share lasts permanently or a custom number of hours (cap: decisions.md)
export const shareValidityHours = integerRule('shareValidityHours', 1, LIMITS.shareValidityMaxHours);

// spec §5: a device model must be chosen; when all ports are used no device can be added
export const topologyDevice = z
  .object(
    {
      model: z.string({ error: ruleKey('topologyDevice', 'required') }).trim().min(1, { error: ruleKey('topologyDevice', 'required') }),
      freePorts: z
        .number({ error: ruleKey('topologyDevice', 'noFreePort') })
        .int({ error: ruleKey('topologyDevice', 'noFreePort') })
        .min(1, { error: ruleKey('topologyDevice', 'noFreePort') }),
    },
    { error: ruleKey('topologyDevice', 'required') },
  );
