// Request/response DTOs of the solution designer (spec §1 solution design, §3 solution and scenario
// inputs, §5 solution limits, §9 custom scenarios; docs/solutions.md): recommend a bill of materials
// from a scenario, keep solutions per account, share them read-only, export a PDF, and turn one into a
// project of planned devices.
import { z } from 'zod';
import {
  SOLUTION_DEVICE_KINDS,
  SOLUTION_POLICIES,
  SOLUTION_SCENARIOS,
  SOLUTION_TYPES,
} from '../domain/solution.js';
import { DEVICE_TYPES } from '../domain/device.js';
import { ErrorCode } from '../errors.js';
import { customScenario, solutionGateway, solutionInputs, solutionLine, solutionName } from '../rules/solutions.js';
import { apiRuleKey } from './en-api-rules.js';
import { accountId } from './auth.js';
import { endpoint } from './endpoint.js';
import { idParam, ProjectCreateRequestSchema, ProjectIdParamSchema } from './projects.js';

export const solutionScenario = z.enum(SOLUTION_SCENARIOS, { error: 'rules.scenario.required' });
export const SolutionInputsSchema = solutionInputs;
export type SolutionInputs = z.output<typeof SolutionInputsSchema>;
export const SolutionGatewayNeedsSchema = solutionGateway;
export type SolutionGatewayNeeds = z.output<typeof SolutionGatewayNeedsSchema>;

/** Models the person chose instead of the recommended ones, per kind ("accept or change"). */
export const SolutionModelChoiceSchema = z.partialRecord(z.enum(SOLUTION_DEVICE_KINDS), z.string().trim().min(1).max(64));
export type SolutionModelChoice = z.output<typeof SolutionModelChoiceSchema>;

export const RecommendRequestSchema = z.object({
  scenario: solutionScenario,
  /** the account's custom scenario whose defaults and walls apply (scenario `custom`) */
  customScenarioId: z.number().int().positive().optional(),
  inputs: SolutionInputsSchema,
  gateway: SolutionGatewayNeedsSchema,
  policy: z.enum(SOLUTION_POLICIES).optional(),
  type: z.enum(SOLUTION_TYPES).optional(),
  models: SolutionModelChoiceSchema.optional(),
});
export type RecommendRequest = z.input<typeof RecommendRequestSchema>;

/** One line of a recommendation: what, how many, and why (a sentence a person can check). */
export const RecommendedLineSchema = z.object({
  type: z.enum(SOLUTION_DEVICE_KINDS),
  model: z.string(),
  quantity: z.number().int(),
  reason: z.string(),
});
export type RecommendedLine = z.output<typeof RecommendedLineSchema>;

/** The numbers behind the lines, for the preview and the PDF's coverage sketch. */
export const RecommendSummarySchema = z.object({
  /** wireless clients counted from the inputs and the gateway needs, and those online at once */
  clients: z.number().int(),
  concurrentClients: z.number().int(),
  /** m² to cover (all floors) and what one AP covers at the install height through the scenario's walls */
  areaM2: z.number(),
  areaPerApM2: z.number(),
  /** radius in metres at which the 5 GHz signal falls to −67 dBm */
  coverageRadiusM: z.number(),
  apsForCoverage: z.number().int(),
  apsForCapacity: z.number().int(),
  bound: z.enum(['coverage', 'capacity']),
  /** W the PoE devices draw together, and the budget of the recommended access switches */
  poeDrawW: z.number(),
  poeBudgetW: z.number(),
  /** PoE ports needed (APs and cameras) */
  poePorts: z.number().int(),
  floors: z.number().int(),
});
export type RecommendSummary = z.output<typeof RecommendSummarySchema>;

export const RecommendResponseSchema = z.object({
  lines: z.array(RecommendedLineSchema),
  advice: z.array(z.string()),
  advantages: z.array(z.string()),
  summary: RecommendSummarySchema,
});
export type RecommendResponse = z.output<typeof RecommendResponseSchema>;

/** A line of a saved solution: the recommended line, possibly edited, with the installer's remark. */
export const SolutionLineSchema = z.object({
  type: z.enum(SOLUTION_DEVICE_KINDS),
  model: z.string(),
  quantity: z.number().int(),
  remark: z.string(),
  reason: z.string(),
});
export type SolutionLine = z.output<typeof SolutionLineSchema>;

