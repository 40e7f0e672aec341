// Request/response DTOs of project transfer (spec §1 "permission transfer", §4 "transfer of project
// permission removes the project from the giver's list"; docs/decisions/sharing.md): the owner offers
// the project to another account, which accepts or declines from the e-mailed link (/static/transfer).
import { z } from 'zod';
import { ErrorCode } from '../errors.js';
import { accountId } from './auth.js';
import { apiRuleKey } from './en-api-rules.js';
import { endpoint } from './endpoint.js';
import { ProjectIdParamSchema } from './projects.js';

export const TRANSFER_STATUSES = ['pending', 'accepted', 'declined', 'cancelled'] as const;

export const TransferRequestSchema = z.object({ account: accountId });
export type TransferRequest = z.input<typeof TransferRequestSchema>;

export const TransferItemSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  projectName: z.string(),
  /** the giver's and the receiver's accounts */
  from: z.string(),
  to: z.string(),
  status: z.enum(TRANSFER_STATUSES),
  /** UTC, ISO 8601: the offer's end */
  expiresAt: z.string(),
});
export type TransferItem = z.output<typeof TransferItemSchema>;

export const PendingTransferSchema = z.object({ transfer: TransferItemSchema.nullable() });

/** what became of an offer: its status, or `expired` for one nobody answered in time */
export const TRANSFER_HISTORY_STATUSES = [...TRANSFER_STATUSES, 'expired'] as const;

/** One offer of the project, as its history keeps it. */
export const TransferHistoryItemSchema = z.object({
  id: z.number().int(),
  /** the giver's and the receiver's accounts */
  from: z.string(),
  to: z.string(),
  status: z.enum(TRANSFER_HISTORY_STATUSES),
  /** UTC, ISO 8601: when it was offered */
  offeredAt: z.string(),
  /** UTC, ISO 8601: when it was accepted, declined or withdrawn (or replaced by a new offer); null while pending or expired */
  decidedAt: z.string().nullable(),
  /** UTC, ISO 8601: the offer's end */
  expiresAt: z.string(),
});
export type TransferHistoryItem = z.output<typeof TransferHistoryItemSchema>;

/** newest first; every offer ever made of the project, those before earlier transfers included */
export const TransferHistorySchema = z.object({ items: z.array(TransferHistoryItemSchema) });
export type TransferHistory = z.output<typeof TransferHistorySchema>;

export const TransferTokenParamsSchema = z.object({
  token: z.string({ error: apiRuleKey('transferToken', 'format') }).regex(/^[A-Za-z0-9_-]{20,100}$/, { error: apiRuleKey('transferToken', 'format') }),
});

const tag = 'transfers';
const ownerOnly = { code: ErrorCode.READ_ONLY_PROJECT, text: 'transfers.ownerOnly' } as const;
const offerGone = { code: ErrorCode.INVITATION_CODE_EXPIRED, text: 'transfers.offerGone' } as const;
const notForYou = { code: ErrorCode.DATA_NOT_FOUND, text: 'transfers.notForYou' } as const;

/** ARCHITECTURE §4: the transfer endpoints, declared once (endpoint.ts). */
export const transferEndpoints = {
  offer: endpoint({
    method: 'post', path: '/projects/:id/transfer', tag, auth: 'session', action: 'project.transfer', status: 201,
    summary: 'Offer the project to another account; a link is sent to it and the project moves when it accepts',
    description: 'A new offer replaces one that is still pending.',
    params: ProjectIdParamSchema, body: TransferRequestSchema, response: TransferItemSchema,
    errors: [ownerOnly, { code: ErrorCode.ACCOUNT_NOT_FOUND, text: 'transfers.unknownAccount' }],
  }),
  pending: endpoint({
    method: 'get', path: '/projects/:id/transfer', tag, auth: 'session', action: 'project.transfer',
    summary: 'The offer of this project that waits for an answer, if any',
    params: ProjectIdParamSchema, response: PendingTransferSchema, errors: [ownerOnly],
  }),
  cancel: endpoint({
    method: 'delete', path: '/projects/:id/transfer', tag, auth: 'session', action: 'project.transfer',
    summary: 'Withdraw the pending offer',
    params: ProjectIdParamSchema, response: z.null(), errors: [ownerOnly, offerGone],
  }),
  history: endpoint({
    method: 'get', path: '/projects/:id/transfers', tag, auth: 'session', action: 'project.transfer',
    summary: "The project's transfer history: every offer, who made it to whom, and what became of it",
    description: 'Newest first. The owner reads it; a giver who transferred the project has lost it, and its history with it.',
    params: ProjectIdParamSchema, response: TransferHistorySchema, errors: [ownerOnly],
  }),
  view: endpoint({
    method: 'get', path: '/transfers/:token', tag, auth: 'session',
    summary: 'An offer made to me, from the link I was sent',
    params: TransferTokenParamsSchema, response: TransferItemSchema, errors: [notForYou, offerGone],
  }),
  accept: endpoint({
    method: 'post', path: '/transfers/:token/accept', tag, auth: 'session',
    summary: 'Accept an offer: I own the project, the giver loses it, its shares stay',
    params: TransferTokenParamsSchema, response: TransferItemSchema,
    errors: [
      notForYou,
      offerGone,
      { code: ErrorCode.DATA_EXISTS, text: 'transfers.nameTaken' },
      { code: ErrorCode.PROJECT_COUNT_LIMIT, text: 'projects.countLimit' },
    ],
  }),
  decline: endpoint({
    method: 'post', path: '/transfers/:token/decline', tag, auth: 'session',
    summary: 'Decline an offer: the project stays with its owner',
    params: TransferTokenParamsSchema, response: TransferItemSchema, errors: [notForYou, offerGone],
  }),
};
