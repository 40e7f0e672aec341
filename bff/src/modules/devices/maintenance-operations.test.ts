// The maintenance operations of spec §1 through POST /projects/:id/devices/:sn/operations: PoE
// reboot (a switch's port), LED control, NVR disk formatting; their fields, refusals (§4, §6) and
// where they stand (GET /projects/:id/operations/:opId).
import { randomBytes } from 'node:crypto';
import { DEMO_PROJECT_IDS, DeviceStatus, ErrorCode, OperationItemSchema, type DeviceType } from '@airloom/contracts';
import { registerDevices } from '@airloom/gateway/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withProjectsChange } from '../../db/change-counters.js';
import { backends, createTestEnv, signedUp, type Client, type TestEnv } from '../../test/test-env.js';

let serial = 0;
function newSn(): string {
  serial += 1;
  return `ALM${randomBytes(4).toString('hex').toUpperCase()}${String(serial).padStart(5, '0')}`;
}

describe.each(backends())('maintenance operations on %s', (backend) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(backend);
  });
  afterAll(async () => {
    await env?.close();
  });

  async function createProject(c: Client): Promise<number> {
    const res = await c.post('/api/v1/projects', { projectName: `M${randomBytes(3).toString('hex')}`, scenario: 'hotel' });
    expect(res.body.code).toBe(0);
    return res.body.data.id as number;
  }
  async function device(projectId: number, type: DeviceType = 'ap', values: Record<string, unknown> = {}): Promise<string> {
    const sn = newSn();
    const mac = `00:1A:2C:${randomBytes(3).toString('hex').match(/../g)!.join(':').toUpperCase()}`;
    await registerDevices(env.db, [{ sn, type, model: 'AL-M1', mac, secret: 'secret-of-the-device-1', projectId, ownerAccountId: null }]);
    await env.db('devices').where({ sn }).update({ status: DeviceStatus.ONLINE, last_seen_at: Date.now(), ip: '10.1.0.9', ...values });
    return sn;
  }
  const switchReport = JSON.stringify({
    ports: Array.from({ length: 8 }, (_, i) => ({ name: `GE${i + 1}`, up: i < 2, speed: i < 2 ? 1000 : 0, poePower: i < 2 ? 6.5 : 0 })),
    poe: { total: 120, used: 13, remaining: 107 },
  });

  it('queues a PoE reboot of a switch port, an LED mode and an NVR format with their fields; GET tells the phase', async () => {
    const { c } = await signedUp(env);
    const id = await createProject(c);
    const sw = await device(id, 'switch', { reported_json: switchReport });
    const ap = await device(id);
    const nvr = await device(id, 'nvr');
    const op = (sn: string, body: object) => c.post(`/api/v1/projects/${id}/devices/${sn}/operations`, body);

    const poe = await op(sw, { kind: 'poe-reboot', port: 2 });
    expect(poe.status).toBe(202);
    expect(OperationItemSchema.parse(poe.body.data)).toMatchObject({ sn: sw, kind: 'poe-reboot', state: 'queued', args: { port: 2 } });
    const led = await op(ap, { kind: 'led', mode: 'schedule' });
    expect(OperationItemSchema.parse(led.body.data)).toMatchObject({ kind: 'led', args: { mode: 'schedule' } });
    const format = await op(nvr, { kind: 'format-disk' });
    expect(format.status).toBe(202);
    const formatId = format.body.data.id as number;
    // a second format while the first is under way is refused as busy (71), nothing more queued
    const twice = await op(nvr, { kind: 'format-disk' });
    expect([twice.status, twice.body.code]).toEqual([400, ErrorCode.DEVICE_BUSY]);
    expect(await env.db('operations').where({ sn: nvr, kind: 'format-disk' }).select('id')).toHaveLength(1);

    // as the gateway moves it: a running format reads "formatting"; a failure carries 3000–3002
    await env.db('operations').where({ id: formatId }).update({ state: 'running' });
    expect((await c.get(`/api/v1/projects/${id}/operations/${formatId}`)).body.data).toMatchObject({ kind: 'format-disk', phase: 'formatting', percent: 50 });
    await env.db('operations').where({ id: formatId }).update({ state: 'failed', error_code: ErrorCode.DISK_ABSENT });
    expect((await c.get(`/api/v1/projects/${id}/operations/${formatId}`)).body.data).toMatchObject({ phase: 'failed', percent: 100, code: 3001 });

    // one unfinished PoE reboot per switch at a time (71)
    const again = await op(sw, { kind: 'poe-reboot', port: 3 });
    expect([again.status, again.body.code]).toEqual([400, ErrorCode.DEVICE_BUSY]);
  });

  it('refuses missing or wrong fields (400 with the field), formats of anything but an NVR and PoE reboots without PoE (35)', async () => {
    const { c } = await signedUp(env);
    const id = await createProject(c);
    const sw = await device(id, 'switch', { reported_json: switchReport });
    const ap = await device(id);
    const op = (sn: string, body: object) => c.post(`/api/v1/projects/${id}/devices/${sn}/operations`, body);

    for (const [body, field] of [
      [{ kind: 'poe-reboot' }, 'port'],
      [{ kind: 'poe-reboot', port: 0 }, 'port'],
      [{ kind: 'led' }, 'mode'],
      [{ kind: 'led', mode: 'blink' }, 'mode'],
    ] as const) {
      const res = await op(body.kind === 'led' ? ap : sw, body);
      expect([res.status, res.body.code]).toEqual([400, ErrorCode.INVALID_PARAMS]);
      expect(JSON.stringify(res.body)).toContain(field);
    }
    for (const res of [await op(ap, { kind: 'format-disk' }), await op(ap, { kind: 'poe-reboot', port: 1 }), await op(sw, { kind: 'poe-reboot', port: 9 })]) {
      expect([res.status, res.body.code]).toEqual([400, ErrorCode.DEVICE_OPERATION_UNSUPPORTED]);
    }
    expect(Number((await env.db('operations').whereIn('sn', [sw, ap]).count({ n: '*' }).first())?.n)).toBe(0);
  });

  it('refuses local management mode (76), offline (36), read-only shares (173), strangers (412) and demo projects (917)', async () => {
    const owner = await signedUp(env);
    const id = await createProject(owner.c);
    const local = await device(id, 'nvr', { management_mode: 'local' });
    const offline = await device(id, 'ap', { status: DeviceStatus.OFFLINE });
    const ap = await device(id);
    const reader = await signedUp(env);
    const readerId = Number((await env.db('accounts').where({ account: reader.account }).first('id')).id);
    await withProjectsChange(env.db, (trx) => trx('project_members').insert({ project_id: id, account_id: readerId, share_right: 'r', shared_at: Date.now(), expires_at: null }));
    const stranger = await signedUp(env);

    const cases: [Client, number, string, object, number][] = [
      [owner.c, id, local, { kind: 'format-disk' }, ErrorCode.LOCAL_MODE],
      [owner.c, id, offline, { kind: 'led', mode: 'off' }, ErrorCode.DEVICE_OFFLINE],
      [reader.c, id, ap, { kind: 'led', mode: 'off' }, ErrorCode.READ_ONLY_PROJECT],
      [stranger.c, id, ap, { kind: 'led', mode: 'off' }, ErrorCode.DATA_NOT_FOUND],
    ];
    for (const [c, projectId, sn, body, code] of cases) {
      expect((await c.post(`/api/v1/projects/${projectId}/devices/${sn}/operations`, body)).body.code).toBe(code);
    }
    const demo = await device(DEMO_PROJECT_IDS.WLAN);
    expect((await owner.c.post(`/api/v1/projects/${DEMO_PROJECT_IDS.WLAN}/devices/${demo}/operations`, { kind: 'led', mode: 'on' })).body.code).toBe(ErrorCode.DEMO_PROJECT);
    expect(Number((await env.db('operations').whereIn('sn', [local, offline, ap, demo]).count({ n: '*' }).first())?.n)).toBe(0);
  });
});
