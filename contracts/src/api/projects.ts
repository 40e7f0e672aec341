// Request/response DTOs of /api/v1/projects and /api/v1/overview (spec §3).
import { z } from 'zod';
import { ErrorCode } from '../errors.js';
import { DEFAULT_ZONE, NetMode, PROJECT_PROPERTIES, PROJECT_RIGHTS, SCENARIOS } from '../domain/project.js';
import { netMode, projectName, scenario, subtitle, timeZone } from '../rules/project.js';
import { charLength } from '../rules/key.js';
import { apiRuleKey } from './en-api-rules.js';
import { endpoint } from './endpoint.js';
import { API_LIMITS } from './limits.js';

const maxChars = (max: number, key: `rules.${string}`) =>
  z.string({ error: key }).refine((v) => charLength(v) <= max, { error: key });

export const projectLocation = maxChars(API_LIMITS.locationMaxLength, apiRuleKey('location', 'length'));
export const projectAddress = maxChars(API_LIMITS.addressMaxLength, apiRuleKey('address', 'length'));

/** A numeric id in a path (`:id`, `:shareId`, …): digits only, within a 32-bit id. */
export function idParam(error: `rules.${string}`) {
  return z
    .string({ error })
    .regex(/^[1-9][0-9]{0,9}$/, { error })
    .transform(Number)
    .refine((n) => n <= 2_147_483_647, { error });
}

/** `:id` of /projects/:id. */
export const ProjectIdParamSchema = z.object({ id: idParam(apiRuleKey('projectId', 'format')) });

const editable = {
  projectName,
  netMode,
  scenario,
  location: projectLocation,
  address: projectAddress,
  zone: timeZone,
  subtitle,
};

export const ProjectCreateRequestSchema = z.object({
  projectName: editable.projectName,
  netMode: editable.netMode.default(NetMode.WLAN), // spec §3: default WLAN
  scenario: editable.scenario,
  location: editable.location.default(''),
  address: editable.address.default(''),
  zone: editable.zone.default(DEFAULT_ZONE), // spec §3/§9: default +8
  subtitle: editable.subtitle.optional(),
});
export type ProjectCreateRequest = z.output<typeof ProjectCreateRequestSchema>;

const { netMode: _fixedAfterCreation, ...changeable } = editable;

/** PATCH body: any editable field except netMode, which is fixed once devices may exist (decisions.md). */
export const ProjectUpdateRequestSchema = z
  .object({
    ...z.object(changeable).partial().shape,
    netMode: z.never({ error: apiRuleKey('projectUpdate', 'netModeFixed') }).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: apiRuleKey('projectUpdate', 'empty') });
export type ProjectUpdateRequest = z.output<typeof ProjectUpdateRequestSchema>;

export const ProjectItemSchema = z.object({
  id: z.number().int(),
  projectName: z.string(),
  netMode: z.union([z.literal(NetMode.WLAN), z.literal(NetMode.MESH)]),
  scenario: z.enum(SCENARIOS),
  location: z.string(),
  address: z.string(),
  zone: z.string(),
  subtitle: z.string().nullable(),
  /** the caller's right on the project (spec §3) */
  right: z.enum(PROJECT_RIGHTS),
  /** own / invited read-only / invited manageable (spec §3) */
  property: z.enum(PROJECT_PROPERTIES),
  /** true when the project reached the caller through a share */
  isShare: z.boolean(),
  demo: z.boolean(),
  /** UTC, ISO 8601 */
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProjectItem = z.output<typeof ProjectItemSchema>;

export const ProjectListResponseSchema = z.object({
  items: z.array(ProjectItemSchema),
  total: z.number().int(),
});
export type ProjectListResponse = z.output<typeof ProjectListResponseSchema>;

const counts = z.record(z.string(), z.number().int());

export const OverviewResponseSchema = z.object({
  projects: z.object({
    total: z.number().int(),
    byNetMode: z.object({ WLAN: z.number().int(), MESH: z.number().int() }),
    own: z.number().int(),
    shared: z.number().int(),
    demo: z.number().int(),
  }),
  /** filled by the devices issue; empty objects until then */
  devices: z.object({ total: z.number().int(), byType: counts, byStatus: counts }),
  alarms: z.object({ unread: z.number().int() }),
});
export type OverviewResponse = z.output<typeof OverviewResponseSchema>;

const tag = 'projects';
const nameExists = { code: ErrorCode.DATA_EXISTS, text: 'projects.nameExists' } as const;

/** ARCHITECTURE §4: the project and overview endpoints, declared once (endpoint.ts). */
export const projectEndpoints = {
  list: endpoint({
    method: 'get', path: '/projects', tag, auth: 'session',
    summary: 'Projects I can see: own, shared with me, and the two demo projects',
    response: ProjectListResponseSchema,
  }),
  create: endpoint({
    method: 'post', path: '/projects', tag, auth: 'session', status: 201, createsProject: true,
    summary: 'Create a project',
    body: ProjectCreateRequestSchema, response: ProjectItemSchema,
    errors: [
      nameExists,
      { code: ErrorCode.PROJECT_COUNT_LIMIT, text: 'projects.countLimit' },
      { code: ErrorCode.DEMO_PROJECT, text: 'projects.demoSession' },
    ],
  }),
  get: endpoint({
    method: 'get', path: '/projects/:id', tag, auth: 'session', action: 'project.view',
    summary: 'One project', params: ProjectIdParamSchema, response: ProjectItemSchema,
  }),
  update: endpoint({
    method: 'patch', path: '/projects/:id', tag, auth: 'session', action: 'project.update',
    summary: 'Change a project (not its type)',
    params: ProjectIdParamSchema, body: ProjectUpdateRequestSchema, response: ProjectItemSchema,
    errors: [nameExists],
  }),
  remove: endpoint({
    method: 'delete', path: '/projects/:id', tag, auth: 'session', action: 'project.delete',
    summary: 'Delete a project (owner only); its devices are unbound and can be added elsewhere',
    params: ProjectIdParamSchema, response: z.null(),
    errors: [{ code: ErrorCode.READ_ONLY_PROJECT, text: 'projects.ownerOnly' }],
  }),
  overview: endpoint({
    method: 'get', path: '/overview', tag: 'overview', auth: 'session',
    summary: 'Counts of my projects, devices and unread alarms',
    response: OverviewResponseSchema,
  }),
};
