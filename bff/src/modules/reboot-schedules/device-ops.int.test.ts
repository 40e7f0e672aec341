// A device's own maintenance settings through the real parts. The device password: checked by the
// spec §5 rule, Set on the simulated agent, which then accepts it, and found nowhere in the database
// or in anything the console logged (at debug level). Scheduled and cyclic reboots: the schedule is
// set over the HTTP API; the job
// of two console instances (a second one on its own database connection, as after a restart or beside
// another BFF) takes each due slot; a simulated USP agent on the broker (the embedded one, or Mosquitto
// with CI=true) restarts exactly once per slot. An offline device's slot is skipped and the skip is in
// the run log. The job's clock is the test's: slots come without sleeping.
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { DeviceStatus, ErrorCode, isDeviceOnline } from '@airloom/contracts';
import { Agent, FACTORY_ADMIN_PASSWORD, type DeviceSpec } from '@airloom/device-sim';
import type { Knex } from 'knex';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../db/db.js';
import { createLogger } from '../../logger.js';
import { startLiveGateway, type LiveGateway } from '../../test/live-gateway.js';
import { backends, client, createTestEnv, PASSWORD, signedUp, pairedWithBrokers, type Client, type TestEnv } from '../../test/test-env.js';
import { maintenanceWindowJobOn, type OpenWindow, type WindowDevice } from './maintenance-window.js';
import { rebootSchedulerOn, type RebootScheduler } from './reboot-schedules.scheduler.js';

const KEY = 'reboot-schedule-manufacturer-key-0123456789';
const TIME_SCALE = 0.02; // a reboot takes ~1.2 s
const MINUTE = 60_000;
const cases = pairedWithBrokers(backends());

async function until(check: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const started = Date.now();
  while (!(await check()) && Date.now() - started < ms) await new Promise((r) => setTimeout(r, 25));
  expect(await check()).toBe(true);
}

function specOf(model = 'AL-AP620'): DeviceSpec {
  return {
    sn: `RBSC${randomBytes(6).toString('hex').toUpperCase()}`,
    mac: `02:52:42:${randomBytes(3).toString('hex').match(/../g)!.join(':').toUpperCase()}`,
    type: 'ap', model, meshRole: '', name: 'Corridor', secret: randomBytes(16).toString('hex'),
  };
}

