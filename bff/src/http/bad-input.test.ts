// Generated bad input for every operation of the OpenAPI document (docs/security.md): wrong types, huge
// strings, control and astral characters, negative, huge and NaN-ish numbers, missing and extra fields
// (`__proto__` among them), arrays where objects are expected, malformed JSON and foreign content
// types, bad path parameters (non-numeric ids, `../`, bad escapes, very long) and bad query strings,
// sent by four callers: nobody, a read-only share guest, the owner (session and CSRF header) and the
// owner's read-write API key. Whatever is sent, the answer is below 500; a refusal is the JSON error
// envelope of ARCHITECTURE §4 with a code of spec §8 and nothing of the server's insides (STYLE §7);
// a refused write stores nothing (the authorization matrix's digest of the tables).
//
// CI runs a fixed seed and FUZZ_RUNS (default 3) cases per endpoint and caller; FUZZ_RUNS=200 (and
// FUZZ_SEED) for a longer search. A failure prints fast-check's seed and path to replay it.
import { ENDPOINTS, type AnyEndpoint, type EndpointId, type HttpMethod } from '@airloom/contracts';
import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMatrixFixture, type Caller, type MatrixFixture } from '../test/matrix-fixture.js';
import { backends } from '../test/test-env.js';

const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS ?? 3));
const SEED = Number(process.env.FUZZ_SEED ?? 20261127);
const FUZZ_CALLERS = ['anonymous', 'r', 'owner', 'keyRw'] as const satisfies readonly Caller[];

// Where the suite does not send its cases, and why.
const NOT_SENT: Partial<Record<EndpointId, { callers: readonly Caller[]; why: string }>> = {
  // it takes no input at all: any call of a signed-in caller opens the stream, which stays open (nobody is refused first);
  // activations.events.test.ts opens it as each kind of caller
  'activations.events': { callers: ['r', 'owner', 'keyRw'], why: 'a stream without input' },
};
// They take no input and end the caller's session (sign-out, or a live-demo session in its place): sent after all the others.
const LAST: readonly EndpointId[] = ['auth.demo', 'auth.logout'];

// ---- what is sent ---------------------------------------------------------------------------------

const NASTY_STRINGS = [
  '', ' ', '\u0000', '\t\r\n', '\u202e\u202d', '\ufeff', '\ud83d\ude00'.repeat(17), 'e\u0301\u0301\u0301', '../../../../etc/passwd', '..\\..\\windows',
  '%00', '%ZZ', '<script>alert(1)</script>', "' OR '1'='1' --", '"; DROP TABLE projects; --', '{{7*7}}', '${7*7}', 'NaN', 'Infinity', '-Infinity',
  '1e309', '-0', '0x10', ' 1 ', '1,5', 'null', 'undefined', 'true', '[]', '{}', '__proto__', 'constructor', 'toString', 'br0', 'VLAN_Default',
];
const NUMBERS = [-1, 0, -0, 0.5, -2147483649, 2147483648, 2 ** 53 + 2, 1e308, -1e308, Number.MIN_VALUE, 4095, 65536, 99999999999];

/** `longest` characters at most: a body's text goes past its 64 kB limit, a query's stays within Node's 16 kB of headers */
const badTextOf = (longest: number) =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 3 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 80 }), weight: 2 }, // control characters, any code point
    { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 2 }, // astral characters, combining marks
    { arbitrary: fc.integer({ min: 300, max: longest }).map((n) => 'x'.repeat(n)), weight: 1 }, // past a field's limit
  );
