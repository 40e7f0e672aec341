// OpenID Connect sign-in and binding against a real provider (oidc-provider, started here): the
// console sends the browser there with PKCE, state and nonce, and back it checks the ID token. A
// bound identity signs in; an unknown one with a verified e-mail nobody uses gets an account; the
// spec's binding conflicts answer with their codes; a tampered or replayed answer signs nobody in.
import { ErrorCode } from '@airloom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, client, createTestEnv, signedUp, type Client, type TestEnv } from '../../test/test-env.js';
import { OIDC_CLIENT, signInAtProvider, startTestProvider, type TestProvider } from '../../test/oidc-provider.js';
import { totp } from '../auth/totp.js';

const CALLBACK = 'http://console.test/api/v1/auth/oidc/callback';

describe.each(backends())('OpenID Connect sign-in on %s', (backend) => {
  let env: TestEnv;
  let provider: TestProvider;
  beforeAll(async () => {
    provider = await startTestProvider(CALLBACK);
    env = await createTestEnv(backend, {
      env: { OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: OIDC_CLIENT.id, OIDC_CLIENT_SECRET: OIDC_CLIENT.secret, OIDC_NAME: 'Test IdP', OIDC_REDIRECT_URI: CALLBACK },
    });
  });
  afterAll(async () => {
    await env?.close();
    await provider?.close();
  });

  /** a browser going through the provider as `login`; answers where the console sends it at the end */
  async function through(browser: Client, intent: 'login' | 'bind', login: string): Promise<URL> {
    const start = await browser.get(`/api/v1/auth/oidc/start?intent=${intent}&next=/overview/list`);
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.location!);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    const back = new URL(await signInAtProvider(authorize.toString(), login, CALLBACK));
    const done = await browser.get(`${back.pathname}${back.search}`);
    expect(done.status).toBe(302);
    return new URL(done.headers.location!, 'http://console.test');
  }

  it('offers the provider by its name, and says nothing of it when unconfigured', async () => {
    expect((await client(env.app).get('/api/v1/auth/providers')).body.data).toEqual({ oidc: { name: 'Test IdP' } });
    const plain = await createTestEnv(backend);
    try {
      expect((await client(plain.app).get('/api/v1/auth/providers')).body.data).toEqual({ oidc: null });
    } finally {
      await plain.close();
    }
  });

  it('binds the provider to a signed-in account, which then signs in with it; another account cannot bind the same identity (138) or a second one (142)', async () => {
    const { c: ana, account } = await signedUp(env);
    const bound = await through(ana, 'bind', 'ana');
    expect([bound.pathname, bound.searchParams.get('result')]).toEqual(['/static/wechatTransfer', 'bound']);
    expect((await ana.get('/api/v1/account/sign-in-methods')).body.data).toMatchObject({ password: true, identities: [{ provider: 'Test IdP', label: 'ana@idp.example' }] });

    const browser = client(env.app);
    const signedIn = await through(browser, 'login', 'ana');
    expect([signedIn.searchParams.get('result'), signedIn.searchParams.get('next')]).toEqual(['signed-in', '/overview/list']);
    expect((await browser.get('/api/v1/auth/me')).body.data.account).toBe(account);
    // the sign-in is in the audit log with the account it opened, and without the provider's code or state (docs/audit-log.md)
    await (env.app.locals.audit as { settled(): Promise<void> }).settled();
    const row = (await env.db('audit_log').where({ endpoint: 'oidc.callback', actor: account }).orderBy('id', 'desc').first()) as { path: string; status: number; account_id: number } | undefined;
    expect(row).toMatchObject({ path: '/api/v1/auth/oidc/callback', status: 302 });
    expect(Number(row!.account_id)).toBeGreaterThan(0);

    const bob = (await signedUp(env)).c;
    expect((await through(bob, 'bind', 'ana')).searchParams.get('result')).toBe('138');
    // an engineer account its company disabled cannot come in through the provider either
    const anaId = Number((await env.db('accounts').where({ account }).first('id')).id);
    await env.db('sub_accounts').insert({ account_id: anaId, superior_account_id: anaId, created_at: Date.now(), disabled_at: Date.now() });
    const refused = client(env.app);
    expect((await through(refused, 'login', 'ana')).searchParams.get('result')).toBe('disabled');
    expect((await refused.get('/api/v1/auth/me')).status).toBe(401);
    await env.db('sub_accounts').where({ account_id: anaId }).delete();
    expect((await through(ana, 'bind', 'ana-second')).searchParams.get('result')).toBe('142');
  });

  it('holds an engineer who signs in through the provider to its company’s two-factor rule, like one who signs in with a password', async () => {
    const company = (await signedUp(env)).c;
    const setup = (await company.post('/api/v1/account/two-factor/setup')).body.data as { secret: string };
    expect((await company.post('/api/v1/account/two-factor/enable', { code: totp(setup.secret, env.clock.now()) })).body.code).toBe(0);
    const account = `eli-${Date.now()}@example.com`;
    expect((await company.post('/api/v1/account/sub-accounts', { account, nick: 'Eli', password: 'Eng-pass-1', confirm: 'Eng-pass-1' })).body.code).toBe(0);
    const eli = client(env.app);
    expect((await eli.post('/api/v1/auth/login', { account, password: 'Eng-pass-1' })).body.code).toBe(0);
    const login = `eli${Date.now()}`;
    expect((await through(eli, 'bind', login)).searchParams.get('result')).toBe('bound');
    expect((await company.put('/api/v1/account/company/two-factor-policy', { required: true })).body.code).toBe(0);

    const browser = client(env.app);
    expect((await through(browser, 'login', login)).searchParams.get('result')).toBe('signed-in');
    expect((await browser.get('/api/v1/auth/me')).body.data).toMatchObject({ account, twoFactorSetupRequired: true });
    expect((await browser.get('/api/v1/projects')).body.code).toBe(ErrorCode.TWO_FACTOR_SETUP_REQUIRED);
    // nor does such a session bind another way in
    const bind = await browser.get('/api/v1/auth/oidc/start?intent=bind&next=/overview/list');
    expect(new URL(bind.headers.location!, 'http://console.test').searchParams.get('result')).toBe('161');
  });

  it('asks an account with two-factor sign-in for its code after the provider, as after a password: no session until the code is right', async () => {
    const { c: ana, account } = await signedUp(env);
    const login = `tess${Date.now()}`;
    expect((await through(ana, 'bind', login)).searchParams.get('result')).toBe('bound');
    const setup = (await ana.post('/api/v1/account/two-factor/setup')).body.data as { secret: string };
    expect((await ana.post('/api/v1/account/two-factor/enable', { code: totp(setup.secret, env.clock.now()) })).body.code).toBe(0);

    const browser = client(env.app);
    const back = await through(browser, 'login', login);
    expect([back.pathname, back.searchParams.get('result'), back.searchParams.get('next')]).toEqual(['/static/wechatTransfer', 'two-factor', '/overview/list']);
    // the challenge rides in the fragment, which the browser sends to no server
    const challenge = new URLSearchParams(back.hash.slice(1)).get('challenge');
    expect(challenge).toBeTruthy();
    expect(back.search).not.toContain(challenge!);
    expect((await browser.get('/api/v1/auth/me')).status).toBe(401);

    env.clock.advance(30_000); // the code that turned it on counted once
    expect((await browser.post('/api/v1/auth/login/two-factor', { challenge, code: '000000' })).body.code).toBe(ErrorCode.INCORRECT_VERIFICATION_CODE);
    expect((await browser.get('/api/v1/auth/me')).status).toBe(401);
    expect((await browser.post('/api/v1/auth/login/two-factor', { challenge, code: totp(setup.secret, env.clock.now()) })).body.code).toBe(0);
    expect((await browser.get('/api/v1/auth/me')).body.data.account).toBe(account);
  });

  it('makes an account for a verified e-mail nobody uses; that account cannot unbind its only way in (160), and an e-mail in use is refused (158)', async () => {
    const browser = client(env.app);
    expect((await through(browser, 'login', 'newcomer')).searchParams.get('result')).toBe('signed-in');
    expect((await browser.get('/api/v1/auth/me')).body.data.account).toBe('newcomer@idp.example');
    const methods = (await browser.get('/api/v1/account/sign-in-methods')).body.data;
    expect(methods.password).toBe(false);
    const unbind = await browser.del(`/api/v1/account/sign-in-methods/${methods.identities[0].id}`);
    expect(unbind.body.code).toBe(ErrorCode.SOCIAL_BINDING_CONFLICT_160);

    // somebody signed up with the provider person's e-mail: the provider cannot take that account over
    await signedUp(env, 'taken@idp.example');
    const refused = client(env.app);
    expect((await through(refused, 'login', 'taken')).searchParams.get('result')).toBe('158');
    expect((await refused.get('/api/v1/auth/me')).status).toBe(401);
  });

  it('signs nobody in with an ID token the provider did not sign: another key under its key id, or a key id its key set lacks (161)', async () => {
    const { c: ana, account } = await signedUp(env);
    const login = `dora${Date.now()}`;
    expect((await through(ana, 'bind', login)).searchParams.get('result')).toBe('bound');
    try {
      for (const forgery of ['foreign-key', 'unknown-key'] as const) {
        provider.forgeIdToken = forgery;
        const browser = client(env.app);
        expect((await through(browser, 'login', login)).searchParams.get('result')).toBe('161');
        expect((await browser.get('/api/v1/auth/me')).status).toBe(401);
      }
    } finally {
      provider.forgeIdToken = undefined;
    }
    // the same person with the provider's genuine token comes in
    const browser = client(env.app);
    expect((await through(browser, 'login', login)).searchParams.get('result')).toBe('signed-in');
    expect((await browser.get('/api/v1/auth/me')).body.data.account).toBe(account);
  });

  it('signs nobody in with an answer that was tampered with, replayed or never asked for (161)', async () => {
    const { c: ana } = await signedUp(env);
    await through(ana, 'bind', 'carol');
    const browser = client(env.app);
    const start = await browser.get('/api/v1/auth/oidc/start?intent=login');
    const back = new URL(await signInAtProvider(start.headers.location!, 'carol', CALLBACK));
    const state = back.searchParams.get('state')!;
    const forged = await browser.get(`/api/v1/auth/oidc/callback?code=${back.searchParams.get('code')}x&state=${state}`);
    expect(new URL(forged.headers.location!, 'http://x').searchParams.get('result')).toBe('161');
    // the flow was used up by that answer: the genuine code cannot be used after it
    const replay = await browser.get(`${back.pathname}${back.search}`);
    expect(new URL(replay.headers.location!, 'http://x').searchParams.get('result')).toBe('161');
    expect((await browser.get('/api/v1/auth/me')).status).toBe(401);
    // a bind needs a session
    const anonymous = await client(env.app).get('/api/v1/auth/oidc/start?intent=bind');
    expect(new URL(anonymous.headers.location!, 'http://x').searchParams.get('result')).toBe('161');
  });
});