describe.each(cases)('device maintenance settings on %s with %s', (backend, brokerKind) => {
  let env: TestEnv;
  let live: LiveGateway;
  let second: Knex;
  let owner: Client;
  let account: string;
  let projectId: number;
  let agent: Agent | undefined;
  let twinAgent: Agent | undefined;
  let twin: DeviceSpec;
  let otherModel: DeviceSpec;
  let recorder: DeviceSpec;
  let online: DeviceSpec;
  let offline: DeviceSpec;
  let now = Date.now();
  let a: RebootScheduler;
  let b: RebootScheduler;
  const logger = createLogger({ level: 'silent' });
  const logged: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      logged.push(String(chunk));
      done();
    },
  });
  const url = (sn: string) => `/api/v1/projects/${projectId}/devices/${sn}/reboot-schedule`;

  beforeAll(async () => {
    env = await createTestEnv(backend, { env: { AIRLOOM_MANUFACTURER_KEY: KEY } });
    live = await startLiveGateway(env, brokerKind, TIME_SCALE, { logger: createLogger({ level: 'debug' }, sink) });
    second = createDb(env.config);
    a = rebootSchedulerOn(env.db, live.bus, { logger, clock: () => now });
    b = rebootSchedulerOn(second, live.bus, { logger, clock: () => now });
    ({ account } = await signedUp(env));
    owner = client(live.app);
    expect((await owner.post('/api/v1/auth/login', { account, password: PASSWORD })).body.code).toBe(0);
    projectId = (await owner.post('/api/v1/projects', { projectName: 'Reboot Inn', scenario: 'hotel', zone: '+8' })).body.data.id as number;
    online = specOf();
    offline = specOf();
    twin = specOf();
    otherModel = specOf('AL-AP820');
    recorder = { ...specOf('AL-NVR416'), type: 'nvr' };
    const registered = await request(live.app)
      .post('/api/v1/manufacturer/devices')
      .set('Authorization', `Bearer ${KEY}`)
      .send({ devices: [online, offline, twin, otherModel, recorder].map((s) => ({ sn: s.sn, model: s.model, type: s.type, mac: s.mac, secret: s.secret, owner: account })) });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    agent = new Agent({ brokerUrl: live.brokerUrl, protocolVersion: live.protocolVersion, spec: online, timeScale: TIME_SCALE });
    await agent.start();
    twinAgent = new Agent({ brokerUrl: live.brokerUrl, protocolVersion: live.protocolVersion, spec: twin, timeScale: TIME_SCALE });
    await twinAgent.start();
    for (const s of [online, offline, twin, otherModel, recorder]) expect((await owner.post(`/api/v1/projects/${projectId}/devices`, { sn: s.sn })).status).toBe(201);
    await until(async () => (await owner.get(`/api/v1/projects/${projectId}/devices/${online.sn}`)).body.data.status === DeviceStatus.ONLINE);
  });
  afterAll(async () => {
    await agent?.stop();
    await twinAgent?.stop();
    await second?.destroy();
    await live?.stop();
    await env?.close();
  });

  it('sets the device password on the device, refuses weak ones with the spec §5 sentence, and keeps no copy anywhere', async () => {
    const pw = (password: string, confirm = password) => owner.put(`/api/v1/projects/${projectId}/devices/${online.sn}/password`, { password, confirm });
    // spec §5: 8+ characters, three of four classes, specials only from the list
    for (const [password, key] of [['short1A', 'rules.devicePassword.length'], ['alllowercase1', 'rules.devicePassword.classes'], ['Has space 12', 'rules.devicePassword.chars']] as const) {
      const res = await pw(password);
      expect([res.status, res.body.code, res.body.fields?.password]).toEqual([400, ErrorCode.INVALID_PARAMS, key]);
    }
    const mismatch = await pw('Lobby-Admin-42', 'Lobby-Admin-43');
    expect([mismatch.status, mismatch.body.fields?.confirm]).toEqual([400, 'rules.accountPasswordPair.mismatch']);
    expect(agent!.acceptsAdminPassword(FACTORY_ADMIN_PASSWORD)).toBe(true);

    const secret = `Lobby-${randomBytes(4).toString('hex')}-42`;
    const done = await pw(secret);
    expect([done.status, done.body.code, Object.keys(done.body.data).sort()]).toEqual([200, 0, ['setAt', 'sn']]);
    expect(agent!.acceptsAdminPassword(secret)).toBe(true);
    expect(agent!.acceptsAdminPassword(FACTORY_ADMIN_PASSWORD)).toBe(false);
    // the run log says it changed, not what to
    const entry = await env.db('run_log').where({ sn: online.sn, event: 'device.passwordChanged' }).first();
    expect(entry).toBeDefined();

    // nowhere in clear: no table row, no log line (request logs, the gateway's USP traffic, the bus)
    await new Promise((r) => setTimeout(r, 200));
    const tables = backend === 'mysql'
      ? ((await env.db.raw('SHOW TABLES'))[0] as Record<string, string>[]).map((r) => Object.values(r)[0]!)
      : ((await env.db.raw("SELECT name FROM sqlite_master WHERE type = 'table'")) as { name: string }[]).map((r) => r.name);
    for (const table of tables) {
      const rows = JSON.stringify(await env.db(table).select());
      expect(rows.includes(secret), `password found in ${table}`).toBe(false);
    }
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.filter((l) => l.includes(secret))).toEqual([]);
    expect(env.logs.filter((l) => l.includes(secret))).toEqual([]);
  });

  it('refuses the device password for an offline device with 36, and a read-only guest sees nothing of it', async () => {
    const res = await owner.put(`/api/v1/projects/${projectId}/devices/${offline.sn}/password`, { password: 'Lobby-Admin-42', confirm: 'Lobby-Admin-42' });
    expect([res.body.code]).toEqual([ErrorCode.DEVICE_OFFLINE]);
  });

  it('hands the device to local management (the device is told, changes are refused with 76, no settings reach it) and takes it back', async () => {
    const mode = (m: string) => owner.put(`/api/v1/projects/${projectId}/devices/${online.sn}/management-mode`, { mode: m });
    expect((await mode('disable')).status).toBe(400); // cloud management is switched off on the device, not from the console
    const local = await mode('local');
    expect([local.status, local.body.data]).toEqual([200, { sn: online.sn, managementMode: 'local' }]);
    expect(agent!.managementMode).toBe('local');
    expect((await owner.get(`/api/v1/projects/${projectId}/devices/${online.sn}`)).body.data.managementMode).toBe('local');
    // spec §6: writes refused in local mode
    const rename = await owner.patch(`/api/v1/projects/${projectId}/devices/${online.sn}`, { name: 'KeptLocally' });
    expect(rename.body.code).toBe(ErrorCode.LOCAL_MODE);
    const reboot = await owner.post(`/api/v1/projects/${projectId}/devices/${online.sn}/operations`, { kind: 'reboot' });
    expect(reboot.body.code).toBe(ErrorCode.LOCAL_MODE);
    const password = await owner.put(`/api/v1/projects/${projectId}/devices/${online.sn}/password`, { password: 'Lobby-Admin-42', confirm: 'Lobby-Admin-42' });
    expect(password.body.code).toBe(ErrorCode.LOCAL_MODE);
    const schedule = await owner.put(url(online.sn), { schedules: [{ mode: 'daily', time: '02:00' }] });
    expect(schedule.body.code).toBe(ErrorCode.LOCAL_MODE);
    expect(agent!.executions.reboot).toBe(0);

    // back in the cloud: the device is told, and changes reach it again
    const cloud = await mode('cloud');
    expect([cloud.status, cloud.body.data.managementMode]).toEqual([200, 'cloud']);
    expect(agent!.managementMode).toBe('cloud');
    expect((await owner.patch(`/api/v1/projects/${projectId}/devices/${online.sn}`, { name: 'Corridor2' })).status).toBe(200);
    await until(() => agent!.name === 'Corridor2');
    const logged = await env.db('run_log').where({ sn: online.sn, event: 'device.managementMode' }).orderBy('id').select('params');
    expect(logged.map((r: { params: string }) => JSON.parse(r.params).mode)).toEqual(['local', 'cloud']);
  });

  it('copies the settings of a device of the same model as new desired versions the device receives; refuses another model with 915', async () => {
    await until(async () => (await owner.get(`/api/v1/projects/${projectId}/devices/${twin.sn}`)).body.data.status === DeviceStatus.ONLINE);
    const section = (sn: string) => `/api/v1/projects/${projectId}/devices/${sn}/config/roaming`;
    const source = (await owner.get(section(online.sn))).body.data.body as { bandSteering: boolean };
    const changed = { ...source, bandSteering: !source.bandSteering };
    expect((await owner.put(section(online.sn), changed)).status).toBe(200);

    const copied = await owner.post(`/api/v1/projects/${projectId}/devices/${twin.sn}/copy-config`, { from: online.sn });
    expect([copied.status, copied.body.data.from]).toEqual([200, online.sn]);
    expect(copied.body.data.sections).toContain('roaming');
    expect(copied.body.data.sections).not.toContain('name');
    const target = (await owner.get(section(twin.sn))).body.data;
    expect(target.body.bandSteering).toBe(changed.bandSteering);
    // applied on the device like any change (the section reaches state applied)
    await until(async () => (await owner.get(section(twin.sn))).body.data.state === 'applied');
    // its name stays its own
    expect((await owner.get(`/api/v1/projects/${projectId}/devices/${twin.sn}`)).body.data.name).not.toBe('Corridor2');
    // the history says who copied what
    const history = await owner.get(`/api/v1/projects/${projectId}/config/history?sn=${twin.sn}`);
    expect(history.status).toBe(200);

    const across = await owner.post(`/api/v1/projects/${projectId}/devices/${twin.sn}/copy-config`, { from: otherModel.sn });
    expect(across.body.code).toBe(ErrorCode.COPY_CONFIG_OTHER_MODEL);
    const self = await owner.post(`/api/v1/projects/${projectId}/devices/${twin.sn}/copy-config`, { from: twin.sn });
    expect(self.status).toBe(400);
  });

  it('refuses schedules that break the timer rules of spec §5 with the rule\'s sentence, and stores nothing', async () => {
    const five = [30, 60, 90, 120, 150].map((minutes) => ({ mode: 'interval', minutes }));
    for (const schedules of [five, [{ mode: 'weekly', days: [], time: '04:00' }], [{ mode: 'daily', time: '25:00' }], [{ mode: 'interval', minutes: 5 }]]) {
      const res = await owner.put(url(online.sn), { schedules });
      expect([res.status, res.body.code]).toEqual([400, ErrorCode.INVALID_PARAMS]);
    }
    expect(await env.db('device_reboot_schedules').where({ sn: online.sn }).first()).toBeUndefined();
    const none = (await owner.get(url(online.sn))).body.data;
    expect(none).toMatchObject({ schedules: [], nextRunAt: null, zone: '+8' });
  });

  it('reads a weekday time in the project zone (+8): Sunday 04:00 there is Saturday 20:00 UTC', async () => {
    const saved = await owner.put(url(online.sn), { schedules: [{ mode: 'weekly', days: [0], time: '04:00' }] });
    expect(saved.status).toBe(200);
    const next = new Date(saved.body.data.nextRunAt as number);
    expect([next.getUTCDay(), next.getUTCHours(), next.getUTCMinutes()]).toEqual([6, 20, 0]);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(7 * 24 * 60 * MINUTE);
  });

  it('restarts the device once per due slot, however many console instances pass, and moves on to the next slot', async () => {
    const saved = (await owner.put(url(online.sn), { schedules: [{ mode: 'interval', minutes: 45 }] })).body.data;
    expect(saved.schedules).toEqual([{ mode: 'interval', minutes: 45 }]);
    const slot = saved.nextRunAt as number;
    expect(slot - Date.now()).toBeGreaterThan(44 * MINUTE);

    // not yet due: nothing happens
    now = slot - 1000;
    expect(await a.runDue()).toBe(0);
    // due: both instances pass at once, and again (a restarted console): one reboot
    now = slot + 500;
    const queued = (await Promise.all([a.runDue(), b.runDue()])).reduce((x, y) => x + y, 0) + (await a.runDue()) + (await b.runDue());
    expect(queued).toBe(1);
    const state = (await owner.get(url(online.sn))).body.data;
    expect(state).toMatchObject({ lastRunAt: slot, lastResult: 'queued', nextRunAt: slot + 45 * MINUTE });
    const op = await owner.get(`/api/v1/projects/${projectId}/operations/${state.lastOperationId}`);
    expect(op.body.data.state).not.toBe('failed');
    await until(async () => (await owner.get(`/api/v1/projects/${projectId}/operations/${state.lastOperationId}`)).body.data.state === 'done');
    expect(agent!.executions.reboot).toBe(1);
    const log = await env.db('run_log').where({ project_id: projectId, sn: online.sn, event: 'reboot.scheduled' }).select('id');
    expect(log).toHaveLength(1);
  });

  it('skips a slot of an offline device and says so in the run log; nothing is queued for it', async () => {
    const saved = (await owner.put(url(offline.sn), { schedules: [{ mode: 'daily', time: '03:30' }] }));
    expect(saved.status).toBe(200); // the console keeps the schedule while the device is offline
    const slot = saved.body.data.nextRunAt as number;
    now = slot;
    await Promise.all([a.runDue(), b.runDue()]);
    const state = (await owner.get(url(offline.sn))).body.data;
    expect(state).toMatchObject({ lastRunAt: slot, lastResult: 'skipped-offline', lastOperationId: null, nextRunAt: slot + 24 * 60 * MINUTE });
    expect(await env.db('operations').where({ sn: offline.sn })).toHaveLength(0);
    const logs = await owner.get(`/api/v1/projects/${projectId}/logs?type=all`);
    const entries = (logs.body.data?.items ?? []) as { sn: string; event: string; text: string }[];
    expect(entries.filter((e) => e.sn === offline.sn && e.event === 'reboot.skipped').map((e) => e.text)).toEqual(['Scheduled restart skipped: the device was offline']);
  });

  it('opens the auto maintenance window once: restarts every device but the NVR, skips the offline ones, and hands the window to the firmware seam first', async () => {
    const status = async (sn: string) => (await owner.get(`/api/v1/projects/${projectId}/devices/${sn}`)).body.data.status as number;
    // online and not busy (status 7, settings still being applied, counts as online)
    const ready = async (sn: string) => {
      const st = await status(sn);
      return isDeviceOnline(st) && st !== DeviceStatus.REBOOTING;
    };
    // nothing of the earlier tests still running on them (a restart still finishing is a busy device, rightly skipped)
    expect((await owner.put(url(online.sn), { schedules: [] })).status).toBe(200);
    const idle = async () => (await env.db('operations').whereIn('sn', [online.sn, twin.sn]).whereNotIn('state', ['done', 'failed', 'expired']).select('id')).length === 0;
    await until(async () => (await idle()) && (await ready(online.sn)) && (await ready(twin.sn)), 40_000);
    const before = { online: agent!.executions.reboot, twin: twinAgent!.executions.reboot };
    const set = await owner.put(`/api/v1/projects/${projectId}/maintenance-window`, { enabled: true, days: [0, 1, 2, 3, 4, 5, 6], time: '02:00', reboot: true });
    expect(set.status).toBe(200);
    const opensAt = set.body.data.nextRunAt as number;
    expect(new Date(opensAt).getUTCHours()).toBe(18); // 02:00 at +8
    const seen: { window: OpenWindow; devices: readonly WindowDevice[] }[] = [];
    // two console instances, each with the firmware part's hook: whichever takes the opening runs it
    const hook = async (window: OpenWindow, devices: readonly WindowDevice[]) => (seen.push({ window, devices }), []);
    const job = maintenanceWindowJobOn(env.db, live.bus, { logger, clock: () => now, inWindow: [hook] });
    const other = maintenanceWindowJobOn(second, live.bus, { logger, clock: () => now, inWindow: [hook] });
    now = opensAt;
    expect((await Promise.all([job.runDue(), other.runDue()])).reduce((a, b) => a + b, 0)).toBe(1);
    expect(await job.runDue()).toBe(0);
    const state = (await owner.get(`/api/v1/projects/${projectId}/maintenance-window`)).body.data;
    expect(state).toMatchObject({ lastRunAt: opensAt, nextRunAt: opensAt + 24 * 60 * MINUTE });
    const skips = await env.db('run_log').where({ project_id: projectId, event: 'reboot.skipped' }).where('t', '>=', opensAt).select('sn', 'params');
    expect(state.lastResult, JSON.stringify({ skips, online: online.sn, twin: twin.sn, ops: await env.db('operations').where({ project_id: projectId }).select('sn', 'kind', 'state') })).toEqual({ queued: 2, skipped: 2, excluded: 1, upgraded: 0 });
    await until(() => agent!.executions.reboot === before.online + 1 && twinAgent!.executions.reboot === before.twin + 1);
    // the seam: the hook ran once, with the window and the maintainable devices (no NVR)
    expect(seen).toHaveLength(1);
    expect(seen[0]!.window).toMatchObject({ projectId, opensAt, reboot: true });
    expect(seen[0]!.devices.map((d) => d.sn).sort()).toEqual([online.sn, offline.sn, twin.sn, otherModel.sn].sort());
    // a read-only caller cannot change it; turning it off clears the next opening
    const off = await owner.put(`/api/v1/projects/${projectId}/maintenance-window`, { enabled: false, days: [0], time: '02:00', reboot: true });
    expect(off.body.data.nextRunAt).toBeNull();
    const noDay = await owner.put(`/api/v1/projects/${projectId}/maintenance-window`, { enabled: true, days: [], time: '02:00', reboot: true });
    expect(noDay.status).toBe(400);
    // a window that is on but does nothing is refused by the same contracts rule as in the page, and nothing changes
    const doesNothing = await owner.put(`/api/v1/projects/${projectId}/maintenance-window`, { enabled: true, days: [0], time: '02:00', reboot: false, upgrade: false });
    expect(doesNothing.status).toBe(400);
    expect(doesNothing.body.fields).toEqual({ reboot: 'rules.maintenanceWindow.nothing' });
    expect((await owner.get(`/api/v1/projects/${projectId}/maintenance-window`)).body.data).toMatchObject({ enabled: false, reboot: true });
  });

  it('turns scheduled reboots off with an empty list; read-only guests and strangers cannot change them', async () => {
    const off = await owner.put(url(online.sn), { schedules: [] });
    expect(off.body.data).toMatchObject({ schedules: [], nextRunAt: null });
    now += 400 * 24 * 60 * MINUTE;
    expect(await a.runDue()).toBe(0);
    const stranger = (await signedUp(env)).c;
    const refused = await stranger.put(url(online.sn), { schedules: [{ mode: 'daily', time: '01:00' }] });
    expect(refused.body.code).toBe(ErrorCode.DATA_NOT_FOUND);
    expect(await env.db('device_reboot_schedules').where({ sn: online.sn }).first()).toBeUndefined();
  });
});
