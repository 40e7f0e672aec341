// spec §1, §3, §6: accounts, roles, membership and share vocabulary.
import { enEnums } from '../i18n/en-enums.js';

export const AccountRole = { NORMAL: 0, ENGINEER: 1, MANUFACTURER: 2, SPECIAL: 3 } as const;
export type AccountRoleValue = (typeof AccountRole)[keyof typeof AccountRole];
export const ACCOUNT_ROLE_LABELS: Readonly<Record<AccountRoleValue, string>> = enEnums.accountRole;
export const DEFAULT_ACCOUNT_ROLE: AccountRoleValue = AccountRole.NORMAL;

export const MEMBERSHIP_LABELS = ['common', 'basic', 'silver', 'gold', 'manufacturer', 'visitor'] as const;
export type MembershipLabel = (typeof MEMBERSHIP_LABELS)[number];
export const MEMBERSHIP_LABEL_TEXTS: Readonly<Record<MembershipLabel, string>> = enEnums.membership;

/**
 * spec §6: the label an account shows. A manufacturer account is `manufacturer` and the live demo
 * `visitor` whatever is stored; otherwise the stored label (common until an operator sets basic,
 * silver or gold).
 */
export function membershipOf(account: { role: AccountRoleValue; demo: boolean; stored: string | null }): MembershipLabel {
  if (account.demo) return 'visitor';
  if (account.role === AccountRole.MANUFACTURER) return 'manufacturer';
  const stored = MEMBERSHIP_LABELS.find((l) => l === account.stored);
  return stored === undefined || stored === 'manufacturer' || stored === 'visitor' ? 'common' : stored;
}

// spec §5 "Images: jpg, png, jpeg, gif, bmp, under 10 MB": the content types an avatar is recognised as
// (by its bytes; the name is rules/files.ts `imageFile`)
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/bmp'] as const;
export type ImageMimeType = (typeof IMAGE_MIME_TYPES)[number];

/**
 * spec §9 "company name and address can each be changed once per year", §8 codes 14/15/65: a change
 * is refused while the last one fell in the same calendar year (UTC). Giving it the first time is no
 * change (the field was empty).
 */
export function companyFieldLocked(lastChangedAt: number | null, now: number): boolean {
  return lastChangedAt !== null && new Date(lastChangedAt).getUTCFullYear() === new Date(now).getUTCFullYear();
}

// spec §3: share account type guest 0 / admin 1
export const ShareAccountType = { GUEST: 0, ADMIN: 1 } as const;
export type ShareAccountTypeValue = (typeof ShareAccountType)[keyof typeof ShareAccountType];
export const SHARE_ACCOUNT_TYPE_LABELS: Readonly<Record<ShareAccountTypeValue, string>> = enEnums.shareAccountType;

// spec §3: read-only = view information; read-write = device management
export const SHARE_PERMISSION_LABELS: Readonly<Record<'r' | 'rw', string>> = enEnums.sharePermission;

// spec §4: share permission is active or expired
export const SHARE_STATES = ['active', 'expired'] as const;
export type ShareState = (typeof SHARE_STATES)[number];
export const SHARE_STATE_LABELS: Readonly<Record<ShareState, string>> = enEnums.shareState;

// spec §3: client-side access type, default web
export const ACCESS_TYPES = ['web', 'openapi'] as const;
export type AccessType = (typeof ACCESS_TYPES)[number];
export const ACCESS_TYPE_LABELS: Readonly<Record<AccessType, string>> = enEnums.accessType;
export const DEFAULT_ACCESS_TYPE: AccessType = 'web';
