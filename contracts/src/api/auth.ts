// Request/response DTOs of /api/v1/auth, built from the spec §5 rules.
import { z } from 'zod';
import { AccountRole } from '../domain/account.js';
import { ErrorCode } from '../errors.js';
import { account, accountKind, accountPassword, accountPasswordPair, emailCode, smsCode } from '../rules/account.js';
import { name } from '../rules/names.js';
import { apiRuleKey } from './en-api-rules.js';
import { endpoint } from './endpoint.js';
import { API_LIMITS } from './limits.js';

/** One spelling per account: e-mail addresses compare case-insensitively, mobile numbers as typed. */
export function normaliseAccount(value: string): string {
  return accountKind(value) === 'email' ? value.toLowerCase() : value;
}

/** A login identifier (e-mail or mobile, spec §1), normalised. */
export const accountId = account.transform(normaliseAccount);

export const VERIFICATION_PURPOSES = ['signup', 'reset'] as const;
export type VerificationPurpose = (typeof VERIFICATION_PURPOSES)[number];

// spec §5: the nickname is a name field — the one rule, with its emoticon handling
export const nick = name;

/** spec §5: the code is 6 digits for an e-mail account and 4 for a mobile one; reported on `code`. */
function codeFitsAccount(value: { account: string; code: string }, ctx: z.RefinementCtx): void {
  const rule = accountKind(value.account) === 'mobile' ? smsCode : emailCode;
  const result = rule.safeParse(value.code);
  if (!result.success) ctx.addIssue({ code: 'custom', path: ['code'], message: result.error.issues[0]?.message ?? apiRuleKey('verificationCode', 'required') });
}

const accountAndCode = z
  .object({ account: accountId, code: z.string({ error: apiRuleKey('verificationCode', 'required') }) })
  .superRefine(codeFitsAccount);

export const CodeRequestSchema = z.object({
  account: accountId,
  purpose: z.enum(VERIFICATION_PURPOSES, { error: apiRuleKey('purpose', 'required') }),
});
export type CodeRequest = z.output<typeof CodeRequestSchema>;

export const CodeSentResponseSchema = z.object({
  channel: z.enum(['email', 'sms']),
  codeLength: z.number().int(),
  expiresInSeconds: z.number().int(),
  resendAfterSeconds: z.number().int(),
});
export type CodeSentResponse = z.output<typeof CodeSentResponseSchema>;

export const SignupRequestSchema = z
  .object({ nick: nick.optional() })
  .and(accountAndCode)
  .and(accountPasswordPair);
export type SignupRequest = z.output<typeof SignupRequestSchema>;

export const LoginRequestSchema = z.object({
  account: accountId,
  password: accountPassword,
  /** Cookie lifetime in seconds (spec §9); absent → a browser-session cookie. */
  ttl: z
    .number({ error: apiRuleKey('sessionTtl', 'range') })
    .int({ error: apiRuleKey('sessionTtl', 'range') })
    .min(API_LIMITS.sessionTtlMinSeconds, { error: apiRuleKey('sessionTtl', 'range') })
    .max(API_LIMITS.sessionTtlMaxSeconds, { error: apiRuleKey('sessionTtl', 'range') })
    .optional(),
});
export type LoginRequest = z.output<typeof LoginRequestSchema>;

export const ResetRequestSchema = accountAndCode.and(accountPasswordPair);
export type ResetRequest = z.output<typeof ResetRequestSchema>;

export const MeResponseSchema = z.object({
  account: z.string(),
  nick: z.string(),
  role: z.union([z.literal(AccountRole.NORMAL), z.literal(AccountRole.ENGINEER), z.literal(AccountRole.MANUFACTURER), z.literal(AccountRole.SPECIAL)]),
  /** a live-demo session: read-only on the demo projects */
  demo: z.boolean(),
  /**
   * Present when the account's company requires two-factor sign-in and it is not set up yet: until it
   * is, the session only reads this and sets it up (other calls answer 77).
   */
  twoFactorSetupRequired: z.literal(true).optional(),
  /**
   * Present when the caller is an API key, not a session: what it may do (`r` read-only). The wall
   * display takes a read-only key only.
   */
  apiKey: z.object({ access: z.enum(['r', 'rw']) }).optional(),
});
export type MeResponse = z.output<typeof MeResponseSchema>;

