// Test support (not built into dist): table-driven boundary cases for the zod rules.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { lookupText } from '../i18n/en.js';
import { rules, type RuleSchemaName } from '../rules/index.js';

/** [what the row shows, input, expected check name (rules.<rule>.<check>) or null when valid] */
export type RuleCase = readonly [label: string, input: unknown, expected: string | null];

/** The messages of a failed parse, or [] when it parsed. */
export function messages(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

/**
 * One `it` per row: a valid row parses; an invalid row fails and its first issue names the
 * expected rule check. Every message of a failure must be a rules.* key with an English text.
 */
export function ruleTable(rule: RuleSchemaName, cases: readonly RuleCase[]): void {
  const schema = rules[rule] as z.ZodType;
  describe(`rules.${rule}`, () => {
    it.each(cases)('%s', (_label, input, expected) => {
      const found = messages(schema, input);
      for (const message of found) {
        expect(message).toMatch(/^rules\./);
        expect(lookupText(message), `English text for ${message}`).toBeTypeOf('string');
      }
      if (expected === null) expect(found).toEqual([]);
      else expect(found[0]).toBe(`rules.${expected.includes('.') ? expected : `${rule}.${expected}`}`);
    });
  });
}

export const repeat = (ch: string, n: number): string => ch.repeat(n);
