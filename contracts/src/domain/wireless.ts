// spec §3: Wi-Fi policy vocabulary.
import { enEnums } from '../i18n/en-enums.js';
import { LIMITS } from '../limits.js';

export const SecurityMode = {
  NONE: 0,
  WPA_PSK: 1,
  WPA2_PSK: 2,
  WPA3_SAE: 3,
  WPA3_SAE_WPA2_PSK: 4,
  OTHER: 5,
  WPA_WPA2_PSK: 6,
  WPA: 7,
  WPA2: 8,
} as const;
export type SecurityModeValue = (typeof SecurityMode)[keyof typeof SecurityMode];
export const SECURITY_MODE_LABELS: Readonly<Record<SecurityModeValue, string>> = enEnums.securityMode;

export const CIPHERS = ['aes', 'tkip', 'tkip+aes'] as const;
export type Cipher = (typeof CIPHERS)[number];
export const CIPHER_LABELS: Readonly<Record<Cipher, string>> = enEnums.cipher;

// spec §3: WPA-PSK aes|tkip; WPA2-PSK and the mixed modes aes|tkip|tkip+aes; WPA3 types aes only.
// WPA and WPA2 (enterprise, 7/8) follow their PSK siblings; none and other carry no cipher.
const CIPHERS_BY_MODE: Readonly<Record<SecurityModeValue, readonly Cipher[]>> = {
  0: [],
  1: ['aes', 'tkip'],
  2: ['aes', 'tkip', 'tkip+aes'],
  3: ['aes'],
  4: ['aes'],
  5: [],
  6: ['aes', 'tkip', 'tkip+aes'],
  7: ['aes', 'tkip'],
  8: ['aes', 'tkip', 'tkip+aes'],
};

/** The ciphers a security mode allows (empty for none/other or an unknown mode). */
export function ciphersFor(mode: number): readonly Cipher[] {
  return Object.hasOwn(CIPHERS_BY_MODE, mode) ? CIPHERS_BY_MODE[mode as SecurityModeValue] : [];
}

/** Whether a mode needs a pre-shared Wi-Fi password (enterprise modes use RADIUS instead). */
export function needsWifiPassword(mode: number): boolean {
  return [1, 2, 3, 4, 6].includes(mode);
}

export const BANDS = ['2.4g', '5g', 'dual'] as const;
export type Band = (typeof BANDS)[number];
export const BAND_LABELS: Readonly<Record<Band, string>> = enEnums.band;

// spec §3: rate-limit choices — upload 10 Mbps with download 20 or 50 Mbps
export const RATE_LIMIT_CHOICES = LIMITS.rateLimitDownloadMbpsChoices.map((downloadMbps) => ({
  uploadMbps: LIMITS.rateLimitUploadMbps,
  downloadMbps,
}));
