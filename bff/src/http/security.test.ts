import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, securityHeaders } from './security.js';

const PORTAL = 'https://portal.example.com';

function appWith(partnerOrigins: readonly string[]) {
  const app = express();
  app.use(securityHeaders([], partnerOrigins));
  app.get('/*rest', (_req, res) => void res.send('ok'));
  return app;
}

describe('frame-ancestors', () => {
  it('no page may be framed by default', () => {
    expect(contentSecurityPolicy([])).toContain("frame-ancestors 'none'");
  });

  it('the framed policy lists the console itself and the partner origins only', () => {
    expect(contentSecurityPolicy([], [PORTAL, 'http://localhost:9000'])).toContain(`frame-ancestors 'self' ${PORTAL} http://localhost:9000`);
    expect(contentSecurityPolicy([], [])).toContain("frame-ancestors 'self'");
  });

  it('the standalone designer page may be framed by the configured partners, without X-Frame-Options', async () => {
    const res = await request(appWith([PORTAL])).get('/remotes/solutions/index.html');
    expect(res.headers['content-security-policy']).toContain(`frame-ancestors 'self' ${PORTAL}`);
    expect(res.headers['content-security-policy']).not.toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBeUndefined();
  });

  it.each(['/overview/solutions', '/remotes/solutions/remoteEntry.js', '/remotes/dashboard/index.html', '/api/v1/solutions'])('every other answer refuses framing (%s)', async (path) => {
    const res = await request(appWith([PORTAL])).get(path);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).not.toContain(PORTAL);
    expect(res.headers['x-frame-options']).toBe('DENY');
  });
});

describe('caching', () => {
  it('every API answer is no-store, whoever answers it; pages are left to their router', async () => {
    const app = appWith([]);
    expect((await request(app).get('/api/v1/solutions')).headers['cache-control']).toBe('no-store');
    expect((await request(app).get('/api')).headers['cache-control']).toBe('no-store');
    expect((await request(app).get('/overview/solutions')).headers['cache-control']).toBeUndefined();
    expect((await request(app).get('/apidocs')).headers['cache-control']).toBeUndefined();
  });
});
