// Bridges contracts' zod schemas and the UI: a failing rule's message is an i18n key
// (`rules.*`, STYLE §4), translated where it is shown.
import type { z } from 'zod';
import type { TFunction } from 'i18next';

export type AnySchema = z.ZodType;

/** A failed rule: the i18n key plus the numbers the text may interpolate. */
export interface RuleFailure {
  key: string;
  params: Record<string, unknown>;
}

function toFailure(issue: z.core.$ZodIssue): RuleFailure {
  const params: Record<string, unknown> = {};
  if ('maximum' in issue) params.max = Number(issue.maximum);
  if ('minimum' in issue) params.min = Number(issue.minimum);
  return { key: issue.message, params };
}

/** The first failed rule of a single value, or null when the value is valid. */
export function firstFailure(schema: AnySchema, value: unknown): RuleFailure | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const issue = result.error.issues[0];
  return issue ? toFailure(issue) : { key: 'errors.400', params: {} };
}

/** Failed rules of an object, keyed by the top-level field (first failure per field wins). */
export function failuresByField(schema: AnySchema, value: unknown): Record<string, RuleFailure> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const out: Record<string, RuleFailure> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : '';
    if (!(field in out)) out[field] = toFailure(issue);
  }
  return out;
}

/** Translates a failure; an unknown key falls back to spec §8 "invalid input". */
export function translateFailure(t: TFunction, failure: RuleFailure | null | undefined): string | null {
  if (!failure) return null;
  const text = t(failure.key, { ...failure.params, defaultValue: '' });
  return text || t('common.form.invalid');
}
