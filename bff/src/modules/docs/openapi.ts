// OpenAPI 3.1 document generated from the same zod schemas the routes parse with (ARCHITECTURE §4).
// JSON Schema 2020-12 from z.toJSONSchema is OpenAPI 3.1's schema dialect.
import {
  CodeRequestSchema,
  CodeSentResponseSchema,
  ErrorEnvelopeSchema,
  LoginRequestSchema,
  MeResponseSchema,
  OverviewResponseSchema,
  ProjectCreateRequestSchema,
  ProjectItemSchema,
  ProjectListResponseSchema,
  ProjectUpdateRequestSchema,
  RemotesManifestSchema,
  ResetRequestSchema,
  SignupRequestSchema,
  dataEnvelope,
} from '@airloom/contracts';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

function schema(s: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(s, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

const json = (s: JsonSchema) => ({ 'application/json': { schema: s } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const ok = (description: string, data: z.ZodType) => ({ description, content: json(schema(dataEnvelope(data), 'output')) });
const failure = (description: string) => ({ description, content: json(ref('ErrorEnvelope')) });

const csrf = { name: 'X-Airloom-Csrf', in: 'header', required: true, schema: { type: 'string', const: '1' }, description: 'CSRF guard: every state-changing call sends 1' };
const projectId = { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } };
const common = { '400': failure('invalid parameters (code 400, with fields)'), '403': failure('foreign Origin or missing CSRF header (code 2)') };
const authed = { '401': failure('no session (code 8) or expired session (code 9)') };

function op(summary: string, tag: string, extra: Record<string, unknown>) {
  return { summary, tags: [tag], ...extra };
}

export function buildOpenApiDocument(): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Airloom API',
      version: '1.0.0',
      description:
        'Every answer is `{code:0,data}` or `{code:N,message}` with N from the spec §8 catalogue. ' +
        'The session is the HttpOnly cookie `airloom_session`; state-changing calls need the header `X-Airloom-Csrf: 1`.',
    },
    servers: [{ url: '/api/v1' }],
    components: {
      schemas: { ErrorEnvelope: schema(ErrorEnvelopeSchema, 'output') },
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'airloom_session' } },
    },
    paths: {
      '/auth/code': {
        post: op('Send a sign-up or password-reset verification code', 'auth', {
          parameters: [csrf],
          requestBody: { required: true, content: json(schema(CodeRequestSchema, 'input')) },
          responses: { '200': ok('code sent (a reset for an unknown account answers the same, sends nothing)', CodeSentResponseSchema), ...common, '409': failure('account exists (13)'), '429': failure('sending limits (51, 52, 53)') },
        }),
      },
      '/auth/signup': {
        post: op('Create an account with a verification code and log in', 'auth', {
          parameters: [csrf],
          requestBody: { required: true, content: json(schema(SignupRequestSchema, 'input')) },
          responses: { '200': ok('account created, session cookie set', MeResponseSchema), ...common, '409': failure('account exists (13)'), '429': failure('5 wrong codes (75)') },
        }),
      },
      '/auth/login': {
        post: op('Log in; `ttl` is the cookie lifetime in seconds', 'auth', {
          parameters: [csrf],
          requestBody: { required: true, content: json(schema(LoginRequestSchema, 'input')) },
          responses: { '200': ok('session cookie set', MeResponseSchema), ...common, '423': failure('locked for 30 minutes after 5 failures in 5 minutes (80)') },
        }),
      },
      '/auth/demo': {
        post: op('Live demo login: read-only session on the demo projects', 'auth', {
          parameters: [csrf],
          responses: { '200': ok('demo session cookie set', MeResponseSchema), ...common },
        }),
      },
      '/auth/logout': {
        post: op('End the session', 'auth', { parameters: [csrf], responses: { '200': ok('logged out', z.null()), ...common } }),
      },
      '/auth/me': {
        get: op('The logged-in account', 'auth', { security: [{ session: [] }], responses: { '200': ok('the account', MeResponseSchema), ...authed } }),
      },
      '/auth/reset': {
        post: op('Set a new password with a reset code', 'auth', {
          parameters: [csrf],
          requestBody: { required: true, content: json(schema(ResetRequestSchema, 'input')) },
          responses: { '200': ok('password changed, every session ended', z.null()), ...common, '429': failure('5 wrong codes (75)') },
        }),
      },
      '/projects': {
        get: op('Projects I can see: own, shared with me, and the two demo projects', 'projects', {
          security: [{ session: [] }],
          responses: { '200': ok('the list', ProjectListResponseSchema), ...authed },
        }),
        post: op('Create a project', 'projects', {
          security: [{ session: [] }],
          parameters: [csrf],
          requestBody: { required: true, content: json(schema(ProjectCreateRequestSchema, 'input')) },
          responses: { '201': ok('created', ProjectItemSchema), ...common, ...authed, '409': failure('name already used by one of my projects (411)') },
        }),
      },
      '/projects/{id}': {
        get: op('One project', 'projects', {
          security: [{ session: [] }],
          parameters: [projectId],
          responses: { '200': ok('the project', ProjectItemSchema), ...authed, '404': failure('not found or not visible to me (412)') },
        }),
        patch: op('Change a project', 'projects', {
          security: [{ session: [] }],
          parameters: [projectId, csrf],
          requestBody: { required: true, content: json(schema(ProjectUpdateRequestSchema, 'input')) },
          responses: { '200': ok('changed', ProjectItemSchema), ...common, ...authed, '403': failure('CSRF (2), read-only project (173) or demo project (917)'), '404': failure('412') },
        }),
        delete: op('Delete a project (owner only)', 'projects', {
          security: [{ session: [] }],
          parameters: [projectId, csrf],
          responses: { '200': ok('deleted', z.null()), ...common, ...authed, '403': failure('CSRF (2), not the owner (173) or demo project (917)'), '404': failure('412') },
        }),
      },
      '/overview': {
        get: op('Counts of my projects, devices and unread alarms', 'overview', {
          security: [{ session: [] }],
          responses: { '200': ok('the counts', OverviewResponseSchema), ...authed },
        }),
      },
    },
    'x-airloom-remotes-manifest': schema(RemotesManifestSchema, 'output'),
  };
}
