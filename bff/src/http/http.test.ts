import { ErrorCode } from '@airloom/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { client, createTestEnv, PASSWORD, signedUp, type TestEnv } from '../test/test-env.js';

describe('HTTP conventions', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv('sqlite', { env: { TRUST_PROXY: 'loopback', ALLOWED_ORIGINS: 'https://console.example.com', SOLUTIONS_PARTNER_ORIGINS: 'https://portal.example.com, http://localhost:9000', AIRLOOM_INSTANCE: 'console-2' } });
  });
  afterAll(async () => {
    await env?.close();
  });

  describe('security headers', () => {
    it.each(['/api/v1/projects', '/healthz', '/api/nope', '/some/deep/link'])('are on every answer (%s)', async (path) => {
      const res = await request(env.app).get(path);
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-powered-by']).toBeUndefined();
    });
  });

  describe('several console instances (AIRLOOM_INSTANCE, docs/deployment.md)', () => {
    it.each(['/api/v1/projects', '/healthz', '/some/deep/link'])('name the instance that answered (%s)', async (path) => {
      expect((await request(env.app).get(path)).headers['x-airloom-instance']).toBe('console-2');
    });
    it('sends no such header without a name, and refuses a name that is no header value', () => {
      expect(loadConfig({ DATA_DIR: env.config.dataDir }).instanceName).toBeUndefined();
      expect(() => loadConfig({ DATA_DIR: env.config.dataDir, AIRLOOM_INSTANCE: 'two words' })).toThrow(/AIRLOOM_INSTANCE/);
    });
  });

  describe('partner portals (SOLUTIONS_PARTNER_ORIGINS)', () => {
    it('may frame the standalone designer page only, and a signed-in page learns who they are', async () => {
      const page = await request(env.app).get('/remotes/solutions/index.html');
      expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self' https://portal.example.com http://localhost:9000");
      expect(page.headers['x-frame-options']).toBeUndefined();
      const consolePage = await request(env.app).get('/overview/solutions');
      expect(consolePage.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      const { c } = await signedUp(env);
      expect((await c.get('/api/v1/solutions/partner-origins')).body).toEqual({ code: 0, data: { origins: ['https://portal.example.com', 'http://localhost:9000'] } });
      expect((await request(env.app).get('/api/v1/solutions/partner-origins')).status).toBe(401);
    });
  });

  describe('CSRF and Origin', () => {
    const body = { account: 'csrf@example.com', password: PASSWORD };

    it('refuses a state-changing request without X-Airloom-Csrf: 1 (403, code 2)', async () => {
      for (const res of [
        await request(env.app).post('/api/v1/auth/login').send(body),
        await request(env.app).post('/api/v1/auth/login').set('X-Airloom-Csrf', 'yes').send(body),
        await request(env.app).delete('/api/v1/projects/1000000'),
        await request(env.app).patch('/api/v1/projects/1000000').send({}),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ code: ErrorCode.SIGNATURE, message: expect.any(String) });
      }
    });

    it('refuses a foreign Origin even with the header', async () => {
      for (const origin of ['https://evil.example', 'null', 'http://127.0.0.1.evil.example']) {
        const res = await request(env.app).post('/api/v1/auth/demo').set('X-Airloom-Csrf', '1').set('Origin', origin);
        expect(res.status).toBe(403);
        expect(res.body.code).toBe(ErrorCode.SIGNATURE);
        expect(res.headers['set-cookie']).toBeUndefined();
      }
    });

    it('accepts its own origin, an allowed origin, and no Origin at all', async () => {
      const own = await request(env.app).post('/api/v1/auth/demo').set('Host', 'airloom.test:8080').set('X-Airloom-Csrf', '1').set('Origin', 'http://airloom.test:8080');
      expect(own.body.code).toBe(0);
      const behindTls = await request(env.app)
        .post('/api/v1/auth/demo')
        .set('Host', 'airloom.test')
        .set('X-Forwarded-Proto', 'https')
        .set('X-Airloom-Csrf', '1')
        .set('Origin', 'https://airloom.test');
      expect(behindTls.body.code).toBe(0);
      const forwardedHost = await request(env.app)
        .post('/api/v1/auth/demo')
        .set('Host', '127.0.0.1:8080')
        .set('X-Forwarded-Host', 'console.airloom.test')
        .set('X-Forwarded-Proto', 'https')
        .set('X-Airloom-Csrf', '1')
        .set('Origin', 'https://console.airloom.test');
      expect(forwardedHost.body.code).toBe(0);
      const allowed = await request(env.app).post('/api/v1/auth/demo').set('X-Airloom-Csrf', '1').set('Origin', 'https://console.example.com');
      expect(allowed.body.code).toBe(0);
      expect((await request(env.app).post('/api/v1/auth/demo').set('X-Airloom-Csrf', '1')).body.code).toBe(0);
    });

    it('reads need no header', async () => {
      expect((await request(env.app).get('/api/v1/projects')).body.code).toBe(ErrorCode.TOKEN_MISSING);
    });
  });

  describe('cookie', () => {
    it('is Secure when the request came over HTTPS through a trusted proxy', async () => {
      const res = await request(env.app).post('/api/v1/auth/demo').set('X-Airloom-Csrf', '1').set('X-Forwarded-Proto', 'https');
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Lax/);
      expect(cookie).toMatch(/; Path=\//);
    });

    it('is not Secure over plain HTTP', async () => {
      const res = await request(env.app).post('/api/v1/auth/demo').set('X-Airloom-Csrf', '1');
      expect(String(res.headers['set-cookie'])).not.toMatch(/Secure/);
    });
  });

  describe('envelope for everything a user can send', () => {
    it('malformed JSON → 400 envelope', async () => {
      const res = await request(env.app).post('/api/v1/auth/login').set('X-Airloom-Csrf', '1').set('Content-Type', 'application/json').send('{"account": ');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: ErrorCode.INVALID_PARAMS, fields: { _: 'errors.generic.invalidInput' } });
    });

    it('a body that is not JSON → 400 with the missing fields', async () => {
      const res = await request(env.app).post('/api/v1/auth/login').set('X-Airloom-Csrf', '1').set('Content-Type', 'text/plain').send('account=a&password=b');
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.fields).sort()).toEqual(['account', 'password']);
    });

    it('an oversized body → 413 envelope', async () => {
      const res = await request(env.app).post('/api/v1/auth/login').set('X-Airloom-Csrf', '1').send({ account: 'a@b.cd', password: 'x'.repeat(100_000) });
      expect(res.status).toBe(413);
      expect(res.body.code).toBe(ErrorCode.INVALID_PARAMS);
    });

    it('an unsupported charset → 415 envelope', async () => {
      const res = await request(env.app).post('/api/v1/auth/login').set('X-Airloom-Csrf', '1').set('Content-Type', 'application/json; charset=klingon').send('{}');
      expect(res.status).toBe(415);
      expect(res.body.code).toBe(ErrorCode.INVALID_PARAMS);
    });

    it.each([
      ['GET', '/api/v1/nothing'],
      ['GET', '/api/v2/projects'],
      ['GET', '/api'],
      ['POST', '/api/v1/auth/me'],
      ['PUT', '/api/v1/projects/1000000'],
    ])('unknown API route %s %s → 404 envelope', async (method, path) => {
      const res = await request(env.app)[method.toLowerCase() as 'get'](path).set('X-Airloom-Csrf', '1');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: ErrorCode.DATA_NOT_FOUND, message: expect.any(String) });
    });

    it('never answers JSON with a stack trace, even when the database fails (2000)', async () => {
      const broken = await createTestEnv('sqlite');
      const { c } = await signedUp(broken);
      await broken.db.destroy();
      const res = await c.get('/api/v1/projects');
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ code: ErrorCode.SERVER_ERROR, message: expect.any(String) });
      expect(res.text).not.toMatch(/at |Error:|knex|\.ts/);
      expect(broken.logs.join('')).toContain('unhandled error');
      const ready = await request(broken.app).get('/readyz');
      expect(ready.status).toBe(503);
      await broken.close();
    });
  });

  describe('health', () => {
    it('healthz and readyz answer', async () => {
      expect((await request(env.app).get('/healthz')).body).toEqual({ code: 0, data: { status: 'up' } });
      expect((await request(env.app).get('/readyz')).body).toEqual({ code: 0, data: { status: 'ready' } });
    });
  });

  it('a client that ignores Set-Cookie still needs the cookie', async () => {
    const res = await client(env.app).get('/api/v1/auth/me').set('Cookie', 'other=1; airloom_session=');
    expect(res.body.code).toBe(ErrorCode.TOKEN_MISSING);
  });
});
