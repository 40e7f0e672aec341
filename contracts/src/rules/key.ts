// Builds the i18n key a failing rule reports, checked against the English texts at compile time,
// so a rule can never name a text that does not exist.
import type { enRules } from '../i18n/en-rules.js';

type EnRules = typeof enRules;
export type RuleName = keyof EnRules;
export type RuleCheck<R extends RuleName> = keyof EnRules[R] & string;

export function ruleKey<R extends RuleName>(rule: R, check: RuleCheck<R>): `rules.${R}.${string}` {
  return `rules.${rule}.${check}`;
}

/** Length in characters as a user counts them (code points, so an emoji or CJK character is one). */
export function charLength(value: string): number {
  return [...value].length;
}