/**
 * The login's answer: the account (session cookie set), or — for an account with two-factor sign-in —
 * a challenge to answer with a code from the authenticator app or a recovery code (no session yet).
 */
export const TwoFactorChallengeSchema = z.object({
  twoFactor: z.literal(true),
  /** answer it at /auth/login/two-factor within `expiresInSeconds` */
  challenge: z.string(),
  expiresInSeconds: z.number().int(),
});
export type TwoFactorChallenge = z.output<typeof TwoFactorChallengeSchema>;
export const LoginResponseSchema = z.union([MeResponseSchema, TwoFactorChallengeSchema]);
export type LoginResponse = z.output<typeof LoginResponseSchema>;

/** 6 digits from the authenticator app, or a recovery code (xxxxx-xxxxx) */
export const twoFactorCode = z
  .string({ error: apiRuleKey('twoFactorCode', 'format') })
  .trim()
  .regex(/^(\d{6}|[a-z0-9]{5}-?[a-z0-9]{5})$/i, { error: apiRuleKey('twoFactorCode', 'format') });

export const TwoFactorLoginRequestSchema = z.object({ challenge: z.string().min(1).max(128), code: twoFactorCode });
export type TwoFactorLoginRequest = z.output<typeof TwoFactorLoginRequestSchema>;

const tag = 'auth';
const meAnswer = 'session cookie set; the account';
/** what checking a verification code may answer (spec §5, §9) */
const codeErrors = [
  { code: ErrorCode.INCORRECT_VERIFICATION_CODE, text: 'auth.incorrectCode' },
  { code: ErrorCode.VERIFICATION_ATTEMPTS_EXCEEDED, text: 'auth.attemptsExceeded' },
] as const;

function codeErrorsFor2fa() {
  return [
    { code: ErrorCode.INCORRECT_VERIFICATION_CODE, text: 'auth.incorrectTwoFactorCode' },
    { code: ErrorCode.VERIFICATION_ATTEMPTS_EXCEEDED, text: 'auth.attemptsExceeded' },
  ] as const;
}

export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  /** the company account this one is an engineer of requires it: it cannot be turned off */
  requiredByCompany: z.boolean(),
  /**
   * What turning it off asks for: the account's password, or — for an account that signs in only with
   * an identity provider and has no password — a code from the authenticator app or a recovery code.
   */
  confirmWith: z.enum(['password', 'code']),
});
export type TwoFactorStatus = z.output<typeof TwoFactorStatusSchema>;
export const TwoFactorSetupSchema = z.object({
  /** base32, for typing into the app by hand */
  secret: z.string(),
  /** otpauth:// URI (what a QR code holds) */
  uri: z.string(),
});
export type TwoFactorSetup = z.output<typeof TwoFactorSetupSchema>;
export const TwoFactorEnableRequestSchema = z.object({ code: z.string({ error: apiRuleKey('twoFactorCode', 'format') }).trim().regex(/^\d{6}$/, { error: apiRuleKey('twoFactorCode', 'format') }) });
export const TwoFactorEnabledSchema = z.object({ recoveryCodes: z.array(z.string()) });
/** turning it off, confirmed by the password (the form of an account that has one) … */
export const TwoFactorDisableWithPasswordSchema = z.object({ password: accountPassword });
/** … or by a code (an account without a password, signing in through an identity provider) */
export const TwoFactorDisableWithCodeSchema = z.object({ code: twoFactorCode });
export const TwoFactorDisableRequestSchema = z.union([TwoFactorDisableWithPasswordSchema, TwoFactorDisableWithCodeSchema]);

