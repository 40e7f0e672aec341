import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password-strength';

describe('passwordStrength', () => {
  it.each([
    ['short', 'weak'],
    ['password', 'weak'],
    ['password12', 'medium'],
    ['Correct-Horse-9', 'strong'],
    ['a1'.repeat(32), 'strong'],
  ] as const)('%s → %s', (pw, strength) => expect(passwordStrength(pw)).toBe(strength));
});
