import { ErrorCode, LIMITS } from '@airloom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, client, createTestEnv, PASSWORD, signedUp, uniqueEmail, uniqueMobile, type TestEnv } from '../../test/test-env.js';

const MINUTE = 60_000;

describe.each(backends())('auth on %s', (backend) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(backend);
  });
  afterAll(async () => {
    await env?.close();
  });

  const count = async (table: string, where: Record<string, unknown> = {}) => Number((await env.db(table).where(where).count({ n: '*' }).first())?.n ?? 0);

  describe('verification codes', () => {
    it('sends a 6-digit code to an e-mail account and a 4-digit code to a mobile number through the outbox', async () => {
      const c = client(env.app);
      const email = uniqueEmail();
      const res = await c.post('/api/v1/auth/code', { account: email, purpose: 'signup' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ code: 0, data: { channel: 'email', codeLength: 6, expiresInSeconds: 600, resendAfterSeconds: LIMITS.verificationCodeResendSeconds } });
      expect(env.lastCode(email)).toMatch(/^\d{6}$/);

      const mobile = uniqueMobile();
      const sms = await c.post('/api/v1/auth/code', { account: mobile, purpose: 'signup' });
      expect(sms.body.data.channel).toBe('sms');
      expect(env.lastCode(mobile)).toMatch(/^\d{4}$/);
    });

    it('takes the longest e-mail address the rules allow (254 characters) through sign-up and login', async () => {
      const local = `long${Math.random().toString(36).slice(2, 8)}`;
      const domain = `${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(63)}.com`;
      const account = `${local}${'a'.repeat(254 - local.length - 1 - domain.length)}@${domain}`;
      expect(account).toHaveLength(254);
      const { c } = await signedUp(env, account);
      expect((await c.get('/api/v1/auth/me')).body.data.account).toBe(account);
      expect((await client(env.app).post('/api/v1/auth/login', { account, password: 'Wrong-pass1' })).body.code).toBe(ErrorCode.INCORRECT_CREDENTIALS);
      expect((await client(env.app).post('/api/v1/auth/login', { account, password: PASSWORD })).body.code).toBe(0);
    });

    it('normalises e-mail case, so one mailbox is one account', async () => {
      const c = client(env.app);
      const email = uniqueEmail();
      await c.post('/api/v1/auth/code', { account: email.toUpperCase(), purpose: 'signup' });
      expect(env.lastCode(email)).toMatch(/^\d{6}$/);
    });

    it('refuses bad requests with 400 and field keys, sending nothing', async () => {
      const c = client(env.app);
      const before = env.outbox().length;
      const bad = await c.post('/api/v1/auth/code', { account: 'not an account', purpose: 'signup' });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ code: ErrorCode.INVALID_PARAMS, fields: { account: 'rules.account.format' } });
      const noPurpose = await c.post('/api/v1/auth/code', { account: uniqueEmail(), purpose: 'hack' });
      expect(noPurpose.body.fields).toEqual({ purpose: 'rules.purpose.required' });
      const empty = await c.post('/api/v1/auth/code');
      expect(empty.status).toBe(400);
      expect(env.outbox().length).toBe(before);
    });

    it('limits sending per account: 1 a minute (53), 5 an hour (51), 10 a day (52)', async () => {
      const c = client(env.app);
      const account = uniqueEmail('limits');
      const send = () => c.post('/api/v1/auth/code', { account, purpose: 'signup' });
      expect((await send()).body.code).toBe(0);
      const again = await send();
      expect(again.status).toBe(429);
      expect(again.body.code).toBe(ErrorCode.SMS_MINUTE_LIMIT);
      for (let i = 1; i < LIMITS.smsPerHourMax; i++) {
        env.clock.advance(MINUTE + 1);
        expect((await send()).body.code).toBe(0);
      }
      env.clock.advance(MINUTE + 1);
      expect((await send()).body.code).toBe(ErrorCode.SMS_HOURLY_LIMIT);
      env.clock.advance(61 * MINUTE);
      for (let i = LIMITS.smsPerHourMax; i < LIMITS.smsPerDayMax; i++) {
        expect((await send()).body.code).toBe(0);
        env.clock.advance(MINUTE + 1);
      }
      env.clock.advance(61 * MINUTE);
      expect((await send()).body.code).toBe(ErrorCode.SMS_DAILY_LIMIT);
      env.clock.advance(24 * 60 * MINUTE);
      expect((await send()).body.code).toBe(0);
    });

    it('refuses a sign-up code for an existing account (13)', async () => {
      const { account } = await signedUp(env);
      const res = await client(env.app).post('/api/v1/auth/code', { account, purpose: 'signup' });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe(ErrorCode.ACCOUNT_EXISTS);
    });
  });

  describe('sign-up', () => {
    it('creates a normal account, logs in and answers /me', async () => {
      const c = client(env.app);
      const account = uniqueEmail();
      await c.post('/api/v1/auth/code', { account, purpose: 'signup' });
      const res = await c.post('/api/v1/auth/signup', { account, code: env.lastCode(account), password: PASSWORD, confirm: PASSWORD, nick: 'Alice' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ code: 0, data: { account, nick: 'Alice', role: 0, demo: false } });
      const me = await c.get('/api/v1/auth/me');
      expect(me.body).toEqual({ code: 0, data: { account, nick: 'Alice', role: 0, demo: false } });
      const row = await env.db('accounts').where({ account }).first();
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(row.password_hash).not.toContain(PASSWORD);
    });

    it('signs up with a mobile number and its 4-digit code', async () => {
      const c = client(env.app);
      const account = uniqueMobile();
      await c.post('/api/v1/auth/code', { account, purpose: 'signup' });
      const res = await c.post('/api/v1/auth/signup', { account, code: env.lastCode(account), password: PASSWORD, confirm: PASSWORD });
      expect(res.body.code).toBe(0);
      expect(res.body.data.nick).toBe(`user${account.slice(-4)}`);
    });

    it.each([
      ['no body', undefined, ['account', 'code', 'password', 'confirm']],
      ['bad account', { account: 'x', code: '123456', password: PASSWORD, confirm: PASSWORD }, ['account']],
      ['short password', { code: '123456', password: 'abc', confirm: 'abc' }, ['password']],
      ['long password', { code: '123456', password: 'a'.repeat(33), confirm: 'a'.repeat(33) }, ['password']],
      ['mismatch', { code: '123456', password: PASSWORD, confirm: `${PASSWORD}x` }, ['confirm']],
      ['4-digit code for e-mail', { code: '1234', password: PASSWORD, confirm: PASSWORD }, ['code']],
      ['nick with a space', { code: '123456', password: PASSWORD, confirm: PASSWORD, nick: 'a b' }, ['nick']],
      ['nick with an emoticon', { code: '123456', password: PASSWORD, confirm: PASSWORD, nick: 'hi😀' }, ['nick']],
      ['nick too long', { code: '123456', password: PASSWORD, confirm: PASSWORD, nick: 'n'.repeat(17) }, ['nick']],
      ['wrong types', { account: 5, code: 123456, password: true, confirm: null }, ['account', 'code', 'password', 'confirm']],
    ])('refuses %s with 400 and stores nothing', async (_label, body, fields) => {
      const account = uniqueEmail();
      const before = await count('accounts');
      const res = await client(env.app).post('/api/v1/auth/signup', body === undefined ? undefined : { account, ...body });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(ErrorCode.INVALID_PARAMS);
      expect(Object.keys(res.body.fields).sort()).toEqual([...fields].sort());
      for (const key of Object.values(res.body.fields as Record<string, string>)) expect(key).toMatch(/^rules\./);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(await count('accounts')).toBe(before);
    });

    it('refuses a wrong code (12) and invalidates the code after 5 wrong attempts (75)', async () => {
      const c = client(env.app);
      const account = uniqueEmail();
      await c.post('/api/v1/auth/code', { account, purpose: 'signup' });
      const good = env.lastCode(account);
      const wrong = good === '000000' ? '111111' : '000000';
      const attempt = (code: string) => c.post('/api/v1/auth/signup', { account, code, password: PASSWORD, confirm: PASSWORD });
      for (let i = 1; i < LIMITS.verificationAttemptsMax; i++) {
        const res = await attempt(wrong);
        expect(res.status).toBe(400);
        expect(res.body.code).toBe(ErrorCode.INCORRECT_VERIFICATION_CODE);
      }
      const fifth = await attempt(wrong);
      expect(fifth.status).toBe(429);
      expect(fifth.body.code).toBe(ErrorCode.VERIFICATION_ATTEMPTS_EXCEEDED);
      // the right code no longer works either
      expect((await attempt(good)).body.code).toBe(ErrorCode.VERIFICATION_ATTEMPTS_EXCEEDED);
      expect(await count('accounts', { account })).toBe(0);
    });

    it('refuses an expired code and a code of the other purpose', async () => {
      const c = client(env.app);
      const account = uniqueEmail();
      await c.post('/api/v1/auth/code', { account, purpose: 'signup' });
      const code = env.lastCode(account);
      env.clock.advance(11 * MINUTE);
      const res = await c.post('/api/v1/auth/signup', { account, code, password: PASSWORD, confirm: PASSWORD });
      expect(res.body.code).toBe(ErrorCode.INCORRECT_VERIFICATION_CODE);
      const reset = await c.post('/api/v1/auth/reset', { account, code, password: PASSWORD, confirm: PASSWORD });
      expect(reset.body.code).toBe(ErrorCode.INCORRECT_VERIFICATION_CODE);
    });

    it('only the newest code is valid, and a code works once', async () => {
      const c = client(env.app);
      const account = uniqueEmail();
      await c.post('/api/v1/auth/code', { account, purpose: 'signup' });
      const first = env.lastCode(account);
      env.clock.advance(MINUTE + 1);
      await c.post('/api/v1/auth/code', { account, purpose: 'signup' });
      const second = env.lastCode(account);
      if (first !== second) {
        expect((await c.post('/api/v1/auth/signup', { account, code: first, password: PASSWORD, confirm: PASSWORD })).body.code).toBe(ErrorCode.INCORRECT_VERIFICATION_CODE);
      }
      expect((await c.post('/api/v1/auth/signup', { account, code: second, password: PASSWORD, confirm: PASSWORD })).body.code).toBe(0);
      expect((await client(env.app).post('/api/v1/auth/signup', { account, code: second, password: PASSWORD, confirm: PASSWORD })).body.code).toBe(ErrorCode.ACCOUNT_EXISTS);
    });
  });

  describe('login, sessions and logout', () => {
    it('logs in with a lifetime in seconds: cookie HttpOnly, SameSite=Lax, Path=/, Max-Age', async () => {
      const { account } = await signedUp(env);
      const res = await client(env.app).post('/api/v1/auth/login', { account, password: PASSWORD, ttl: 3600 });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: 0, data: { account, role: 0, demo: false } });
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toMatch(/^airloom_session=[A-Za-z0-9_-]{43};/);
      expect(cookie).toMatch(/; Max-Age=3600;/);
      expect(cookie).toMatch(/; Path=\//);
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Lax/);
      expect(cookie).not.toMatch(/Secure/);
      const token = cookie.slice('airloom_session='.length, cookie.indexOf(';'));
      // only a hash of the token is stored
      expect(await count('sessions', { token_hash: token })).toBe(0);
    });

    it('without ttl the cookie lasts for the browser session and the server ends it after 12 hours', async () => {
      const { account } = await signedUp(env);
      const c = client(env.app);
      const res = await c.post('/api/v1/auth/login', { account, password: PASSWORD });
      expect(String(res.headers['set-cookie'])).not.toMatch(/Max-Age|Expires/);
      expect((await c.get('/api/v1/auth/me')).body.code).toBe(0);
      env.clock.advance(12 * 60 * MINUTE + 1);
      const me = await c.get('/api/v1/auth/me');
      expect(me.status).toBe(401);
      expect(me.body.code).toBe(ErrorCode.TOKEN_EXPIRED);
    });

    it('a ttl session ends on the server when its lifetime is over', async () => {
      const { account } = await signedUp(env);
      const c = client(env.app);
      await c.post('/api/v1/auth/login', { account, password: PASSWORD, ttl: 120 });
      env.clock.advance(119_000);
      expect((await c.get('/api/v1/auth/me')).body.code).toBe(0);
      env.clock.advance(2_000);
      expect((await c.get('/api/v1/auth/me')).body.code).toBe(ErrorCode.TOKEN_EXPIRED);
    });

    it('refuses a ttl out of range with 400', async () => {
      const { account } = await signedUp(env);
      for (const ttl of [0, 59, 1.5, -1, '3600', 40 * 24 * 3600]) {
        const res = await client(env.app).post('/api/v1/auth/login', { account, password: PASSWORD, ttl });
        expect(res.status).toBe(400);
        expect(res.body.fields).toEqual({ ttl: 'rules.sessionTtl.range' });
      }
    });

    it('answers 8 without a cookie and 9 for an unknown token, clearing the stale cookie', async () => {
      const none = await client(env.app).get('/api/v1/auth/me');
      expect(none.status).toBe(401);
      expect(none.body.code).toBe(ErrorCode.TOKEN_MISSING);
      const stale = await client(env.app).get('/api/v1/auth/me').set('Cookie', 'airloom_session=forged-token');
      expect(stale.status).toBe(401);
      expect(stale.body.code).toBe(ErrorCode.TOKEN_EXPIRED);
      expect(String(stale.headers['set-cookie'])).toMatch(/airloom_session=;.*Expires=Thu, 01 Jan 1970/);
    });

    it('rotates the session at login: the previous token stops working', async () => {
      const { c, account } = await signedUp(env);
      const firstCookie = String((await c.post('/api/v1/auth/login', { account, password: PASSWORD })).headers['set-cookie']).split(';')[0]!;
      const before = await count('sessions');
      const second = await c.post('/api/v1/auth/login', { account, password: PASSWORD });
      const secondCookie = String(second.headers['set-cookie']).split(';')[0]!;
      expect(secondCookie).not.toBe(firstCookie);
      expect(await count('sessions')).toBe(before);
      const old = await client(env.app).get('/api/v1/auth/me').set('Cookie', firstCookie);
      expect(old.body.code).toBe(ErrorCode.TOKEN_EXPIRED);
      expect((await client(env.app).get('/api/v1/auth/me').set('Cookie', secondCookie)).body.code).toBe(0);
    });

    it('logout ends the session on the server and clears the cookie', async () => {
      const { c } = await signedUp(env);
      const cookie = String((await c.get('/api/v1/auth/me').then(() => c.post('/api/v1/auth/logout'))).headers['set-cookie']);
      expect(cookie).toMatch(/airloom_session=;/);
      expect((await c.get('/api/v1/auth/me')).body.code).toBe(ErrorCode.TOKEN_MISSING);
      // logging out twice is harmless
      expect((await c.post('/api/v1/auth/logout')).body).toEqual({ code: 0, data: null });
    });

    it('answers a wrong password and an unknown account identically (4)', async () => {
      const { account } = await signedUp(env);
      const wrong = await client(env.app).post('/api/v1/auth/login', { account, password: 'Wrong-pass1' });
      const unknown = await client(env.app).post('/api/v1/auth/login', { account: uniqueEmail('ghost'), password: 'Wrong-pass1' });
      expect(wrong.status).toBe(400);
      expect(unknown.status).toBe(wrong.status);
      expect(unknown.body).toEqual(wrong.body);
      expect(wrong.body.code).toBe(ErrorCode.INCORRECT_CREDENTIALS);
    });

    it('locks an identifier for 30 minutes after 5 failures within 5 minutes (80), also for unknown accounts', async () => {
      const { account } = await signedUp(env);
      const ghost = uniqueEmail('ghost');
      for (const id of [account, ghost]) {
        const login = (password: string) => client(env.app).post('/api/v1/auth/login', { account: id, password });
        for (let i = 1; i < LIMITS.loginFailuresMax; i++) expect((await login('Wrong-pass1')).body.code).toBe(ErrorCode.INCORRECT_CREDENTIALS);
        const fifth = await login('Wrong-pass1');
        expect(fifth.status).toBe(423);
        expect(fifth.body.code).toBe(ErrorCode.LOGIN_LOCKED);
      }
      // the right password does not open a locked account
      expect((await client(env.app).post('/api/v1/auth/login', { account, password: PASSWORD })).body.code).toBe(ErrorCode.LOGIN_LOCKED);

      // the lock survives a restart (a new app instance on the same database)
      const restarted = await env.restart();
      expect((await client(restarted).post('/api/v1/auth/login', { account, password: PASSWORD })).body.code).toBe(ErrorCode.LOGIN_LOCKED);

      env.clock.advance(LIMITS.loginLockoutMinutes * MINUTE + 1);
      expect((await client(restarted).post('/api/v1/auth/login', { account, password: PASSWORD })).body.code).toBe(0);
    });

    it('failures spread over more than 5 minutes do not lock', async () => {
      const { account } = await signedUp(env);
      const login = (password: string) => client(env.app).post('/api/v1/auth/login', { account, password });
      for (let i = 0; i < LIMITS.loginFailuresMax - 1; i++) expect((await login('Wrong-pass1')).body.code).toBe(ErrorCode.INCORRECT_CREDENTIALS);
      env.clock.advance(5 * MINUTE + 1);
      expect((await login('Wrong-pass1')).body.code).toBe(ErrorCode.INCORRECT_CREDENTIALS);
      expect((await login(PASSWORD)).body.code).toBe(0);
    });

    it('refuses invalid login input with 400 without counting a failure', async () => {
      const account = uniqueEmail();
      for (const body of [undefined, { account }, { account: 'nope', password: PASSWORD }, { account, password: 'abc' }, { account, password: ['x'] }]) {
        const res = await client(env.app).post('/api/v1/auth/login', body);
        expect(res.status).toBe(400);
        expect(res.body.code).toBe(ErrorCode.INVALID_PARAMS);
      }
      expect(await count('login_throttle', { identifier: account })).toBe(0);
    });
  });

  describe('live demo', () => {
    it('gives one-click a demo session that cannot be used to log in by password', async () => {
      const c = client(env.app);
      const res = await c.post('/api/v1/auth/demo');
      expect(res.body).toMatchObject({ code: 0, data: { demo: true, role: 0 } });
      expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly/);
      expect((await c.get('/api/v1/auth/me')).body.data.demo).toBe(true);
      const login = await client(env.app).post('/api/v1/auth/login', { account: res.body.data.account, password: PASSWORD });
      expect(login.body.code).toBe(ErrorCode.INCORRECT_CREDENTIALS);
    });
  });

  describe('password reset', () => {
    it('resets with a code, ends every session and allows the new password only', async () => {
      const { c, account } = await signedUp(env);
      const other = client(env.app);
      env.clock.advance(MINUTE + 1); // the sign-up code counts towards the per-minute limit
      const sent = await other.post('/api/v1/auth/code', { account, purpose: 'reset' });
      expect(sent.body.code).toBe(0);
      const res = await other.post('/api/v1/auth/reset', { account, code: env.lastCode(account), password: 'New-pass-2', confirm: 'New-pass-2' });
      expect(res.body).toEqual({ code: 0, data: null });
      expect((await c.get('/api/v1/auth/me')).body.code).toBe(ErrorCode.TOKEN_EXPIRED);
      expect((await client(env.app).post('/api/v1/auth/login', { account, password: PASSWORD })).body.code).toBe(ErrorCode.INCORRECT_CREDENTIALS);
      expect((await client(env.app).post('/api/v1/auth/login', { account, password: 'New-pass-2' })).body.code).toBe(0);
    });

    it('answers a reset code request for an unknown account like a real one, but sends nothing', async () => {
      const ghost = uniqueEmail('ghost');
      const before = env.outbox().length;
      const res = await client(env.app).post('/api/v1/auth/code', { account: ghost, purpose: 'reset' });
      expect(res.body).toEqual({ code: 0, data: { channel: 'email', codeLength: 6, expiresInSeconds: 600, resendAfterSeconds: 60 } });
      expect(env.outbox().length).toBe(before);
      const reset = await client(env.app).post('/api/v1/auth/reset', { account: ghost, code: '123456', password: PASSWORD, confirm: PASSWORD });
      expect(reset.body.code).toBe(ErrorCode.INCORRECT_VERIFICATION_CODE);
      expect(await count('accounts', { account: ghost })).toBe(0);
    });

    it('refuses invalid reset input with 400 and keeps the old password', async () => {
      const { account } = await signedUp(env);
      const res = await client(env.app).post('/api/v1/auth/reset', { account, code: '12', password: 'short', confirm: 'other' });
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual({ code: 'rules.emailCode.format', password: 'rules.accountPassword.length', confirm: 'rules.accountPasswordPair.mismatch' });
      expect((await client(env.app).post('/api/v1/auth/login', { account, password: PASSWORD })).body.code).toBe(0);
    });
  });
});
