import { randomBytes } from 'node:crypto';
import { BulkResponseSchema, DEMO_PROJECT_IDS, ROLLOUT_DEFAULTS, DeviceStatus, ErrorCode, type DeviceType } from '@airloom/contracts';
import { registerDevices } from '@airloom/gateway/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withProjectsChange } from '../../db/change-counters.js';
import { backends, client, createTestEnv, signedUp, type Client, type TestEnv } from '../../test/test-env.js';

let serial = 0;
function newSn(): string {
  serial += 1;
  return `ALB${randomBytes(4).toString('hex').toUpperCase()}${String(serial).padStart(5, '0')}`;
}

describe.each(backends())('bulk device actions on %s', (backend) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(backend);
  });
  afterAll(async () => {
    await env?.close();
  });

  async function createProject(c: Client): Promise<number> {
    const res = await c.post('/api/v1/projects', { projectName: `B${randomBytes(3).toString('hex')}`, scenario: 'hotel' });
    expect(res.body.code).toBe(0);
    return res.body.data.id as number;
  }
  async function device(projectId: number | null, values: Record<string, unknown> = {}, type: DeviceType = 'ap'): Promise<string> {
    const sn = newSn();
    const mac = `00:1A:2C:${randomBytes(3).toString('hex').match(/../g)!.join(':').toUpperCase()}`;
    await registerDevices(env.db, [{ sn, type, model: 'AL-AP620', mac, secret: 'secret-of-the-device-1', projectId, ownerAccountId: null }]);
    await env.db('devices').where({ sn }).update({ status: DeviceStatus.ONLINE, last_seen_at: Date.now(), ip: '10.1.0.9', name: 'Factory', ...values });
    return sn;
  }
  const bulk = (c: Client, id: number, body: unknown) => c.post(`/api/v1/projects/${id}/devices/bulk`, body);

  it('restarts the devices it may and reports each other one with its reason, in the order asked', async () => {
    const { c } = await signedUp(env);
    const id = await createProject(c);
    const online = await device(id);
    const second = await device(id);
    const offline = await device(id, { status: DeviceStatus.OFFLINE });
    const rebooting = await device(id, { status: DeviceStatus.REBOOTING });
    const elsewhere = await device(await createProject((await signedUp(env)).c));

    const res = await bulk(c, id, { kind: 'reboot', sns: [online, offline, rebooting, elsewhere, second] });
    expect(res.status).toBe(200);
    const data = BulkResponseSchema.parse(res.body.data);
    expect(data.results.map((r) => [r.sn, r.outcome, r.error?.code ?? null])).toEqual([
      [online, 'succeeded', null],
      [offline, 'refused', ErrorCode.DEVICE_OFFLINE],
      [rebooting, 'refused', ErrorCode.DEVICE_BUSY],
      [elsewhere, 'refused', ErrorCode.DATA_NOT_FOUND],
      [second, 'succeeded', null],
    ]);
    expect([data.succeeded, data.refused, data.failed]).toEqual([2, 3, 0]);
    expect(data.results[1]!.error!.message).toMatch(/\w/);
    // one queued reboot per device that succeeded, none for the others
    const ops = await env.db('operations').whereIn('sn', [online, second, offline, rebooting, elsewhere]).select('id', 'sn', 'kind', 'state');
    expect(ops.map((o) => o.sn).sort()).toEqual([online, second].sort());
    expect(ops.find((o) => o.sn === online)).toMatchObject({ id: data.results[0]!.operationId, kind: 'reboot', state: 'queued' });

    // a second bulk restart of the same device meets the first (busy, 71) and queues nothing
    const again = BulkResponseSchema.parse((await bulk(c, id, { kind: 'reboot', sns: [online] })).body.data);
    expect(again.results[0]).toMatchObject({ outcome: 'refused', error: { code: ErrorCode.DEVICE_BUSY } });
  });

  it('sets the LED of many devices at once with the chosen mode; an offline one is refused; no mode is a bad request', async () => {
    const { c } = await signedUp(env);
    const id = await createProject(c);
    const a = await device(id);
    const b = await device(id);
    const offline = await device(id, { status: DeviceStatus.OFFLINE });
    const missing = await bulk(c, id, { kind: 'led', sns: [a] });
    expect([missing.status, missing.body.code]).toEqual([400, ErrorCode.INVALID_PARAMS]);
    expect(await env.db('operations').whereIn('sn', [a, b, offline]).select('id')).toEqual([]);

    const data = BulkResponseSchema.parse((await bulk(c, id, { kind: 'led', mode: 'off', sns: [a, offline, b] })).body.data);
    expect(data.results.map((r) => [r.sn, r.outcome, r.error?.code ?? null])).toEqual([
      [a, 'succeeded', null],
      [offline, 'refused', ErrorCode.DEVICE_OFFLINE],
      [b, 'succeeded', null],
    ]);
    // each queued LED change carries the mode the device is told
    const ops = (await env.db('operations').whereIn('sn', [a, b, offline]).select('sn', 'kind', 'args_json')) as { sn: string; kind: string; args_json: string }[];
    expect(ops.map((o) => [o.sn, o.kind, JSON.parse(o.args_json)]).sort()).toEqual([[a, 'led', { mode: 'off' }], [b, 'led', { mode: 'off' }]].sort());
  });

  it('upgrades many devices as a staged rollout with the rollout defaults: the canary starts at once, the others wait for their wave, an offline canary is refused with its reason', async () => {
    const { c } = await signedUp(env);
    const id = await createProject(c);
    const old = { software_version: 'V2.3.0' };
    const offline = await device(id, { ...old, status: DeviceStatus.OFFLINE });
    const a = await device(id, old);
    const b = await device(id, old);
    const d = await device(id, old);

    // canary: a quarter of four devices, the first asked (offline); the others are the next wave
    const res = await bulk(c, id, { kind: 'upgrade', sns: [offline, a, b, d], canaryPercent: 25 });
    expect(res.status).toBe(200);
    const data = BulkResponseSchema.parse(res.body.data);
    expect(data.kind).toBe('upgrade');
    expect(data.rollout).toMatchObject({ state: 'running', waves: 2, canaryPercent: 25, waveSize: ROLLOUT_DEFAULTS.waveSize, haltPercent: ROLLOUT_DEFAULTS.haltPercent, maxDownloads: ROLLOUT_DEFAULTS.maxDownloads });
    expect(data.results.map((r) => [r.sn, r.outcome, r.error?.code ?? null])).toEqual([
      [offline, 'refused', ErrorCode.DEVICE_OFFLINE],
      [a, 'succeeded', null],
      [b, 'succeeded', null],
      [d, 'succeeded', null],
    ]);
    expect([data.succeeded, data.refused, data.failed]).toEqual([3, 1, 0]);
    expect(data.rollout!.devices.map((r) => [r.sn, r.wave, r.outcome])).toEqual([
      [offline, 0, 'refused'],
      [a, 1, 'pending'],
      [b, 1, 'pending'],
      [d, 1, 'pending'],
    ]);
    // nothing queued yet: the canary was refused and the wave after it waits for the rollout to go on
    expect(await env.db('operations').whereIn('sn', [offline, a, b, d]).select('id')).toEqual([]);
    // the rollout screen lists the same rollout
    expect((await c.get(`/api/v1/projects/${id}/rollouts`)).body.data.items.map((r: { id: number }) => r.id)).toEqual([data.rollout!.id]);

    // with an online canary and the default plan: 10 % of two is one device, upgraded to the recommended version now
    const e = await device(id, old);
    const f = await device(id, old);
    const second = BulkResponseSchema.parse((await bulk(c, id, { kind: 'upgrade', sns: [e, f] })).body.data);
    expect(second.rollout).toMatchObject({ canaryPercent: ROLLOUT_DEFAULTS.canaryPercent, waves: 2 });
    expect(second.results.map((r) => r.outcome)).toEqual(['succeeded', 'succeeded']);
    const ops = (await env.db('operations').whereIn('sn', [e, f]).select('id', 'sn', 'kind', 'state', 'args_json')) as { id: number; sn: string; kind: string; state: string; args_json: string }[];
    expect(ops.map((o) => [o.sn, o.kind, o.state])).toEqual([[e, 'upgrade', 'queued']]);
    expect(JSON.parse(ops[0]!.args_json)).toMatchObject({ version: 'V2.4.0' });
    expect(second.results[0]!.operationId).toBe(Number(ops[0]!.id));
    expect(second.results[1]!.operationId).toBeNull();

    // a target of both a version and an uploaded image, or a wave of none, is a bad request that starts nothing
    for (const body of [{ kind: 'upgrade', sns: [a], version: 'V2.5.1', imageId: 1 }, { kind: 'upgrade', sns: [a], waveSize: 0 }]) {
      const bad = await bulk(c, id, body);
      expect([bad.status, bad.body.code]).toEqual([400, ErrorCode.INVALID_PARAMS]);
    }
    expect((await c.get(`/api/v1/projects/${id}/rollouts`)).body.data.items).toHaveLength(2);
  });

  it('removes many devices from the project at once; they stay registered', async () => {
    const { c } = await signedUp(env);
    const id = await createProject(c);
    const a = await device(id);
    const b = await device(id, { status: DeviceStatus.OFFLINE });
    const data = BulkResponseSchema.parse((await bulk(c, id, { kind: 'delete', sns: [a, b] })).body.data);
    expect(data.results.map((r) => r.outcome)).toEqual(['succeeded', 'succeeded']);
    expect((await c.get(`/api/v1/projects/${id}/devices`)).body.data.total).toBe(0);
    expect(Number((await env.db('devices').whereIn('sn', [a, b]).whereNull('project_id').count({ n: '*' }).first())?.n)).toBe(2);
  });

  it('refuses a read-only guest (173) and demo projects (917) before touching any device, and invalid requests (400)', async () => {
    const owner = await signedUp(env);
    const guest = await signedUp(env);
    const id = await createProject(owner.c);
    const sn = await device(id);
    const guestId = Number((await env.db('accounts').where({ account: guest.account }).first('id')).id);
    await withProjectsChange(env.db, (trx) => trx('project_members').insert({ project_id: id, account_id: guestId, share_right: 'r', shared_at: Date.now(), expires_at: null }));
    const read = await bulk(guest.c, id, { kind: 'reboot', sns: [sn] });
    expect([read.status, read.body.code]).toEqual([403, ErrorCode.READ_ONLY_PROJECT]);

    const demoSn = await device(DEMO_PROJECT_IDS.WLAN);
    const demo = client(env.app);
    expect((await demo.post('/api/v1/auth/demo')).body.code).toBe(0);
    const refused = await bulk(demo, DEMO_PROJECT_IDS.WLAN, { kind: 'delete', sns: [demoSn] });
    expect([refused.status, refused.body.code]).toEqual([403, ErrorCode.DEMO_PROJECT]);
    expect(await env.db('devices').where({ sn: demoSn }).first()).toMatchObject({ project_id: DEMO_PROJECT_IDS.WLAN });

    for (const body of [{ kind: 'reboot', sns: [] }, { kind: 'reboot', sns: [sn, sn] }, { kind: 'explode', sns: [sn] }, { kind: 'reboot', sns: Array.from({ length: 501 }, newSn) }]) {
      const res = await bulk(owner.c, id, body);
      expect([res.status, res.body.code]).toEqual([400, ErrorCode.INVALID_PARAMS]);
    }
    expect(Number((await env.db('operations').where({ sn }).count({ n: '*' }).first())?.n)).toBe(0);
  });
});