export const SolutionSaveRequestSchema = z.object({
  name: solutionName,
  scenario: solutionScenario,
  customScenarioId: z.number().int().positive().nullable().optional(),
  inputs: SolutionInputsSchema,
  gateway: SolutionGatewayNeedsSchema,
  /**
   * The lines; spec §5's caps and a model not twice are checked by the server with their codes (67, 411,
   * 400: solutionLimitCode) — the form checks the same rule as rules.solutionDevices
   */
  lines: z.array(solutionLine, { error: 'rules.solutionDevices.required' }).max(50, { error: 'rules.solutionDevices.required' }),
  advice: z.array(z.string().max(1000)).max(50),
  advantages: z.array(z.string().max(1000)).max(50),
  type: z.enum(SOLUTION_TYPES),
  policy: z.enum(SOLUTION_POLICIES),
});
export type SolutionSaveRequest = z.input<typeof SolutionSaveRequestSchema>;

export const SolutionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scenario: z.enum(SOLUTION_SCENARIOS),
  customScenarioId: z.number().int().nullable(),
  /** the custom scenario's name, or null */
  customScenarioName: z.string().nullable(),
  inputs: SolutionInputsSchema,
  gateway: SolutionGatewayNeedsSchema,
  lines: z.array(SolutionLineSchema),
  advice: z.array(z.string()),
  advantages: z.array(z.string()),
  type: z.enum(SOLUTION_TYPES),
  policy: z.enum(SOLUTION_POLICIES),
  /** the owner's account (e-mail or phone) */
  owner: z.string(),
  /** spec §3 "shared account": the accounts it is shared with */
  sharedAccounts: z.array(z.string()),
  /** true when the reader is not the owner (shared with them, or read through a link) */
  readOnly: z.boolean(),
  createdAt: z.string(),
  /** spec §3 "modified date": UTC, ISO 8601 */
  modifiedAt: z.string(),
});
export type Solution = z.output<typeof SolutionSchema>;

/** A row of the list of saved solutions (spec §3 solution fields). */
export const SolutionListItemSchema = SolutionSchema.pick({
  id: true, name: true, scenario: true, customScenarioName: true, type: true, policy: true, owner: true, sharedAccounts: true, readOnly: true, modifiedAt: true,
}).extend({ devices: z.number().int() });
export type SolutionListItem = z.output<typeof SolutionListItemSchema>;
export const SolutionListSchema = z.object({ items: z.array(SolutionListItemSchema), total: z.number().int() });
export type SolutionList = z.output<typeof SolutionListSchema>;

export const SolutionIdParamSchema = z.object({ id: idParam(apiRuleKey('solutionId', 'format')) });

// custom scenarios (spec §9: at most 20 per account, code 186)
export const CustomScenarioRequestSchema = customScenario;
export type CustomScenarioRequest = z.input<typeof CustomScenarioRequestSchema>;
export const CustomScenarioSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  defaults: SolutionInputsSchema,
  wallLossDb: z.number(),
  wallSpacingM: z.number(),
  concurrency: z.number(),
  modifiedAt: z.string(),
});
export type CustomScenario = z.output<typeof CustomScenarioSchema>;
export const CustomScenarioListSchema = z.object({ items: z.array(CustomScenarioSchema), total: z.number().int() });
export const CustomScenarioParamsSchema = z.object({ scenarioId: idParam(apiRuleKey('solutionId', 'format')) });

// sharing (read-only, with an account or by a link that expires)
export const SOLUTION_SHARE_LINK_HOURS_MAX = 720;
export const SolutionShareRequestSchema = z.union([
  z.object({ account: accountId }),
  z.object({
    link: z.literal(true),
    hours: z
      .number({ error: apiRuleKey('solutionLinkHours', 'range') })
      .int({ error: apiRuleKey('solutionLinkHours', 'range') })
      .min(1, { error: apiRuleKey('solutionLinkHours', 'range') })
      .max(SOLUTION_SHARE_LINK_HOURS_MAX, { error: apiRuleKey('solutionLinkHours', 'range') }),
  }),
], { error: apiRuleKey('solutionShare', 'value') });
export type SolutionShareRequest = z.input<typeof SolutionShareRequestSchema>;

export const SolutionShareSchema = z.object({
  id: z.number().int(),
  /** the account it is shared with, or null for a link */
  account: z.string().nullable(),
  /** a link's token (only to the owner), or null for an account */
  token: z.string().nullable(),
  /** the path that opens the link read-only: `/api/v1/solution-links/<token>` */
  path: z.string().nullable(),
  createdAt: z.string(),
  /** UTC, ISO 8601; null for an account share (until revoked) */
  expiresAt: z.string().nullable(),
  status: z.enum(['active', 'expired']),
});
export type SolutionShare = z.output<typeof SolutionShareSchema>;
export const SolutionShareListSchema = z.object({ items: z.array(SolutionShareSchema), total: z.number().int() });
export const SolutionShareParamsSchema = SolutionIdParamSchema.extend({ shareId: idParam(apiRuleKey('solutionId', 'format')) });
export const SolutionLinkParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, { error: apiRuleKey('solutionShare', 'token') }) });

