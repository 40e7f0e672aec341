// Two-factor sign-in required by a company of all its engineers (beyond the spec; docs/decisions/
// accounts-projects.md): only a company account with its own two-factor sign-in on may require it;
// an engineer without it then reaches nothing but "who am I" and the setup (77 everywhere else, its
// API keys too) until it has set it up, and cannot turn it off while it is required (78). Nobody sets
// another company's rule; a refused write changes nothing.
import { ENDPOINTS, ErrorCode, fillPath } from '@airloom/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, client, createTestEnv, ownProject, PASSWORD, signedUp, uniqueEmail, type Client, type TestEnv } from '../../test/test-env.js';
import { totp, TOTP_STEP_SECONDS } from '../auth/totp.js';

const ENGINEER_PASSWORD = 'Eng-pass-1';
const POLICY = '/api/v1/account/company/two-factor-policy';

describe.each(backends())('company two-factor policy on %s', (backend) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(backend);
  });
  afterAll(async () => {
    await env?.close();
  });

  /** turns on the client's two-factor sign-in with the app's first code; the secret */
  async function turnOnTwoFactor(c: Client): Promise<string> {
    const setup = (await c.post('/api/v1/account/two-factor/setup')).body;
    expect(setup.code).toBe(0);
    const secret = setup.data.secret as string;
    const enabled = await c.post('/api/v1/account/two-factor/enable', { code: totp(secret, env.clock.now()) });
    expect(enabled.body.code).toBe(0);
    return secret;
  }
  const makeEngineer = async (company: Client) => {
    const account = uniqueEmail('engineer');
    const res = await company.post('/api/v1/account/sub-accounts', { account, nick: 'Eng', password: ENGINEER_PASSWORD, confirm: ENGINEER_PASSWORD });
    expect(res.body.code).toBe(0);
    return account;
  };
  const signIn = async (account: string, password = ENGINEER_PASSWORD) => {
    const c = client(env.app);
    const res = await c.post('/api/v1/auth/login', { account, password });
    expect(res.body.code).toBe(0);
    return { c, answer: res.body.data as Record<string, unknown> };
  };
  /** a company with its own two-factor sign-in on that requires it of its engineers */
  async function enforcingCompany() {
    const company = await signedUp(env);
    await turnOnTwoFactor(company.c);
    expect((await company.c.put(POLICY, { required: true })).body).toMatchObject({ code: 0, data: { required: true } });
    return company;
  }
  const policyRows = async () => JSON.stringify(await env.db('company_two_factor_policy').select().orderBy('account_id'));

  it('is refused to a company account whose own two-factor sign-in is off (79), and allowed once it is on', async () => {
    const company = await signedUp(env);
    const before = await policyRows();
    const refused = await company.c.put(POLICY, { required: true });
    expect([refused.status, refused.body.code]).toEqual([400, ErrorCode.TWO_FACTOR_OWN_FIRST]);
    expect(await policyRows()).toBe(before);
    expect((await company.c.get('/api/v1/account/sub-accounts')).body.data.twoFactorRequired).toBe(false);

    await turnOnTwoFactor(company.c);
    expect((await company.c.put(POLICY, { required: true })).body).toEqual({ code: 0, data: { required: true } });
    expect((await company.c.put(POLICY, { required: true })).body.data).toEqual({ required: true }); // twice is once
    expect((await company.c.get('/api/v1/account/sub-accounts')).body.data.twoFactorRequired).toBe(true);
    expect((await company.c.put(POLICY, { required: false })).body.data).toEqual({ required: false });
    expect((await company.c.get('/api/v1/account/sub-accounts')).body.data.twoFactorRequired).toBe(false);
    // a body that does not say is invalid input
    expect((await company.c.put(POLICY, {})).body.code).toBe(ErrorCode.INVALID_PARAMS);
  });

  it('keeps an engineer without two-factor sign-in to setting it up: every other endpoint answers 77 until it has', async () => {
    const company = await enforcingCompany();
    const site = await ownProject(company.c, 'Enforced Site');
    const engineer = await makeEngineer(company.c);
    const { c, answer } = await signIn(engineer);
    expect(answer).toMatchObject({ account: engineer, role: 1 });
    expect((await c.get('/api/v1/auth/me')).body.data).toMatchObject({ account: engineer, twoFactorSetupRequired: true });
    expect((await c.get('/api/v1/account/two-factor')).body.data).toEqual({ enabled: false, recoveryCodesLeft: 0, requiredByCompany: true, confirmWith: 'password' });

    // every endpoint a session calls, but the ones declared open during the setup
    const closed = ENDPOINTS.filter(({ endpoint: e }) => (e.auth === 'session' || e.auth === 'account') && !e.duringTwoFactorSetup);
    expect(closed.length).toBeGreaterThan(50);
    const answers: Record<string, number> = {};
    for (const { id, endpoint: e } of closed) {
      const url = `/api/v1${fillPath(e.path, { id: site, sn: 'AB0000000001', opId: 1, shareId: 1, keyId: 1, token: 'x', invitation: 'x', changeId: 1, floorId: 1, subId: 1, backupId: 1, section: 'vlan', identityId: 1 })}`;
      const res = await c.agent[e.method](url).set('X-Airloom-Csrf', '1').send({});
      answers[id] = res.body.code as number;
      if (res.body.code === ErrorCode.TWO_FACTOR_SETUP_REQUIRED) expect(res.status).toBe(403);
    }
    expect(Object.entries(answers).filter(([, code]) => code !== ErrorCode.TWO_FACTOR_SETUP_REQUIRED)).toEqual([]);
    expect(answers['projects.list']).toBe(ErrorCode.TWO_FACTOR_SETUP_REQUIRED);

    // set up: the console opens at once, in the same session
    await turnOnTwoFactor(c);
    expect((await c.get('/api/v1/auth/me')).body.data.twoFactorSetupRequired).toBeUndefined();
    const listed = (await c.get('/api/v1/projects')).body;
    expect(listed.code).toBe(0);
    expect((listed.data.items as { id: number }[]).map((p) => p.id)).toContain(site);
    // the next sign-in asks for the app's code, like any account with two-factor sign-in
    env.clock.advance(TOTP_STEP_SECONDS * 1000);
    const again = await client(env.app).post('/api/v1/auth/login', { account: engineer, password: ENGINEER_PASSWORD });
    expect(again.body.data).toMatchObject({ twoFactor: true });
  });

  it('reaches sessions and API keys already open when the company turns it on; they work again once it is set up', async () => {
    const company = await signedUp(env);
    await turnOnTwoFactor(company.c);
    const engineer = await makeEngineer(company.c);
    const { c } = await signIn(engineer);
    const key = (await c.post('/api/v1/account/api-keys', { name: 'script', access: 'r' })).body.data.secret as string;
    const byKey = () => request(env.app).get('/api/v1/projects').set('Authorization', `Bearer ${key}`);
    expect((await byKey()).body.code).toBe(0);
    expect((await c.get('/api/v1/projects')).body.code).toBe(0);

    await company.c.put(POLICY, { required: true });
    expect((await c.get('/api/v1/projects')).body.code).toBe(ErrorCode.TWO_FACTOR_SETUP_REQUIRED);
    const refusedKey = await byKey();
    expect([refusedKey.status, refusedKey.body.code]).toEqual([403, ErrorCode.TWO_FACTOR_SETUP_REQUIRED]);

    await turnOnTwoFactor(c);
    expect((await c.get('/api/v1/projects')).body.code).toBe(0);
    expect((await byKey()).body.code).toBe(0);
  });

  it('does not let an engineer turn two-factor sign-in off while the company requires it (78)', async () => {
    const company = await enforcingCompany();
    const engineer = await makeEngineer(company.c);
    const { c } = await signIn(engineer);
    await turnOnTwoFactor(c);
    expect((await c.get('/api/v1/account/two-factor')).body.data).toMatchObject({ enabled: true, requiredByCompany: true });
    const rows = async () => JSON.stringify(await env.db('account_two_factor').select().orderBy('account_id'));
    const before = await rows();
    const refused = await c.post('/api/v1/account/two-factor/disable', { password: ENGINEER_PASSWORD });
    expect(refused.body.code).toBe(ErrorCode.TWO_FACTOR_KEPT_BY_COMPANY);
    expect(await rows()).toBe(before);
    // the password is still checked first: a wrong one says so
    expect((await c.post('/api/v1/account/two-factor/disable', { password: 'Wrong-pass-1' })).body.code).toBe(ErrorCode.WRONG_OLD_PASSWORD);

    // nor the company account its own, while it requires it of others
    expect((await company.c.get('/api/v1/account/two-factor')).body.data).toMatchObject({ enabled: true, requiredByCompany: true });
    expect((await company.c.post('/api/v1/account/two-factor/disable', { password: PASSWORD })).body.code).toBe(ErrorCode.TWO_FACTOR_KEPT_BY_COMPANY);
    expect(await rows()).toBe(before);

    // no longer required: it may go
    await company.c.put(POLICY, { required: false });
    expect((await c.get('/api/v1/account/two-factor')).body.data.requiredByCompany).toBe(false);
    expect((await c.post('/api/v1/account/two-factor/disable', { password: ENGINEER_PASSWORD })).body.code).toBe(0);
  });

  it('is no engineer’s to set, nor the live demo’s; each company sets only its own', async () => {
    const company = await enforcingCompany();
    const engineer = await makeEngineer(company.c);
    const { c } = await signIn(engineer);
    await turnOnTwoFactor(c);
    const before = await policyRows();
    const byEngineer = await c.put(POLICY, { required: false });
    expect([byEngineer.body.code, byEngineer.body.fields]).toEqual([ErrorCode.INVALID_PARAMS, { _: 'rules.twoFactorPolicy.engineer' }]);
    const demo = client(env.app);
    await demo.post('/api/v1/auth/demo');
    expect((await demo.put(POLICY, { required: true })).body.code).toBe(ErrorCode.DEMO_PROJECT);
    expect(await policyRows()).toBe(before);

    // a stranger company with its own rule: it stops requiring it for itself, the first company's engineers are not affected
    const stranger = await enforcingCompany();
    const strangersEngineer = await makeEngineer(stranger.c);
    expect((await stranger.c.put(POLICY, { required: false })).body.data).toEqual({ required: false });
    expect((await company.c.get('/api/v1/account/sub-accounts')).body.data.twoFactorRequired).toBe(true);
    const fresh = await makeEngineer(company.c);
    expect((await (await signIn(fresh)).c.get('/api/v1/projects')).body.code).toBe(ErrorCode.TWO_FACTOR_SETUP_REQUIRED);
    expect((await (await signIn(strangersEngineer)).c.get('/api/v1/projects')).body.code).toBe(0);
    // an account that is nobody's engineer is never held, whatever any company requires
    const plain = await signedUp(env);
    expect((await plain.c.get('/api/v1/projects')).body.code).toBe(0);
    expect((await plain.c.get('/api/v1/auth/me')).body.data.twoFactorSetupRequired).toBeUndefined();
  });
});
