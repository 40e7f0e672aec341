// API keys (spec §2 "openapi" access type; docs/decisions/sharing.md): made from a browser session,
// shown once, kept hashed; a key reaches its projects only, writes only when read-write, never
// deletes or shares, cannot manage keys, is rate limited with 429 and Retry-After, and stops at once
// when revoked. A refused write changes no row.
import { API_LIMITS, ErrorCode } from '@airloom/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, ownProject, client, createTestEnv, signedUp, type TestEnv } from '../../test/test-env.js';

describe.each(backends())('API keys on %s', (backend) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(backend);
  });
  afterAll(async () => {
    await env?.close();
  });

  const withKey = (secret: string) => ({
    get: (url: string) => request(env.app).get(url).set('Authorization', `Bearer ${secret}`),
    patch: (url: string, body: object) => request(env.app).patch(url).set('Authorization', `Bearer ${secret}`).send(body),
    post: (url: string, body: object) => request(env.app).post(url).set('Authorization', `Bearer ${secret}`).send(body),
    del: (url: string) => request(env.app).delete(url).set('Authorization', `Bearer ${secret}`),
  });
  const projectName = async (id: number) => (await env.db('projects').where({ id }).first('project_name')).project_name as string;

  it('is shown once, listed without its secret, kept only as a hash, and works as a Bearer token without a CSRF header', async () => {
    const { c } = await signedUp(env);
    const id = await ownProject(c, 'Key Hotel');
    const made = await c.post('/api/v1/account/api-keys', { name: 'Wall display', access: 'r' });
    expect(made.status).toBe(201);
    const { key, secret } = made.body.data;
    expect(secret).toMatch(/^alk_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({ name: 'Wall display', access: 'r', projects: null, lastUsedAt: null });
    expect(secret.startsWith(key.prefix)).toBe(true);
    const listed = await c.get('/api/v1/account/api-keys');
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    const stored = await env.db('api_keys').where({ id: key.id }).first();
    expect(JSON.stringify(stored)).not.toContain(secret.slice(10));

    const projects = await withKey(secret).get('/api/v1/projects');
    expect(projects.body.data.items.map((p: { id: number }) => p.id)).toContain(id);
    expect((await withKey(secret).get(`/api/v1/projects/${id}/devices`)).body.code).toBe(0);
    expect((await c.get('/api/v1/account/api-keys')).body.data.items[0].lastUsedAt).not.toBeNull();
  });

  it('a read-only key writes nothing; a read-write key changes the project but never deletes or shares it', async () => {
    const { c } = await signedUp(env);
    const friend = await signedUp(env);
    const id = await ownProject(c, 'Write Hotel');
    const read = (await c.post('/api/v1/account/api-keys', { name: 'read', access: 'r' })).body.data.secret as string;
    const write = (await c.post('/api/v1/account/api-keys', { name: 'write', access: 'rw' })).body.data.secret as string;

    for (const res of [
      await withKey(read).patch(`/api/v1/projects/${id}`, { projectName: 'Taken' }),
      await withKey(read).post('/api/v1/projects', { projectName: 'New one', scenario: 'hotel' }),
      await withKey(read).del(`/api/v1/projects/${id}`),
    ]) expect([res.status, res.body.code]).toEqual([403, ErrorCode.READ_ONLY_PROJECT]);
    expect(await projectName(id)).toBe('Write Hotel');

    expect((await withKey(write).patch(`/api/v1/projects/${id}`, { projectName: 'Renamed by key' })).body.code).toBe(0);
    expect(await projectName(id)).toBe('Renamed by key');
    expect((await withKey(write).del(`/api/v1/projects/${id}`)).body.code).toBe(ErrorCode.READ_ONLY_PROJECT);
    expect((await withKey(write).post(`/api/v1/projects/${id}/shares`, { account: friend.account, permission: 'r' })).body.code).toBe(ErrorCode.READ_ONLY_PROJECT);
    expect(await env.db('project_members').where({ project_id: id })).toEqual([]);
  });

  it('a key for some projects sees only those, and learns nothing of the others', async () => {
    const { c } = await signedUp(env);
    const inside = await ownProject(c);
    const outside = await ownProject(c);
    const secret = (await c.post('/api/v1/account/api-keys', { name: 'one site', access: 'rw', projects: [inside] })).body.data.secret as string;
    const listed = (await withKey(secret).get('/api/v1/projects')).body.data.items.map((p: { id: number }) => p.id);
    expect(listed).toEqual([inside]);
    expect((await withKey(secret).get(`/api/v1/projects/${outside}`)).body.code).toBe(ErrorCode.DATA_NOT_FOUND);
    expect((await withKey(secret).patch(`/api/v1/projects/${outside}`, { subtitle: 'x' })).body.code).toBe(ErrorCode.DATA_NOT_FOUND);
    // and the owner's own list is whole (the key's view is not cached in its place)
    expect((await c.get('/api/v1/projects')).body.data.items.map((p: { id: number }) => p.id)).toEqual(expect.arrayContaining([inside, outside]));
    // a stranger's project cannot be named in a key
    const stranger = await signedUp(env);
    const theirs = await ownProject(stranger.c);
    const refused = await c.post('/api/v1/account/api-keys', { name: 'sneaky', access: 'r', projects: [theirs] });
    expect([refused.body.code, refused.body.fields]).toEqual([ErrorCode.INVALID_PARAMS, { projects: 'rules.apiKeyProjects.unknown' }]);
  });

  it('cannot manage keys with a key; bad input is refused with its field; a revoked key stops at once', async () => {
    const { c } = await signedUp(env);
    const { key, secret } = (await c.post('/api/v1/account/api-keys', { name: 'temp', access: 'rw' })).body.data;
    for (const res of [await withKey(secret).get('/api/v1/account/api-keys'), await withKey(secret).post('/api/v1/account/api-keys', { name: 'more', access: 'rw' })]) {
      expect([res.status, res.body.code]).toEqual([401, ErrorCode.TOKEN_MISSING]);
    }
    for (const [body, field] of [
      [{ name: '', access: 'r' }, 'name'],
      [{ name: 'x', access: 'admin' }, 'access'],
      [{ name: 'x', access: 'r', projects: [] }, 'projects'],
    ] as const) {
      const res = await c.post('/api/v1/account/api-keys', body);
      expect([res.body.code, Object.keys(res.body.fields ?? {})]).toEqual([ErrorCode.INVALID_PARAMS, [field]]);
    }
    expect((await c.get('/api/v1/account/api-keys')).body.data.total).toBe(1);

    expect((await c.del(`/api/v1/account/api-keys/${key.id}`)).body.code).toBe(0);
    const after = await withKey(secret).get('/api/v1/projects');
    expect([after.status, after.body.code]).toEqual([401, ErrorCode.TOKEN_EXPIRED]);
    expect((await c.del(`/api/v1/account/api-keys/${key.id}`)).body.code).toBe(ErrorCode.DATA_NOT_FOUND);
  });

  it(`answers 429 with Retry-After after a burst of ${API_LIMITS.apiKeyBurst} calls`, async () => {
    const { c } = await signedUp(env);
    const secret = (await c.post('/api/v1/account/api-keys', { name: 'busy', access: 'r' })).body.data.secret as string;
    // calls as fast as they go: the bucket refills 10 a second, so a 429 comes soon after the burst
    const statuses: number[] = [];
    let limited: request.Response | undefined;
    for (let i = 0; i < 20 * API_LIMITS.apiKeyBurst && !limited; i++) {
      const res = await withKey(secret).get('/api/v1/projects');
      if (res.status === 429) limited = res;
      else statuses.push(res.status);
    }
    expect(statuses.length).toBeGreaterThanOrEqual(API_LIMITS.apiKeyBurst);
    expect(statuses.every((s) => s === 200)).toBe(true);
    if (!limited) throw new Error('never limited');
    expect(limited.body.code).toBe(ErrorCode.REPEATED_CLICKS);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // the browser session of the same account is not held back by its key's limit
    expect((await c.get('/api/v1/projects')).status).toBe(200);
  });

  it(`an account has at most ${API_LIMITS.apiKeysPerAccountMax} keys (411), and the live demo makes none (917)`, async () => {
    const { c } = await signedUp(env);
    for (let i = 0; i < API_LIMITS.apiKeysPerAccountMax; i++) expect((await c.post('/api/v1/account/api-keys', { name: `k${i}`, access: 'r' })).status).toBe(201);
    expect((await c.post('/api/v1/account/api-keys', { name: 'one more', access: 'r' })).body.code).toBe(ErrorCode.DATA_EXISTS);
    expect((await c.get('/api/v1/account/api-keys')).body.data.total).toBe(API_LIMITS.apiKeysPerAccountMax);
    const demo = client(env.app);
    expect((await demo.post('/api/v1/auth/demo')).body.code).toBe(0);
    expect((await demo.post('/api/v1/account/api-keys', { name: 'demo key', access: 'r' })).body.code).toBe(ErrorCode.DEMO_PROJECT);
  });
});
