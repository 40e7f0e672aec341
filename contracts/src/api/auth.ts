// Request/response DTOs of /api/v1/auth (issue 2 §4), built from the spec §5 rules.
import { z } from 'zod';
import { AccountRole } from '../domain/account.js';
import { account, accountKind, accountPassword, accountPasswordPair, emailCode, smsCode } from '../rules/account.js';
import { charLength } from '../rules/key.js';
import { apiRuleKey } from './en-api-rules.js';
import { API_LIMITS } from './limits.js';

/** One spelling per account: e-mail addresses compare case-insensitively, mobile numbers as typed. */
export function normaliseAccount(value: string): string {
  return accountKind(value) === 'email' ? value.toLowerCase() : value;
}

/** A login identifier (e-mail or mobile, spec §1), normalised. */
export const accountId = account.transform(normaliseAccount);

export const VERIFICATION_PURPOSES = ['signup', 'reset'] as const;
export type VerificationPurpose = (typeof VERIFICATION_PURPOSES)[number];

const EMOTICON = /\p{Extended_Pictographic}/u;

// spec §5 name fields: 1 to 16 characters, no spaces or emoticons
export const nick = z
  .string({ error: apiRuleKey('nick', 'length') })
  .refine((v) => charLength(v) >= 1 && charLength(v) <= API_LIMITS.nickMaxLength, { error: apiRuleKey('nick', 'length'), abort: true })
  .refine((v) => !/\s/u.test(v) && !EMOTICON.test(v), { error: apiRuleKey('nick', 'format') });

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
});
export type MeResponse = z.output<typeof MeResponseSchema>;
