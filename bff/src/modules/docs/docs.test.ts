import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from '../../test/test-env.js';

describe('API documentation', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv('sqlite');
  });
  afterAll(async () => {
    await env?.close();
  });

  it('publishes an OpenAPI 3.1 document of every fixed path, built from the contracts schemas', async () => {
    const res = await request(env.app).get('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.body;
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual(
      [
        '/auth/code', '/auth/demo', '/auth/login', '/auth/logout', '/auth/me', '/auth/reset', '/auth/signup', '/overview', '/projects', '/projects/{id}',
        '/projects/{id}/devices', '/projects/{id}/devices/summary', '/projects/{id}/devices/{sn}', '/projects/{id}/devices/{sn}/operations',
        '/projects/{id}/events', '/projects/{id}/shares', '/projects/{id}/shares/{shareId}', '/devices/unverified', '/manufacturer/devices',
        '/account/api-keys', '/account/api-keys/{keyId}', '/account/profile', '/account/password',
        '/account', '/account/company', '/account/avatar', '/account/sub-accounts', '/account/sub-accounts/{subId}', '/account/company/two-factor-policy',
        '/projects/{id}/transfer', '/projects/{id}/transfers', '/transfers/{token}', '/transfers/{token}/accept', '/transfers/{token}/decline',
        '/projects/{id}/invitations', '/invitations/{invitation}', '/invitations/{invitation}/accept',
        '/activations/summary', '/activations', '/activations/export.xlsx', '/activations/events',
        '/projects/{id}/stats/devices/{sn}', '/projects/{id}/stats/devices/{sn}/interfaces', '/projects/{id}/stats', '/projects/{id}/stats/online', '/projects/{id}/topology',
        '/projects/{id}/topology/terminals', '/projects/{id}/topology/terminals/{terminalId}',
        '/projects/{id}/floors', '/projects/{id}/floors/{floorId}', '/projects/{id}/floors/{floorId}/image',
        '/projects/{id}/floors/{floorId}/scan', '/projects/{id}/floors/{floorId}/measurements',
        '/projects/{id}/gateway/route-table', '/projects/{id}/gateway/{section}', '/projects/{id}/devices/{sn}/config/{section}',
        '/projects/{id}/config/history', '/projects/{id}/config/history/{changeId}/revert',
        '/projects/{id}/backups', '/projects/{id}/backups/schedule', '/projects/{id}/backups/upload', '/projects/{id}/backups/{backupId}', '/projects/{id}/backups/{backupId}/diff',
        '/projects/{id}/backups/{backupId}/restore', '/projects/{id}/backups/{backupId}/download',
        '/projects/{id}/notifications', '/projects/{id}/notifications/secret', '/projects/{id}/notifications/test', '/projects/{id}/notifications/deliveries',
        '/projects/{id}/clients', '/projects/{id}/clients/{mac}/offline', '/projects/{id}/blacklist', '/projects/{id}/blacklist/{mac}',
        '/projects/{id}/rf/optimisations', '/projects/{id}/rf/optimisations/{runId}', '/projects/{id}/rf/records',
        '/projects/{id}/wireless/policies', '/projects/{id}/wireless/policies/{policyId}', '/projects/{id}/wireless/apply', '/projects/{id}/wireless/pending',
        '/auth/login/two-factor', '/auth/providers', '/auth/oidc/start', '/auth/oidc/callback', '/account/sign-in-methods', '/account/sign-in-methods/{identityId}', '/account/two-factor', '/account/two-factor/setup', '/account/two-factor/enable', '/account/two-factor/disable',
        // the platform's own, declared like the rest (root ones name their server '/')
        '/healthz', '/readyz', '/remotes.json', '/openapi.json',
        '/projects/{id}/operations/{opId}',
        '/projects/{id}/logs', '/projects/{id}/logs/retention', '/projects/{id}/alarms', '/projects/{id}/alarms/read', '/projects/{id}/alarms/export',
        '/projects/{id}/devices/bulk',
        // a device's own maintenance settings and the project's maintenance window
        '/projects/{id}/devices/{sn}/reboot-schedule', '/projects/{id}/devices/{sn}/password', '/projects/{id}/devices/{sn}/management-mode',
        '/projects/{id}/devices/{sn}/copy-config', '/projects/{id}/maintenance-window',
        // remote web management: where the caller's tunnel stands, and closing it
        '/projects/{id}/devices/{sn}/remote-web',
        '/models',
        '/projects/{id}/firmware', '/projects/{id}/firmware/{imageId}', '/firmware/download/{token}', '/projects/{id}/rollouts', '/projects/{id}/rollouts/{rolloutId}/resume',
        '/projects/{id}/devices/by-code', '/projects/{id}/devices/import', '/devices/import-template.xlsx',
        // the solution designer (docs/solutions.md)
        '/solutions/recommend', '/solutions/scenarios', '/solutions/scenarios/{scenarioId}', '/solutions/partner-origins', '/solutions', '/solutions/{id}', '/solutions/{id}/pdf',
        '/solutions/{id}/shares', '/solutions/{id}/shares/{shareId}', '/solution-links/{token}', '/solution-links/{token}/pdf', '/solutions/{id}/project', '/projects/{id}/commissioning',
        // the audit log (docs/audit-log.md): a project's, and the caller's own
        '/projects/{id}/audit', '/account/audit',
      ].sort(),
    );
    expect(doc.paths['/healthz'].get.servers).toEqual([{ url: '/' }]);
    const create = doc.paths['/projects'].post.requestBody.content['application/json'].schema;
    expect(create.required).toEqual(expect.arrayContaining(['projectName', 'scenario']));
    expect(create.properties.scenario.enum).toContain('smart-home');
    expect(create.properties.zone.default).toBe('+8');
    const login = doc.paths['/auth/login'].post.requestBody.content['application/json'].schema;
    expect(login.properties.ttl).toMatchObject({ type: 'integer', minimum: 60 });
    expect(JSON.stringify(doc)).not.toContain('$schema');
  });

  it('keeps the CSRF header on every write (required with a cookie, not with a key), the security schemes, and a sentence per error code', async () => {
    const doc = (await request(env.app).get('/api/v1/openapi.json')).body;
    expect(doc.components.securitySchemes).toEqual({
      session: { type: 'apiKey', in: 'cookie', name: 'airloom_session' },
      manufacturerKey: { type: 'http', scheme: 'bearer' },
      apiKey: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, { parameters?: { name: string; in: string; required: boolean }[] }>>)) {
      for (const [method, op] of Object.entries(item)) {
        const header = op.parameters?.find((p) => p.in === 'header' && p.name === 'X-Airloom-Csrf');
        if (method === 'get') expect(header, `${method} ${path}`).toBeUndefined();
        else {
          // a write only a cookie session can make (the auth flows, API-key management) must send it;
          // one an API key or the manufacturer key may make cannot require it
          const cookieOnly = path.startsWith('/auth/') || path.startsWith('/account/');
          expect(header, `${method} ${path}`).toMatchObject({ required: cookieOnly });
        }
      }
    }
    const add = doc.paths['/projects/{id}/devices'].post;
    expect(add.operationId).toBe('devices.add');
    expect(add.security).toEqual([{ session: [] }, { apiKey: [] }]);
    expect(doc.paths['/account/api-keys'].post.security).toEqual([{ session: [] }]);
    expect(add.responses['404'].description).toContain('412: No device with serial number {{sn}} is registered.');
    expect(add.responses['201'].content['application/json'].schema.properties.data.properties.revision).toMatchObject({ type: 'integer' });
    expect(doc.paths['/manufacturer/devices'].post.security).toEqual([{ manufacturerKey: [] }, { session: [] }]);
    expect(doc.paths['/projects/{id}/devices/{sn}'].get.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'sn', in: 'path', required: true, schema: expect.objectContaining({ pattern: '^[0-9A-Za-z]*$' }) })]),
    );
  });

  it('serves a browsable docs page without inline scripts (CSP)', async () => {
    const page = await request(env.app).get('/api/v1/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const scripts = [...page.text.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/src="\/api\/v1\/docs\//);
      expect(body!.trim()).toBe('');
    }
    for (const asset of ['/api/v1/docs/assets/swagger-ui-bundle.js', '/api/v1/docs/assets/swagger-ui.css', '/api/v1/docs/init.js']) {
      const res = await request(env.app).get(asset);
      expect(res.status, asset).toBe(200);
    }
  });
});
