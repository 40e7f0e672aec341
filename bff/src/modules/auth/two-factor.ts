// Two-factor sign-in (issue 16; docs/decisions/accounts-projects.md): an authenticator app's TOTP
// code after the password, or one of ten single-use recovery codes. The secret is set up pending,
// and used only once the app's first code confirms it. A login with the right password for such an
// account answers a challenge (5 minutes, 5 tries) instead of a session.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { verify as argonVerify } from '@node-rs/argon2';
import { ErrorCode, LIMITS, type Principal, type TwoFactorSetup, type TwoFactorStatus } from '@airloom/contracts';
import type { Knex } from 'knex';
import { AppError } from '../../http/app-error.js';
import { matchTotp, newTotpSecret, otpauthUri } from './totp.js';

const CHALLENGE_MS = 5 * 60_000;
const RECOVERY_CODES = 10;
const ISSUER = 'Airloom';

interface TwoFactorRow {
  account_id: number;
  secret: string | null;
  pending_secret: string | null;
  enabled_at: number | null;
  last_step: number | null;
  recovery_json: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** recovery codes compare without case or dash */
const recoveryHash = (code: string) => sha256(code.toLowerCase().replace(/-/g, ''));

function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const pick = () => Array.from({ length: 5 }, () => alphabet[randomInt(alphabet.length)]).join('');
  return `${pick()}-${pick()}`;
}

/**
 * `companyRequires`: the account's company requires two-factor sign-in (an engineer of it, or the
 * company account that requires it): then it stays on (78).
 */