const badText = badTextOf(80_000);
// NaN and the infinities become null in JSON: they are in the list as the strings a client might send
const badNumber = fc.oneof(fc.constantFrom(...NUMBERS), fc.integer(), fc.double());
const badScalar = fc.oneof(badText, badNumber, fc.boolean(), fc.constant(null));
const nested = fc.integer({ min: 50, max: 2_000 }).map((depth) => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown);
const badValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: badScalar, weight: 6 },
  { arbitrary: fc.array(badScalar, { maxLength: 5 }), weight: 2 }, // an array where an object or a scalar is expected
  { arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), badScalar, { maxKeys: 4 }), weight: 2 }, // an object where an array or a scalar is expected
  { arbitrary: nested, weight: 1 },
);
/** Keys that must never reach an object's prototype. */
const EXTRA_KEYS = ['__proto__', 'constructor', 'prototype', 'id', 'ownerAccountId', 'admin', 'isShare', 'right'];
const extras = fc.dictionary(fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.string({ maxLength: 12 })), badValue, { minKeys: 1, maxKeys: 4 });

/** A path segment that names nothing: not a number, out of range, a traversal, a bad escape, very long. */
const badSegment = fc.oneof(
  fc.constantFrom(
    'abc', '-1', '0', '1.5', '1e999', 'NaN', 'Infinity', '-Infinity', '9'.repeat(40), '18446744073709551616', '..', '%2e%2e', '..%2F..%2Fetc%2Fpasswd',
    '%00', '%ZZ', '%C0%AF', '%E0%A4%A', 'null', 'undefined', '%20', ';', '%3Cscript%3E', '__proto__', 'constructor', '%F0%9F%98%80',
  ),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }).map(encodeURIComponent),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }).map(encodeURIComponent),
  fc.integer({ min: 300, max: 4_000 }).map((n) => 'z'.repeat(n)),
  fc.integer({ max: -1 }).map(String),
);

const MALFORMED_JSON = ['{', '{"a":', '[1,2', '{"a":1}}', 'nul', "{'a':1}", '\u0000', '{"__proto__":', '{"a":1,}', '\ud83d\ude00', '', '   '];
const FOREIGN_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=fuzz', 'application/xml', 'application/json; charset=utf-16'];

type SentBody = { type: string; text: string };
interface Case {
  /** path parameter → its raw (already encoded) segment */
  params: Record<string, string>;
  query: string;
  body: SentBody | undefined;
}

const json = (value: unknown): SentBody => ({ type: 'application/json', text: JSON.stringify(value) ?? 'null' });

/** Every place inside a valid body (objects and arrays, a few levels down) a mutation can aim at. */
function pathsOf(value: unknown, depth = 0, at: (string | number)[] = []): (string | number)[][] {
  if (depth > 3 || value === null || typeof value !== 'object') return [];
  const keys: (string | number)[] = Array.isArray(value) ? value.map((_v, i) => i) : Object.keys(value);
  return keys.flatMap((k) => [[...at, k], ...pathsOf((value as Record<string | number, unknown>)[k], depth + 1, [...at, k])]);
}

