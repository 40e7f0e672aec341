// spec §5 "Passwords": device and Wi-Fi passwords.
import { z } from 'zod';
import { ciphersFor, SecurityMode } from '../domain/wireless.js';
import { LIMITS } from '../limits.js';
import { classOf, DEVICE_PASSWORD_SPECIALS } from './charsets.js';
import { ruleKey, stringRule } from './key.js';

const SPECIAL = new RegExp(`[${classOf(DEVICE_PASSWORD_SPECIALS)}]`);
const DEVICE_PASSWORD_CHARS = new RegExp(`^[A-Za-z0-9${classOf(DEVICE_PASSWORD_SPECIALS)}]*$`);
const CLASSES = [/[A-Z]/, /[a-z]/, /[0-9]/, SPECIAL];

/** How many of the four character classes (upper, lower, digit, special) a password uses. */
export function passwordClassCount(value: string): number {
  return CLASSES.filter((re) => re.test(value)).length;
}

// spec §5: at least 8 characters, three of four classes, specials only from !#$%&*+,-.:;=@^_.
// The upper bound of 64 is ours (see decisions.md): a device stores the password in a fixed field.
export const devicePassword = stringRule('devicePassword')
  .min(LIMITS.devicePasswordMinLength, { error: ruleKey('devicePassword', 'length') })
  .max(LIMITS.devicePasswordMaxLength, { error: ruleKey('devicePassword', 'length') })
  .regex(DEVICE_PASSWORD_CHARS, { error: ruleKey('devicePassword', 'chars') })
  .refine((v) => passwordClassCount(v) >= LIMITS.devicePasswordClassesRequired, {
    error: ruleKey('devicePassword', 'classes'),
  });

const PRINTABLE_ASCII = /^[\x20-\x7E]*$/;
const HEX = /^[0-9A-Fa-f]*$/;

// spec §5: 8–63 printable ASCII characters, or 8–64 hexadecimal digits (so 64 must be hex)
export const wifiPassword = stringRule('wifiPassword')
  .min(LIMITS.wifiPasswordMinLength, { error: ruleKey('wifiPassword', 'length') })
  .max(LIMITS.wifiPasswordHexMaxLength, { error: ruleKey('wifiPassword', 'length') })
  .regex(PRINTABLE_ASCII, { error: ruleKey('wifiPassword', 'chars') })
  .refine((v) => v.length < LIMITS.wifiPasswordHexMaxLength || HEX.test(v), {
    error: ruleKey('wifiPassword', 'hex'),
  });

const SECURITY_MODES = Object.values(SecurityMode);

// spec §3: each security mode allows only some ciphers; a mode with ciphers needs one chosen,
// a mode without (none, other) takes none
export const wirelessSecurity = z
  .object(
    {
      mode: z.number({ error: ruleKey('wirelessSecurity', 'required') }).refine(
        (m) => (SECURITY_MODES as number[]).includes(m),
        { error: ruleKey('wirelessSecurity', 'required') },
      ),
      cipher: z.string({ error: ruleKey('wirelessSecurity', 'cipher') }).optional(),
    },
    { error: ruleKey('wirelessSecurity', 'required') },
  )
  .refine(
    (s) => {
      const allowed: readonly string[] = ciphersFor(s.mode);
      return s.cipher === undefined ? allowed.length === 0 : allowed.includes(s.cipher);
    },
    { error: ruleKey('wirelessSecurity', 'cipher'), path: ['cipher'] },
  );
