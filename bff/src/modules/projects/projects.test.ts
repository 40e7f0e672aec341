import { API_LIMITS, DEMO_PROJECT_IDS, ErrorCode } from '@airloom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withProjectsChange } from '../../db/change-counters.js';
import { COMMISSIONING_DEMO } from '../../db/seed-commissioning.js';
import { backends, client, createTestEnv, PASSWORD, signedUp, type Client, type TestEnv } from '../../test/test-env.js';

const HOUR = 3_600_000;
const valid = { projectName: 'Harbour Hotel', netMode: 0, scenario: 'hotel', location: 'Lisbon', address: 'Rua 1', zone: '+0' };

describe.each(backends())('projects on %s', (backend) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(backend);
  });
  afterAll(async () => {
    await env?.close();
  });

  const accountId = async (account: string): Promise<number> => Number((await env.db('accounts').where({ account }).first('id')).id);
  const projectCount = async () => Number((await env.db('projects').count({ n: '*' }).first())?.n ?? 0);
  async function share(projectId: number, account: string, right: 'rw' | 'r', expiresAt: number | null = null) {
    const id = await accountId(account);
    // as the sharing screens will: through withProjectsChange, so cached lists see it
    await withProjectsChange(env.db, (trx) => trx('project_members').insert({ project_id: projectId, account_id: id, share_right: right, shared_at: env.clock.now(), expires_at: expiresAt }));
  }
  async function createProject(c: Client, body: Record<string, unknown> = {}) {
    const res = await c.post('/api/v1/projects', { ...valid, projectName: `P ${Math.random().toString(36).slice(2, 10)}`, ...body });
    expect(res.body.code).toBe(0);
    return res.body.data as { id: number; projectName: string };
  }

  it('needs a session (401, code 8)', async () => {
    for (const res of [await client(env.app).get('/api/v1/projects'), await client(env.app).post('/api/v1/projects', valid), await client(env.app).get('/api/v1/projects/500000')]) {
      expect(res.status).toBe(401);
      expect(res.body.code).toBe(ErrorCode.TOKEN_MISSING);
    }
  });

  it('lists the two demo projects for a new account', async () => {
    const { c } = await signedUp(env);
    const res = await c.get('/api/v1/projects');
    expect(res.body.code).toBe(0);
    expect(res.body.data.total).toBe(2);
    expect(res.body.data.items).toEqual([
      expect.objectContaining({ id: DEMO_PROJECT_IDS.WLAN, netMode: 0, demo: true, right: 'r', property: 'invited-r', isShare: false, zone: '+8' }),
      expect.objectContaining({ id: DEMO_PROJECT_IDS.MESH, netMode: 1, demo: true, right: 'r', property: 'invited-r', isShare: false }),
    ]);
  });

  it('creates, reads, updates and deletes an own project', async () => {
    const { c } = await signedUp(env);
    const created = await c.post('/api/v1/projects', { projectName: 'Hôtel 海港 18 chars', scenario: 'hotel' });
    expect(created.status).toBe(201);
    const item = created.body.data;
    expect(item).toMatchObject({ projectName: 'Hôtel 海港 18 chars', netMode: 0, scenario: 'hotel', location: '', address: '', zone: '+8', subtitle: null, right: 'rw', property: 'own', isShare: false, demo: false });
    expect(item.id).toBeGreaterThanOrEqual(1_000_000);
    expect(new Date(item.createdAt).toISOString()).toBe(item.createdAt);

    expect((await c.get(`/api/v1/projects/${item.id}`)).body.data).toEqual(item);
    const list = await c.get('/api/v1/projects');
    expect(list.body.data.items.map((p: { id: number }) => p.id)).toContain(item.id);

    const patched = await c.patch(`/api/v1/projects/${item.id}`, { projectName: 'Renamed', scenario: 'smart-home', zone: '-3.5', subtitle: 'Lobby' });
    expect(patched.body.data).toMatchObject({ id: item.id, projectName: 'Renamed', netMode: 0, scenario: 'smart-home', zone: '-3.5', subtitle: 'Lobby', location: '' });
    // the type is fixed after creation
    const retype = await c.patch(`/api/v1/projects/${item.id}`, { projectName: 'Again', netMode: 1 });
    expect(retype.status).toBe(400);
    expect(retype.body.fields).toEqual({ netMode: 'rules.projectUpdate.netModeFixed' });
    expect((await c.get(`/api/v1/projects/${item.id}`)).body.data).toMatchObject({ projectName: 'Renamed', netMode: 0 });

    const removed = await c.del(`/api/v1/projects/${item.id}`);
    expect(removed.body).toEqual({ code: 0, data: null });
    const gone = await c.get(`/api/v1/projects/${item.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe(ErrorCode.DATA_NOT_FOUND);
  });

  it.each([
    ['no body', undefined, ['projectName', 'scenario']],
    ['name of 19 characters', { ...valid, projectName: 'x'.repeat(19) }, ['projectName']],
    ['blank name', { ...valid, projectName: '   ' }, ['projectName']],
    ['unknown scenario', { ...valid, scenario: 'castle' }, ['scenario']],
    ['netMode 2', { ...valid, netMode: 2 }, ['netMode']],
    ['netMode as text', { ...valid, netMode: 'WLAN' }, ['netMode']],
    ['zone +99', { ...valid, zone: '+99' }, ['zone']],
    ['subtitle of 31 characters', { ...valid, subtitle: 's'.repeat(31) }, ['subtitle']],
    ['location too long', { ...valid, location: 'l'.repeat(65) }, ['location']],
    ['address too long', { ...valid, address: 'a'.repeat(129) }, ['address']],
    ['a list instead of an object', [valid], ['_']],
  ])('refuses to create with %s (400, nothing stored)', async (_label, body, fields) => {
    const { c } = await signedUp(env);
    const before = await projectCount();
    const res = await c.post('/api/v1/projects', body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(ErrorCode.INVALID_PARAMS);
    expect(Object.keys(res.body.fields).sort()).toEqual([...fields].sort());
    expect(await projectCount()).toBe(before);
  });

  it('refuses invalid updates with 400 and changes nothing', async () => {
    const { c } = await signedUp(env);
    const p = await createProject(c);
    for (const body of [{}, { id: 5 }, { projectName: '' }, { scenario: 'castle' }, { zone: 8 }]) {
      const res = await c.patch(`/api/v1/projects/${p.id}`, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(ErrorCode.INVALID_PARAMS);
    }
    expect((await c.get(`/api/v1/projects/${p.id}`)).body.data.projectName).toBe(p.projectName);
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999', '1e3', '%E0%A4%A'])('refuses project id %s with 400', async (id) => {
    const { c } = await signedUp(env);
    for (const res of [await c.get(`/api/v1/projects/${id}`), await c.patch(`/api/v1/projects/${id}`, { projectName: 'x' }), await c.del(`/api/v1/projects/${id}`)]) {
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(ErrorCode.INVALID_PARAMS);
    }
  });

  it('refuses a second own project with the same name (411)', async () => {
    const { c } = await signedUp(env);
    const p = await createProject(c);
    const dup = await c.post('/api/v1/projects', { ...valid, projectName: p.projectName });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe(ErrorCode.DATA_EXISTS);
    const other = await createProject(c);
    expect((await c.patch(`/api/v1/projects/${other.id}`, { projectName: p.projectName })).body.code).toBe(ErrorCode.DATA_EXISTS);
    // renaming a project to its own name is not a conflict
    expect((await c.patch(`/api/v1/projects/${p.id}`, { projectName: p.projectName })).body.code).toBe(0);
  });

  it('treats names that differ only in case as the same name, in any alphabet (411), and refuses emoticons (400)', async () => {
    const { c } = await signedUp(env);
    const p = await createProject(c, { projectName: 'Harbour Öffice' });
    for (const taken of ['HARBOUR ÖFFICE', 'harbour öffice']) {
      const dup = await c.post('/api/v1/projects', { ...valid, projectName: taken });
      expect(dup.status).toBe(409);
      expect(dup.body.code).toBe(ErrorCode.DATA_EXISTS);
    }
    const other = await createProject(c);
    expect((await c.patch(`/api/v1/projects/${other.id}`, { projectName: 'HARBOUR ÖFFICE' })).body.code).toBe(ErrorCode.DATA_EXISTS);
    // changing only the case of its own name is no conflict
    expect((await c.patch(`/api/v1/projects/${p.id}`, { projectName: 'HARBOUR ÖFFICE' })).body.data.projectName).toBe('HARBOUR ÖFFICE');
    const emoji = await c.post('/api/v1/projects', { ...valid, projectName: 'Harbour😀' });
    expect(emoji.status).toBe(400);
    expect(emoji.body.fields).toEqual({ projectName: 'rules.projectName.emoticon' });
  });

  it(`refuses more than ${API_LIMITS.projectsPerOwnerMax} own projects (140)`, async () => {
    const { c, account } = await signedUp(env);
    const owner = await accountId(account);
    const now = env.clock.now();
    const rows = Array.from({ length: API_LIMITS.projectsPerOwnerMax }, (_, i) => ({
      project_name: `Bulk ${i}`, net_mode: 0, scenario: 'hotel', location: '', address: '', zone: '+8', owner_account_id: owner, created_at: now, updated_at: now,
    }));
    await env.db.batchInsert('projects', rows, 100);
    const res = await c.post('/api/v1/projects', valid);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(ErrorCode.PROJECT_COUNT_LIMIT);
    await env.db('projects').where({ owner_account_id: owner }).delete();
  });

  it('a list served from the cache never hides a change made through another instance', async () => {
    const { c, account } = await signedUp(env);
    const p = await createProject(c);
    expect((await c.get('/api/v1/projects')).body.data.total).toBe(3);
    const other = client(await env.restart());
    await other.post('/api/v1/auth/login', { account, password: PASSWORD });
    expect((await other.patch(`/api/v1/projects/${p.id}`, { projectName: 'Changed elsewhere' })).body.code).toBe(0);
    await other.post('/api/v1/projects', { projectName: 'Made elsewhere', scenario: 'other' });
    const names = (await c.get('/api/v1/projects')).body.data.items.map((i: { projectName: string }) => i.projectName);
    expect(names).toEqual(expect.arrayContaining(['Changed elsewhere', 'Made elsewhere']));
    expect(names).not.toContain(p.projectName);
    await other.del(`/api/v1/projects/${p.id}`);
    expect((await c.get('/api/v1/projects')).body.data.total).toBe(3);
  });

  describe('permission matrix', () => {
    let owner: Client;
    let rw: Client;
    let r: Client;
    let expired: Client;
    let stranger: Client;
    let demo: Client;
    let projectId: number;

    beforeAll(async () => {
      const o = await signedUp(env);
      owner = o.c;
      const accounts = await Promise.all([signedUp(env), signedUp(env), signedUp(env), signedUp(env)]);
      [rw, r, expired, stranger] = accounts.map((a) => a.c) as [Client, Client, Client, Client];
      demo = client(env.app);
      await demo.post('/api/v1/auth/demo');
      projectId = (await createProject(owner, { projectName: 'Shared site' })).id;
      await share(projectId, accounts[0]!.account, 'rw');
      await share(projectId, accounts[1]!.account, 'r', env.clock.now() + HOUR / 2);
      await share(projectId, accounts[2]!.account, 'rw', env.clock.now() - HOUR);
    });

    const listed = async (c: Client) => (await c.get('/api/v1/projects')).body.data.items.find((p: { id: number }) => p.id === projectId);

    it('owner sees it as own and may change and delete it', async () => {
      expect(await listed(owner)).toMatchObject({ right: 'rw', property: 'own', isShare: false });
      expect((await owner.patch(`/api/v1/projects/${projectId}`, { location: 'Porto' })).body.code).toBe(0);
    });

    it('shared rw sees it as invited-rw, may change it, may not delete it (173)', async () => {
      expect(await listed(rw)).toMatchObject({ right: 'rw', property: 'invited-rw', isShare: true });
      expect((await rw.get(`/api/v1/projects/${projectId}`)).body.data.location).toBe('Porto');
      expect((await rw.patch(`/api/v1/projects/${projectId}`, { address: 'Cais 2' })).body.data.address).toBe('Cais 2');
      const del = await rw.del(`/api/v1/projects/${projectId}`);
      expect(del.status).toBe(403);
      expect(del.body.code).toBe(ErrorCode.READ_ONLY_PROJECT);
    });

    it('shared r sees it read-only and every write is refused (173)', async () => {
      expect(await listed(r)).toMatchObject({ right: 'r', property: 'invited-r', isShare: true });
      for (const res of [await r.patch(`/api/v1/projects/${projectId}`, { address: 'Hack' }), await r.del(`/api/v1/projects/${projectId}`)]) {
        expect(res.status).toBe(403);
        expect(res.body.code).toBe(ErrorCode.READ_ONLY_PROJECT);
      }
    });

    it('an expired share and a stranger learn nothing (412)', async () => {
      for (const c of [expired, stranger]) {
        expect(await listed(c)).toBeUndefined();
        for (const res of [await c.get(`/api/v1/projects/${projectId}`), await c.patch(`/api/v1/projects/${projectId}`, { address: 'Hack' }), await c.del(`/api/v1/projects/${projectId}`)]) {
          expect(res.status).toBe(404);
          expect(res.body.code).toBe(ErrorCode.DATA_NOT_FOUND);
        }
      }
      // same answer as an id that does not exist at all
      const none = await stranger.get('/api/v1/projects/1999999999');
      expect(none.body).toEqual((await stranger.get(`/api/v1/projects/${projectId}`)).body);
    });

    it('the read-only share expires with time', async () => {
      env.clock.advance(HOUR / 2 + 1); // sessions (12 h, demo 2 h) outlive the share
      expect(await listed(r)).toBeUndefined();
      expect((await r.get(`/api/v1/projects/${projectId}`)).body.code).toBe(ErrorCode.DATA_NOT_FOUND);
    });

    it('demo projects: everybody views them, nobody writes them (917)', async () => {
      for (const c of [owner, rw, stranger, demo]) {
        expect((await c.get(`/api/v1/projects/${DEMO_PROJECT_IDS.WLAN}`)).body.data).toMatchObject({ demo: true, right: 'r' });
        for (const id of [DEMO_PROJECT_IDS.WLAN, DEMO_PROJECT_IDS.MESH]) {
          for (const res of [await c.patch(`/api/v1/projects/${id}`, { projectName: 'Mine now' }), await c.del(`/api/v1/projects/${id}`)]) {
            expect(res.status).toBe(403);
            expect(res.body.code).toBe(ErrorCode.DEMO_PROJECT);
          }
        }
      }
      const row = await env.db('projects').where({ id: DEMO_PROJECT_IDS.WLAN }).first();
      expect(row.project_name).toBe('Demo Hotel');
    });

    it('a live-demo session sees only the demo projects and the commissioning demo shared with it, and creates nothing (917)', async () => {
      const list = (await demo.get('/api/v1/projects')).body.data;
      expect(list.items.map((p: { id: number }) => p.id)).toEqual([DEMO_PROJECT_IDS.WLAN, COMMISSIONING_DEMO.projectId, DEMO_PROJECT_IDS.MESH]);
      expect(list.items[1]).toMatchObject({ demo: false, right: 'r' });
      const before = await projectCount();
      const res = await demo.post('/api/v1/projects', valid);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(ErrorCode.DEMO_PROJECT);
      expect(await projectCount()).toBe(before);
    });

    it('owner deletes: the project and its shares are gone for everybody', async () => {
      expect((await owner.del(`/api/v1/projects/${projectId}`)).body.code).toBe(0);
      expect(await listed(rw)).toBeUndefined();
      expect(Number((await env.db('project_members').where({ project_id: projectId }).count({ n: '*' }).first())?.n)).toBe(0);
    });
  });
});