/** The signed-in person's two-factor sign-in (a browser session only, like the account's API keys). */
export const twoFactorEndpoints = {
  status: endpoint({
    method: 'get', path: '/account/two-factor', tag: 'account', auth: 'account',
    summary: 'Whether two-factor sign-in is on, how many recovery codes are left, and whether the company requires it', response: TwoFactorStatusSchema,
    duringTwoFactorSetup: true,
  }),
  setup: endpoint({
    method: 'post', path: '/account/two-factor/setup', tag: 'account', auth: 'account',
    summary: 'A new secret for the authenticator app (not in use until confirmed with a code)', response: TwoFactorSetupSchema,
    errors: [{ code: ErrorCode.DEMO_PROJECT, text: 'common.demoProject' }],
    duringTwoFactorSetup: true,
  }),
  enable: endpoint({
    method: 'post', path: '/account/two-factor/enable', tag: 'account', auth: 'account',
    summary: "Turn two-factor sign-in on with the app's first code; answers 10 recovery codes, shown once",
    body: TwoFactorEnableRequestSchema, response: TwoFactorEnabledSchema, errors: codeErrorsFor2fa(),
    duringTwoFactorSetup: true,
  }),
  disable: endpoint({
    method: 'post', path: '/account/two-factor/disable', tag: 'account', auth: 'account',
    summary: 'Turn two-factor sign-in off (the password is asked again; an account without one gives a code of its app or a recovery code)',
    body: TwoFactorDisableRequestSchema, response: z.null(),
    errors: [
      { code: ErrorCode.WRONG_OLD_PASSWORD, text: 'auth.wrongPassword' },
      { code: ErrorCode.INCORRECT_VERIFICATION_CODE, text: 'auth.incorrectTwoFactorCode' },
      { code: ErrorCode.TWO_FACTOR_KEPT_BY_COMPANY, text: 'auth.twoFactorKeptByCompany' },
    ],
  }),
};

/** ARCHITECTURE §4: the auth endpoints, declared once (endpoint.ts). */
export const authEndpoints = {
  sendCode: endpoint({
    method: 'post', path: '/auth/code', tag, auth: 'none',
    summary: 'Send a sign-up or password-reset verification code',
    description: 'A reset for an unknown account answers the same and sends nothing.',
    body: CodeRequestSchema, response: CodeSentResponseSchema,
    errors: [
      { code: ErrorCode.ACCOUNT_EXISTS, text: 'auth.accountExists' },
      { code: ErrorCode.SMS_MINUTE_LIMIT, text: 'auth.codeMinuteLimit' },
      { code: ErrorCode.SMS_HOURLY_LIMIT, text: 'auth.codeHourlyLimit' },
      { code: ErrorCode.SMS_DAILY_LIMIT, text: 'auth.codeDailyLimit' },
    ],
  }),
  signup: endpoint({
    method: 'post', path: '/auth/signup', tag, auth: 'none',
    summary: 'Create an account with a verification code and log in',
    description: meAnswer,
    body: SignupRequestSchema, response: MeResponseSchema,
    errors: [{ code: ErrorCode.ACCOUNT_EXISTS, text: 'auth.accountExists' }, ...codeErrors],
  }),
  login: endpoint({
    method: 'post', path: '/auth/login', tag, auth: 'none',
    summary: 'Log in; `ttl` is the cookie lifetime in seconds',
    description: meAnswer,
    body: LoginRequestSchema, response: LoginResponseSchema,
    errors: [
      { code: ErrorCode.INCORRECT_CREDENTIALS, text: 'auth.incorrectCredentials' },
      { code: ErrorCode.LOGIN_LOCKED, text: 'auth.loginLocked' },
    ],
  }),
  loginTwoFactor: endpoint({
    method: 'post', path: '/auth/login/two-factor', tag, auth: 'none',
    summary: "Finish a login with two-factor sign-in: the authenticator app's code or a recovery code",
    description: meAnswer,
    body: TwoFactorLoginRequestSchema, response: MeResponseSchema,
    errors: codeErrorsFor2fa(),
  }),
  demo: endpoint({
    method: 'post', path: '/auth/demo', tag, auth: 'none',
    summary: 'Live demo login: a read-only session on the demo projects',
    description: meAnswer,
    response: MeResponseSchema,
    errors: [{ code: ErrorCode.CONFIG_FAILED, text: 'auth.demoUnavailable' }],
  }),
  logout: endpoint({ method: 'post', path: '/auth/logout', tag, auth: 'none', summary: 'End the session', response: z.null() }),
  me: endpoint({ method: 'get', path: '/auth/me', tag, auth: 'session', summary: 'The logged-in account', response: MeResponseSchema, duringTwoFactorSetup: true }),
  reset: endpoint({
    method: 'post', path: '/auth/reset', tag, auth: 'none',
    summary: 'Set a new password with a reset code; every session of the account ends',
    body: ResetRequestSchema, response: z.null(),
    errors: codeErrors,
  }),
};
