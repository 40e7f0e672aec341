import { describe, expect, it } from 'vitest';
import type { SessionWithAccount } from './auth.repository.js';
import { createSessionCache, SESSION_CACHE_MS } from './session-cache.js';

const row = (accountId: number) => ({ account_id: accountId }) as SessionWithAccount;

describe('session cache', () => {
  it('answers for at most SESSION_CACHE_MS after the database read', () => {
    let now = 1_000;
    const cache = createSessionCache(() => now);
    cache.set('a', row(1));
    now += SESSION_CACHE_MS - 1;
    expect(cache.get('a')).toEqual(row(1));
    now += 1;
    expect(cache.get('a')).toBeUndefined();
  });

  it('forgets one session, or every session of an account', () => {
    const cache = createSessionCache(() => 0);
    cache.set('a', row(1));
    cache.set('b', row(1));
    cache.set('c', row(2));
    cache.forget('c');
    expect(cache.get('c')).toBeUndefined();
    cache.forgetAccount(1);
    expect([cache.get('a'), cache.get('b')]).toEqual([undefined, undefined]);
  });
});
