// Two-factor sign-in through the API: set up with the app's secret, confirmed with its first code;
// then a login with the right password answers a challenge and no session, the app's code (once) or a
// recovery code (once) finishes it, wrong codes end the challenge after five tries, and turning it off
// asks for the password — or, for an account that has none (identity-provider sign-in), for a code.
import { ErrorCode } from '@airloom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, client, createTestEnv, PASSWORD, signedUp, type TestEnv } from '../../test/test-env.js';
import { totp, TOTP_STEP_SECONDS } from './totp.js';

describe.each(backends())('two-factor sign-in on %s', (backend) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(backend);
  });
  afterAll(async () => {
    await env?.close();
  });

  async function withTwoFactor() {
    const { c, account } = await signedUp(env);
    const setup = (await c.post('/api/v1/account/two-factor/setup')).body.data;
    expect(setup.uri).toContain(`secret=${setup.secret}`);
    // not in use before the app's first code confirms it
    expect((await c.get('/api/v1/account/two-factor')).body.data).toEqual({ enabled: false, recoveryCodesLeft: 0, requiredByCompany: false, confirmWith: 'password' });
    expect((await c.post('/api/v1/account/two-factor/enable', { code: '000000' })).body.code).toBe(ErrorCode.INCORRECT_VERIFICATION_CODE);
    const enabled = await c.post('/api/v1/account/two-factor/enable', { code: totp(setup.secret, env.clock.now()) });
    expect(enabled.body.data.recoveryCodes).toHaveLength(10);
    expect((await c.get('/api/v1/account/two-factor')).body.data).toEqual({ enabled: true, recoveryCodesLeft: 10, requiredByCompany: false, confirmWith: 'password' });
    return { account, secret: setup.secret as string, recovery: enabled.body.data.recoveryCodes as string[] };
  }

  it('asks for the app’s code after the password; the code works once', async () => {
    const { account, secret } = await withTwoFactor();
    env.clock.advance(TOTP_STEP_SECONDS * 1000); // the next code, not the one that turned it on
    const browser = client(env.app);
    const first = await browser.post('/api/v1/auth/login', { account, password: PASSWORD });
    expect(first.body.data).toEqual({ twoFactor: true, challenge: expect.any(String), expiresInSeconds: 300 });
    expect(first.headers['set-cookie']).toBeUndefined();
    expect((await browser.get('/api/v1/auth/me')).status).toBe(401);
    const code = totp(secret, env.clock.now());
    const done = await browser.post('/api/v1/auth/login/two-factor', { challenge: first.body.data.challenge, code });
    expect(done.body.data).toMatchObject({ account });
    expect((await browser.get('/api/v1/auth/me')).body.data.account).toBe(account);
    // the same code again, on a new login: refused (replay)
    const again = await client(env.app).post('/api/v1/auth/login', { account, password: PASSWORD });
    expect((await client(env.app).post('/api/v1/auth/login/two-factor', { challenge: again.body.data.challenge, code })).body.code).toBe(ErrorCode.INCORRECT_VERIFICATION_CODE);
  });

  it('takes a recovery code once, and ends a challenge after five wrong codes', async () => {
    const { account, recovery } = await withTwoFactor();
    const browser = client(env.app);
    const challenge = (await browser.post('/api/v1/auth/login', { account, password: PASSWORD })).body.data.challenge;
    expect((await browser.post('/api/v1/auth/login/two-factor', { challenge, code: recovery[0]!.toUpperCase() })).body.code).toBe(0);
    expect((await browser.get('/api/v1/account/two-factor')).body.data.recoveryCodesLeft).toBe(9);
    const next = (await client(env.app).post('/api/v1/auth/login', { account, password: PASSWORD })).body.data.challenge;
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await client(env.app).post('/api/v1/auth/login/two-factor', { challenge: next, code: recovery[0] })).body.code);
    expect(codes).toEqual([...Array(4).fill(ErrorCode.INCORRECT_VERIFICATION_CODE), ErrorCode.VERIFICATION_ATTEMPTS_EXCEEDED]);
    // the challenge is gone: even a right code cannot use it now
    expect((await client(env.app).post('/api/v1/auth/login/two-factor', { challenge: next, code: recovery[1] })).body.code).toBe(ErrorCode.INCORRECT_VERIFICATION_CODE);
  });

  it('is turned off only with the password; then a login gives a session at once', async () => {
    const { account, recovery } = await withTwoFactor();
    const browser = client(env.app);
    const challenge = (await browser.post('/api/v1/auth/login', { account, password: PASSWORD })).body.data.challenge;
    expect((await browser.post('/api/v1/auth/login/two-factor', { challenge, code: recovery[3] })).body.code).toBe(0);
    expect((await browser.post('/api/v1/account/two-factor/disable', { password: 'Not-the-password-1' })).body.code).toBe(ErrorCode.WRONG_OLD_PASSWORD);
    expect((await browser.get('/api/v1/account/two-factor')).body.data.enabled).toBe(true);
    expect((await browser.post('/api/v1/account/two-factor/disable', { password: PASSWORD })).body.code).toBe(0);
    const plain = await client(env.app).post('/api/v1/auth/login', { account, password: PASSWORD });
    expect(plain.body.data).toMatchObject({ account, demo: false });
  });

  it('is turned off with a code of the app by an account that has no password to give', async () => {
    const { c, account } = await signedUp(env);
    const secret = (await c.post('/api/v1/account/two-factor/setup')).body.data.secret as string;
    expect((await c.post('/api/v1/account/two-factor/enable', { code: totp(secret, env.clock.now()) })).body.code).toBe(0);
    // as an account made by an identity provider's first sign-in: no password
    await env.db('accounts').where({ account }).update({ password_hash: null });
    expect((await c.get('/api/v1/account/two-factor')).body.data).toMatchObject({ enabled: true, confirmWith: 'code' });
    env.clock.advance(TOTP_STEP_SECONDS * 1000);
    // it has no password to check
    expect((await c.post('/api/v1/account/two-factor/disable', { password: PASSWORD })).body.code).toBe(ErrorCode.INCORRECT_VERIFICATION_CODE);
    expect((await c.post('/api/v1/account/two-factor/disable', { code: '000000' })).body.code).toBe(ErrorCode.INCORRECT_VERIFICATION_CODE);
    expect((await c.post('/api/v1/account/two-factor/disable', {})).status).toBe(400);
    expect((await c.get('/api/v1/account/two-factor')).body.data.enabled).toBe(true);
    expect((await c.post('/api/v1/account/two-factor/disable', { code: totp(secret, env.clock.now()) })).body.code).toBe(0);
    expect((await c.get('/api/v1/account/two-factor')).body.data.enabled).toBe(false);
  });
});