function withChange(base: unknown, path: (string | number)[], change: { remove: true } | { value: unknown }): unknown {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let parent: Record<string | number, unknown> = copy;
  for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if ('remove' in change) {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else parent[last] = change.value;
  return copy;
}

/** A plain object's own keys added as data, `__proto__` too (JSON.stringify writes own keys only). */
function withExtras(body: unknown, added: Record<string, unknown>): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const copy = structuredClone(body) as Record<string, unknown>;
  for (const [k, v] of Object.entries(added)) Object.defineProperty(copy, k, { value: v, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** The property names a body or query schema declares (its OpenAPI shape). */
function declaredKeys(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const shape = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, unknown> };
  return Object.keys(shape.properties ?? {});
}

/** Multipart uploads read their body themselves (no JSON body is declared): junk is their bad input. */
const READS_ITS_BODY = (e: AnyEndpoint) => e.method !== 'get' && !e.body && /multipart\/form-data/.test(e.summary);

function badBody(base: unknown, keys: string[]): fc.Arbitrary<SentBody> {
  const object = base !== null && typeof base === 'object' && !Array.isArray(base) ? (base as Record<string, unknown>) : {};
  // the declared fields a valid body leaves out are aimed at too, one level down
  const paths = [...pathsOf(object), ...keys.filter((k) => !(k in object)).map((k) => [k])];
  const fieldChange = paths.length
    ? fc
        .tuple(fc.constantFrom(...paths), fc.oneof({ arbitrary: badValue.map((value) => ({ value })), weight: 4 }, { arbitrary: fc.constant({ remove: true as const }), weight: 1 }), fc.option(extras, { freq: 2 }))
        .map(([path, change, added]) => json(withExtras(withChange(object, path, change), added ?? {})))
    : extras.map((added) => json(withExtras(object, added)));
  return fc.oneof(
    { arbitrary: fieldChange, weight: 6 },
    { arbitrary: badValue.filter((v) => v === null || typeof v !== 'object' || Array.isArray(v)).map(json), weight: 2 }, // not an object
    { arbitrary: fc.constantFrom(...MALFORMED_JSON).map((text) => ({ type: 'application/json', text })), weight: 2 },
    { arbitrary: fc.tuple(fc.constantFrom(...FOREIGN_TYPES), badText).map(([type, text]) => ({ type, text })), weight: 1 },
  );
}

function badQuery(keys: string[]): fc.Arbitrary<string> {
  const key = fc.oneof(
    { arbitrary: keys.length ? fc.constantFrom(...keys) : fc.constant('q'), weight: 4 },
    { arbitrary: fc.constantFrom('__proto__', 'constructor', 'a[b]', `${keys[0] ?? 'q'}[]`, `${keys[0] ?? 'q'}[x]`, '', '%ZZ'), weight: 1 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 10 }).map(encodeURIComponent), weight: 1 },
  );
  const value = fc.oneof(
    { arbitrary: fc.oneof(badTextOf(1_500), badNumber.map(String)).map(encodeURIComponent), weight: 4 },
    { arbitrary: fc.constantFrom('%ZZ', '%', '%E0%A4%A', '[]', '{}', '&&', '=='), weight: 1 },
  );
  // a key without a value, and keys given twice (an array where one value is expected)
  return fc.array(fc.tuple(key, fc.option(value, { freq: 6 })), { minLength: 1, maxLength: 6 }).map((pairs) => pairs.map(([k, v]) => (v === null ? k : `${k}=${v}`)).join('&'));
}

/**
 * The cases of one endpoint. Each changes at least one input the endpoint declares to something bad:
 * a path parameter, the body (or a multipart upload's), or a read's query. An endpoint whose only input
 * is its path always gets a bad parameter: a valid one would delete the fixture's project, share or key.
 */
