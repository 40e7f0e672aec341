import { describe, expect, it } from 'vitest';
import { en, lookupText, ruleText, text } from './en.js';
import { rules } from '../rules/index.js';
import { enApiRules } from '../api/en-api-rules.js';
import { enRules } from './en-rules.js';

describe('English texts', () => {
  it('resolves a rule key with or without its prefix', () => {
    expect(ruleText('rules.devicePassword.classes')).toBe(
      'Use at least three of: upper-case letters, lower-case letters, digits, special characters',
    );
    expect(ruleText('devicePassword.classes')).toBe(ruleText('rules.devicePassword.classes'));
  });

  it('gives back an unknown key unchanged', () => {
    expect(ruleText('rules.nope.never')).toBe('rules.nope.never');
    expect(lookupText('errors')).toBeUndefined();
  });

  it('interpolates {{name}} like i18next', () => {
    expect(text('errors.unknown', { code: 81 })).toBe('unknown error code 81');
    expect(text('enums.rfOptimisationState.optimising', { percent: 40 })).toBe('Optimising 40%');
  });

  it('has texts for every rule in the rules object, and a rule for every text group', () => {
    const ruleNames = Object.keys(rules).sort();
    expect(ruleNames.filter((n) => !(n in en.rules))).toEqual([]);
    expect(Object.keys(enRules).filter((n) => !(n in rules)).sort()).toEqual([]);
  });

  it('carries the API request rules in the same namespace without clashing', () => {
    expect(Object.keys(enApiRules).filter((n) => n in enRules)).toEqual([]);
    expect(ruleText('rules.purpose.required')).toBe(enApiRules.purpose.required);
  });

  it('has only non-empty strings as leaves', () => {
    const walk = (node: unknown, path: string): void => {
      if (typeof node === 'string') expect(node.trim(), path).not.toBe('');
      else for (const [k, v] of Object.entries(node as object)) walk(v, `${path}.${k}`);
    };
    walk(en, 'en');
  });
});
