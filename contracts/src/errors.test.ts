import { describe, expect, it } from 'vitest';
import { ERROR_RANGES, ErrorCode, errorKey, errorMessage, GENERIC_MESSAGES, isErrorCode } from './errors.js';
import { lookupText } from './i18n/en.js';

// Every single code the spec §8 table names (rows with one or several codes) and its ranges.
const SPEC_SINGLE_CODES = [
  0, -99, 4, 6, 12, 13, 14, 15, 65, 22, 23, 24, 26, 27, 36, 94, 95, 324, 40, 44, 51, 52, 53, 64, 67, 69, 70, 72, 73, 74,
  75, 76, 80, 83, 85, 87, 88, 93, 153, 154, 91, 2004, 96, 205, 100, 111, 120, 179, 180, 1136, 1137, 131, 135, 136, 138,
  142, 158, 160, 161, 163, 140, 156, 164, 165, 167, 173, 916, 186, 187, 188, 189, 190, 251, 413, 258, 260, 320, 321,
  400, 404, 406, 407, 409, 410, 411, 412, 414, 732, 911, 2000, 2001, 2005, 2006, 2007, 2008, 2010,
];

describe('error catalogue (spec §8)', () => {
  it('gives every single code of §8 its own text', () => {
    for (const code of SPEC_SINGLE_CODES) {
      expect(errorKey(code), `code ${code}`).toBe(`errors.code.${code}`);
      expect(errorMessage(code)).not.toMatch(/^unknown error code/);
    }
  });

  it('gives every code of every range a text', () => {
    for (const range of ERROR_RANGES) {
      for (let code = range.from; code <= range.to; code += 1) {
        const key = errorKey(code);
        expect(key, `code ${code}`).not.toBeNull();
        expect(lookupText(key ?? '')).toBe(errorMessage(code));
      }
    }
  });

  it('gives every named ErrorCode a text of its own', () => {
    for (const [name, code] of Object.entries(ErrorCode)) {
      expect(errorKey(code), name).toBe(`errors.code.${code}`);
      expect(isErrorCode(code)).toBe(true);
    }
  });

  it('keeps the values the spec and the API fix', () => {
    expect(ErrorCode).toMatchObject({
      OK: 0, CONFIG_FAILED: -99, INCORRECT_CREDENTIALS: 4, INCORRECT_VERIFICATION_CODE: 12, ACCOUNT_EXISTS: 13,
      ACCOUNT_NOT_FOUND: 22, PROJECT_RF_OPTIMISING: 27, DEVICE_OFFLINE: 36, PROJECT_ALREADY_SHARED: 44,
      SMS_HOURLY_LIMIT: 51, SMS_DAILY_LIMIT: 52, SMS_MINUTE_LIMIT: 53, PROJECT_INVALID: 73, PROJECT_EXPIRED: 74,
      VERIFICATION_ATTEMPTS_EXCEEDED: 75, LOCAL_MODE: 76, LOGIN_LOCKED: 80, PROJECT_COUNT_LIMIT: 140,
      ADD_DEVICE_FAILED: 167, READ_ONLY_PROJECT: 173, READ_ONLY_PROJECT_ALT: 916, INVALID_PARAMS: 400, NETWORK: 404,
      DATA_EXISTS: 411, DATA_NOT_FOUND: 412, SERVER_ERROR: 2000, SAVE_FAILED: 2001, REPEATED_CLICKS: 2010,
    });
    for (const name of ['TOKEN_MISSING', 'TOKEN_EXPIRED', 'SIGNATURE'] as const) {
      expect(ErrorCode[name]).toBeGreaterThanOrEqual(1);
      expect(ErrorCode[name]).toBeLessThanOrEqual(10);
    }
    expect(ErrorCode.DEMO_PROJECT).toBeGreaterThanOrEqual(901);
    expect(ErrorCode.DEMO_PROJECT).toBeLessThanOrEqual(917);
  });

  it('has no two names in the 1–10 block sharing a value', () => {
    const low = Object.values(ErrorCode).filter((c) => c >= 1 && c <= 10);
    expect(new Set(low).size).toBe(low.length);
  });

  it.each([
    [0, 'success'],
    [-99, 'configuration failed'],
    [75, '5 wrong verification attempts, please request a new code'],
    [80, 'too many failures in 5 minutes, retry after 30 minutes'],
    [173, 'project is read-only and cannot be modified'],
    [916, 'project is read-only and cannot be modified'],
    [2004, 'more than 128 clients per band'],
    [10, 'general, token or signature error'],
    [62, 'at most 8 unexpired read-write shares'],
    // spec §8 names only 320, 321 and 324 of 320–326; docs/decisions/maintenance.md chose the others
    [322, 'remote management closed after idle time'],
    [325, 'remote management link is invalid or closed'],
    [3001, 'disk formatting failed: the recorder has no disk'],
  ])('code %i reads "%s"', (code, text) => expect(errorMessage(code)).toBe(text));

  it.each([81, 82, 84, 86, 97, 128, 5000, -1, 1.5, Number.NaN])('code %s is unknown, number filled in', (code) => {
    expect(errorMessage(code)).toBe(`unknown error code ${code}`);
  });

  it("reads §8's 'network' marker as the network error", () => {
    expect(errorMessage('network')).toBe('network error, please try later');
  });

  it('has the generic messages of §8', () => {
    expect(Object.values(GENERIC_MESSAGES)).toEqual([
      'network error, please try later',
      'no return code error',
      'return format error',
      'operation failed',
      'invalid input',
      'project is read-only and cannot be modified',
      'operation not supported in local management mode',
      'offline device configuration not supported',
      'no available data',
    ]);
  });
});
