// spec §8: the numeric result codes shared by server and UI. Names are a public API (BFF and UI
// are written against them). Where §8 lists a range without single meanings, the value chosen for
// a name is recorded in docs/decisions.md (Contracts).
import { enErrors } from './i18n/en-errors.js';
import { interpolate } from './i18n/interpolate.js';

export const ErrorCode = {
  OK: 0,
  CONFIG_FAILED: -99,

  // 1–10 general, token and signature errors
  MODEL_ERROR: 1,
  SIGNATURE: 2,
  NULL_ACCOUNT: 3,
  INCORRECT_CREDENTIALS: 4,
  DATABASE_ERROR: 5,
  INCORRECT_PASSWORD: 6,
  LOGGED_OUT: 7,
  TOKEN_MISSING: 8,
  TOKEN_EXPIRED: 9,

  // 11–20 verification, user exists, changes, storage
  INCORRECT_VERIFICATION_CODE: 12,
  ACCOUNT_EXISTS: 13,
  COMPANY_NAME_CHANGED_THIS_YEAR: 14,
  COMPANY_LOCATION_CHANGED_THIS_YEAR: 15,

  // 21–28 sharing and account
  ACCOUNT_NOT_FOUND: 22,
  CREDITS_INSUFFICIENT: 23,
  POLICY_NAME_EXISTS: 24,
  WIRELESS_POLICY_IN_USE: 26,
  PROJECT_RF_OPTIMISING: 27,

  // 29–40 device
  /** spec §4: e.g. an NVR cannot be auto-maintained, reset or upgraded */
  DEVICE_OPERATION_UNSUPPORTED: 35,
  DEVICE_OFFLINE: 36,
  /**
   * An operation that must not run twice was sent, its answer was lost, and the device never showed
   * whether it ran (docs/decisions/gateway.md): the user is asked to check the device.
   */
  DEVICE_RESULT_UNKNOWN: 37,
  WIRELESS_POLICY_LIMIT: 40,

  // 41–60
  PROJECT_ALREADY_SHARED: 44,
  /** spec §5 "when all ports are used, no device can be added" (§8 41–60 "terminal count") */
  TERMINAL_PORTS_FULL: 46,
  SMS_HOURLY_LIMIT: 51,
  SMS_DAILY_LIMIT: 52,
  SMS_MINUTE_LIMIT: 53,

  // 61–65 sharing
  SHARE_READ_ONLY_LIMIT: 61,
  SHARE_READ_WRITE_LIMIT: 62,
  SHARE_COVER_OLD: 63,
  INVITATION_CODE_EXPIRED: 64,
  COMPANY_INFO_CHANGED_THIS_YEAR: 65,

  // 66–80
  ONE_GATEWAY_PER_PROJECT: 67,
  LOGGED_IN_ELSEWHERE: 69,
  PASSWORD_CHANGED: 70,
  DEVICE_BUSY: 71,
  RESERVED_NAME: 72,
  PROJECT_INVALID: 73,
  PROJECT_EXPIRED: 74,
  VERIFICATION_ATTEMPTS_EXCEEDED: 75,
  LOCAL_MODE: 76,
  /**
   * Two-factor sign-in enforced by a company account for its engineers (beyond the spec; in §8's
   * 66–80 "verification limits and others", docs/decisions/accounts-projects.md): 77 set it up before
   * anything else, 78 it cannot be turned off while the company requires it, 79 the company account
   * turns it on for itself before requiring it of others.
   */
  TWO_FACTOR_SETUP_REQUIRED: 77,
  TWO_FACTOR_KEPT_BY_COMPANY: 78,
  TWO_FACTOR_OWN_FIRST: 79,
  LOGIN_LOCKED: 80,

  REDEMPTION_CODE_EXPIRED: 83,
  VERSION_UNSUPPORTED: 85,
  DEVICE_MIXING: 87,
  DEVICE_MIXING_88: 88,
  SAME_MESH_SSID: 89,
  MAX_CLIENTS_REACHED: 90,
  BAND_CLIENT_LIMIT: 91,
  MESH_WLAN_CONFLICT: 92,
  DEVICE_MIXING_93: 93,
  DEVICE_OFFLINE_94: 94,
  DEVICE_OFFLINE_95: 95,
  VLAN_NOT_FOUND: 96,
  WRONG_OLD_PASSWORD: 100,
  DUPLICATE_VLAN: 111,
  DUPLICATE_VLAN_120: 120,
  RULE_REFERENCED: 131,
  DEVICE_SSID_TOO_FEW: 135,
  DEVICE_SSID_FULL: 136,
  SOCIAL_BINDING_CONFLICT: 138,
  PROJECT_COUNT_LIMIT: 140,
  SOCIAL_BINDING_CONFLICT_142: 142,
  DEVICE_MIXING_153: 153,
  DEVICE_MIXING_154: 154,
  BLACKLIST_LIMIT: 156,
  SOCIAL_BINDING_CONFLICT_158: 158,
  SOCIAL_BINDING_CONFLICT_160: 160,
  SOCIAL_BINDING_CONFLICT_161: 161,
  SOCIAL_BINDING_CONFLICT_163: 163,
  DEFAULT_ROUTER_CONFIG_ENABLED: 164,
  MULTI_CONFIG_EXTENSION_MODE: 165,
  ADD_DEVICE_FAILED: 167,
  READ_ONLY_PROJECT: 173,
  DUPLICATE_VLAN_179: 179,
  DUPLICATE_VLAN_180: 180,
  CUSTOM_SCENARIO_LIMIT: 186,
  BACKUP_INTERVAL: 187,
  MANAGEABLE_PERMISSION_LIMIT: 188,
  REGISTERED_IN_SIBLING_PRODUCT: 189,
  REGISTERED_IN_SIBLING_PRODUCT_190: 190,
  VLAN_NOT_FOUND_205: 205,
  IMAGE_TOO_LARGE: 251,
  EXCEL_TEMPLATE_WRONG: 258,
  EXCEL_TEMPLATE_EMPTY: 260,
  REMOTE_MANAGEMENT_FAILED: 320,
  REMOTE_LOGIN_TIMEOUT: 321,
  /** docs/decisions/maintenance.md: the remote web tunnel was closed after the idle time */
  REMOTE_IDLE_CLOSED: 322,
  /** docs/decisions/maintenance.md: the remote web link reached its time limit */
  REMOTE_SESSION_EXPIRED: 323,
  DEVICE_OFFLINE_324: 324,
  /** docs/decisions/maintenance.md: the remote web link is unknown or was closed */
  REMOTE_LINK_INVALID: 325,
  /** docs/decisions/maintenance.md: the device's web page did not answer through the tunnel */
  REMOTE_DEVICE_NO_ANSWER: 326,

  INVALID_PARAMS: 400,
  NETWORK: 404,
  PERMANENT_SHARE_READ_WRITE_LIMIT: 406,
  SOME_DEVICES_OFFLINE: 407,
  UPGRADE_APP: 409,
  DEVICE_DELETED: 410,
  DATA_EXISTS: 411,
  DATA_NOT_FOUND: 412,
  IMAGE_TOO_LARGE_413: 413,
  CONFIG_CONFLICT: 414,
  DHCP_MODE_EXCLUSIVE: 732,
  DHCP_MODE_EXCLUSIVE_911: 911,
  // spec §8 "901 to 917 … upgrade file" and §4 "download failed or upgrade failed" (docs/decisions/maintenance.md)
  FIRMWARE_FILE_INVALID: 912,
  FIRMWARE_DOWNLOAD_FAILED: 913,
  FIRMWARE_UPGRADE_FAILED: 914,
  /** spec §8 901–917 "upgrade file": the device already runs the version asked for (docs/decisions/maintenance.md) */
  FIRMWARE_ALREADY_INSTALLED: 910,
  /** spec §8 901–917 "copy-config": a configuration is copied only between devices of one model (docs/decisions/maintenance.md) */
  COPY_CONFIG_OTHER_MODEL: 915,
  READ_ONLY_PROJECT_ALT: 916,
  DEMO_PROJECT: 917,
  DUPLICATE_VLAN_1136: 1136,
  DUPLICATE_VLAN_1137: 1137,

  SERVER_ERROR: 2000,
  SAVE_FAILED: 2001,
  BAND_CLIENT_LIMIT_2004: 2004,
  WIFI_ALL_DEVICES_LIMIT: 2005,
  WIFI_SPECIFIED_DEVICES_LIMIT: 2006,
  GUEST_WIFI_LIMIT: 2007,
  WIFI_NAMES_MUST_DIFFER: 2008,
  REPEATED_CLICKS: 2010,

  // spec §8 "3000 to 3002 disk formatting" (which is which: docs/decisions/maintenance.md)
  DISK_FORMAT_FAILED: 3000,
  DISK_ABSENT: 3001,
  DISK_IN_USE: 3002,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
export type ErrorCodeValue = (typeof ErrorCode)[ErrorCodeName];

// spec §8: ranges whose codes carry only a general meaning. Key = i18n key under errors.range.
export const ERROR_RANGES = [
  { from: 1, to: 10, key: 'r1_10' },
  { from: 11, to: 20, key: 'r11_20' },
  { from: 21, to: 28, key: 'r21_28' },
  { from: 29, to: 40, key: 'r29_40' },
  { from: 41, to: 60, key: 'r41_60' },
  { from: 61, to: 63, key: 'r61_63' },
  { from: 66, to: 80, key: 'r66_80' },
  { from: 89, to: 92, key: 'r89_92' },
  { from: 101, to: 127, key: 'r101_127' },
  { from: 320, to: 326, key: 'r320_326' },
  { from: 713, to: 740, key: 'r713_740' },
  { from: 901, to: 917, key: 'r901_917' },
  { from: 1129, to: 1147, key: 'r1129_1147' },
  { from: 2101, to: 2104, key: 'r2101_2104' },
  { from: 3000, to: 3002, key: 'r3000_3002' },
] as const;

export type ErrorRangeKey = (typeof ERROR_RANGES)[number]['key'];

// spec §8: the generic messages, usable where no code is at hand.
export const GENERIC_MESSAGES = enErrors.generic;
export type GenericMessageKey = keyof typeof GENERIC_MESSAGES;

const CODE_TEXTS: Readonly<Record<string, string>> = enErrors.code;

/** i18n key (under the `errors` namespace root) for a result code, or null when the catalogue has none. */
export function errorKey(code: number): string | null {
  if (!Number.isInteger(code)) return null;
  if (Object.hasOwn(CODE_TEXTS, String(code))) return `errors.code.${code}`;
  const range = ERROR_RANGES.find((r) => code >= r.from && code <= r.to);
  return range ? `errors.range.${range.key}` : null;
}

/**
 * English text of a result code (spec §8): its own text, else its range's general meaning, else
 * "unknown error code {code}". The string 'network' is §8's marker for a network error.
 */
export function errorMessage(code: number | 'network'): string {
  if (code === 'network') return GENERIC_MESSAGES.network;
  if (Number.isInteger(code)) {
    const own = CODE_TEXTS[String(code)];
    if (own !== undefined) return own;
    const range = ERROR_RANGES.find((r) => code >= r.from && code <= r.to);
    if (range) return enErrors.range[range.key];
  }
  return interpolate(enErrors.unknown, { code: String(code) });
}

/** Type guard: is this number one of the named codes? */
export function isErrorCode(code: number): code is ErrorCodeValue {
  return NAMED_CODES.has(code);
}

const NAMED_CODES: ReadonlySet<number> = new Set(Object.values(ErrorCode));
