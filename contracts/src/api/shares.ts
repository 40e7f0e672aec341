// Request/response DTOs of /api/v1/projects/:id/shares (spec §3 Project share, §4 expiry, §5/§6/§9
// caps, docs/decisions/sharing.md): the owner shares a project with another account read-only (view
// information) or read-write (device management), permanently or for a number of hours.
import { z } from 'zod';
import { PROJECT_RIGHTS } from '../domain/project.js';
import { ErrorCode } from '../errors.js';
import { LIMITS } from '../limits.js';
import { accountId } from './auth.js';
import { apiRuleKey } from './en-api-rules.js';
import { endpoint } from './endpoint.js';
import { idParam, ProjectIdParamSchema } from './projects.js';

export const sharePermission = z.enum(PROJECT_RIGHTS, { error: apiRuleKey('sharePermission', 'value') });

/** Hours the share lasts from now (1 … 8760), or null for a permanent share. */
export const shareHours = z
  .number({ error: apiRuleKey('shareHours', 'range') })
  .int({ error: apiRuleKey('shareHours', 'range') })
  .min(1, { error: apiRuleKey('shareHours', 'range') })
  .max(LIMITS.shareValidityMaxHours, { error: apiRuleKey('shareHours', 'range') })
  .nullable();

export const ShareCreateRequestSchema = z.object({
  account: accountId,
  permission: sharePermission,
  /** absent or null: permanent */
  hours: shareHours.optional(),
});
export type ShareCreateRequest = z.input<typeof ShareCreateRequestSchema>;

/**
 * A change of an existing share: its permission, a new validity counted from now (`hours`, null =
 * permanent), or `endNow` — the share ends at once and stays listed as expired until removed.
 */
export const ShareUpdateRequestSchema = z
  .object({
    permission: sharePermission.optional(),
    hours: shareHours.optional(),
    endNow: z.literal(true).optional(),
  })
  .refine((v) => v.permission !== undefined || v.hours !== undefined || v.endNow !== undefined, {
    error: apiRuleKey('shareUpdate', 'empty'),
  });
export type ShareUpdateRequest = z.input<typeof ShareUpdateRequestSchema>;

/** The share form's validity choice: permanent, or some hours from now. */
export const SHARE_VALIDITIES = ['permanent', 'hours'] as const;

/**
 * The share form (the page's dialog): the hours as typed, checked with the API's own hours rule, and
 * the account with the API's account rule when a share is created. Changing a share that ends some
 * time keeps that end while the hours are left empty. Kept here so the remote needs no zod of its own.
 */
export const ShareFormSchema = z
  .object({
    account: z.string(),
    permission: sharePermission,
    validity: z.enum(SHARE_VALIDITIES),
    hours: z.string(),
    creating: z.boolean(),
    keepsEnd: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.creating) {
      const account = accountId.safeParse(v.account);
      if (!account.success) ctx.addIssue({ code: 'custom', path: ['account'], message: account.error.issues[0]?.message ?? 'rules.account.format' });
    }
    if (v.validity !== 'hours' || (v.keepsEnd && v.hours.trim() === '')) return;
    const typed = v.hours.trim() === '' ? Number.NaN : Number(v.hours);
    const checked = shareHours.safeParse(Number.isFinite(typed) ? typed : undefined);
    if (!checked.success || checked.data === null) ctx.addIssue({ code: 'custom', path: ['hours'], message: checked.error?.issues[0]?.message ?? apiRuleKey('shareHours', 'range') });
  });
export type ShareFormInput = z.input<typeof ShareFormSchema>;

export const SHARE_STATUSES = ['active', 'expired'] as const;

export const ShareItemSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  nick: z.string(),
  /**
   * spec §3 "share account type is guest 0 or admin 1": every share is a guest's (visitor); an admin,
   * a company's management account, reaches its engineers' projects without a share, so no row is one
   * (docs/decisions/sharing.md "Share roles").
   */
  role: z.literal('guest'),
  permission: sharePermission,
  /** UTC, ISO 8601 */
  sharedAt: z.string(),
  /** null: permanent */
  expiresAt: z.string().nullable(),
  /**
   * spec §3 "period": the hours the share was given for when its validity was last set (created, or
   * changed with new hours; "End now" keeps it); null: permanent
   */
  periodHours: z.number().int().nullable(),
  status: z.enum(SHARE_STATUSES),
});
export type ShareItem = z.output<typeof ShareItemSchema>;

export const ShareListResponseSchema = z.object({ items: z.array(ShareItemSchema), total: z.number().int() });
export type ShareListResponse = z.output<typeof ShareListResponseSchema>;

export const ShareParamsSchema = ProjectIdParamSchema.extend({ shareId: idParam(apiRuleKey('shareId', 'format')) });

const tag = 'shares';
const ownerOnly = { code: ErrorCode.READ_ONLY_PROJECT, text: 'shares.ownerOnly' } as const;
const caps = [
  { code: ErrorCode.SHARE_READ_ONLY_LIMIT, text: 'shares.readOnlyLimit' },
  { code: ErrorCode.SHARE_READ_WRITE_LIMIT, text: 'shares.readWriteLimit' },
  { code: ErrorCode.PERMANENT_SHARE_READ_WRITE_LIMIT, text: 'shares.permanentReadWriteLimit' },
  { code: ErrorCode.MANAGEABLE_PERMISSION_LIMIT, text: 'shares.manageableLimit' },
] as const;

/**
 * ARCHITECTURE §4: the share endpoints, declared once (endpoint.ts). Owner only (can(): project.share);
 * the list also on the demo projects, for everybody (project.viewShares).
 */
export const shareEndpoints = {
  list: endpoint({
    method: 'get', path: '/projects/:id/shares', tag, auth: 'session', action: 'project.viewShares',
    summary: 'Who the project is shared with, expired shares included',
    params: ProjectIdParamSchema, response: ShareListResponseSchema, errors: [ownerOnly],
  }),
  create: endpoint({
    method: 'post', path: '/projects/:id/shares', tag, auth: 'session', action: 'project.share', status: 201,
    summary: 'Share the project with an account, read-only or read-write, permanently or for some hours',
    params: ProjectIdParamSchema, body: ShareCreateRequestSchema, response: ShareItemSchema,
    errors: [
      ownerOnly,
      { code: ErrorCode.ACCOUNT_NOT_FOUND, text: 'shares.unknownAccount' },
      { code: ErrorCode.PROJECT_ALREADY_SHARED, text: 'shares.alreadyShared' },
      ...caps,
    ],
  }),
  update: endpoint({
    method: 'patch', path: '/projects/:id/shares/:shareId', tag, auth: 'session', action: 'project.share',
    summary: 'Change a share: its permission, a new validity from now, or end it now',
    params: ShareParamsSchema, body: ShareUpdateRequestSchema, response: ShareItemSchema,
    errors: [ownerOnly, { code: ErrorCode.DATA_NOT_FOUND, text: 'shares.notFound' }, ...caps],
  }),
  remove: endpoint({
    method: 'delete', path: '/projects/:id/shares/:shareId', tag, auth: 'session', action: 'project.share',
    summary: 'Revoke a share',
    params: ShareParamsSchema, response: z.null(),
    errors: [ownerOnly, { code: ErrorCode.DATA_NOT_FOUND, text: 'shares.notFound' }],
  }),
};
