// knex only, no rules (STYLE §6): accounts, verification codes, login throttle, sessions.
import type { Knex } from 'knex';
import { readRows } from '@airloom/gateway/public';

export interface AccountRow {
  id: number;
  account: string;
  account_kind: 'email' | 'mobile';
  nick: string;
  role: number;
  password_hash: string | null;
}

export interface CodeRow {
  id: number;
  account: string;
  purpose: string;
  code_hash: string;
  attempts: number;
  delivered: boolean;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

export interface ThrottleRow {
  identifier: string;
  failures: number;
  window_started_at: number;
  locked_until: number | null;
}

export interface SessionWithAccount {
  session_id: number;
  expires_at: number;
  demo: boolean;
  account_id: number;
  account: string;
  nick: string;
  role: number;
  /** set when another session changed the password: this one is over */
  ended_reason: string | null;
}

const FIND_SESSION_SQL =
  'select s.id as session_id, s.expires_at, s.demo, s.ended_reason, a.id as account_id, a.account, a.nick, a.role ' +
  'from sessions as s inner join accounts as a on a.id = s.account_id where s.token_hash = +? limit 1'; // +?: see readRows

const ACCOUNT_COLUMNS = ['id', 'account', 'account_kind', 'nick', 'role', 'password_hash'];

export function createAuthRepository(db: Knex) {
  return {
    async findAccount(account: string): Promise<AccountRow | undefined> {
      return db('accounts').select(ACCOUNT_COLUMNS).where({ account }).first();
    },

    async insertAccount(row: Omit<AccountRow, 'id'>, now: number): Promise<number> {
      const [id] = await db('accounts').insert({ ...row, created_at: now, updated_at: now });
      return Number(id);
    },

    async updatePassword(accountId: number, passwordHash: string, now: number): Promise<void> {
      await db('accounts').where({ id: accountId }).update({ password_hash: passwordHash, updated_at: now });
    },

    // --- verification codes
    async countCodesSince(account: string, since: number): Promise<number> {
      const row = await db('verification_codes').where({ account }).andWhere('created_at', '>', since).count({ n: '*' }).first();
      return Number(row?.n ?? 0);
    },

    async consumeOpenCodes(account: string, purpose: string, now: number): Promise<void> {
      await db('verification_codes').where({ account, purpose }).whereNull('consumed_at').update({ consumed_at: now });
    },

    async insertCode(row: Omit<CodeRow, 'id' | 'attempts' | 'consumed_at'>): Promise<void> {
      await db('verification_codes').insert({ ...row, attempts: 0, consumed_at: null });
    },

    async latestCode(account: string, purpose: string): Promise<CodeRow | undefined> {
      const row = await db('verification_codes').where({ account, purpose }).orderBy('id', 'desc').first();
      return row ? { ...row, delivered: Boolean(row.delivered) } : undefined;
    },

    /** Atomically counts one more wrong attempt; returns the new count. */
    async addCodeAttempt(id: number): Promise<number> {
      await db('verification_codes').where({ id }).increment('attempts', 1);
      const row = await db('verification_codes').select('attempts').where({ id }).first();
      return Number(row?.attempts ?? 0);
    },

    /** Marks a code used; false when another request consumed it first. */
    async consumeCode(id: number, now: number): Promise<boolean> {
      const n = await db('verification_codes').where({ id }).whereNull('consumed_at').update({ consumed_at: now });
      return n === 1;
    },

    // --- login throttle
    async getThrottle(identifier: string): Promise<ThrottleRow | undefined> {
      return db('login_throttle').select('identifier', 'failures', 'window_started_at', 'locked_until').where({ identifier }).first();
    },

    /**
     * Counts a failed login in one statement: a window older than `windowStart` restarts at 1.
     * Returns the row after the update.
     */
    async addLoginFailure(identifier: string, now: number, windowStart: number): Promise<ThrottleRow> {
      await db('login_throttle')
        .insert({ identifier, failures: 0, window_started_at: now, locked_until: null, updated_at: now })
        .onConflict('identifier')
        .ignore();
      await db('login_throttle')
        .where({ identifier })
        .update({
          // MySQL applies SET assignments left to right, so `failures` must read the old window first.
          failures: db.raw('CASE WHEN window_started_at < ? THEN 1 ELSE failures + 1 END', [windowStart]),
          window_started_at: db.raw('CASE WHEN window_started_at < ? THEN ? ELSE window_started_at END', [windowStart, now]),
          updated_at: now,
        });
      const row = await this.getThrottle(identifier);
      if (!row) throw new Error('login_throttle row vanished');
      return row;
    },

    async lock(identifier: string, until: number, now: number): Promise<void> {
      await db('login_throttle').where({ identifier }).update({ locked_until: until, failures: 0, window_started_at: now, updated_at: now });
    },

    async clearThrottle(identifier: string): Promise<void> {
      await db('login_throttle').where({ identifier }).delete();
    },

    // --- sessions
    async insertSession(row: { token_hash: string; account_id: number; demo: boolean; created_at: number; expires_at: number }): Promise<void> {
      await db('sessions').insert(row);
    },

    async findSession(tokenHash: string): Promise<SessionWithAccount | undefined> {
      // Runs on every authenticated call: a fixed statement skips knex's builder (bench/ api latency).
      const [row] = await readRows<SessionWithAccount>(db, FIND_SESSION_SQL, [tokenHash]);
      return row ? { ...row, demo: Boolean(row.demo), expires_at: Number(row.expires_at) } : undefined;
    },

    async deleteSession(tokenHash: string): Promise<void> {
      await db('sessions').where({ token_hash: tokenHash }).delete();
    },

    /** Marks every other session of the account as ended for `reason`. */
    async endOtherSessions(accountId: number, keepTokenHash: string, reason: string): Promise<void> {
      await db('sessions').where({ account_id: accountId }).whereNot({ token_hash: keepTokenHash }).update({ ended_reason: reason });
    },

    async updateNick(accountId: number, nick: string, now: number): Promise<void> {
      await db('accounts').where({ id: accountId }).update({ nick, updated_at: now });
    },

    /** an engineer account its company disabled (sub_accounts.disabled_at) */
    async isDisabled(accountId: number): Promise<boolean> {
      return Boolean(await db('sub_accounts').where({ account_id: accountId }).whereNotNull('disabled_at').first('account_id'));
    },

    async findAccountById(accountId: number): Promise<AccountRow | undefined> {
      return db('accounts').where({ id: accountId }).first();
    },

    async deleteSessionsOfAccount(accountId: number): Promise<void> {
      await db('sessions').where({ account_id: accountId }).delete();
    },

    async deleteExpiredSessions(accountId: number, now: number): Promise<void> {
      await db('sessions').where({ account_id: accountId }).andWhere('expires_at', '<=', now).delete();
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
