import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode } from '@airloom/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createDb } from '../db/db.js';
import { createLogger } from '../logger.js';
import { client, createTestEnv, PASSWORD, signedUp, type Client, type TestEnv } from '../test/test-env.js';

type Headers = Record<string, string | string[] | undefined>;

/**
 * What every answer's headers must say (docs/security.md): a CSP whose scripts come from known places
 * only — no 'unsafe-eval' anywhere, no 'unsafe-inline' but for styles (styled-components injects
 * <style> tags) — no MIME sniffing, and no framing but of the embeddable page by its partners.
 */
function expectSafeHeaders(headers: Headers, framing: 'none' | 'partners' = 'none') {
  const csp = String(headers['content-security-policy']);
  const directives = new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));
  expect(directives.get('script-src')).toBeDefined();
  for (const [name, values] of directives) {
    expect(values, name).not.toContain("'unsafe-eval'");
    if (name !== 'style-src') expect(values, name).not.toContain("'unsafe-inline'");
  }
  expect(directives.get('object-src')).toEqual(["'none'"]);
  expect(headers['x-content-type-options']).toBe('nosniff');
  if (framing === 'none') {
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(headers['x-frame-options']).toBe('DENY');
  } else {
    expect(directives.get('frame-ancestors')).toEqual(["'self'", 'https://portal.example.com']);
    expect(headers['x-frame-options']).toBeUndefined();
  }
}

