import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, otpauthUri, totp, TOTP_STEP_SECONDS } from './totp.js';

// RFC 6238 Appendix B: the SHA-1 seed "12345678901234567890", 8 digits
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'));

describe('time-based one-time passwords (RFC 6238)', () => {
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('gives the RFC test vector at T=%i s', (seconds, expected) => {
    expect(totp(RFC_SECRET, seconds * 1000, 8)).toBe(expected);
  });

  it('gives the RFC 4226 HOTP vectors (counter 0 and 9)', () => {
    expect(hotp(Buffer.from('12345678901234567890'), 0)).toBe('755224');
    expect(hotp(Buffer.from('12345678901234567890'), 9)).toBe('520489');
  });

  it('base32 round-trips and decodes what authenticator apps show (spaces, lower case)', () => {
    const bytes = Buffer.from('any secret bytes!');
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
    expect(base32Decode(base32Encode(bytes).toLowerCase().replace(/(.{4})/g, '$1 '))).toEqual(bytes);
  });

  it('accepts the code of now and of one step either side, once each, and nothing else', () => {
    const now = 1_700_000_000_000;
    const code = totp(RFC_SECRET, now);
    const step = matchTotp(RFC_SECRET, code, now, null);
    expect(step).not.toBeNull();
    expect(matchTotp(RFC_SECRET, totp(RFC_SECRET, now - TOTP_STEP_SECONDS * 1000), now, null)).toBe(step! - 1);
    expect(matchTotp(RFC_SECRET, totp(RFC_SECRET, now + TOTP_STEP_SECONDS * 1000), now, null)).toBe(step! + 1);
    expect(matchTotp(RFC_SECRET, totp(RFC_SECRET, now - 3 * TOTP_STEP_SECONDS * 1000), now, null)).toBeNull();
    // replayed: the same step is not accepted twice
    expect(matchTotp(RFC_SECRET, code, now, step)).toBeNull();
    expect(matchTotp(RFC_SECRET, '12345', now, null)).toBeNull();
  });

  it('writes the otpauth URI authenticator apps read', () => {
    expect(otpauthUri('Airloom', 'ana@example.com', 'ABCD')).toBe('otpauth://totp/Airloom%3Aana%40example.com?secret=ABCD&issuer=Airloom&algorithm=SHA1&digits=6&period=30');
  });
});
