import { DEMO_PROJECT_IDS, ErrorCode } from '@airloom/contracts';
import { registerDevices } from '@airloom/gateway';
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

  it('counts the demo projects for a new account, devices and alarms empty', async () => {
    const { c } = await signedUp(env);
    const res = await c.get('/api/v1/overview');
    expect(res.body).toEqual({
      code: 0,
      data: {
        projects: { total: 2, byNetMode: { WLAN: 1, MESH: 1 }, own: 0, shared: 0, demo: 2 },
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

    expect((await c.get('/api/v1/overview')).body.data.projects).toEqual({ total: 5, byNetMode: { WLAN: 2, MESH: 3 }, own: 3, shared: 0, demo: 2 });
    expect((await other.get('/api/v1/overview')).body.data.projects).toEqual({ total: 3, byNetMode: { WLAN: 1, MESH: 2 }, own: 0, shared: 1, demo: 2 });
  });

  it('counts the devices of every project I can see, by type and status', async () => {
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
    expect((await c.get('/api/v1/overview')).body.data.devices).toEqual({ total: 3, byType: { ap: 2, switch: 1 }, byStatus: { '0': 1, '1': 2 } });
  });
});