// design → project
export const SolutionProjectRequestSchema = z.object({
  /** the project's name (the project rule: spec §5); the solution's name, cut to fit, when absent */
  projectName: ProjectCreateRequestSchema.shape.projectName.optional(),
});
export const SolutionProjectResponseSchema = z.object({ projectId: z.number().int(), planned: z.number().int() });

/** The partner portals allowed to embed the standalone designer (SOLUTIONS_PARTNER_ORIGINS; docs/solutions-embedding.md). */
export const SolutionPartnerOriginsSchema = z.object({ origins: z.array(z.string()) });
export type SolutionPartnerOrigins = z.output<typeof SolutionPartnerOriginsSchema>;

export const CommissioningItemSchema = z.object({
  model: z.string(),
  type: z.enum(DEVICE_TYPES).nullable(),
  /** planned from the solution, bound (a serial number took a planned place), online now */
  planned: z.number().int(),
  bound: z.number().int(),
  online: z.number().int(),
});
export const CommissioningSchema = z.object({
  solutionId: z.number().int().nullable(),
  items: z.array(CommissioningItemSchema),
  totals: z.object({ planned: z.number().int(), bound: z.number().int(), online: z.number().int() }),
});
export type Commissioning = z.output<typeof CommissioningSchema>;

const tag = 'solutions';
const notFound = { code: ErrorCode.DATA_NOT_FOUND, text: 'solutions.notFound' } as const;
const readOnly = { code: ErrorCode.READ_ONLY_PROJECT, text: 'solutions.readOnly' } as const;
const limits = [
  { code: ErrorCode.ONE_GATEWAY_PER_PROJECT, text: 'solutions.oneGateway' },
  { code: ErrorCode.DATA_EXISTS, text: 'solutions.modelTwice' },
] as const;
const linkErrors = [{ code: ErrorCode.DATA_NOT_FOUND, text: 'solutions.linkNotFound' }, { code: ErrorCode.INVITATION_CODE_EXPIRED, text: 'solutions.linkExpired' }] as const;
const scenarioNotFound = { code: ErrorCode.DATA_NOT_FOUND, text: 'solutions.scenarioNotFound' } as const;

/**
 * ARCHITECTURE §4: the solution designer's endpoints, declared once. Solutions belong to an account,
 * not a project: the owner reads and writes, accounts it is shared with read. The custom scenario
 * paths come before `/solutions/:id` so the router never reads `scenarios` as an id.
 */
