// No endpoint answers 500 to anything a user can type: every field of every
// body gets hostile values, on each database; the answer is a 4xx envelope with a catalogue code.
import { ErrorCode } from '@airloom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestEnv, signedUp, type Client, type TestEnv } from '../test/test-env.js';

const HOSTILE: unknown[] = [
  null, true, 0, -1, 1e308, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER, 1.5, '', ' ', '\u0000', '\ud800', '😀'.repeat(40),
  'x'.repeat(5000), "' OR 1=1 --", '"; DROP TABLE accounts; --', '<script>alert(1)</script>', '../../etc/passwd',
  [], ['a'], {}, { $gt: '' }, { __proto__: { admin: true } }, '1e3', '+8; DELETE FROM projects',
];

const ENDPOINTS: Array<{ path: string; method: 'post' | 'patch'; body: Record<string, unknown> }> = [
  { path: '/api/v1/auth/code', method: 'post', body: { account: 'fuzz@example.com', purpose: 'signup' } },
  { path: '/api/v1/auth/signup', method: 'post', body: { account: 'fuzz@example.com', code: '123456', password: 'Secret-1', confirm: 'Secret-1', nick: 'Fuzz' } },
  { path: '/api/v1/auth/login', method: 'post', body: { account: 'fuzz@example.com', password: 'Secret-1', ttl: 600 } },
  { path: '/api/v1/auth/reset', method: 'post', body: { account: 'fuzz@example.com', code: '123456', password: 'Secret-1', confirm: 'Secret-1' } },
  { path: '/api/v1/projects', method: 'post', body: { projectName: 'Fuzz', netMode: 0, scenario: 'hotel', location: 'L', address: 'A', zone: '+8', subtitle: 'S' } },
  { path: '/api/v1/projects/:id', method: 'patch', body: { projectName: 'Fuzz', scenario: 'hotel', location: 'L', address: 'A', zone: '+8', subtitle: 'S' } },
];

describe.each(backends())('hostile input on %s', (backend) => {
  let env: TestEnv;
  let c: Client;
  let projectId: number;
  beforeAll(async () => {
    env = await createTestEnv(backend);
    c = (await signedUp(env)).c;
    projectId = (await c.post('/api/v1/projects', { projectName: 'Target', scenario: 'hotel' })).body.data.id;
  });
  afterAll(async () => {
    await env?.close();
  });

  it.each(ENDPOINTS.map((e) => [`${e.method.toUpperCase()} ${e.path}`, e] as const))('%s never answers 5xx', async (_name, endpoint) => {
    const path = endpoint.path.replace(':id', String(projectId));
    for (const field of Object.keys(endpoint.body)) {
      for (const value of HOSTILE) {
        env.clock.advance(61_000); // keep the code-sending limits out of the way
        const res = await c[endpoint.method](path, { ...endpoint.body, [field]: value });
        expect(res.status, `${field}=${JSON.stringify(value)?.slice(0, 40)} → ${res.text.slice(0, 200)}`).toBeLessThan(500);
        expect(typeof res.body.code).toBe('number');
        if (res.status >= 400) expect(res.body.message).toEqual(expect.any(String));
      }
    }
    for (const raw of ['[', '{"a":', 'null', '"text"', '12', '{"__proto__": {"x": 1}}']) {
      const res = await c[endpoint.method](path, undefined).set('Content-Type', 'application/json').send(raw);
      expect(res.status, raw).toBeLessThan(500);
      expect(res.body.code).toBe(ErrorCode.INVALID_PARAMS);
    }
  });

  it('the project that was attacked is unchanged apart from valid edits', async () => {
    const project = (await c.get(`/api/v1/projects/${projectId}`)).body.data;
    expect(project.scenario).toBe('hotel');
    expect(typeof project.projectName).toBe('string');
    expect([...project.projectName].length).toBeLessThanOrEqual(18);
  });
});
