// spec §3, §5: project fields.
import { z } from 'zod';
import { NetMode, PROJECT_RIGHTS, SCENARIOS, TIME_ZONES } from '../domain/project.js';
import { LIMITS } from '../limits.js';
import { charLength, ruleKey } from './key.js';

// spec §5: project name at most 18 characters; an empty or blank name is no name
export const projectName = z
  .string({ error: ruleKey('projectName', 'required') })
  .refine((v) => v.trim().length > 0, { error: ruleKey('projectName', 'required'), abort: true })
  .refine((v) => charLength(v) <= LIMITS.projectNameMaxLength, { error: ruleKey('projectName', 'length') });

// spec §5: subtitle at most 30 characters (optional text, so empty is fine)
export const subtitle = z
  .string({ error: ruleKey('subtitle', 'required') })
  .refine((v) => charLength(v) <= LIMITS.subtitleMaxLength, { error: ruleKey('subtitle', 'length') });

// spec §3: zone like '+8', '-3.5', '+5.75' — one of the offsets in use, UTC−12 … UTC+14
export const timeZone = z
  .string({ error: ruleKey('timeZone', 'required') })
  .refine((v) => (TIME_ZONES as readonly string[]).includes(v), { error: ruleKey('timeZone', 'format') });

export const scenario = z.enum(SCENARIOS, { error: ruleKey('scenario', 'required') });

export const netMode = z.union([z.literal(NetMode.WLAN), z.literal(NetMode.MESH)], {
  error: ruleKey('netMode', 'required'),
});

export const projectRight = z.enum(PROJECT_RIGHTS, { error: ruleKey('projectRight', 'required') });
