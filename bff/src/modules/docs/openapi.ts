// OpenAPI 3.1 document generated from the same zod schemas the routes parse with (ARCHITECTURE §4).
// JSON Schema 2020-12 from z.toJSONSchema is OpenAPI 3.1's schema dialect.
import {
  CodeRequestSchema,
  CodeSentResponseSchema,
  DeviceAddRequestSchema,
  DeviceDetailSchema,
  DeviceItemSchema,
  DeviceListResponseSchema,
  DeviceRegisterRequestSchema,
  DeviceRegisterResponseSchema,
  DeviceRenameRequestSchema,
  DeviceSummarySchema,
  OperationItemSchema,
  OperationRequestSchema,
  ProjectEventSchema,
  UnverifiedDeviceListResponseSchema,
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
const sn = { name: 'sn', in: 'path', required: true, schema: { type: 'string', pattern: '^[0-9A-Za-z]{16,32}$' }, description: 'serial number (case-insensitive)' };
const listQuery = [
  { name: 'type', in: 'query', required: false, schema: schema(DeviceItemSchema.shape.type, 'input') },
  { name: 'state', in: 'query', required: false, schema: { type: 'string', enum: ['online', 'offline'] }, description: 'online = any status but 0/9' },
  { name: 'search', in: 'query', required: false, schema: { type: 'string', maxLength: 64 }, description: 'name, SN, MAC or IP, case-insensitive' },
];
const notVisible = { '404': failure('project not visible to me, or device not in it (412)') };
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
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'airloom_session' },
        manufacturerKey: { type: 'http', scheme: 'bearer' },
      },
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
      '/projects/{id}/devices': {
        get: op("The project's devices", 'devices', {
          security: [{ session: [] }],
          parameters: [projectId, ...listQuery],
          responses: { '200': ok('the list (all of them, no paging)', DeviceListResponseSchema), '400': common['400'], ...authed, ...notVisible },
        }),
        post: op('Add a registered device to the project by its serial number', 'devices', {
          security: [{ session: [] }],
          parameters: [projectId, csrf],
          requestBody: { required: true, content: json(schema(DeviceAddRequestSchema, 'input')) },
          responses: {
            '201': ok('bound; a given name is pushed to the device', DeviceItemSchema),
            ...common,
            ...authed,
            '400': failure('invalid parameters (400) or the device is bound already or sold to another account (167)'),
            '403': failure('CSRF (2), read-only project (173) or demo project (917)'),
            '404': failure('project not visible, or no device with this serial number is registered (412)'),
          },
        }),
      },
      '/projects/{id}/devices/summary': {
        get: op('Online/offline counts by type, connected clients, open alarms', 'devices', {
          security: [{ session: [] }],
          parameters: [projectId],
          responses: { '200': ok('the counts', DeviceSummarySchema), ...authed, ...notVisible },
        }),
      },
      '/projects/{id}/devices/{sn}': {
        get: op('One device with radios, clients, ports and its last status changes', 'devices', {
          security: [{ session: [] }],
          parameters: [projectId, sn],
          responses: { '200': ok('the device', DeviceDetailSchema), '400': common['400'], ...authed, ...notVisible },
        }),
        patch: op('Rename a device: stored at once, confirmed by the device later (pendingConfig)', 'devices', {
          security: [{ session: [] }],
          parameters: [projectId, sn, csrf],
          requestBody: { required: true, content: json(schema(DeviceRenameRequestSchema, 'input')) },
          responses: {
            '200': ok('the device with the new name, pendingConfig true', DeviceItemSchema),
            ...common,
            ...authed,
            '400': failure('invalid parameters (400), device offline (36), restarting (71) or managed locally (76)'),
            '403': failure('CSRF (2), read-only project (173) or demo project (917)'),
            ...notVisible,
          },
        }),
        delete: op('Remove a device from the project (it stays registered and can be added again)', 'devices', {
          security: [{ session: [] }],
          parameters: [projectId, sn, csrf],
          responses: { '200': ok('removed', z.null()), ...common, ...authed, '403': failure('CSRF (2), read-only project (173) or demo project (917)'), ...notVisible },
        }),
      },
      '/projects/{id}/devices/{sn}/operations': {
        post: op('Restart or locate (blink) a device', 'devices', {
          security: [{ session: [] }],
          parameters: [projectId, sn, csrf],
          requestBody: { required: true, content: json(schema(OperationRequestSchema, 'input')) },
          responses: {
            '202': ok('queued; its progress arrives as `operation` events', OperationItemSchema),
            ...common,
            ...authed,
            '400': failure('invalid parameters (400), device offline (36), busy: restarting or the same operation unfinished (71)'),
            '403': failure('CSRF (2), read-only project (173) or demo project (917)'),
            ...notVisible,
          },
        }),
      },
      '/projects/{id}/events': {
        get: op('Live events of the project (Server-Sent Events)', 'devices', {
          security: [{ session: [] }],
          parameters: [projectId],
          description:
            'A `text/event-stream`: `event: <type>` and `data: <ProjectEvent JSON>` per event (types device, device-removed, operation), ' +
            'a `: ping` comment every 15 s, `retry: 2000`.',
          responses: {
            '200': { description: 'the stream; each data line is one ProjectEvent', content: { 'text/event-stream': { schema: schema(ProjectEventSchema, 'output') } } },
            ...authed,
            '404': failure('project not visible to me (412)'),
          },
        }),
      },
      '/devices/unverified': {
        get: op('My devices (sold to my account) that connected but are in no project yet', 'devices', {
          security: [{ session: [] }],
          responses: { '200': ok('the list', UnverifiedDeviceListResponseSchema), ...authed },
        }),
      },
      '/manufacturer/devices': {
        post: op('Register manufactured devices and their broker secrets', 'manufacturer', {
          security: [{ manufacturerKey: [] }, { session: [] }],
          description:
            'For a session whose account role is manufacturer (then with the CSRF header), or with `Authorization: Bearer <key>` ' +
            '(env AIRLOOM_MANUFACTURER_KEY; in the embedded setup the file DATA_DIR/manufacturer.key). Registering an SN again replaces ' +
            'its identity and secret and keeps its project.',
          requestBody: { required: true, content: json(schema(DeviceRegisterRequestSchema, 'input')) },
          responses: {
            '200': ok('registered', DeviceRegisterResponseSchema),
            '400': failure('invalid parameters (400): fields name the rows, e.g. devices.3.owner for an unknown account'),
            ...authed,
            '403': failure('wrong key, or not a manufacturer account (2)'),
          },
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
