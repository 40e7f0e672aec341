// Request/response DTOs of /api/v1/account (spec §1 profile and account management): the signed-in
// person's nickname, password, avatar, company name and address, membership label and the console's
// version. Managed from a browser session only (`auth: 'account'`).
import { z } from 'zod';
import { AccountRole, MEMBERSHIP_LABELS } from '../domain/account.js';
import { ErrorCode } from '../errors.js';
import { LIMITS } from '../limits.js';
import { accountPasswordPair } from '../rules/account.js';
import { charLength } from '../rules/key.js';
import { MeResponseSchema, nick } from './auth.js';
import { apiRuleKey } from './en-api-rules.js';
import { endpoint } from './endpoint.js';
import { API_LIMITS } from './limits.js';

export const ProfileUpdateRequestSchema = z.object({ nick });
export type ProfileUpdateRequest = z.input<typeof ProfileUpdateRequestSchema>;

/** The current password, then the new one twice (spec §5 password rule). */
export const PasswordChangeRequestSchema = z
  .object({ oldPassword: z.string({ error: apiRuleKey('oldPassword', 'required') }).min(1, { error: apiRuleKey('oldPassword', 'required') }) })
  .and(accountPasswordPair);
export type PasswordChangeRequest = z.input<typeof PasswordChangeRequestSchema>;

const companyText = (rule: 'companyName' | 'companyAddress', max: number) =>
  z
    .string({ error: apiRuleKey(rule, 'length') })
    .trim()
    .refine((v) => charLength(v) >= 1 && charLength(v) <= max, { error: apiRuleKey(rule, 'length') });

/** Either or both; each may change once a calendar year (spec §9, codes 14/15/65). */
export const CompanyUpdateRequestSchema = z
  .object({
    companyName: companyText('companyName', API_LIMITS.companyNameMaxLength).optional(),
    companyAddress: companyText('companyAddress', API_LIMITS.companyAddressMaxLength).optional(),
  })
  .refine((v) => v.companyName !== undefined || v.companyAddress !== undefined, { error: apiRuleKey('companyUpdate', 'empty'), path: ['_'] });
export type CompanyUpdateRequest = z.input<typeof CompanyUpdateRequestSchema>;

/**
 * The avatar, base64 (spec §5 images: jpg, png, gif or bmp under 10 MB, recognised by content).
 * Over 10 MB answers 251; anything that is not such an image 400 on `image`.
 */
export const AvatarUploadRequestSchema = z.object({
  image: z.base64({ error: apiRuleKey('avatar', 'type') }).min(1, { error: apiRuleKey('avatar', 'type') }),
});
export type AvatarUploadRequest = z.input<typeof AvatarUploadRequestSchema>;
/**
 * base64 of the largest image with the JSON around it, to the next kB: a body larger than that is
 * refused from its Content-Length (251) before a byte is read (docs/uploads.md)
 */
export const AVATAR_BODY_LIMIT = `${Math.ceil((4 * Math.ceil(LIMITS.imageMaxBytes / 3) + '{"image":""}'.length) / 1024)}kb`;

/** When a company field may change again: null now, else the start of the next year (UTC, ISO 8601). */
const companyField = z.object({ value: z.string(), changedAt: z.string().nullable(), changeableFrom: z.string().nullable() });

export const AccountProfileSchema = z.object({
  account: z.string(),
  nick: z.string(),
  role: z.union([z.literal(AccountRole.NORMAL), z.literal(AccountRole.ENGINEER), z.literal(AccountRole.MANUFACTURER), z.literal(AccountRole.SPECIAL)]),
  /** spec §6 membership label */
  membership: z.enum(MEMBERSHIP_LABELS),
  demo: z.boolean(),
  companyName: companyField,
  companyAddress: companyField,
  /** the avatar's address (changes with every upload), or null */
  avatar: z.string().nullable(),
  /** the company account this one is an engineer (sub-account) of, or null */
  superior: z.object({ account: z.string(), nick: z.string(), companyName: z.string() }).nullable(),
  /** how many sub-accounts this account manages */
  subAccounts: z.number().int(),
  /** the console's version, and the help centre's address when one is configured */
  version: z.string(),
  helpCentreUrl: z.string().nullable(),
});
export type AccountProfile = z.output<typeof AccountProfileSchema>;

const tag = 'account';
const demo = { code: ErrorCode.DEMO_PROJECT, text: 'account.demo' } as const;

/** ARCHITECTURE §4: the account endpoints, declared once (endpoint.ts). */
export const accountEndpoints = {
  profile: endpoint({
    method: 'patch', path: '/account/profile', tag, auth: 'account',
    summary: 'Change my nickname',
    body: ProfileUpdateRequestSchema, response: MeResponseSchema, errors: [demo],
  }),
  password: endpoint({
    method: 'post', path: '/account/password', tag, auth: 'account',
    summary: 'Change my password; every other session of the account ends (it then answers 70)',
    body: PasswordChangeRequestSchema, response: z.null(),
    errors: [demo, { code: ErrorCode.WRONG_OLD_PASSWORD, text: 'account.wrongOldPassword' }],
  }),
};

/**
 * The rest of the signed-in person's profile (spec §1, §6, §9): company, avatar, membership label,
 * company account and version. A domain of its own beside `account` so each has one set of handlers.
 */
export const profileEndpoints = {
  get: endpoint({
    method: 'get', path: '/account', tag, auth: 'account',
    summary: 'My profile: nickname, avatar, company, membership label, company account, console version',
    response: AccountProfileSchema,
  }),
  company: endpoint({
    method: 'patch', path: '/account/company', tag, auth: 'account',
    summary: 'Change my company name or address: each once a calendar year (14, 15; 65 when both are refused)',
    body: CompanyUpdateRequestSchema, response: AccountProfileSchema,
    errors: [
      demo,
      { code: ErrorCode.COMPANY_NAME_CHANGED_THIS_YEAR, text: 'account.companyNameLocked' },
      { code: ErrorCode.COMPANY_LOCATION_CHANGED_THIS_YEAR, text: 'account.companyAddressLocked' },
      { code: ErrorCode.COMPANY_INFO_CHANGED_THIS_YEAR, text: 'account.companyLocked' },
    ],
  }),
  uploadAvatar: endpoint({
    method: 'put', path: '/account/avatar', tag, auth: 'account',
    summary: 'Set my avatar: a jpg, png, gif or bmp image under 10 MB, base64 (checked by its content)',
    body: AvatarUploadRequestSchema, response: AccountProfileSchema, bodyLimit: AVATAR_BODY_LIMIT,
    errors: [demo, { code: ErrorCode.IMAGE_TOO_LARGE, text: 'account.imageTooLarge' }],
  }),
  avatar: endpoint({
    method: 'get', path: '/account/avatar', tag, auth: 'account',
    summary: 'My avatar image, with the content type it was recognised as (412 when there is none)',
    description: 'The answer is the image itself, not the JSON envelope.',
    response: z.string(),
    errors: [{ code: ErrorCode.DATA_NOT_FOUND, text: 'account.noAvatar' }],
  }),
};
