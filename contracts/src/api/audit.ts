// The audit log (docs/audit-log.md): every write of every module — who, what, when, from where, the
// outcome, and for configuration the field-level old → new of the engine's history (ARCHITECTURE §7).
// Rows are appended by the BFF's one endpoint hook and never changed; the project's owner reads them.
import { z } from 'zod';
import { apiRuleKey } from './en-api-rules.js';
import { endpoint } from './endpoint.js';
import { FieldChangeSchema } from './config.js';
import { queryPage, queryPageSize, queryTime, queryTimesOrdered } from './logs.js';
import { ProjectIdParamSchema } from './projects.js';

/**
 * How the caller reached the API: a person's browser session, the live demo's session, an API key
 * (`Authorization: Bearer`), the manufacturer key, or nobody (a sign-in, a refused call).
 */
export const AUDIT_PRINCIPALS = ['session', 'demo', 'api-key', 'manufacturer-key', 'anonymous'] as const;
export type AuditPrincipal = (typeof AUDIT_PRINCIPALS)[number];

/** what a filter by result keeps: answered without error, or refused (HTTP status 400 and above) */
export const AUDIT_OUTCOMES = ['done', 'refused'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** one configuration change a write made: a copy of its history row's field-level changes (passwords hidden there) */
export const AuditChangeSchema = z.object({
  /** the configuration history's row (`GET /projects/:id/config/history`) */
  changeId: z.number().int(),
  section: z.string(),
  /** the device; null for the project gateway's sections */
  sn: z.string().nullable(),
  version: z.number().int(),
  changes: z.array(FieldChangeSchema),
  /** more fields changed than the row keeps; the history has them all */
  truncated: z.boolean(),
});
export type AuditChange = z.output<typeof AuditChangeSchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  /** UTC, ISO 8601 */
  time: z.string(),
  projectId: z.number().int().nullable(),
  accountId: z.number().int().nullable(),
  /** the account's e-mail or phone when it wrote (kept if the account is later removed); null: nobody known */
  actor: z.string().nullable(),
  principal: z.enum(AUDIT_PRINCIPALS),
  apiKeyId: z.number().int().nullable(),
  /** the declared endpoint, `domain.name` (the OpenAPI operationId) */
  endpoint: z.string(),
  /** what the call does, in English: its declaration's summary up to the first clause (the front ends' builds leave summaries out) */
  what: z.string(),
  method: z.string(),
  /** the path with its ids; a path part that is a credential (a transfer's or an invitation's token) is left as `:token` */
  path: z.string(),
  /** the caller's address as the BFF sees it (behind a trusted proxy, the client's) */
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  status: z.number().int(),
  /** the answer's code: 0 done, else the spec §8 code it was refused with */
  code: z.number().int(),
  /** what the call was about beyond the project: a device's serial number, a share's account, another id */
  target: z.string().nullable(),
  /** configuration writes only: what changed, old → new */
  changes: z.array(AuditChangeSchema),
});
export type AuditEntry = z.output<typeof AuditEntrySchema>;

export const AuditQuerySchema = z
  .object({
    from: queryTime.optional(),
    to: queryTime.optional(),
    /** the account that wrote (its e-mail or phone, exact) */
    account: z.string({ error: apiRuleKey('auditFilter', 'account') }).trim().min(1, { error: apiRuleKey('auditFilter', 'account') }).max(100, { error: apiRuleKey('auditFilter', 'account') }).optional(),
    /** a domain (`config`) or one endpoint (`config.gatewayPut`) */
    endpoint: z.string({ error: apiRuleKey('auditFilter', 'endpoint') }).regex(/^[A-Za-z]{1,40}(\.[A-Za-z]{1,60})?$/, { error: apiRuleKey('auditFilter', 'endpoint') }).optional(),
    outcome: z.enum(AUDIT_OUTCOMES, { error: apiRuleKey('auditFilter', 'outcome') }).optional(),
    page: queryPage,
    pageSize: queryPageSize,
  })
  .refine(queryTimesOrdered, { error: apiRuleKey('logTime', 'order'), path: ['to'] });
export type AuditQuery = z.output<typeof AuditQuerySchema>;

export const AuditListSchema = z.object({
  items: z.array(AuditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditList = z.output<typeof AuditListSchema>;

const tag = 'audit';

export const auditEndpoints = {
  list: endpoint({
    method: 'get', path: '/projects/:id/audit', tag, auth: 'session', action: 'project.viewAudit',
    summary: "The project's audit log, newest first: every write (refused ones too) with who, from where, the result and, for configuration, old → new; by time, account, action and result, paged",
    description: "The project's owner (and its company's management account) reads it; on the demo projects everybody does. Rows are never changed or removed.",
    params: ProjectIdParamSchema, query: AuditQuerySchema, response: AuditListSchema,
  }),
  mine: endpoint({
    method: 'get', path: '/account/audit', tag, auth: 'account',
    summary: 'My own writes across all projects and my account (sign-ins included), newest first, paged',
    description: 'The live demo has none to show.',
    query: AuditQuerySchema, response: AuditListSchema,
  }),
};
