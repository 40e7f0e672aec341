// Accounts, verification codes, login throttle and sessions (spec §3, §5, §8, §9). Decides and
// throws AppError(code); storage is the repository's.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import { ErrorCode, LIMITS, type AccountRoleValue, type Principal } from '@airloom/contracts';
import type { CodeRequest, LoginRequest, MeResponse, ResetRequest, SignupRequest } from '@airloom/contracts';
import { AppError } from '../../http/app-error.js';
import type { Logger } from '../../logger.js';
import type { AuthRepository, SessionWithAccount } from './auth.repository.js';
import { createSessionCache } from './session-cache.js';
import type { Sender } from './sender.js';
import type { TwoFactor } from './two-factor.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Lifetimes chosen where the spec is silent (docs/decisions.md, Accounts). */
export const SESSION_POLICY = {
  /** Server-side expiry of a browser-session cookie (login without ttl, sign-up). */
  browserSessionMs: 12 * HOUR,
  demoSessionMs: 2 * HOUR,
  codeValidMs: 10 * MINUTE,
};

export interface AuthenticatedSession {
  principal: Principal;
  me: MeResponse;
}

export interface IssuedSession {
  token: string;
  /** Cookie Max-Age; undefined → browser-session cookie. */
  maxAgeSeconds: number | undefined;
  me: MeResponse;
}

export interface AuthServiceDeps {
  repo: AuthRepository;
  sender: Sender;
  logger: Logger;
  clock: () => number;
  demoAccount: string;
  /** two-factor sign-in: a login with the right password answers a challenge for accounts that have it on */
  twoFactor: TwoFactor;
}

export type LoginOutcome = { session: IssuedSession } | { challenge: { twoFactor: true; challenge: string; expiresInSeconds: number } };

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
const hashCode = (account: string, code: string): string => createHash('sha256').update(`${account}\n${code}`).digest('hex');
const kindOf = (account: string): 'email' | 'mobile' => (account.includes('@') ? 'email' : 'mobile');

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

function randomDigits(length: number): string {
  let s = '';
  for (let i = 0; i < length; i++) s += String(randomInt(10));
  return s;
}

function toMe(row: { account: string; nick: string; role: number }, demo: boolean): MeResponse {
  return { account: row.account, nick: row.nick, role: row.role as AccountRoleValue, demo };
}