function write(file: string, content: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

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

    it('answers 503 with Retry-After, not 500, while the database refuses connections (a restart), and says nothing of it', async () => {
      // a port nothing listens on: MariaDB restarting refuses connections the same way (ECONNREFUSED)
      const port = await new Promise<number>((resolve) => {
        const probe = net.createServer().listen(0, '127.0.0.1', () => {
          const { port: p } = probe.address() as AddressInfo;
          probe.close(() => resolve(p));
        });
      });
      const db = createDb({ databaseUrl: `mysql://airloom:airloom@127.0.0.1:${port}/airloom`, sqliteFile: '' });
      const away = createApp({ db, config: env.config, logger: createLogger({ level: 'silent' }) });
      try {
        const signIn = await request(away).post('/api/v1/auth/login').set('X-Airloom-Csrf', '1').send({ account: 'someone@example.com', password: PASSWORD });
        expect(signIn.status).toBe(503);
        expect(signIn.headers['retry-after']).toBe('5');
        expect(signIn.body).toEqual({ code: ErrorCode.SERVER_ERROR, message: expect.any(String) });
        expect(signIn.text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|mysql|at /);
      } finally {
        await db.destroy();
      }
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

  describe('headers per response class', () => {
    let site: TestEnv;
    let root: string;
    let owner: Client;
    let server: Server;
    beforeAll(async () => {
      // a built console: the shell with a hashed script, and the standalone solution designer
      root = mkdtempSync(path.join(os.tmpdir(), 'airloom-headers-'));
      write(path.join(root, 'shell/dist/index.html'), '<!doctype html><title>Airloom shell</title>');
      write(path.join(root, 'shell/dist/static/js/main.3f9a1c2b.js'), 'console.log("shell")');
      write(path.join(root, 'mfe-solutions/dist/mf-manifest.json'), '{"id":"solutions"}');
      write(path.join(root, 'mfe-solutions/dist/index.html'), '<!doctype html><title>Solution designer</title>');
      site = await createTestEnv('sqlite', { env: { STATIC_ROOT: root, TRUST_PROXY: 'loopback', SOLUTIONS_PARTNER_ORIGINS: 'https://portal.example.com' } });
      owner = (await signedUp(site)).c;
      server = site.app.listen(0, '127.0.0.1');
      await new Promise((r) => server.once('listening', r));
    });
    afterAll(async () => {
      server?.closeAllConnections();
      await new Promise((r) => server?.close(r));
      await site?.close();
      rmSync(root, { recursive: true, force: true });
    });

    it('an HTML page of the console (/static/lrf): revalidated, never framed', async () => {
      const res = await request(site.app).get('/static/lrf');
      expect([res.status, res.headers['content-type']]).toEqual([200, expect.stringMatching(/^text\/html/)]);
      expect(res.text).toContain('Airloom shell');
      expectSafeHeaders(res.headers);
      expect(res.headers['cache-control']).toBe('no-cache');
    });

    it('the embeddable designer page: framed by the configured partners only', async () => {
      const res = await request(site.app).get('/remotes/solutions/index.html');
      expect([res.status, res.headers['content-type']]).toEqual([200, expect.stringMatching(/^text\/html/)]);
      expectSafeHeaders(res.headers, 'partners');
      expect(res.headers['cache-control']).toBe('no-cache');
    });

    it('a static script: typed as JavaScript, cached for good (its name is its content hash)', async () => {
      const res = await request(site.app).get('/static/js/main.3f9a1c2b.js');
      expect([res.status, res.headers['content-type']]).toEqual([200, expect.stringMatching(/^(application|text)\/javascript/)]);
      expectSafeHeaders(res.headers);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('a signed-in JSON answer: never stored by a browser or a shared cache', async () => {
      const res = await owner.get('/api/v1/projects');
      expect([res.status, res.body.code, res.headers['content-type']]).toEqual([200, 0, expect.stringMatching(/^application\/json/)]);
      expectSafeHeaders(res.headers);
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it.each([
      ['without a session (401)', () => request(site.app).get('/api/v1/projects'), 401],
      ['with bad input (400)', () => owner.post('/api/v1/projects', { projectName: 42 }), 400],
      ['with malformed JSON (400)', () => owner.agent.post('/api/v1/projects').set('X-Airloom-Csrf', '1').set('Content-Type', 'application/json').send('{"projectName":'), 400],
      ['refused by the CSRF check (403)', () => owner.agent.post('/api/v1/projects').send({ projectName: 'No header', scenario: 'hotel' }), 403],
      ['of an unknown API path (404)', () => owner.get('/api/v1/nothing-here'), 404],
      ['of an unknown API version (404)', () => owner.get('/api/v2/projects'), 404],
    ] as const)('an API error %s: the envelope, never stored', async (_what, send, status) => {
      const res = await send();
      expect([res.status, res.headers['content-type']]).toEqual([status, expect.stringMatching(/^application\/json/)]);
      expect(res.body).toMatchObject({ code: expect.any(Number), message: expect.any(String) });
      expectSafeHeaders(res.headers);
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('a file download (the activations export): an attachment, never stored', async () => {
      const res = await owner.get('/api/v1/activations/export.xlsx').buffer(true).parse((r, done) => {
        r.on('data', () => undefined);
        r.on('end', () => done(null, null));
      });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet/);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="activations\.xlsx"$/);
      expectSafeHeaders(res.headers);
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('the start of an event stream (SSE): typed, never stored or transformed', async () => {
      const cookie = String((owner.agent as unknown as { jar: { getCookies(o: object): { toValueString(): string } } }).jar.getCookies({ domain: '127.0.0.1', path: '/', secure: false, script: false }).toValueString());
      const controller = new AbortController();
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/activations/events`, { headers: { cookie, accept: 'text/event-stream' }, signal: controller.signal });
      try {
        expect([res.status, res.headers.get('content-type')]).toEqual([200, expect.stringMatching(/^text\/event-stream/)]);
        expectSafeHeaders(Object.fromEntries(res.headers));
        expect(res.headers.get('cache-control')).toBe('no-store, no-transform');
      } finally {
        controller.abort();
      }
    });

    it('the session cookie of a sign-in: HttpOnly, SameSite=Lax, Path=/, Secure behind TLS; signing out clears it the same way', async () => {
      const { account } = await signedUp(site);
      for (const [proto, secure] of [['http', false], ['https', true]] as const) {
        const login = await request(site.app).post('/api/v1/auth/login').set('X-Airloom-Csrf', '1').set('X-Forwarded-Proto', proto).send({ account, password: PASSWORD });
        const cookie = String(login.headers['set-cookie']);
        expect(cookie).toMatch(/^airloom_session=[^;]+; /);
        for (const attribute of [/; HttpOnly/, /; SameSite=Lax/, /; Path=\/(;|$)/]) expect(cookie).toMatch(attribute);
        expect(/; Secure/.test(cookie)).toBe(secure);
        const logout = await request(site.app).post('/api/v1/auth/logout').set('X-Airloom-Csrf', '1').set('X-Forwarded-Proto', proto).set('Cookie', cookie.split(';')[0]!);
        const cleared = String(logout.headers['set-cookie']);
        expect(cleared).toMatch(/^airloom_session=; /);
        for (const attribute of [/; HttpOnly/, /; SameSite=Lax/, /; Path=\/(;|$)/, /; Expires=Thu, 01 Jan 1970/]) expect(cleared).toMatch(attribute);
        expect(/; Secure/.test(cleared)).toBe(secure);
      }
    });
  });
});
