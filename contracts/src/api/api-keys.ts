// Request/response DTOs of /api/v1/account/api-keys (spec §2 "openapi" access type;
// docs/decisions/sharing.md): keys an account makes for scripts and wall displays, named, scoped to
// projects and to read or read-write, shown once, stored hashed, revocable, with their last use.
import { z } from 'zod';
import { ErrorCode } from '../errors.js';
import { charLength } from '../rules/key.js';
import { apiRuleKey } from './en-api-rules.js';
import { endpoint } from './endpoint.js';
import { API_LIMITS } from './limits.js';
import { idParam } from './projects.js';

/** What an API key looks like on the wire (`Authorization: Bearer alk_…`). */
export const API_KEY_PREFIX = 'alk_';

export const ApiKeyCreateRequestSchema = z.object({
  name: z
    .string({ error: apiRuleKey('apiKeyName', 'length') })
    .trim()
    .refine((v) => charLength(v) >= 1 && charLength(v) <= API_LIMITS.apiKeyNameMaxLength, { error: apiRuleKey('apiKeyName', 'length') }),
  access: z.enum(['r', 'rw'], { error: apiRuleKey('sharePermission', 'value') }),
  /** the projects the key reaches; absent or null: every project the account can see, now and later */
  projects: z
    .array(z.number({ error: apiRuleKey('apiKeyProjects', 'unknown') }).int({ error: apiRuleKey('apiKeyProjects', 'unknown') }).positive({ error: apiRuleKey('apiKeyProjects', 'unknown') }), {
      error: apiRuleKey('apiKeyProjects', 'size'),
    })
    .min(1, { error: apiRuleKey('apiKeyProjects', 'size') })
    .max(API_LIMITS.apiKeyProjectsMax, { error: apiRuleKey('apiKeyProjects', 'size') })
    .nullable()
    .optional(),
});
export type ApiKeyCreateRequest = z.input<typeof ApiKeyCreateRequestSchema>;

export const ApiKeyItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  access: z.enum(['r', 'rw']),
  projects: z.array(z.number().int()).nullable(),
  /** the key's first characters, to recognise it; the rest is never shown again */
  prefix: z.string(),
  /** UTC, ISO 8601 */
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKeyItem = z.output<typeof ApiKeyItemSchema>;

export const ApiKeyListResponseSchema = z.object({ items: z.array(ApiKeyItemSchema), total: z.number().int() });

export const ApiKeyCreatedSchema = z.object({
  key: ApiKeyItemSchema,
  /** the whole key, shown this once */
  secret: z.string(),
});

export const ApiKeyParamsSchema = z.object({ keyId: idParam(apiRuleKey('apiKeyId', 'format')) });

const tag = 'account';
const sessionOnly = { code: ErrorCode.TOKEN_MISSING, text: 'apiKeys.sessionOnly' } as const;

/** ARCHITECTURE §4: the API-key endpoints, declared once (endpoint.ts). A key cannot manage keys. */
export const apiKeyEndpoints = {
  list: endpoint({
    method: 'get', path: '/account/api-keys', tag, auth: 'account',
    summary: 'My API keys, without their secrets',
    response: ApiKeyListResponseSchema, errors: [sessionOnly],
  }),
  create: endpoint({
    method: 'post', path: '/account/api-keys', tag, auth: 'account', status: 201,
    summary: 'Make an API key; its secret is in this answer only',
    body: ApiKeyCreateRequestSchema, response: ApiKeyCreatedSchema,
    errors: [sessionOnly, { code: ErrorCode.DATA_EXISTS, text: 'apiKeys.countLimit' }, { code: ErrorCode.DEMO_PROJECT, text: 'apiKeys.demo' }],
  }),
  revoke: endpoint({
    method: 'delete', path: '/account/api-keys/:keyId', tag, auth: 'account',
    summary: 'Revoke an API key: it stops working at once',
    params: ApiKeyParamsSchema, response: z.null(),
    errors: [sessionOnly, { code: ErrorCode.DATA_NOT_FOUND, text: 'apiKeys.notFound' }],
  }),
};
