import { describe, expect, it } from 'vitest';
import { AccountRole, companyFieldLocked, membershipOf } from './account.js';

describe('membershipOf — spec §6 membership labels', () => {
  it.each([
    ['a new account', { role: AccountRole.NORMAL, demo: false, stored: null }, 'common'],
    ['an account an operator made gold', { role: AccountRole.NORMAL, demo: false, stored: 'gold' }, 'gold'],
    ['an engineer with silver', { role: AccountRole.ENGINEER, demo: false, stored: 'silver' }, 'silver'],
    ['a manufacturer, whatever is stored', { role: AccountRole.MANUFACTURER, demo: false, stored: 'basic' }, 'manufacturer'],
    ['the live demo', { role: AccountRole.NORMAL, demo: true, stored: 'gold' }, 'visitor'],
    ['a stored label that only a role gives', { role: AccountRole.NORMAL, demo: false, stored: 'manufacturer' }, 'common'],
    ['an unknown stored label', { role: AccountRole.NORMAL, demo: false, stored: 'platinum' }, 'common'],
  ] as const)('%s', (_label, account, expected) => {
    expect(membershipOf(account)).toBe(expected);
  });
});

describe('companyFieldLocked — spec §9 once a year, codes 14/15/65', () => {
  const at = (iso: string) => Date.parse(iso);
  it('never given: free', () => expect(companyFieldLocked(null, at('2026-06-01T00:00:00Z'))).toBe(false));
  it('changed in January, again in December: locked', () =>
    expect(companyFieldLocked(at('2026-01-01T00:00:00Z'), at('2026-12-31T23:59:59Z'))).toBe(true));
  it('changed on New Year’s Eve, again on New Year’s Day (UTC): free', () =>
    expect(companyFieldLocked(at('2026-12-31T23:59:59Z'), at('2027-01-01T00:00:00Z'))).toBe(false));
});
