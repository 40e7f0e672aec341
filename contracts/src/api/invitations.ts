// Request/response DTOs of share invitations (spec §3 Project share, §8 code 64;
// docs/decisions/sharing.md): the owner invites an address nobody signed up with yet; a link goes to it
// (/static/invitation), and once that address has an account it accepts the share there. The link
// expires; an expired, answered or withdrawn invitation answers 64.
import { z } from 'zod';
import { ErrorCode } from '../errors.js';
import { accountId } from './auth.js';
import { apiRuleKey } from './en-api-rules.js';
import { endpoint } from './endpoint.js';
import { ProjectIdParamSchema } from './projects.js';
import { ShareItemSchema, shareHours, sharePermission } from './shares.js';

export const InvitationCreateRequestSchema = z.object({
  account: accountId,
  permission: sharePermission,
  /** absent or null: permanent; counted from the moment the invitation is accepted */
  hours: shareHours.optional(),
});
export type InvitationCreateRequest = z.input<typeof InvitationCreateRequestSchema>;

export const INVITATION_STATUSES = ['pending', 'accepted'] as const;

export const InvitationItemSchema = z.object({
  id: z.number().int(),
  projectName: z.string(),
  /** the inviting owner's account, and the invited address */
  from: z.string(),
  to: z.string(),
  permission: sharePermission,
  /** hours the share will last once accepted; null = permanent */
  hours: z.number().int().nullable(),
  status: z.enum(INVITATION_STATUSES),
  /** UTC, ISO 8601: the end of the invitation's link */
  expiresAt: z.string(),
});
export type InvitationItem = z.output<typeof InvitationItemSchema>;

export const InvitationTokenParamsSchema = z.object({
  invitation: z
    .string({ error: apiRuleKey('invitationToken', 'format') })
    .regex(/^[A-Za-z0-9_-]{20,100}$/, { error: apiRuleKey('invitationToken', 'format') }),
});

const tag = 'invitations';
const gone = { code: ErrorCode.INVITATION_CODE_EXPIRED, text: 'invitations.gone' } as const;
const notForYou = { code: ErrorCode.DATA_NOT_FOUND, text: 'invitations.notForYou' } as const;

/** ARCHITECTURE §4: the invitation endpoints, declared once (endpoint.ts). */
export const invitationEndpoints = {
  create: endpoint({
    method: 'post', path: '/projects/:id/invitations', tag, auth: 'session', action: 'project.share', status: 201,
    summary: 'Invite an address nobody signed up with yet to a share of the project; a link is sent to it',
    description: 'A new invitation of the same address to the same project replaces one still waiting.',
    params: ProjectIdParamSchema, body: InvitationCreateRequestSchema, response: InvitationItemSchema,
    errors: [
      { code: ErrorCode.READ_ONLY_PROJECT, text: 'shares.ownerOnly' },
      { code: ErrorCode.ACCOUNT_EXISTS, text: 'invitations.accountExists' },
    ],
  }),
  view: endpoint({
    method: 'get', path: '/invitations/:invitation', tag, auth: 'session',
    summary: 'An invitation made to me, from the link I was sent',
    params: InvitationTokenParamsSchema, response: InvitationItemSchema, errors: [notForYou, gone],
  }),
  accept: endpoint({
    method: 'post', path: '/invitations/:invitation/accept', tag, auth: 'session', status: 201,
    summary: 'Accept an invitation: the project is shared with me as it says',
    params: InvitationTokenParamsSchema, response: ShareItemSchema,
    errors: [
      notForYou,
      gone,
      { code: ErrorCode.PROJECT_ALREADY_SHARED, text: 'invitations.alreadyShared' },
      { code: ErrorCode.SHARE_READ_ONLY_LIMIT, text: 'shares.readOnlyLimit' },
      { code: ErrorCode.SHARE_READ_WRITE_LIMIT, text: 'shares.readWriteLimit' },
      { code: ErrorCode.PERMANENT_SHARE_READ_WRITE_LIMIT, text: 'shares.permanentReadWriteLimit' },
      { code: ErrorCode.MANAGEABLE_PERMISSION_LIMIT, text: 'shares.manageableLimit' },
    ],
  }),
};
