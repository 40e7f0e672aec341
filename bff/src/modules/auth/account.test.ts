// The signed-in person's own settings (spec §1 profile; §8 codes 100 and 70): the nickname with the
// §5 name rule, and a password change that needs the current password and ends every other session,
// which then says why (70). Nothing changes on a refusal.
import { ErrorCode } from '@airloom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, client, createTestEnv, PASSWORD, signedUp, type TestEnv } from '../../test/test-env.js';

describe.each(backends())('account settings on %s', (backend) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(backend);
  });
  afterAll(async () => {
    await env?.close();
  });

  const login = async (account: string, password: string) => {
    const c = client(env.app);
    const res = await c.post('/api/v1/auth/login', { account, password });
    return { c, code: res.body.code as number };
  };

  it('changes the nickname, refusing one the name rule refuses', async () => {
    const { c } = await signedUp(env);
    const changed = await c.patch('/api/v1/account/profile', { nick: 'Ann-installer' });
    expect(changed.body.data).toMatchObject({ nick: 'Ann-installer', demo: false });
    expect((await c.get('/api/v1/auth/me')).body.data.nick).toBe('Ann-installer');
    const bad = await c.patch('/api/v1/account/profile', { nick: '' });
    expect([bad.body.code, Object.keys(bad.body.fields ?? {})]).toEqual([ErrorCode.INVALID_PARAMS, ['nick']]);
    expect((await c.get('/api/v1/auth/me')).body.data.nick).toBe('Ann-installer');
  });

  it('changes the password with the current one; the other sessions end with 70, this one goes on', async () => {
    const { c, account } = await signedUp(env);
    const other = await login(account, PASSWORD);
    expect(other.code).toBe(0);

    const wrong = await c.post('/api/v1/account/password', { oldPassword: 'Not-it-123', password: 'Brand-new-9', confirm: 'Brand-new-9' });
    expect(wrong.body.code).toBe(ErrorCode.WRONG_OLD_PASSWORD);
    expect((await login(account, PASSWORD)).code).toBe(0); // unchanged
    const mismatch = await c.post('/api/v1/account/password', { oldPassword: PASSWORD, password: 'Brand-new-9', confirm: 'Brand-new-8' });
    expect([mismatch.body.code, Object.keys(mismatch.body.fields ?? {})]).toEqual([ErrorCode.INVALID_PARAMS, ['confirm']]);

    expect((await c.post('/api/v1/account/password', { oldPassword: PASSWORD, password: 'Brand-new-9', confirm: 'Brand-new-9' })).body.code).toBe(0);
    expect((await c.get('/api/v1/auth/me')).body.code).toBe(0);
    const ended = await other.c.get('/api/v1/auth/me');
    expect([ended.status, ended.body.code]).toEqual([401, ErrorCode.PASSWORD_CHANGED]);
    // said once: afterwards the session is simply gone
    expect((await other.c.get('/api/v1/auth/me')).body.code).not.toBe(0);
    expect((await login(account, PASSWORD)).code).toBe(ErrorCode.INCORRECT_CREDENTIALS);
    expect((await login(account, 'Brand-new-9')).code).toBe(0);
  });

  it('the live demo changes neither (917)', async () => {
    const demo = client(env.app);
    await demo.post('/api/v1/auth/demo');
    expect((await demo.patch('/api/v1/account/profile', { nick: 'Hacked' })).body.code).toBe(ErrorCode.DEMO_PROJECT);
    expect((await demo.post('/api/v1/account/password', { oldPassword: 'x', password: 'Brand-new-9', confirm: 'Brand-new-9' })).body.code).toBe(ErrorCode.DEMO_PROJECT);
  });
});
