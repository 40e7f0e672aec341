// spec §5: every validation rule as a zod schema. Forms and API routes both validate with these;
// a failing parse's issue message is an i18n key under `rules.` (see i18n/en-rules.ts).
import { account, accountPassword, accountPasswordPair, email, emailCode, mobile, smsCode } from './account.js';
import { netMode, projectName, projectRight, scenario, subtitle, timeZone } from './project.js';

export const rules = {
  accountPassword,
  accountPasswordPair,
  emailCode,
  smsCode,
  email,
  mobile,
  account,
  projectName,
  subtitle,
  timeZone,
  scenario,
  netMode,
  projectRight,
} as const;

export type Rules = typeof rules;
export type RuleSchemaName = keyof Rules;