export function createAuthService(deps: AuthServiceDeps) {
  const { repo, sender, logger, clock } = deps;
  // Verified against when the account does not exist, so both answers take about as long.
  let dummyHash: Promise<string> | undefined;
  const getDummyHash = () => (dummyHash ??= argonHash(randomBytes(16).toString('hex')));

  const sessions = createSessionCache(clock);

  async function endSession(tokenHash: string): Promise<void> {
    sessions.forget(tokenHash);
    await repo.deleteSession(tokenHash);
  }

  async function issueSession(account: { id: number; account: string; nick: string; role: number }, demo: boolean, ttlSeconds: number | undefined, oldToken: string | undefined): Promise<IssuedSession> {
    const now = clock();
    // Session rotation: whatever session this browser had is ended before a new one starts.
    if (oldToken) await endSession(hashToken(oldToken));
    await repo.deleteExpiredSessions(account.id, now);
    const token = randomBytes(32).toString('base64url');
    const lifetimeMs = ttlSeconds !== undefined ? ttlSeconds * 1000 : demo ? SESSION_POLICY.demoSessionMs : SESSION_POLICY.browserSessionMs;
    await repo.insertSession({ token_hash: hashToken(token), account_id: account.id, demo, created_at: now, expires_at: now + lifetimeMs });
    return { token, maxAgeSeconds: ttlSeconds, me: toMe(account, demo) };
  }

  /** spec §5 codes: the latest code for (account, purpose); 5 wrong tries invalidate it (75). */
  async function checkCode(account: string, purpose: 'signup' | 'reset', code: string): Promise<void> {
    const now = clock();
    const row = await repo.latestCode(account, purpose);
    if (!row) throw new AppError(ErrorCode.INCORRECT_VERIFICATION_CODE);
    if (row.attempts >= LIMITS.verificationAttemptsMax) throw new AppError(ErrorCode.VERIFICATION_ATTEMPTS_EXCEEDED);
    if (row.consumed_at !== null || row.expires_at <= now) throw new AppError(ErrorCode.INCORRECT_VERIFICATION_CODE);
    // A code that was never delivered (reset for an unknown account) matches nothing.
    if (row.delivered && sameHash(row.code_hash, hashCode(account, code))) {
      if (!(await repo.consumeCode(row.id, now))) throw new AppError(ErrorCode.INCORRECT_VERIFICATION_CODE);
      return;
    }
    const attempts = await repo.addCodeAttempt(row.id);
    if (attempts >= LIMITS.verificationAttemptsMax) {
      await repo.consumeCode(row.id, now);
      throw new AppError(ErrorCode.VERIFICATION_ATTEMPTS_EXCEEDED);
    }
    throw new AppError(ErrorCode.INCORRECT_VERIFICATION_CODE);
  }

  return {
    /**
     * Sends a sign-up or reset code. Limits per account identifier (spec §9): 1 a minute (53),
     * 5 an hour (51), 10 in 24 h (52). A reset for an unknown account answers exactly like a real
     * one but delivers nothing, so the answer does not reveal whether the account exists.
     */
    async sendCode(input: CodeRequest): Promise<{ channel: 'email' | 'sms'; codeLength: number; expiresInSeconds: number; resendAfterSeconds: number }> {
      const now = clock();
      const { account, purpose } = input;
      const existing = await repo.findAccount(account);
      if (purpose === 'signup' && existing) throw new AppError(ErrorCode.ACCOUNT_EXISTS);
      if ((await repo.countCodesSince(account, now - MINUTE)) >= LIMITS.smsPerMinuteMax) throw new AppError(ErrorCode.SMS_MINUTE_LIMIT);
      if ((await repo.countCodesSince(account, now - HOUR)) >= LIMITS.smsPerHourMax) throw new AppError(ErrorCode.SMS_HOURLY_LIMIT);
      if ((await repo.countCodesSince(account, now - 24 * HOUR)) >= LIMITS.smsPerDayMax) throw new AppError(ErrorCode.SMS_DAILY_LIMIT);

      const channel = kindOf(account) === 'email' ? 'email' : 'sms';
      const codeLength = channel === 'email' ? LIMITS.emailCodeLength : LIMITS.smsCodeLength;
      const code = randomDigits(codeLength);
      // The live demo's account cannot be taken over through a reset, nor can an engineer account its
      // company disabled (its password waits aside); an account made through a sign-in provider has
      // no password either, and sets one this way.
      const delivered =
        purpose === 'signup' ||
        (existing !== undefined && (existing.password_hash !== null || (existing.account !== deps.demoAccount && !(await repo.isDisabled(existing.id)))));
      await repo.consumeOpenCodes(account, purpose, now); // only the newest code is valid
      await repo.insertCode({ account, purpose, code_hash: hashCode(account, code), delivered, created_at: now, expires_at: now + SESSION_POLICY.codeValidMs });
      const expiresInSeconds = SESSION_POLICY.codeValidMs / 1000;
      if (delivered) await sender.send({ channel, to: account, purpose, code, expiresInSeconds });
      logger.info({ event: 'verification-code', channel, purpose, delivered }, 'verification code issued');
      return { channel, codeLength, expiresInSeconds, resendAfterSeconds: LIMITS.verificationCodeResendSeconds };
    },

    async signup(input: SignupRequest, oldToken: string | undefined): Promise<IssuedSession> {
      const { account, code, password } = input;
      if (await repo.findAccount(account)) throw new AppError(ErrorCode.ACCOUNT_EXISTS);
      await checkCode(account, 'signup', code);
      const kind = kindOf(account);
      const nick = input.nick ?? (kind === 'email' ? account.slice(0, account.indexOf('@')) : `user${account.slice(-4)}`);
      const row = { account, account_kind: kind, nick: nick.slice(0, 64), role: 0, password_hash: await argonHash(password) };
      let id: number;
      try {
        id = await repo.insertAccount(row, clock());
      } catch (err) {
        // Two sign-ups raced past the check above: the unique index decides.
        if (await repo.findAccount(account)) throw new AppError(ErrorCode.ACCOUNT_EXISTS);
        throw err;
      }
      logger.info({ event: 'signup', accountId: id }, 'account created');
      return issueSession({ id, ...row }, false, undefined, oldToken);
    },

    /**
     * spec §8 codes 4 and 80: five failures for one identifier within 5 minutes lock it for 30
     * minutes (stored, survives restarts). Unknown accounts get the same answers and timing.
     */
    async login(input: LoginRequest, oldToken: string | undefined): Promise<LoginOutcome> {
      const now = clock();
      const { account, password } = input;
      const throttle = await repo.getThrottle(account);
      if (throttle?.locked_until != null && throttle.locked_until > now) throw new AppError(ErrorCode.LOGIN_LOCKED);

      const row = await repo.findAccount(account);
      let ok = false;
      if (row?.password_hash) ok = await argonVerify(row.password_hash, password);
      else await argonVerify(await getDummyHash(), password);

      if (!ok || !row) {
        const after = await repo.addLoginFailure(account, now, now - LIMITS.loginFailureWindowMinutes * MINUTE);
        logger.info({ event: 'login-failed', failures: after.failures }, 'login failed');
        if (after.failures >= LIMITS.loginFailuresMax) {
          await repo.lock(account, now + LIMITS.loginLockoutMinutes * MINUTE, now);
          logger.warn({ event: 'login-locked' }, 'login locked after repeated failures');
          throw new AppError(ErrorCode.LOGIN_LOCKED);
        }
        throw new AppError(ErrorCode.INCORRECT_CREDENTIALS);
      }
      if (throttle) await repo.clearThrottle(account);
      if (await deps.twoFactor.enabled(row.id)) {
        logger.info({ event: 'login-two-factor', accountId: row.id }, 'password right, two-factor code asked');
        return { challenge: await deps.twoFactor.challenge(row.id, input.ttl) };
      }
      logger.info({ event: 'login', accountId: row.id }, 'logged in');
      return { session: await issueSession(row, false, input.ttl, oldToken) };
    },

    /**
     * A sign-in through a provider the account is bound to (OpenID Connect): a browser session, or,
     * for an account with two-factor sign-in, the same second step a password sign-in gets (the
     * provider stands in for the password, not for the code).
     */
    async signInAs(accountId: number, oldToken: string | undefined): Promise<LoginOutcome> {
      const row = await repo.findAccountById(accountId);
      if (!row) throw new AppError(ErrorCode.TOKEN_EXPIRED);
      if (await deps.twoFactor.enabled(row.id)) {
        logger.info({ event: 'login-two-factor', accountId, via: 'oidc' }, 'provider sign-in right, two-factor code asked');
        return { challenge: await deps.twoFactor.challenge(row.id, undefined) };
      }
      logger.info({ event: 'login', accountId, via: 'oidc' }, 'logged in');
      return { session: await issueSession(row, false, undefined, oldToken) };
    },

    /** An account for an e-mail a sign-in provider vouches for: no password until one is set through a reset. */
    async createProviderAccount(email: string, nick: string): Promise<number> {
      return repo.insertAccount({ account: email, account_kind: 'email', nick: nick.slice(0, 64), role: 0, password_hash: null }, clock());
    },

    /** The second step of a login with two-factor sign-in. */
    async loginTwoFactor(challenge: string, code: string, oldToken: string | undefined): Promise<IssuedSession> {
      const { accountId, ttl } = await deps.twoFactor.answer(challenge, code);
      const row = await repo.findAccountById(accountId);
      if (!row) throw new AppError(ErrorCode.INCORRECT_VERIFICATION_CODE);
      logger.info({ event: 'login', accountId, twoFactor: true }, 'logged in');
      return issueSession(row, false, ttl, oldToken);
    },

    /** One-click live demo (spec §1): the seeded demo account, read-only on the demo projects. */
    async demoLogin(oldToken: string | undefined): Promise<IssuedSession> {
      const row = await repo.findAccount(deps.demoAccount);
      if (!row) throw new AppError(ErrorCode.CONFIG_FAILED);
      return issueSession(row, true, undefined, oldToken);
    },

    async logout(token: string | undefined): Promise<void> {
      if (token) await endSession(hashToken(token));
    },

    /** Password reset with a code; ends every session of the account and lifts a login lock. */
    async reset(input: ResetRequest): Promise<void> {
      const { account, code, password } = input;
      await checkCode(account, 'reset', code);
      const row = await repo.findAccount(account);
      if (!row || row.account === deps.demoAccount || (await repo.isDisabled(row.id))) throw new AppError(ErrorCode.INCORRECT_VERIFICATION_CODE);
      await repo.updatePassword(row.id, await argonHash(password), clock());
      await repo.deleteSessionsOfAccount(row.id);
      sessions.forgetAccount(row.id);
      await repo.clearThrottle(account);
      logger.info({ event: 'password-reset', accountId: row.id }, 'password reset');
    },

    /** spec §1 profile: the nickname (the name rule of §5). */
    async updateProfile(principal: Principal, nick: string): Promise<MeResponse> {
      if (principal.demo) throw new AppError(ErrorCode.DEMO_PROJECT);
      await repo.updateNick(principal.accountId, nick, clock());
      sessions.forgetAccount(principal.accountId);
      const row = await repo.findAccountById(principal.accountId);
      if (!row) throw new AppError(ErrorCode.TOKEN_EXPIRED);
      return toMe(row, false);
    },

    /**
     * A new password, given the current one (wrong: 100). Every other session of the account ends and
     * answers 70 when next used; this one goes on.
     */
    async changePassword(principal: Principal, token: string | undefined, oldPassword: string, password: string): Promise<void> {
      if (principal.demo) throw new AppError(ErrorCode.DEMO_PROJECT);
      const row = await repo.findAccountById(principal.accountId);
      if (!row?.password_hash || !(await argonVerify(row.password_hash, oldPassword))) throw new AppError(ErrorCode.WRONG_OLD_PASSWORD);
      await repo.updatePassword(row.id, await argonHash(password), clock());
      await repo.endOtherSessions(row.id, token ? hashToken(token) : '', 'password');
      sessions.forgetAccount(row.id);
      logger.info({ event: 'password-changed', accountId: row.id }, 'password changed');
    },

    /** The session behind a cookie token: TOKEN_MISSING without one, TOKEN_EXPIRED when unknown or expired. */
    async authenticate(token: string | undefined): Promise<AuthenticatedSession> {
      if (!token) throw new AppError(ErrorCode.TOKEN_MISSING);
      const tokenHash = hashToken(token);
      const cached = sessions.get(tokenHash);
      const row: SessionWithAccount | undefined = cached ?? (await repo.findSession(tokenHash));
      if (!row) throw new AppError(ErrorCode.TOKEN_EXPIRED);
      if (row.expires_at <= clock()) {
        await endSession(tokenHash);
        throw new AppError(ErrorCode.TOKEN_EXPIRED);
      }
      // another session changed the password: this one is over, and says why (spec §8 code 70)
      if (row.ended_reason) {
        await endSession(tokenHash);
        throw new AppError(ErrorCode.PASSWORD_CHANGED);
      }
      if (!cached) sessions.set(tokenHash, row); // the window counts from the database read, not the last use
      return {
        principal: { accountId: row.account_id, role: row.role as AccountRoleValue, demo: row.demo },
        me: toMe(row, row.demo),
      };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
