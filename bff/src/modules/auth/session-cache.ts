// Recently authenticated sessions, kept a few seconds so the calls a page makes together do not each
// read the database (bench/ api latency budget). The database stays the truth: an entry lives
// SESSION_CACHE_MS at most, and this instance forgets it at once on logout, rotation and reset.
// Another BFF instance sees a logout within SESSION_CACHE_MS (docs/decisions.md).
import type { SessionWithAccount } from './auth.repository.js';

export const SESSION_CACHE_MS = 5000;
const MAX_ENTRIES = 10_000;

export function createSessionCache(clock: () => number, ttlMs = SESSION_CACHE_MS) {
  const entries = new Map<string, { row: SessionWithAccount; until: number }>();
  return {
    get(tokenHash: string): SessionWithAccount | undefined {
      const entry = entries.get(tokenHash);
      if (entry && entry.until > clock()) return entry.row;
      entries.delete(tokenHash);
      return undefined;
    },
    set(tokenHash: string, row: SessionWithAccount): void {
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      entries.set(tokenHash, { row, until: clock() + ttlMs });
    },
    forget(tokenHash: string): void {
      entries.delete(tokenHash);
    },
    forgetAccount(accountId: number): void {
      for (const [hash, entry] of entries) if (entry.row.account_id === accountId) entries.delete(hash);
    },
  };
}
