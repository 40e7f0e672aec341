import { randomBytes } from 'node:crypto';
import { AccountRole, DEMO_PROJECT_IDS, DeviceRegisterResponseSchema, ErrorCode } from '@airloom/contracts';
import { verifySecret } from '@airloom/gateway/testing';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, client, createTestEnv, signedUp, type TestEnv } from '../../test/test-env.js';

const KEY = 'test-manufacturer-key-0123456789abcdef';
const URL = '/api/v1/manufacturer/devices';

function manufactured(overrides: Record<string, unknown> = {}) {
  const sn = `MFG${randomBytes(6).toString('hex').toUpperCase()}X`;
  return { sn, model: 'AL-AP1', type: 'ap', mac: `00-1a-2b-${randomBytes(3).toString('hex').match(/../g)!.join('-')}`, secret: `secret-${randomBytes(8).toString('hex')}`, ...overrides };
}

describe.each(backends())('manufacturer registration on %s', (backend) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(backend, { env: { AIRLOOM_MANUFACTURER_KEY: KEY } });
  });
  afterAll(async () => {
    await env?.close();
  });

  const withKey = (body: unknown, key = KEY) => request(env.app).post(URL).set('Authorization', `Bearer ${key}`).send(body as object);

  it('refuses callers without the key or a manufacturer account, and stores nothing', async () => {
    const d = manufactured();
    const anonymous = await client(env.app).post(URL, { devices: [d] });
    expect([anonymous.status, anonymous.body.code]).toEqual([401, ErrorCode.TOKEN_MISSING]);
    const wrongKey = await withKey({ devices: [d] }, 'not-the-key');
    expect([wrongKey.status, wrongKey.body.code]).toEqual([403, ErrorCode.SIGNATURE]);
    const basic = await request(env.app).post(URL).set('Authorization', `Basic ${Buffer.from('a:b').toString('base64')}`).send({ devices: [d] });
    expect(basic.status).toBe(403);
    const { c } = await signedUp(env);
    const normal = await c.post(URL, { devices: [d] });
    expect([normal.status, normal.body.code]).toEqual([403, ErrorCode.SIGNATURE]);
    expect(await env.db('devices').where({ sn: d.sn }).first()).toBeUndefined();
  });

  it('registers devices with the key: endpoint IDs and topics back, secrets stored hashed, owner and project resolved', async () => {
    const { account } = await signedUp(env);
    const owned = manufactured({ mac: '00:1a:2b:3c:4d:5e', owner: account.toUpperCase() });
    const staged = manufactured({ projectId: DEMO_PROJECT_IDS.MESH, type: 'mesh', sn: manufactured().sn.toLowerCase() });
    const res = await withKey({ devices: [owned, staged] });
    expect(res.status).toBe(200);
    const data = DeviceRegisterResponseSchema.parse(res.body.data);
    expect(data).toMatchObject({ created: 2, updated: 0 });
    expect(data.devices[0]).toEqual({ sn: owned.sn, endpointId: `os::001A2B-${owned.sn}`, publishTopic: `usp/c/os::001A2B-${owned.sn}`, subscribeTopic: `usp/a/os::001A2B-${owned.sn}/#` });

    const row = await env.db('devices').where({ sn: owned.sn }).first();
    expect(row).toMatchObject({ mac: '00:1A:2B:3C:4D:5E', type: 'ap', model: 'AL-AP1', project_id: null });
    expect(Number(row.owner_account_id)).toBe(Number((await env.db('accounts').where({ account }).first('id')).id));
    expect(row.secret_hash).not.toContain(owned.secret);
    expect(await verifySecret(owned.secret, row.secret_hash)).toBe(true);
    expect(Number((await env.db('devices').where({ sn: staged.sn.toUpperCase() }).first()).project_id)).toBe(DEMO_PROJECT_IDS.MESH);

    const again = await withKey({ devices: [{ ...owned, secret: 'a-brand-new-secret-123' }] });
    expect(again.body.data).toMatchObject({ created: 0, updated: 1 });
    expect(await verifySecret('a-brand-new-secret-123', (await env.db('devices').where({ sn: owned.sn }).first()).secret_hash)).toBe(true);
  });

  it('names the rows it cannot take (unknown owner, missing project, bad fields) and stores none of the batch', async () => {
    const good = manufactured();
    const cases: [unknown, string][] = [
      [{ devices: [good, manufactured({ owner: 'nobody@example.com' })] }, 'devices.1.owner'],
      [{ devices: [manufactured({ projectId: 999_999_999 }), good] }, 'devices.0.projectId'],
      [{ devices: [good, manufactured({ mac: 'zz' })] }, 'devices.1.mac'],
      [{ devices: [manufactured({ secret: 'short' })] }, 'devices.0.secret'],
      [{ devices: [manufactured({ type: 'toaster' })] }, 'devices.0.type'],
      [{ devices: [good, { ...good }] }, 'devices.1.sn'],
      [{ devices: [] }, 'devices'],
      [{ devices: Array.from({ length: 501 }, () => good) }, 'devices'],
    ];
    for (const [body, field] of cases) {
      const res = await withKey(body);
      expect(res.status, field).toBe(400);
      expect(res.body.code, field).toBe(ErrorCode.INVALID_PARAMS);
      expect(Object.keys(res.body.fields), field).toContain(field);
    }
    expect(await env.db('devices').where({ sn: good.sn }).first()).toBeUndefined();
  });

  it('reads a full batch of 500 devices, larger than the usual API body limit', async () => {
    // the last row's owner is unknown, so the batch is read and checked but not hashed (scrypt is slow by design)
    const devices = Array.from({ length: 500 }, (_, i) => manufactured({ model: 'M'.repeat(32), secret: 's'.repeat(64), ...(i === 499 ? { owner: 'nobody-at-all@example.com' } : {}) }));
    const body = { devices };
    expect(JSON.stringify(body).length).toBeGreaterThan(64 * 1024);
    const res = await withKey(body);
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ 'devices.499.owner': 'rules.deviceOwner.unknown' });
  });

  it('skips the CSRF header only for a key on this path', async () => {
    const { c } = await signedUp(env);
    // a Bearer header elsewhere does not excuse a cookie-authenticated write from the CSRF header
    const elsewhere = await c.agent.post('/api/v1/projects').set('Authorization', `Bearer ${KEY}`).send({ projectName: 'NoCsrf', scenario: 'hotel' });
    expect([elsewhere.status, elsewhere.body.code]).toEqual([403, ErrorCode.SIGNATURE]);
    // the key's path: judged by the key alone, the session cookie does not help a wrong key
    const wrong = await c.agent.post(URL).set('Authorization', 'Bearer wrong').send({ devices: [manufactured()] });
    expect(wrong.status).toBe(403);
  });

  it('lets a manufacturer account register from its session', async () => {
    const { c, account } = await signedUp(env);
    await env.db('accounts').where({ account }).update({ role: AccountRole.MANUFACTURER });
    const d = manufactured();
    const res = await c.post(URL, { devices: [d] });
    expect(res.status).toBe(200);
    expect(res.body.data.created).toBe(1);
  });
});

describe('manufacturer key', () => {
  it('is required: without AIRLOOM_MANUFACTURER_KEY no key is accepted', async () => {
    const env = await createTestEnv('sqlite');
    try {
      const res = await request(env.app).post(URL).set('Authorization', 'Bearer ').send({ devices: [manufactured()] });
      expect(res.status).toBe(403);
      const undefinedKey = await request(env.app).post(URL).set('Authorization', 'Bearer undefined').send({ devices: [manufactured()] });
      expect(undefinedKey.status).toBe(403);
    } finally {
      await env.close();
    }
  });
});
