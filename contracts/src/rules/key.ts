// Builds the i18n key a failing rule reports, checked against the English texts at compile time,
// so a rule can never name a text that does not exist.
import { z } from 'zod';
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

type RulesWith<C extends string> = {
  [K in RuleName]: EnRules[K] extends Record<C, string> ? K : never;
}[RuleName];

/** An integer rule min…max reporting rules.<rule>.required | integer | range. */
export function integerRule<R extends RulesWith<'required' | 'integer' | 'range'>>(rule: R, min: number, max: number) {
  const range = { error: ruleKey(rule, 'range' as RuleCheck<R>) };
  return z
    .number({ error: ruleKey(rule, 'required' as RuleCheck<R>) })
    .int({ error: ruleKey(rule, 'integer' as RuleCheck<R>) })
    .min(min, range)
    .max(max, range);
}

/** A string rule whose wrong type or absence reports rules.<rule>.required. */
export function stringRule<R extends RulesWith<'required'>>(rule: R) {
  return z.string({ error: ruleKey(rule, 'required' as RuleCheck<R>) });
}
