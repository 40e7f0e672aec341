import { DEMO_PROJECT_IDS, ErrorCode } from '@airloom/contracts';
import { appendLogEvents } from '@airloom/gateway/public';
import { registerDevices } from '@airloom/gateway/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withProjectsChange } from '../../db/change-counters.js';
import { backends, client, createTestEnv, signedUp, type TestEnv } from '../../test/test-env.js';

describe.each(backends())('overview on %s', (backend) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(backend);
  });
  afterAll(async () => {
    await env?.close();
  });

  it('needs a session', async () => {
    const res = await client(env.app).get('/api/v1/overview');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(ErrorCode.TOKEN_MISSING);
  });

  it('a new account has no projects of its own: the demo projects are counted apart, devices and alarms empty', async () => {
    const { c } = await signedUp(env);
    const res = await c.get('/api/v1/overview');
    expect(res.body).toEqual({
      code: 0,
      data: {
        projects: { total: 0, byNetMode: { WLAN: 0, MESH: 0 }, own: 0, shared: 0, demo: 2 },
        devices: { total: 0, byType: {}, byStatus: {} },
        alarms: { unread: 0 },
      },
    });
  });

  it('counts my projects by type, and shared ones', async () => {
    const { c } = await signedUp(env);
    const { c: other, account: otherAccount } = await signedUp(env);
    await c.post('/api/v1/projects', { projectName: 'W1', scenario: 'hotel', netMode: 0 });
    await c.post('/api/v1/projects', { projectName: 'M1', scenario: 'smart-home', netMode: 1 });
    const shared = (await c.post('/api/v1/projects', { projectName: 'M2', scenario: 'campus', netMode: 1 })).body.data.id as number;
    const otherId = Number((await env.db('accounts').where({ account: otherAccount }).first('id')).id);
    await withProjectsChange(env.db, (trx) => trx('project_members').insert({ project_id: shared, account_id: otherId, share_right: 'r', shared_at: Date.now(), expires_at: null }));

    expect((await c.get('/api/v1/overview')).body.data.projects).toEqual({ total: 3, byNetMode: { WLAN: 1, MESH: 2 }, own: 3, shared: 0, demo: 2 });
    expect((await other.get('/api/v1/overview')).body.data.projects).toEqual({ total: 1, byNetMode: { WLAN: 0, MESH: 1 }, own: 0, shared: 1, demo: 2 });
  });

  it('counts the devices of my projects by type and status, not those of strangers or of the demo projects', async () => {
    const { c } = await signedUp(env);
    const { c: stranger } = await signedUp(env);
    const mine = (await c.post('/api/v1/projects', { projectName: 'Devices', scenario: 'hotel' })).body.data.id as number;
    const theirs = (await stranger.post('/api/v1/projects', { projectName: 'Theirs', scenario: 'hotel' })).body.data.id as number;
    const device = (sn: string, type: 'ap' | 'switch', projectId: number) => ({ sn, type, model: 'M', mac: '00:1A:2B:00:00:01', secret: 'secret-of-the-device-1', projectId });
    await registerDevices(env.db, [
      device('OVAP000000000001', 'ap', mine),
      device('OVSW000000000001', 'switch', mine),
      device('OVAP000000000002', 'ap', theirs),
      device('OVAP000000000003', 'ap', DEMO_PROJECT_IDS.MESH),
    ]);
    await env.db('devices').whereIn('sn', ['OVAP000000000001', 'OVAP000000000003']).update({ status: 1 });
    expect((await c.get('/api/v1/overview')).body.data.devices).toEqual({ total: 2, byType: { ap: 1, switch: 1 }, byStatus: { '0': 1, '1': 1 } });
  });

  it("counts the unread alarms of my projects, not a stranger's nor the demo projects'", async () => {
    const { c } = await signedUp(env);
    const { c: stranger } = await signedUp(env);
    const mine = (await c.post('/api/v1/projects', { projectName: 'Alarms', scenario: 'hotel' })).body.data.id as number;
    const theirs = (await stranger.post('/api/v1/projects', { projectName: 'Theirs', scenario: 'hotel' })).body.data.id as number;
    const ev = (projectId: number, event: 'device.offline' | 'device.online', read = false) => ({ projectId, sn: 'OVAL000000000001', t: Date.now(), event, read });
    await appendLogEvents(env.db, [ev(mine, 'device.offline'), ev(mine, 'device.offline'), ev(mine, 'device.offline', true), ev(mine, 'device.online'), ev(theirs, 'device.offline'), ev(DEMO_PROJECT_IDS.WLAN, 'device.offline')]);
    expect((await c.get('/api/v1/overview')).body.data.alarms).toEqual({ unread: 2 });
    expect((await c.get(`/api/v1/projects/${mine}/devices/summary`)).body.data.alarms).toBe(2);
  });

  it('a live-demo session counts the demo projects and their devices as the ones it works with', async () => {
    await registerDevices(env.db, [{ sn: 'OVSW000000000009', type: 'switch', model: 'M', mac: '00:1A:2B:00:00:09', secret: 'secret-of-the-device-9', projectId: DEMO_PROJECT_IDS.WLAN }]);
    const demo = client(env.app);
    await demo.post('/api/v1/auth/demo');
    const { projects, devices } = (await demo.get('/api/v1/overview')).body.data;
    // and the commissioning demo, shared with it read-only (db/seed-commissioning.ts)
    expect(projects).toEqual({ total: 3, byNetMode: { WLAN: 2, MESH: 1 }, own: 0, shared: 1, demo: 2 });
    expect(devices.byType.switch).toBeGreaterThanOrEqual(1);
  });
});
