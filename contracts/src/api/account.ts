// Request/response DTOs of /api/v1/account (spec §1 profile and account management): the signed-in
// person's nickname and password. Managed from a browser session only (`auth: 'account'`).
import { z } from 'zod';
import { ErrorCode } from '../errors.js';
import { accountPasswordPair } from '../rules/account.js';
import { MeResponseSchema, nick } from './auth.js';
import { apiRuleKey } from './en-api-rules.js';
import { endpoint } from './endpoint.js';

export const ProfileUpdateRequestSchema = z.object({ nick });
export type ProfileUpdateRequest = z.input<typeof ProfileUpdateRequestSchema>;

/** The current password, then the new one twice (spec §5 password rule). */
export const PasswordChangeRequestSchema = z
  .object({ oldPassword: z.string({ error: apiRuleKey('oldPassword', 'required') }).min(1, { error: apiRuleKey('oldPassword', 'required') }) })
  .and(accountPasswordPair);
export type PasswordChangeRequest = z.input<typeof PasswordChangeRequestSchema>;

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
