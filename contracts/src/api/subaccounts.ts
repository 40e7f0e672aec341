// Request/response DTOs of /api/v1/account/sub-accounts (spec §1 account management, §5 "a subordinate
// account cannot be added as superior", §6 engineer role): a company account makes engineer accounts
// that work on the company's projects, lists, disables and removes them. A browser session only.
import { z } from 'zod';
import { ErrorCode } from '../errors.js';
import { accountPasswordPair } from '../rules/account.js';
import { accountId, nick } from './auth.js';
import { apiRuleKey } from './en-api-rules.js';
import { endpoint } from './endpoint.js';
import { idParam } from './projects.js';

export const SubAccountCreateRequestSchema = z.object({ account: accountId, nick }).and(accountPasswordPair);
export type SubAccountCreateRequest = z.input<typeof SubAccountCreateRequestSchema>;

export const SubAccountUpdateRequestSchema = z.object({
  /** a disabled engineer cannot sign in and its sessions and API keys end; enabled again it signs in with its password */
  disabled: z.boolean({ error: apiRuleKey('subAccountUpdate', 'empty') }),
});
export type SubAccountUpdateRequest = z.input<typeof SubAccountUpdateRequestSchema>;

export const SubAccountParamsSchema = z.object({ subId: idParam(apiRuleKey('subAccountId', 'format')) });

export const SubAccountItemSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  nick: z.string(),
  disabled: z.boolean(),
  /** UTC, ISO 8601 */
  createdAt: z.string(),
  /** projects the engineer owns (they pass to the company when it is removed) */
  projects: z.number().int(),
});
export type SubAccountItem = z.output<typeof SubAccountItemSchema>;
export const SubAccountListResponseSchema = z.object({
  items: z.array(SubAccountItemSchema),
  total: z.number().int(),
  /** the company requires two-factor sign-in of its engineers (an engineer without it sets it up before anything else) */
  twoFactorRequired: z.boolean(),
});
export type SubAccountListResponse = z.output<typeof SubAccountListResponseSchema>;

/** Require two-factor sign-in of every engineer of the company, or stop requiring it. */
export const TwoFactorPolicyRequestSchema = z.object({ required: z.boolean({ error: apiRuleKey('twoFactorPolicy', 'required') }) });
export type TwoFactorPolicyRequest = z.input<typeof TwoFactorPolicyRequestSchema>;
export const TwoFactorPolicySchema = z.object({ required: z.boolean() });
export type TwoFactorPolicy = z.output<typeof TwoFactorPolicySchema>;

const tag = 'account';
const demo = { code: ErrorCode.DEMO_PROJECT, text: 'account.demo' } as const;
const notFound = { code: ErrorCode.DATA_NOT_FOUND, text: 'account.subAccountNotFound' } as const;

/** ARCHITECTURE §4: the sub-account endpoints, declared once (endpoint.ts). */
export const subAccountEndpoints = {
  list: endpoint({
    method: 'get', path: '/account/sub-accounts', tag, auth: 'account',
    summary: "My company's engineer accounts", response: SubAccountListResponseSchema,
  }),
  create: endpoint({
    method: 'post', path: '/account/sub-accounts', tag, auth: 'account', status: 201,
    summary: 'Make an engineer account of my company: it signs in with this address and password and works on the company\'s projects',
    body: SubAccountCreateRequestSchema, response: SubAccountItemSchema,
    errors: [
      demo,
      { code: ErrorCode.ACCOUNT_EXISTS, text: 'account.subAccountExists' },
      { code: ErrorCode.DATA_EXISTS, text: 'account.subAccountLimit' },
    ],
  }),
  update: endpoint({
    method: 'patch', path: '/account/sub-accounts/:subId', tag, auth: 'account',
    summary: 'Disable an engineer account (it cannot sign in, its sessions end) or enable it again',
    params: SubAccountParamsSchema, body: SubAccountUpdateRequestSchema, response: SubAccountItemSchema,
    errors: [demo, notFound],
  }),
  twoFactorPolicy: endpoint({
    method: 'put', path: '/account/company/two-factor-policy', tag, auth: 'account',
    summary: 'Require two-factor sign-in of all my engineers, or stop requiring it (my own must be on first: 79)',
    description: 'An engineer without two-factor sign-in then sets it up before anything else (77) and cannot turn it off (78).',
    body: TwoFactorPolicyRequestSchema, response: TwoFactorPolicySchema,
    errors: [demo, { code: ErrorCode.TWO_FACTOR_OWN_FIRST, text: 'account.twoFactorOwnFirst' }],
  }),
  remove: endpoint({
    method: 'delete', path: '/account/sub-accounts/:subId', tag, auth: 'account',
    summary: 'Remove an engineer account; the projects it owns pass to the company account',
    params: SubAccountParamsSchema, response: z.null(),
    errors: [demo, notFound],
  }),
};