function casesOf(id: EndpointId, e: AnyEndpoint, fixture: MatrixFixture): fc.Arbitrary<Case> {
  const names = [...e.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const valid = fixture.paramsOf(id);
  const validParams = Object.fromEntries(names.map((n) => [n, encodeURIComponent(String(valid[n]))]));
  const takesBody = !!e.body || READS_ITS_BODY(e);
  const parts = [...(names.length ? (['params'] as const) : []), ...(takesBody ? (['body'] as const) : []), ...(e.query && e.method === 'get' ? (['query'] as const) : [])];
  const queryKeys = declaredKeys(e.query);
  const base = fixture.bodyOf(id) ?? {};
  const noBody = e.method === 'get' ? fc.constant(undefined) : fc.option(badBody(base, []), { freq: 3, nil: undefined });
  const junkQuery = fc.option(badQuery(queryKeys), { freq: 2, nil: '' });
  if (!parts.length) return fc.record({ params: fc.constant({}), query: junkQuery, body: noBody }); // nothing declared to get wrong: junk it ignores
  return fc.subarray([...parts], { minLength: 1 }).chain((bad) =>
    fc.record({
      params: bad.includes('params') ? fc.constantFrom(...names).chain((n) => badSegment.map((s) => ({ ...validParams, [n]: s }))) : fc.constant(validParams),
      query: bad.includes('query') ? badQuery(queryKeys) : junkQuery,
      body: bad.includes('body') ? badBody(base, declaredKeys(e.body)) : e.body ? fc.constant(json(base)) : noBody,
    }),
  );
}

// ---- what the answer must be ----------------------------------------------------------------------

/** Signs of the server's insides: a stack frame, a source path, an exception's name, the database. */
const INSIDES = [/\bat [\w$.<>]+ \(/, /^\s+at /m, /\/src\//, /\.ts:\d*/, /\.js:\d+/, /\bError:/, /node_modules/, /\bknex\b/i, /SQLITE_|ER_[A-Z_]+/, /\bselect .* from\b/i];

function expectSafeAnswer(res: request.Response, where: string) {
  expect(res.status, `${where}: ${res.status} ${res.text.slice(0, 300)}`).toBeLessThan(500);
  if (res.status < 400) return;
  expect(res.headers['content-type'], where).toMatch(/^application\/json/);
  const body = res.body as { code?: unknown; message?: unknown; fields?: unknown };
  expect(Object.keys(body).filter((k) => !['code', 'message', 'fields'].includes(k)), where).toEqual([]);
  expect(typeof body.code === 'number' && body.code !== 0, `${where}: ${res.text.slice(0, 300)}`).toBe(true);
  expect(typeof body.message === 'string' && body.message.length > 0 && body.message.length < 300, where).toBe(true);
  if (body.fields !== undefined) {
    for (const text of Object.values(body.fields as Record<string, unknown>)) expect(text, where).toMatch(/^(rules|errors|apiErrors)\.[\w.]+$/);
  }
  for (const sign of INSIDES) expect(res.text, where).not.toMatch(sign);
}

const PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype).sort();

describe.each(backends())('generated bad input on %s', (backend) => {
  let fixture: MatrixFixture;
  /** the tables' digest as it stands; undefined once an accepted write may have changed it */
  let known: string | undefined;

  beforeAll(async () => {
    fixture = await createMatrixFixture(backend);
  });
  afterAll(async () => {
    await fixture?.env.close();
  });

  it('sends to every operation of the OpenAPI document the BFF serves', async () => {
    const doc = (await request(fixture.env.app).get('/api/v1/openapi.json')).body as { paths: Record<string, Record<string, { operationId: string }>> };
    const operations = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((o) => o.operationId));
    expect(operations.sort()).toEqual(ENDPOINTS.map((e) => e.id).sort());
  });

  const ordered = [...ENDPOINTS.filter((e) => !LAST.includes(e.id)), ...ENDPOINTS.filter((e) => LAST.includes(e.id))];
  const cases = ordered.flatMap(({ id, endpoint }, index) =>
    FUZZ_CALLERS.filter((caller) => !NOT_SENT[id]?.callers.includes(caller)).map((caller, c) => [id, caller, endpoint, SEED + index * FUZZ_CALLERS.length + c] as const),
  );

  it.each(cases)('%s by %s', async (id, caller, endpoint, seed) => {
    const { method } = endpoint as { method: HttpMethod };
    const prefix = endpoint.root ? '' : '/api/v1';
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(casesOf(id, endpoint, fixture), async (c) => {
        const path = endpoint.path.replace(/:(\w+)/g, (_w, name: string) => c.params[name]!);
        const url = `${prefix}${path}${c.query ? `?${c.query}` : ''}`;
        if (method !== 'get') known ??= await fixture.snapshot();
        let req = fixture.request(caller, method, url);
        if (c.body) req = req.set('Content-Type', c.body.type).send(c.body.text);
        const res = await req;
        sent += 1;
        const where = `${id} by ${caller}: ${method.toUpperCase()} ${url.slice(0, 200)} ${c.body ? `${c.body.type} ${c.body.text.slice(0, 200)}` : ''}`;
        expectSafeAnswer(res, where);
        if (method === 'get') return;
        if (res.status >= 400) {
          const before = known;
          known = await fixture.snapshot();
          expect(known === before, `${where}: refused (${res.body.code}) but the tables changed`).toBe(true);
        } else known = undefined;
      }),
      { seed, numRuns: RUNS },
    );
    expect(sent).toBe(RUNS);
  }, 30_000 + RUNS * 2_000);

  it('left no key on Object.prototype (`__proto__` and `constructor` were among the fields sent)', () => {
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTOTYPE_KEYS);
  });
});
