import { randomBytes } from 'node:crypto';
import { DEMO_PROJECT_IDS, DeviceDetailSchema, DeviceItemSchema, DeviceStatus, ErrorCode, OperationItemSchema, OperationStatusSchema, type DeviceType } from '@airloom/contracts';
import { createBus, type Bus } from '@airloom/gateway/public';
import { registerDevices } from '@airloom/gateway/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withProjectsChange } from '../../db/change-counters.js';
import { createLogger } from '../../logger.js';
import { backends, client, createTestEnv, signedUp, pairedWithBrokers, type Client, type TestEnv } from '../../test/test-env.js';

let serial = 0;
/** A fresh registered-looking SN per call (16 letters/digits). */
function newSn(): string {
  serial += 1;
  return `ALT${randomBytes(4).toString('hex').toUpperCase()}${String(serial).padStart(5, '0')}`;
}

const cases = pairedWithBrokers(backends());

describe.each(cases)('device API on %s with %s', (backend, broker) => {
  let env: TestEnv;
  let listener: Bus;
  const nudges: string[] = [];
  beforeAll(async () => {
    env = await createTestEnv(backend, { broker });
    listener = createBus({ mqttUrl: env.broker!.url, protocolVersion: env.broker!.protocolVersion, clientId: `nudge-listener-${randomBytes(3).toString('hex')}`, logger: createLogger({ level: 'silent' }) });
    listener.onNudge((sn) => nudges.push(sn));
    await listener.ready();
  });
  afterAll(async () => {
    await listener?.close();
    await env?.close();
  });

  const accountId = async (account: string): Promise<number> => Number((await env.db('accounts').where({ account }).first('id')).id);
  async function createProject(c: Client): Promise<number> {
    const res = await c.post('/api/v1/projects', { projectName: `P${randomBytes(3).toString('hex')}`, scenario: 'hotel' });
    expect(res.body.code).toBe(0);
    return res.body.data.id as number;
  }
  async function share(projectId: number, account: string, right: 'rw' | 'r', expiresAt: number | null = null) {
    const id = await accountId(account);
    await withProjectsChange(env.db, (trx) => trx('project_members').insert({ project_id: projectId, account_id: id, share_right: right, shared_at: Date.now(), expires_at: expiresAt }));
  }
  /** Registers a device as the manufacturer would; status and reported values as the gateway would write them. */
  async function device(projectId: number | null, values: Record<string, unknown> = {}, type: DeviceType = 'ap', ownerAccountId: number | null = null): Promise<string> {
    const sn = newSn();
    const mac = `00:1A:2B:${randomBytes(3).toString('hex').match(/../g)!.join(':').toUpperCase()}`;
    await registerDevices(env.db, [{ sn, type, model: 'AL-AP1', mac, secret: 'secret-of-the-device-1', projectId, ownerAccountId }]);
    await env.db('devices').where({ sn }).update({ status: DeviceStatus.ONLINE, last_seen_at: Date.now(), ip: '10.1.0.5', name: 'Factory', ...values });
    return sn;
  }
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
    expect(check()).toBe(true);
  };

  it('lists a project\'s devices with filters, a summary and one device\'s details', async () => {
    const { c } = await signedUp(env);
    const id = await createProject(c);
    const ap = await device(id, { name: 'Lobby', clients: 3, reported_json: JSON.stringify({ radios: [{ band: '5GHz', channel: 36, power: 80, noise: -90 }], ssids: ['Guest'] }) });
    const sw = await device(id, { name: 'Core', clients: 0 }, 'switch');
    const off = await device(id, { name: 'Garden', status: DeviceStatus.OFFLINE, clients: 7 });
    await device(await createProject(c)); // another project of the same owner

    const list = await c.get(`/api/v1/projects/${id}/devices`);
    expect(list.status).toBe(200);
    expect(list.body.code).toBe(0);
    expect(list.body.data.total).toBe(3);
    for (const item of list.body.data.items) expect(DeviceItemSchema.parse(item)).toEqual(item);
    expect(list.body.data.items.find((i: { sn: string }) => i.sn === ap)).toMatchObject({ name: 'Lobby', type: 'ap', status: 1, clients: 3, pendingConfig: false, operation: null });

    const sns = async (query: string) => (await c.get(`/api/v1/projects/${id}/devices?${query}`)).body.data.items.map((i: { sn: string }) => i.sn).sort();
    expect(await sns('type=switch')).toEqual([sw]);
    expect(await sns('state=offline')).toEqual([off]);
    expect(await sns('state=online')).toEqual([ap, sw].sort());
    expect(await sns('search=GARD')).toEqual([off]);
    expect(await sns(`search=${ap.toLowerCase()}`)).toEqual([ap]);

    const summary = await c.get(`/api/v1/projects/${id}/devices/summary`);
    expect(summary.body.data).toEqual({ byType: [{ type: 'ap', online: 1, offline: 1, restarting: 0 }, { type: 'switch', online: 1, offline: 0, restarting: 0 }], online: 2, offline: 1, restarting: 0, clients: 3, alarms: 0 });

    const detail = await c.get(`/api/v1/projects/${id}/devices/${ap.toLowerCase()}`);
    expect(detail.status).toBe(200);
    expect(DeviceDetailSchema.parse(detail.body.data)).toMatchObject({ sn: ap, radios: [{ band: '5GHz', channel: 36 }], ssids: ['Guest'], ports: [], history: [] });
  });

  it('answers bad input with 400 and the fields, never 500', async () => {
    const { c } = await signedUp(env);
    const id = await createProject(c);
    const sn = await device(id);
    const bad: [string, () => Promise<{ status: number; body: { code: number; fields?: Record<string, string> } }>, string][] = [
      ['unknown state filter', () => c.get(`/api/v1/projects/${id}/devices?state=sleeping`), 'state'],
      ['repeated type filter', () => c.get(`/api/v1/projects/${id}/devices?type=ap&type=switch`), 'type'],
      ['search too long', () => c.get(`/api/v1/projects/${id}/devices?search=${'x'.repeat(65)}`), 'search'],
      ['short SN in the path', () => c.get(`/api/v1/projects/${id}/devices/ABC`), 'sn'],
      ['SN with symbols', () => c.get(`/api/v1/projects/${id}/devices/${'A'.repeat(15)}%27`), 'sn'],
      ['project id not a number', () => c.get('/api/v1/projects/abc/devices'), 'id'],
      ['rename without a name', () => c.patch(`/api/v1/projects/${id}/devices/${sn}`, {}), 'name'],
      ['name with a space', () => c.patch(`/api/v1/projects/${id}/devices/${sn}`, { name: 'two words' }), 'name'],
      ['name too long', () => c.patch(`/api/v1/projects/${id}/devices/${sn}`, { name: 'x'.repeat(17) }), 'name'],
      ['name not a string', () => c.patch(`/api/v1/projects/${id}/devices/${sn}`, { name: 42 }), 'name'],
      ['unknown operation', () => c.post(`/api/v1/projects/${id}/devices/${sn}/operations`, { kind: 'explode' }), 'kind'],
      ['add without SN', () => c.post(`/api/v1/projects/${id}/devices`, { name: 'x' }), 'sn'],
      ['add with an array body', () => c.post(`/api/v1/projects/${id}/devices`, [sn]), '_'],
    ];
    for (const [what, call, field] of bad) {
      const res = await call();
      expect(res.status, what).toBe(400);
      expect(res.body.code, what).toBe(ErrorCode.INVALID_PARAMS);
      expect(Object.keys(res.body.fields ?? {}), what).toContain(field);
    }
    const malformed = await c.agent.patch(`/api/v1/projects/${id}/devices/${sn}`).set('X-Airloom-Csrf', '1').set('Content-Type', 'application/json').send('{"name":');
    expect(malformed.status).toBe(400);
    expect((await env.db('devices').where({ sn }).first()).config_version).toBe(0);
  });

  it('applies the permission rules: owner and read-write may change, others are refused with their code', async () => {
    const owner = await signedUp(env);
    const rw = await signedUp(env);
    const r = await signedUp(env);
    const expired = await signedUp(env);
    const stranger = await signedUp(env);
    const id = await createProject(owner.c);
    await share(id, rw.account, 'rw');
    await share(id, r.account, 'r');
    await share(id, expired.account, 'rw', Date.now() - 1000);
    const sn = await device(id);
    const rename = (c: Client, name: string) => c.patch(`/api/v1/projects/${id}/devices/${sn}`, { name });

    const byOwner = await rename(owner.c, 'ByOwner');
    expect(byOwner.status).toBe(200);
    expect(DeviceItemSchema.parse(byOwner.body.data)).toMatchObject({ sn, name: 'ByOwner', pendingConfig: true });
    await until(() => nudges.includes(sn));
    expect((await rename(rw.c, 'ByShare')).body.data).toMatchObject({ name: 'ByShare', pendingConfig: true });
    expect(await env.db('devices').where({ sn }).first()).toMatchObject({ desired_name: 'ByShare', config_version: 2 });

    // read-only share: may look, not change
    expect((await r.c.get(`/api/v1/projects/${id}/devices`)).body.data.total).toBe(1);
    const refused = await rename(r.c, 'ByReader');
    expect([refused.status, refused.body.code]).toEqual([403, ErrorCode.READ_ONLY_PROJECT]);
    // expired share and strangers learn nothing, not even that the project exists
    for (const c of [expired.c, stranger.c]) {
      for (const res of [await c.get(`/api/v1/projects/${id}/devices`), await c.get(`/api/v1/projects/${id}/devices/${sn}`), await rename(c, 'Nope'), await c.post(`/api/v1/projects/${id}/devices/${sn}/operations`, { kind: 'reboot' })]) {
        expect([res.status, res.body.code]).toEqual([404, ErrorCode.DATA_NOT_FOUND]);
      }
    }
    // a device of another project is not found through this one
    const foreign = await device(await createProject(stranger.c));
    for (const res of [await owner.c.get(`/api/v1/projects/${id}/devices/${foreign}`), await owner.c.patch(`/api/v1/projects/${id}/devices/${foreign}`, { name: 'Mine' }), await owner.c.del(`/api/v1/projects/${id}/devices/${foreign}`)]) {
      expect([res.status, res.body.code]).toEqual([404, ErrorCode.DATA_NOT_FOUND]);
    }
    expect(await env.db('devices').where({ sn: foreign }).first()).toMatchObject({ desired_name: null, project_id: expect.any(Number) });
    expect(await env.db('devices').where({ sn }).first()).toMatchObject({ desired_name: 'ByShare', config_version: 2 });
  });

  it('refuses changes to demo projects (917) for everybody, including the live demo', async () => {
    const sn = await device(DEMO_PROJECT_IDS.WLAN);
    const demo = client(env.app);
    expect((await demo.post('/api/v1/auth/demo')).body.code).toBe(0);
    const { c } = await signedUp(env);
    for (const who of [demo, c]) {
      expect((await who.get(`/api/v1/projects/${DEMO_PROJECT_IDS.WLAN}/devices`)).body.data.items.map((i: { sn: string }) => i.sn)).toContain(sn);
      for (const res of [
        await who.patch(`/api/v1/projects/${DEMO_PROJECT_IDS.WLAN}/devices/${sn}`, { name: 'Mine' }),
        await who.post(`/api/v1/projects/${DEMO_PROJECT_IDS.WLAN}/devices/${sn}/operations`, { kind: 'reboot' }),
        await who.del(`/api/v1/projects/${DEMO_PROJECT_IDS.WLAN}/devices/${sn}`),
        await who.post(`/api/v1/projects/${DEMO_PROJECT_IDS.WLAN}/devices`, { sn: newSn() }),
      ]) {
        expect([res.status, res.body.code]).toEqual([403, ErrorCode.DEMO_PROJECT]);
      }
    }
    expect(await env.db('devices').where({ sn }).first()).toMatchObject({ desired_name: null, project_id: DEMO_PROJECT_IDS.WLAN });
  });

  it('refuses offline (36) and busy (71) devices; one unfinished operation of a kind at a time', async () => {
    const { c } = await signedUp(env);
    const id = await createProject(c);
    const offline = await device(id, { status: DeviceStatus.OFFLINE });
    const rebooting = await device(id, { status: DeviceStatus.REBOOTING });
    const online = await device(id);
    const op = (sn: string, kind: string) => c.post(`/api/v1/projects/${id}/devices/${sn}/operations`, { kind });

    for (const res of [await c.patch(`/api/v1/projects/${id}/devices/${offline}`, { name: 'Off' }), await op(offline, 'reboot'), await op(offline, 'locate'), await op(offline, 'reset')]) {
      expect([res.status, res.body.code]).toEqual([400, ErrorCode.DEVICE_OFFLINE]);
    }
    for (const res of [await c.patch(`/api/v1/projects/${id}/devices/${rebooting}`, { name: 'Busy' }), await op(rebooting, 'reboot')]) {
      expect([res.status, res.body.code]).toEqual([400, ErrorCode.DEVICE_BUSY]);
    }

    const reboot = await op(online, 'reboot');
    expect(reboot.status).toBe(202);
    expect(OperationItemSchema.parse(reboot.body.data)).toMatchObject({ projectId: id, sn: online, kind: 'reboot', state: 'queued', error: null });
    const resettable = await device(id);
    expect(OperationItemSchema.parse((await op(resettable, 'reset')).body.data)).toMatchObject({ sn: resettable, kind: 'reset', state: 'queued' });
    const again = await op(online, 'reboot');
    expect([again.status, again.body.code]).toEqual([400, ErrorCode.DEVICE_BUSY]);
    expect((await op(online, 'locate')).status).toBe(202);
    expect(Number((await env.db('operations').where({ sn: online }).count({ n: '*' }).first())?.n)).toBe(2);
    expect((await c.get(`/api/v1/projects/${id}/devices/${online}`)).body.data.operation).toMatchObject({ state: 'queued' });
  });

  it('answers where an operation stands (state, phase, percent, code), and only within its project', async () => {
    const { c } = await signedUp(env);
    const id = await createProject(c);
    const other = await createProject(c);
    const sn = await device(id);
    const reboot = (await c.post(`/api/v1/projects/${id}/devices/${sn}/operations`, { kind: 'reboot' })).body.data.id as number;
    const status = async (projectId: number, opId: number | string) => c.get(`/api/v1/projects/${projectId}/operations/${opId}`);

    const queued = await status(id, reboot);
    expect(queued.status).toBe(200);
    expect(OperationStatusSchema.parse(queued.body.data)).toEqual({ id: reboot, sn, kind: 'reboot', state: 'queued', phase: 'waiting', percent: 0, code: null });

    // as the gateway moves it: running a reboot means the device is restarting; expired carries 36
    await env.db('operations').where({ id: reboot }).update({ state: 'running' });
    expect((await status(id, reboot)).body.data).toMatchObject({ state: 'running', phase: 'restarting', percent: 80, code: null });
    await env.db('operations').where({ id: reboot }).update({ state: 'expired', error_code: ErrorCode.DEVICE_OFFLINE });
    expect((await status(id, reboot)).body.data).toMatchObject({ state: 'expired', phase: 'failed', percent: 100, code: ErrorCode.DEVICE_OFFLINE });
    const locate = (await c.post(`/api/v1/projects/${id}/devices/${sn}/operations`, { kind: 'locate' })).body.data.id as number;
    await env.db('operations').where({ id: locate }).update({ state: 'running' });
    expect((await status(id, locate)).body.data).toMatchObject({ kind: 'locate', phase: 'running' });
    await env.db('operations').where({ id: locate }).update({ state: 'done' });
    expect((await status(id, locate)).body.data).toMatchObject({ phase: 'success', percent: 100, code: null });

    // another project's operation is answered like a missing one; a malformed id is a 400 with the field
    for (const res of [await status(other, reboot), await status(id, 2_000_000_000)]) expect([res.status, res.body.code]).toEqual([404, ErrorCode.DATA_NOT_FOUND]);
    const bad = await status(id, 'abc');
    expect([bad.status, bad.body.code]).toEqual([400, ErrorCode.INVALID_PARAMS]);
    // a stranger learns nothing about it
    const stranger = await signedUp(env);
    expect((await stranger.c.get(`/api/v1/projects/${id}/operations/${reboot}`)).body.code).toBe(ErrorCode.DATA_NOT_FOUND);
  });

  it('adds a registered device by SN once, refuses unknown, bound and foreign ones, and removes it again', async () => {
    const owner = await signedUp(env);
    const other = await signedUp(env);
    const id = await createProject(owner.c);
    const otherId = await createProject(other.c);
    const free = await device(null);
    const mine = await device(null, {}, 'ap', await accountId(owner.account));
    const sold = await device(null, {}, 'ap', await accountId(other.account));
    const bound = await device(otherId);
    const add = (sn: string, name?: string) => owner.c.post(`/api/v1/projects/${id}/devices`, { sn, ...(name ? { name } : {}) });

    const unknown = await add(newSn());
    expect([unknown.status, unknown.body.code]).toEqual([404, ErrorCode.DATA_NOT_FOUND]);
    for (const sn of [bound, sold]) {
      const res = await add(sn);
      expect([res.status, res.body.code]).toEqual([400, ErrorCode.ADD_DEVICE_FAILED]);
    }
    const added = await add(free.toLowerCase(), 'Hall');
    expect(added.status).toBe(201);
    expect(DeviceItemSchema.parse(added.body.data)).toMatchObject({ sn: free, name: 'Hall', pendingConfig: true });
    await until(() => nudges.includes(free));
    expect((await add(mine)).body.data).toMatchObject({ sn: mine, name: 'Factory', pendingConfig: false });
    const twice = await other.c.post(`/api/v1/projects/${otherId}/devices`, { sn: free });
    expect([twice.status, twice.body.code]).toEqual([400, ErrorCode.ADD_DEVICE_FAILED]);
    expect((await owner.c.get(`/api/v1/projects/${id}/devices`)).body.data.total).toBe(2);

    const removed = await owner.c.del(`/api/v1/projects/${id}/devices/${free}`);
    expect(removed.body).toEqual({ code: 0, data: null });
    expect((await owner.c.get(`/api/v1/projects/${id}/devices/${free}`)).status).toBe(404);
    expect((await other.c.post(`/api/v1/projects/${otherId}/devices`, { sn: free })).status).toBe(201);

    // deleting a project frees its devices
    expect((await owner.c.del(`/api/v1/projects/${id}`)).body.code).toBe(0);
    expect(await env.db('devices').where({ sn: mine }).first()).toMatchObject({ project_id: null });
  });

  it('lists my devices that connected and are in no project as unverified', async () => {
    const me = await signedUp(env);
    const meId = await accountId(me.account);
    const waiting = await device(null, { ip: '10.9.9.9' }, 'switch', meId);
    await device(null, { last_seen_at: null }, 'ap', meId); // never connected
    await device(await createProject(me.c), {}, 'ap', meId); // in a project already
    await device(null, {}, 'ap', null); // nobody's
    const res = await me.c.get('/api/v1/devices/unverified');
    expect(res.body.data).toEqual({ total: 1, items: [{ sn: waiting, type: 'switch', model: 'AL-AP1', mac: expect.any(String), ip: '10.9.9.9', lastSeenAt: expect.any(String) }] });
    expect((await client(env.app).get('/api/v1/devices/unverified')).status).toBe(401);
  });
});
