// Passwords, codes, tokens and cookies never appear in the logs, checked on the
// captured log stream of a real sign-up / login / reset.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { client, createTestEnv, uniqueEmail, type TestEnv } from '../test/test-env.js';

describe('log redaction', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv('sqlite');
  });
  afterAll(async () => {
    await env?.close();
  });

  it('keeps secrets out of every log line of the auth flows', async () => {
    const password = 'Very-Secret-Pw9';
    const newPassword = 'Other-Secret-Pw8';
    const account = uniqueEmail('logs');
    const c = client(env.app);
    await c.post('/api/v1/auth/code', { account, purpose: 'signup' });
    const signupCode = env.lastCode(account);
    const signup = await c.post('/api/v1/auth/signup', { account, code: signupCode, password, confirm: password });
    const login = await client(env.app).post('/api/v1/auth/login', { account, password, ttl: 600 });
    await client(env.app).post('/api/v1/auth/login', { account, password: 'Wrong-Secret-Pw7' });
    env.clock.advance(61_000);
    await c.post('/api/v1/auth/code', { account, purpose: 'reset' });
    const resetCode = env.lastCode(account);
    await c.post('/api/v1/auth/reset', { account, code: resetCode, password: newPassword, confirm: newPassword });
    await c.get('/api/v1/projects?token=abc');

    const tokens = [signup, login].map((r) => String(r.headers['set-cookie']).split(';')[0]!.split('=')[1]!);
    const logs = env.logs.join('');
    expect(logs).toContain('"msg":"request"'); // the stream was captured
    for (const secret of [password, newPassword, 'Wrong-Secret-Pw7', signupCode, resetCode, ...tokens]) {
      expect(secret.length).toBeGreaterThan(5);
      expect(logs).not.toContain(secret);
    }
    expect(logs).not.toContain('airloom_session=');
    expect(logs).not.toContain('token=abc');
  });

  it('redacts secret fields even when code logs them by mistake', () => {
    const lines: string[] = [];
    const logger = createLogger({}, new Writable({ write(chunk, _e, done) { lines.push(String(chunk)); done(); } }));
    logger.info({ password: 'p1-secret', body: { password: 'p2-secret', code: '123456' }, req: { headers: { cookie: 'airloom_session=t0ken-secret' } }, token: 'tok-secret' }, 'oops');
    const out = lines.join('');
    for (const s of ['p1-secret', 'p2-secret', '123456', 't0ken-secret', 'tok-secret']) expect(out).not.toContain(s);
    expect(out).toContain('[redacted]');
  });
});
