// The English texts of contracts: an i18next resources object whose top-level keys are namespaces
// (errors, rules, enums). It is the single source of these texts for server and UI alike.
import { enApiErrors } from '../api/en-api-errors.js';
import { enApiRules } from '../api/en-api-rules.js';
import { enEnums } from './en-enums.js';
import { enErrors } from './en-errors.js';
import { enRules } from './en-rules.js';
import { interpolate, type TextParams } from './interpolate.js';

// The API DTOs' request rules (owned with contracts/src/api) share the `rules` namespace.
export const en = { errors: enErrors, rules: { ...enRules, ...enApiRules }, enums: enEnums, apiErrors: enApiErrors } as const;
export type EnglishTexts = typeof en;
export type { TextParams };

/** English text for a dotted key such as 'rules.devicePassword.classes', or undefined. */
export function lookupText(key: string): string | undefined {
  let node: unknown = en;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** English text of any contracts key, interpolated; the key itself when it has no text. */
export function text(key: string, params?: TextParams): string {
  const found = lookupText(key);
  return found === undefined ? key : interpolate(found, params);
}

/**
 * English text of a rule's message key (the `message` of a failing parse's issue), e.g.
 * ruleText('rules.devicePassword.classes'). The 'rules.' prefix may be left out.
 */
export function ruleText(key: string, params?: TextParams): string {
  return text(key.startsWith('rules.') ? key : `rules.${key}`, params);
}
