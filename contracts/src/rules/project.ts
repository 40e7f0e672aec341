// spec §3, §5: project fields.
import { z } from 'zod';
import { isProjectZone, NetMode, PROJECT_RIGHTS, SCENARIOS } from '../domain/project.js';
import { LIMITS } from '../limits.js';
import { charLength, ruleKey } from './key.js';
import { hasEmoticon } from './names.js';

// spec §5: project name at most 18 characters; an empty or blank name is no name; no emoticons, as
// in every name field (spaces are allowed: docs/decisions/contracts.md). Two names that differ only
// in case are the same name (projectNameKey).
export const projectName = z
  .string({ error: ruleKey('projectName', 'required') })
  .refine((v) => v.trim().length > 0, { error: ruleKey('projectName', 'required'), abort: true })
  .refine((v) => charLength(v) <= LIMITS.projectNameMaxLength, { error: ruleKey('projectName', 'length') })
  .refine((v) => !hasEmoticon(v), { error: ruleKey('projectName', 'emoticon') });

/** What two project names are compared by: "Office" and "OFFICE" are one name (spec §5, decisions). */
export function projectNameKey(value: string): string {
  return value.toLowerCase();
}

// spec §5: subtitle at most 30 characters (optional text, so empty is fine)
export const subtitle = z
  .string({ error: ruleKey('subtitle', 'required') })
  .refine((v) => charLength(v) <= LIMITS.subtitleMaxLength, { error: ruleKey('subtitle', 'length') });

// spec §3 zone: a fixed offset like '+8', '-3.5', '+5.75' (UTC−12 … UTC+14) or a named IANA zone
// like 'Europe/Lisbon' (DST-aware); see isProjectZone in domain/project.ts.
export const timeZone = z
  .string({ error: ruleKey('timeZone', 'required') })
  .refine(isProjectZone, { error: ruleKey('timeZone', 'format') });

export const scenario = z.enum(SCENARIOS, { error: ruleKey('scenario', 'required') });

export const netMode = z.union([z.literal(NetMode.WLAN), z.literal(NetMode.MESH)], {
  error: ruleKey('netMode', 'required'),
});

export const projectRight = z.enum(PROJECT_RIGHTS, { error: ruleKey('projectRight', 'required') });