export const solutionEndpoints = {
  recommend: endpoint({
    method: 'post', path: '/solutions/recommend', tag, auth: 'session', changesNothing: true,
    summary: 'Recommend gateway, switches and APs for a scenario, each line with its reason (nothing is stored)',
    body: RecommendRequestSchema, response: RecommendResponseSchema,
    errors: [...limits, scenarioNotFound],
  }),
  listScenarios: endpoint({
    method: 'get', path: '/solutions/scenarios', tag, auth: 'session',
    summary: 'The account\'s custom scenarios (at most 20)',
    response: CustomScenarioListSchema,
  }),
  createScenario: endpoint({
    method: 'post', path: '/solutions/scenarios', tag, auth: 'session', status: 201,
    summary: 'Add a custom scenario with its own defaults and walls',
    body: CustomScenarioRequestSchema, response: CustomScenarioSchema,
    errors: [{ code: ErrorCode.CUSTOM_SCENARIO_LIMIT, text: 'solutions.scenarioLimit' }],
  }),
  updateScenario: endpoint({
    method: 'put', path: '/solutions/scenarios/:scenarioId', tag, auth: 'session',
    summary: 'Change a custom scenario',
    params: CustomScenarioParamsSchema, body: CustomScenarioRequestSchema, response: CustomScenarioSchema, errors: [scenarioNotFound],
  }),
  removeScenario: endpoint({
    method: 'delete', path: '/solutions/scenarios/:scenarioId', tag, auth: 'session',
    summary: 'Delete a custom scenario (solutions made from it keep their inputs)',
    params: CustomScenarioParamsSchema, response: z.null(), errors: [scenarioNotFound],
  }),
  partnerOrigins: endpoint({
    method: 'get', path: '/solutions/partner-origins', tag, auth: 'session',
    summary: 'The partner origins allowed to embed the standalone designer and receive its bill of materials by postMessage',
    response: SolutionPartnerOriginsSchema,
  }),
  list: endpoint({
    method: 'get', path: '/solutions', tag, auth: 'session',
    summary: 'The saved solutions: the account\'s own and those shared with it, newest change first',
    response: SolutionListSchema,
  }),
  create: endpoint({
    method: 'post', path: '/solutions', tag, auth: 'session', status: 201,
    summary: 'Save a solution (its lines within the limits of spec §5)',
    body: SolutionSaveRequestSchema, response: SolutionSchema, errors: [...limits, scenarioNotFound],
  }),
  get: endpoint({
    method: 'get', path: '/solutions/:id', tag, auth: 'session',
    summary: 'A saved solution, the owner\'s or one shared with the account',
    params: SolutionIdParamSchema, response: SolutionSchema, errors: [notFound],
  }),
  update: endpoint({
    method: 'put', path: '/solutions/:id', tag, auth: 'session',
    summary: 'Change a saved solution (owner only)',
    params: SolutionIdParamSchema, body: SolutionSaveRequestSchema, response: SolutionSchema, errors: [notFound, readOnly, ...limits, scenarioNotFound],
  }),
  remove: endpoint({
    method: 'delete', path: '/solutions/:id', tag, auth: 'session',
    summary: 'Delete a saved solution (owner only), with its shares',
    params: SolutionIdParamSchema, response: z.null(), errors: [notFound, readOnly],
  }),
  pdf: endpoint({
    method: 'get', path: '/solutions/:id/pdf', tag, auth: 'session', raw: true,
    summary: 'The solution as a PDF: cover, inputs, bill of materials with reasons, advice, advantages, coverage sketch',
    params: SolutionIdParamSchema, response: z.string().meta({ description: 'application/pdf' }), errors: [notFound],
  }),
  listShares: endpoint({
    method: 'get', path: '/solutions/:id/shares', tag, auth: 'session',
    summary: 'Who the solution is shared with, and its links (owner only)',
    params: SolutionIdParamSchema, response: SolutionShareListSchema, errors: [notFound, readOnly],
  }),
  share: endpoint({
    method: 'post', path: '/solutions/:id/shares', tag, auth: 'session', status: 201,
    summary: 'Share the solution read-only with an account, or make a link that expires after some hours',
    params: SolutionIdParamSchema, body: SolutionShareRequestSchema, response: SolutionShareSchema,
    errors: [notFound, readOnly, { code: ErrorCode.ACCOUNT_NOT_FOUND, text: 'solutions.unknownAccount' }, { code: ErrorCode.DATA_EXISTS, text: 'solutions.alreadyShared' }],
  }),
  unshare: endpoint({
    method: 'delete', path: '/solutions/:id/shares/:shareId', tag, auth: 'session',
    summary: 'Revoke a share or a link',
    params: SolutionShareParamsSchema, response: z.null(), errors: [notFound, readOnly],
  }),
  link: endpoint({
    method: 'get', path: '/solution-links/:token', tag, auth: 'none',
    summary: 'A solution shared by a link, read-only, until the link expires',
    params: SolutionLinkParamsSchema, response: SolutionSchema, errors: linkErrors,
  }),
  linkPdf: endpoint({
    method: 'get', path: '/solution-links/:token/pdf', tag, auth: 'none', raw: true,
    summary: 'The PDF of a solution shared by a link, until the link expires',
    params: SolutionLinkParamsSchema, response: z.string().meta({ description: 'application/pdf' }), errors: linkErrors,
  }),
  toProject: endpoint({
    method: 'post', path: '/solutions/:id/project', tag, auth: 'session', status: 201, createsProject: true,
    summary: 'Create a project whose devices are planned from the solution (model and quantity), bound as serial numbers are added',
    params: SolutionIdParamSchema, body: SolutionProjectRequestSchema, response: SolutionProjectResponseSchema,
    errors: [notFound, { code: ErrorCode.PROJECT_COUNT_LIMIT, text: 'projects.countLimit' }, { code: ErrorCode.DATA_EXISTS, text: 'projects.nameExists' }],
  }),
  commissioning: endpoint({
    method: 'get', path: '/projects/:id/commissioning', tag, auth: 'session', action: 'project.view',
    summary: 'Commissioning checklist: per model, devices planned from the solution, bound by serial number, and online',
    params: ProjectIdParamSchema, response: CommissioningSchema,
  }),
};
