// The OpenAPI 3.1 document, a loop over contracts' endpoint list (ARCHITECTURE §4): nothing here
// names an endpoint. JSON Schema 2020-12 from z.toJSONSchema is OpenAPI 3.1's schema dialect.
import { CSRF_HEADER, ENDPOINTS, endpointErrors, ErrorEnvelopeSchema, dataEnvelope, openApiPath, text, type AnyEndpoint } from '@airloom/contracts';
import { z } from 'zod';
import { httpStatusFor } from '../../http/app-error.js';
import { SESSION_COOKIE } from '../../http/cookies.js';

type JsonSchema = Record<string, unknown>;

function schema(s: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(s, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

const json = (s: JsonSchema) => ({ 'application/json': { schema: s } });

const csrf = (required: boolean) => ({
  name: CSRF_HEADER,
  in: 'header',
  required,
  schema: { type: 'string', const: '1' },
  description: required ? 'CSRF guard: every state-changing call sends 1' : 'CSRF guard: sent with a session cookie, not with the key',
});

/** `path` and `query` parameters from an object schema's properties. */
function parameters(s: z.ZodType | undefined, where: 'path' | 'query'): JsonSchema[] {
  if (!s) return [];
  const object = schema(s, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (object.required ?? []).includes(name),
    schema: property,
  }));
}

function success(e: AnyEndpoint): JsonSchema {
  if (e.stream) return { description: 'the stream; each data line is one event', content: { 'text/event-stream': { schema: schema(e.response, 'output') } } };
  return { description: e.raw ? 'the answer' : 'code 0 and the data', content: json(schema(e.raw ? e.response : dataEnvelope(e.response), 'output')) };
}

/** The endpoint's error codes grouped by HTTP status, each with the sentence a person reads. */
function failures(e: AnyEndpoint): Record<string, JsonSchema> {
  const byStatus = new Map<number, string[]>();
  for (const { code, text: key } of endpointErrors(e)) {
    const status = httpStatusFor(code);
    byStatus.set(status, [...(byStatus.get(status) ?? []), `${code}: ${text(`apiErrors.${key}`)}`]);
  }
  return Object.fromEntries(
    [...byStatus].sort(([a], [b]) => a - b).map(([status, lines]) => [String(status), { description: lines.join('; '), content: json({ $ref: '#/components/schemas/ErrorEnvelope' }) }]),
  );
}

const SECURITY = {
  none: undefined,
  session: [{ session: [] }, { apiKey: [] }],
  account: [{ session: [] }],
  manufacturer: [{ manufacturerKey: [] }, { session: [] }],
} as const;

function operation(id: string, e: AnyEndpoint): JsonSchema {
  const params = [...parameters(e.params, 'path'), ...parameters(e.query, 'query')];
  // a key in the Authorization header needs no CSRF header; a session cookie does
  if (e.method !== 'get') params.push(csrf(e.auth === 'none' || e.auth === 'account'));
  return {
    operationId: id,
    summary: e.summary,
    ...(e.description ? { description: e.description } : {}),
    tags: [e.tag],
    ...(SECURITY[e.auth] ? { security: SECURITY[e.auth] } : {}),
    ...(e.root ? { servers: [{ url: '/' }] } : {}),
    ...(params.length ? { parameters: params } : {}),
    ...(e.body ? { requestBody: { required: true, content: json(schema(e.body, 'input')) } } : {}),
    responses: { [String(e.status ?? 200)]: success(e), ...failures(e) },
    ...(e.action ? { 'x-airloom-action': e.action } : {}),
  };
}

export function buildOpenApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const { id, endpoint } of ENDPOINTS) {
    const path = openApiPath(endpoint.path);
    paths[path] = { ...paths[path], [endpoint.method]: operation(id, endpoint) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Airloom API',
      version: '1.0.0',
      description:
        'Every answer is `{code:0,data}` or `{code:N,message}` with N from the spec §8 catalogue. ' +
        `The session is the HttpOnly cookie \`${SESSION_COOKIE}\`; state-changing calls need the header \`${CSRF_HEADER}: 1\`. ` +
        'Device and operation records carry `revision`: of two copies, the higher revision is the newer.',
    },
    servers: [{ url: '/api/v1' }],
    components: {
      schemas: { ErrorEnvelope: schema(ErrorEnvelopeSchema, 'output') },
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        manufacturerKey: { type: 'http', scheme: 'bearer' },
        apiKey: { type: 'http', scheme: 'bearer', description: 'An API key of the account (`alk_…`, made under /account/api-keys): read-only or read-write, for some projects or all; rate limited (429 with Retry-After).' },
      },
    },
    paths,
  };
}
