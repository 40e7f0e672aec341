// spec §5 "Passwords and codes" and the login identifiers (e-mail or mobile, spec §1).
import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { charLength, ruleKey } from './key.js';

const accountPasswordLength = (v: string) => {
  const n = charLength(v);
  return n >= LIMITS.accountPasswordMinLength && n <= LIMITS.accountPasswordMaxLength;
};

// spec §5: account password 6 to 32 characters
export const accountPassword = z
  .string({ error: ruleKey('accountPassword', 'required') })
  .refine(accountPasswordLength, { error: ruleKey('accountPassword', 'length') });

// spec §5: both entries must match; the mismatch is reported on the confirm field
export const accountPasswordPair = z
  .object(
    {
      password: accountPassword,
      confirm: z.string({ error: ruleKey('accountPasswordPair', 'required') }),
    },
    { error: ruleKey('accountPasswordPair', 'required') },
  )
  .refine((p) => p.password === p.confirm, {
    error: ruleKey('accountPasswordPair', 'mismatch'),
    path: ['confirm'],
  });

const digits = (n: number) => new RegExp(`^[0-9]{${n}}$`);

// spec §5: e-mail verification code 6 digits, SMS code 4 digits
export const emailCode = z
  .string({ error: ruleKey('emailCode', 'required') })
  .regex(digits(LIMITS.emailCodeLength), { error: ruleKey('emailCode', 'format') });

export const smsCode = z
  .string({ error: ruleKey('smsCode', 'required') })
  .regex(digits(LIMITS.smsCodeLength), { error: ruleKey('smsCode', 'format') });

const emailFormat = z.email();
const MOBILE = new RegExp(`^\\+?[0-9]{${LIMITS.mobileMinDigits},${LIMITS.mobileMaxDigits}}$`);

export function isEmail(value: string): boolean {
  return value.length <= LIMITS.emailMaxLength && emailFormat.safeParse(value).success;
}

export function isMobile(value: string): boolean {
  return MOBILE.test(value);
}

export const email = z
  .string({ error: ruleKey('email', 'required') })
  .min(1, { error: ruleKey('email', 'required') })
  .max(LIMITS.emailMaxLength, { error: ruleKey('email', 'length') })
  .refine((v) => emailFormat.safeParse(v).success, { error: ruleKey('email', 'format'), abort: true });

export const mobile = z
  .string({ error: ruleKey('mobile', 'required') })
  .min(1, { error: ruleKey('mobile', 'required') })
  .regex(MOBILE, { error: ruleKey('mobile', 'format') });

// spec §1: login is by mobile number or e-mail
export const account = z
  .string({ error: ruleKey('account', 'required') })
  .min(1, { error: ruleKey('account', 'required') })
  .refine((v) => isEmail(v) || isMobile(v), { error: ruleKey('account', 'format'), abort: true });

/** Which kind of identifier an account string is (valid ones only). */
export function accountKind(value: string): 'email' | 'mobile' | null {
  if (isEmail(value)) return 'email';
  if (isMobile(value)) return 'mobile';
  return null;
}
