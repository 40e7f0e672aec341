import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode } from '@airloom/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { createTestEnv, type TestEnv } from '../../test/test-env.js';
import { cacheControlFor } from './web.routes.js';

function write(file: string, content: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

describe('serving the built front-ends', () => {
  let env: TestEnv;
  let root: string;
  const app = (overrides: { remotesManifest?: string } = {}) => createApp({ db: env.db, config: { ...env.config, staticRoot: root, ...overrides } });

  beforeAll(async () => {
    env = await createTestEnv('sqlite');
    root = mkdtempSync(path.join(os.tmpdir(), 'airloom-static-'));
    write(path.join(root, 'shell/dist/index.html'), '<!doctype html><title>Airloom shell</title>');
    write(path.join(root, 'shell/dist/static/js/main.3f9a1c2b.js'), 'console.log("shell")');
    write(path.join(root, 'mfe-overview/dist/mf-manifest.json'), '{"id":"overview"}');
    write(path.join(root, 'mfe-overview/dist/remoteEntry.js'), 'var overview;');
    write(path.join(root, 'mfe-overview/dist/static/js/async/123.abcdef12.js'), 'chunk');
    write(path.join(root, 'mfe-network/src/index.ts'), 'not built'); // no dist: not deployed
  });
  afterAll(async () => {
    rmSync(root, { recursive: true, force: true });
    await env?.close();
  });

  it('lists each built remote in /remotes.json, uncached', async () => {
    const res = await request(app()).get('/remotes.json');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ name: 'overview', entry: '/remotes/overview/mf-manifest.json' }]);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it("serves a remote's files under /remotes/<name>/ with the right caching", async () => {
    const a = app();
    const manifest = await request(a).get('/remotes/overview/mf-manifest.json');
    expect(manifest.body).toEqual({ id: 'overview' });
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect((await request(a).get('/remotes/overview/remoteEntry.js')).headers['cache-control']).toBe('no-cache');
    const chunk = await request(a).get('/remotes/overview/static/js/async/123.abcdef12.js');
    expect(chunk.text).toBe('chunk');
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await request(a).get('/remotes/network/mf-manifest.json')).status).toBe(404);
    expect((await request(a).get('/remotes/overview/missing.js')).status).toBe(404);
  });

  it('serves the shell, and its index.html for every deep link (SPA fallback)', async () => {
    const a = app();
    const js = await request(a).get('/static/js/main.3f9a1c2b.js');
    expect(js.text).toBe('console.log("shell")');
    expect(js.headers['cache-control']).toContain('immutable');
    for (const link of ['/', '/overview/preview', '/static/lrf', '/manage/status?x=1', '/static/transfer']) {
      const res = await request(a).get(link);
      expect(res.status).toBe(200);
      expect(res.text).toContain('Airloom shell');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toMatch(/text\/html/);
    }
  });

  it('never answers API, remote or health paths with the shell', async () => {
    const a = app();
    const api = await request(a).get('/api/v1/nothing');
    expect(api.status).toBe(404);
    expect(api.body.code).toBe(ErrorCode.DATA_NOT_FOUND);
    expect((await request(a).get('/remotes/unknown/app.js')).text).not.toContain('Airloom shell');
    const post = await request(a).post('/overview/preview').set('X-Airloom-Csrf', '1');
    expect(post.status).toBe(404);
  });

  it('takes the remotes list from REMOTES_MANIFEST and allows absolute remote origins in the CSP', async () => {
    const file = path.join(root, 'remotes.override.json');
    write(file, JSON.stringify([
      { name: 'overview', entry: 'https://cdn.example.com/overview/mf-manifest.json' },
      { name: 'network', entry: '/remotes/network/mf-manifest.json' },
    ]));
    const a = app({ remotesManifest: file });
    const res = await request(a).get('/remotes.json');
    expect(res.body).toEqual([
      { name: 'overview', entry: 'https://cdn.example.com/overview/mf-manifest.json' },
      { name: 'network', entry: '/remotes/network/mf-manifest.json' },
    ]);
    expect(res.headers['content-security-policy']).toContain("script-src 'self' https://cdn.example.com");
  });

  it('refuses to start with a broken REMOTES_MANIFEST', () => {
    const file = path.join(root, 'remotes.broken.json');
    write(file, '[{"name": "Bad Name", "entry": "javascript:alert(1)"}]');
    expect(() => app({ remotesManifest: file })).toThrow(/REMOTES_MANIFEST/);
    expect(() => app({ remotesManifest: path.join(root, 'missing.json') })).toThrow(/REMOTES_MANIFEST/);
  });

  it('says the console is not built instead of a blank page', async () => {
    const empty = createApp({ db: env.db, config: { ...env.config, staticRoot: path.join(root, 'nothing-here') } });
    const res = await request(empty).get('/overview/preview');
    expect(res.status).toBe(404);
    expect(res.text).toContain('npm run build');
    expect((await request(empty).get('/remotes.json')).body).toEqual([]);
  });

  it.each([
    ['index.html', 'no-cache'],
    ['mf-manifest.json', 'no-cache'],
    ['remoteEntry.js', 'no-cache'],
    ['main.3f9a1c2b.js', 'public, max-age=31536000, immutable'],
    ['styles.0a1b2c3d4e.css', 'public, max-age=31536000, immutable'],
    ['main.3f9a1c2b.js.map', 'public, max-age=31536000, immutable'],
    ['logo.png', 'no-cache'],
  ])('cache header for %s', (file, expected) => {
    expect(cacheControlFor(`/x/${file}`)).toBe(expected);
  });
});