export function createTwoFactor(db: Knex, clock: () => number, companyRequires: (accountId: number) => Promise<boolean>) {
  const hasPassword = async (accountId: number) =>
    Boolean(((await db('accounts').where({ id: accountId }).first('password_hash')) as { password_hash: string | null } | undefined)?.password_hash);
  const find = async (accountId: number) => (await db<TwoFactorRow>('account_two_factor').where({ account_id: accountId }).first()) as TwoFactorRow | undefined;

  /** the app's code (each time step once) or an unused recovery code (then used up) */
  async function checkCode(row: TwoFactorRow, code: string): Promise<boolean> {
    if (!row.secret) return false;
    if (/^\d{6}$/.test(code)) {
      const step = matchTotp(row.secret, code, clock(), row.last_step === null ? null : Number(row.last_step));
      if (step === null) return false;
      // a code counts once, also when two requests race with it
      const q = db('account_two_factor').where({ account_id: row.account_id });
      if (row.last_step === null) q.whereNull('last_step');
      else q.andWhere({ last_step: row.last_step });
      return (await q.update({ last_step: step, updated_at: clock() })) === 1;
    }
    const hashes = JSON.parse(row.recovery_json) as string[];
    const hash = recoveryHash(code);
    if (!hashes.includes(hash)) return false;
    const left = JSON.stringify(hashes.filter((h) => h !== hash));
    return (await db('account_two_factor').where({ account_id: row.account_id, recovery_json: row.recovery_json }).update({ recovery_json: left, updated_at: clock() })) === 1;
  }

  return {
    async enabled(accountId: number): Promise<boolean> {
      return Boolean((await find(accountId))?.secret);
    },

    async status(principal: Principal): Promise<TwoFactorStatus> {
      const row = await find(principal.accountId);
      return {
        enabled: Boolean(row?.secret),
        recoveryCodesLeft: row?.secret ? (JSON.parse(row.recovery_json) as string[]).length : 0,
        requiredByCompany: !principal.demo && (await companyRequires(principal.accountId)),
        confirmWith: (await hasPassword(principal.accountId)) ? 'password' : 'code',
      };
    },

    /** a new pending secret; two-factor sign-in stays as it was until a code confirms it */
    async setup(principal: Principal, account: string): Promise<TwoFactorSetup> {
      if (principal.demo) throw new AppError(ErrorCode.DEMO_PROJECT);
      const secret = newTotpSecret();
      const updated = await db('account_two_factor').where({ account_id: principal.accountId }).update({ pending_secret: secret, updated_at: clock() });
      if (updated === 0) await db('account_two_factor').insert({ account_id: principal.accountId, pending_secret: secret, recovery_json: '[]', updated_at: clock() });
      return { secret, uri: otpauthUri(ISSUER, account, secret) };
    },

    async enable(principal: Principal, code: string): Promise<{ recoveryCodes: string[] }> {
      if (principal.demo) throw new AppError(ErrorCode.DEMO_PROJECT);
      const row = await find(principal.accountId);
      const step = row?.pending_secret ? matchTotp(row.pending_secret, code, clock(), null) : null;
      if (!row?.pending_secret || step === null) throw new AppError(ErrorCode.INCORRECT_VERIFICATION_CODE);
      const recoveryCodes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
      await db('account_two_factor')
        .where({ account_id: principal.accountId })
        .update({ secret: row.pending_secret, pending_secret: null, enabled_at: clock(), last_step: step, recovery_json: JSON.stringify(recoveryCodes.map(recoveryHash)), updated_at: clock() });
      return { recoveryCodes };
    },

    /** confirmed by the password, or by a code when the account has no password (identity-provider sign-in only) */
    async disable(principal: Principal, proof: { password: string } | { code: string }): Promise<void> {
      if (principal.demo) throw new AppError(ErrorCode.DEMO_PROJECT);
      const account = (await db('accounts').where({ id: principal.accountId }).first('password_hash')) as { password_hash: string | null } | undefined;
      if (account?.password_hash) {
        if (!('password' in proof) || !(await argonVerify(account.password_hash, proof.password))) throw new AppError(ErrorCode.WRONG_OLD_PASSWORD);
      } else {
        const row = await find(principal.accountId);
        if (!('code' in proof) || !row || !(await checkCode(row, proof.code))) throw new AppError(ErrorCode.INCORRECT_VERIFICATION_CODE);
      }
      if (await companyRequires(principal.accountId)) throw new AppError(ErrorCode.TWO_FACTOR_KEPT_BY_COMPANY);
      await db('account_two_factor').where({ account_id: principal.accountId }).delete();
    },

    /** the password was right: a challenge instead of a session */
    async challenge(accountId: number, ttl: number | undefined): Promise<{ twoFactor: true; challenge: string; expiresInSeconds: number }> {
      const token = randomBytes(24).toString('base64url');
      await db('login_challenges').where('expires_at', '<', clock()).delete();
      await db('login_challenges').insert({ token_hash: sha256(token), account_id: accountId, ttl: ttl ?? null, attempts: 0, expires_at: clock() + CHALLENGE_MS });
      return { twoFactor: true, challenge: token, expiresInSeconds: CHALLENGE_MS / 1000 };
    },

    /** the account a challenge was answered for, with the cookie lifetime the login asked for */
    async answer(challenge: string, code: string): Promise<{ accountId: number; ttl: number | undefined }> {
      const tokenHash = sha256(challenge);
      const row = (await db('login_challenges').where({ token_hash: tokenHash }).first()) as
        | { account_id: number; ttl: number | null; attempts: number; expires_at: number }
        | undefined;
      if (!row || Number(row.expires_at) <= clock()) throw new AppError(ErrorCode.INCORRECT_VERIFICATION_CODE);
      if (row.attempts >= LIMITS.verificationAttemptsMax) throw new AppError(ErrorCode.VERIFICATION_ATTEMPTS_EXCEEDED);
      const factor = await find(Number(row.account_id));
      if (factor && (await checkCode(factor, code))) {
        await db('login_challenges').where({ token_hash: tokenHash }).delete();
        return { accountId: Number(row.account_id), ttl: row.ttl === null ? undefined : Number(row.ttl) };
      }
      await db('login_challenges').where({ token_hash: tokenHash }).increment('attempts', 1);
      if (row.attempts + 1 >= LIMITS.verificationAttemptsMax) {
        await db('login_challenges').where({ token_hash: tokenHash }).delete();
        throw new AppError(ErrorCode.VERIFICATION_ATTEMPTS_EXCEEDED);
      }
      throw new AppError(ErrorCode.INCORRECT_VERIFICATION_CODE);
    },
  };
}

export type TwoFactor = ReturnType<typeof createTwoFactor>;
