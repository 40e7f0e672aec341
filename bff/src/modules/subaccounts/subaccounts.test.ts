// Engineer sub-accounts (spec §1 account management, §5 superior/subordinate, §6 roles): a company
// account makes engineers who work on its projects as read-write guests without a share; the company
// account is the admin of its engineers' own projects (spec §6 share roles: it runs them and their
// shares, never deletes or transfers them). Disabled engineers cannot sign in; a removed engineer's
// projects pass to the company. A refused write changes nothing.
import { ErrorCode } from '@airloom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_CACHE_MS } from '../auth/session-cache.js';
import { backends, client, createTestEnv, ownProject, signedUp, uniqueEmail, type Client, type TestEnv } from '../../test/test-env.js';

const ENGINEER_PASSWORD = 'Eng-pass-1';

describe.each(backends())('sub-accounts on %s', (backend) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(backend);
  });
  afterAll(async () => {
    await env?.close();
  });

  const login = async (account: string, password = ENGINEER_PASSWORD) => {
    const c = client(env.app);
    const res = await c.post('/api/v1/auth/login', { account, password });
    return { c, code: res.body.code as number };
  };
  const makeEngineer = async (company: Client, account = uniqueEmail('engineer')) => {
    const res = await company.post('/api/v1/account/sub-accounts', { account, nick: 'Eng', password: ENGINEER_PASSWORD, confirm: ENGINEER_PASSWORD });
    expect([res.status, res.body.code]).toEqual([201, 0]);
    return { id: res.body.data.id as number, account };
  };
  const listed = async (c: Client, id: number) => ((await c.get('/api/v1/projects')).body.data.items as { id: number }[]).find((p) => p.id === id);
  const projectRows = async () => JSON.stringify(await env.db('projects').select().orderBy('id'));

  it('makes an engineer who signs in and works on the company’s projects without a share, but does not delete or share them', async () => {
    const company = await signedUp(env);
    await company.c.patch('/api/v1/account/company', { companyName: 'Lumen Networks' });
    const site = await ownProject(company.c, 'Harbour Hotel');
    const engineer = await makeEngineer(company.c);
    expect((await company.c.get('/api/v1/account/sub-accounts')).body.data).toEqual({
      items: [{ id: engineer.id, account: engineer.account, nick: 'Eng', disabled: false, createdAt: expect.any(String), projects: 0 }],
      total: 1,
      twoFactorRequired: false,
    });

    const { c, code } = await login(engineer.account);
    expect(code).toBe(0);
    expect((await c.get('/api/v1/auth/me')).body.data.role).toBe(1);
    expect((await c.get('/api/v1/account')).body.data.superior).toEqual({ account: company.account, nick: expect.any(String), companyName: 'Lumen Networks' });
    expect(await listed(c, site)).toMatchObject({ property: 'company', right: 'rw', isShare: false });
    expect((await c.patch(`/api/v1/projects/${site}`, { subtitle: 'Lobby' })).body.code).toBe(0);
    const before = await projectRows();
    expect((await c.del(`/api/v1/projects/${site}`)).body.code).toBe(ErrorCode.READ_ONLY_PROJECT);
    expect((await c.get(`/api/v1/projects/${site}/shares`)).body.code).toBe(ErrorCode.READ_ONLY_PROJECT);
    expect(await projectRows()).toBe(before);
    // the company's membership is no share: the owner's share list stays empty
    expect((await company.c.get(`/api/v1/projects/${site}/shares`)).body.data.total).toBe(0);
  });

  it('makes the company account the admin of an engineer’s own project: it changes and shares it, but neither deletes nor transfers it', async () => {
    const company = await signedUp(env);
    const engineer = await makeEngineer(company.c);
    const { c } = await login(engineer.account);
    const own = await ownProject(c, 'Engineer Site');
    expect(await listed(company.c, own)).toMatchObject({ property: 'managed', right: 'rw', isShare: false });
    expect((await company.c.patch(`/api/v1/projects/${own}`, { subtitle: 'Checked' })).body.code).toBe(0);
    const guest = await signedUp(env);
    expect((await company.c.post(`/api/v1/projects/${own}/shares`, { account: guest.account, permission: 'r' })).body.code).toBe(0);
    expect(await listed(guest.c, own)).toMatchObject({ property: 'invited-r' });
    const before = await projectRows();
    expect((await company.c.del(`/api/v1/projects/${own}`)).body.code).toBe(ErrorCode.READ_ONLY_PROJECT);
    expect((await company.c.post(`/api/v1/projects/${own}/transfer`, { account: guest.account })).body.code).toBe(ErrorCode.READ_ONLY_PROJECT);
    expect(await projectRows()).toBe(before);
  });

  it('keeps everybody else out: another company, a stranger, another engineer’s own project', async () => {
    const company = await signedUp(env);
    const site = await ownProject(company.c);
    const engineer = await makeEngineer(company.c);
    const sibling = await makeEngineer(company.c);
    const { c: siblingClient } = await login(sibling.account);
    const siblingSite = await ownProject(siblingClient);
    const { c } = await login(engineer.account);
    expect((await c.get(`/api/v1/projects/${siblingSite}`)).body.code).toBe(ErrorCode.DATA_NOT_FOUND);
    const other = await signedUp(env);
    expect((await other.c.get(`/api/v1/projects/${site}`)).body.code).toBe(ErrorCode.DATA_NOT_FOUND);
    const before = JSON.stringify(await env.db('sub_accounts').select().orderBy('account_id'));
    expect((await other.c.patch(`/api/v1/account/sub-accounts/${engineer.id}`, { disabled: true })).body.code).toBe(ErrorCode.DATA_NOT_FOUND);
    expect((await other.c.del(`/api/v1/account/sub-accounts/${engineer.id}`)).body.code).toBe(ErrorCode.DATA_NOT_FOUND);
    expect(JSON.stringify(await env.db('sub_accounts').select().orderBy('account_id'))).toBe(before);
  });

  it('refuses an engineer making engineers (a subordinate is never a superior) and an address that has an account (13)', async () => {
    const company = await signedUp(env);
    const engineer = await makeEngineer(company.c);
    const { c } = await login(engineer.account);
    const count = async () => Number((await env.db('accounts').count({ n: '*' }).first())?.n);
    const before = await count();
    const res = await c.post('/api/v1/account/sub-accounts', { account: uniqueEmail(), nick: 'Sub', password: ENGINEER_PASSWORD, confirm: ENGINEER_PASSWORD });
    expect([res.status, res.body.code, res.body.fields]).toEqual([400, ErrorCode.INVALID_PARAMS, { _: 'rules.subAccount.subordinate' }]);
    const taken = await company.c.post('/api/v1/account/sub-accounts', { account: engineer.account, nick: 'Again', password: ENGINEER_PASSWORD, confirm: ENGINEER_PASSWORD });
    expect(taken.body.code).toBe(ErrorCode.ACCOUNT_EXISTS);
    const mismatch = await company.c.post('/api/v1/account/sub-accounts', { account: uniqueEmail(), nick: 'Eng', password: ENGINEER_PASSWORD, confirm: 'Other-pass-1' });
    expect(mismatch.body.fields).toEqual({ confirm: 'rules.accountPasswordPair.mismatch' });
    expect(await count()).toBe(before);
  });

  it('disables an engineer: its sessions and keys end, it cannot sign in, and enabled again it signs in with its password', async () => {
    const company = await signedUp(env);
    const site = await ownProject(company.c);
    const engineer = await makeEngineer(company.c);
    const { c } = await login(engineer.account);
    const key = (await c.post('/api/v1/account/api-keys', { name: 'script', access: 'r' })).body.data.secret as string;
    const off = await company.c.patch(`/api/v1/account/sub-accounts/${engineer.id}`, { disabled: true });
    expect(off.body.data.disabled).toBe(true);
    env.clock.advance(SESSION_CACHE_MS + 1);
    expect((await c.get(`/api/v1/projects/${site}`)).status).toBe(401);
    expect((await client(env.app).agent.get('/api/v1/projects').set('Authorization', `Bearer ${key}`)).status).toBe(401);
    expect((await login(engineer.account)).code).toBe(ErrorCode.INCORRECT_CREDENTIALS);
    // nor can it give itself a new password: a reset sends it nothing
    const sentBefore = env.outbox().filter((m) => m.to === engineer.account).length;
    expect((await client(env.app).post('/api/v1/auth/code', { account: engineer.account, purpose: 'reset' })).body.code).toBe(0);
    expect(env.outbox().filter((m) => m.to === engineer.account)).toHaveLength(sentBefore);

    expect((await company.c.patch(`/api/v1/account/sub-accounts/${engineer.id}`, { disabled: false })).body.data.disabled).toBe(false);
    const again = await login(engineer.account);
    expect(again.code).toBe(0);
    expect(await listed(again.c, site)).toMatchObject({ property: 'company' });
  });

  it('removes an engineer: its projects pass to the company account, and it cannot sign in', async () => {
    const company = await signedUp(env);
    const engineer = await makeEngineer(company.c);
    const { c } = await login(engineer.account);
    const own = await ownProject(c, 'Handed Over');
    expect((await company.c.get('/api/v1/account/sub-accounts')).body.data.items[0].projects).toBe(1);
    await env.db('account_identities').insert({ account_id: engineer.id, issuer: 'https://id.example.com', subject: `s-${engineer.id}`, label: engineer.account, created_at: Date.now() });
    await env.db('account_two_factor').insert({ account_id: engineer.id, secret: 'JBSWY3DPEHPK3PXP', enabled_at: Date.now(), recovery_json: '[]', updated_at: Date.now() });
    expect((await company.c.del(`/api/v1/account/sub-accounts/${engineer.id}`)).body.code).toBe(0);
    expect(await listed(company.c, own)).toMatchObject({ property: 'own', projectName: 'Handed Over' });
    expect((await login(engineer.account)).code).toBe(ErrorCode.INCORRECT_CREDENTIALS);
    expect((await company.c.get('/api/v1/account/sub-accounts')).body.data.total).toBe(0);
    // nothing of its sign-in is left behind, where no foreign key would have taken it along
    for (const table of ['account_identities', 'account_two_factor']) expect(await env.db(table).where({ account_id: engineer.id })).toEqual([]);
  });

  it('refuses the live demo making engineers', async () => {
    const demo = client(env.app);
    await demo.post('/api/v1/auth/demo');
    const res = await demo.post('/api/v1/account/sub-accounts', { account: uniqueEmail(), nick: 'Eng', password: ENGINEER_PASSWORD, confirm: ENGINEER_PASSWORD });
    expect(res.body.code).toBe(ErrorCode.DEMO_PROJECT);
  });
});
