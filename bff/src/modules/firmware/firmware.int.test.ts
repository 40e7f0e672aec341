// Firmware upgrades end to end through the real parts: a simulated USP agent on the broker (embedded
// aedes, or Mosquitto with CI=true), the gateway runtime on the test database, the console's HTTP
// server the device really downloads the image from. An upgrade is TR-181
// Device.DeviceInfo.FirmwareImage.{i}.Download() (TR-369 appendix "Firmware Management of Devices
// with USP Agents"): the device fetches the URL, checks the SHA-256, installs and restarts, and its
// Boot! carries the CommandKey (TR-369 R-OPR.4: the Operate's command_key is reported back).
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { AccountRole, DeviceStatus, ErrorCode, firmwareHeader, RolloutRequestSchema, type OperationStatus, type Rollout } from '@airloom/contracts';
import { Agent, type DeviceSpec } from '@airloom/device-sim';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLiveGateway, type LiveGateway } from '../../test/live-gateway.js';
import { createProjectAccess } from '../../http/project-access.js';
import { createLogger } from '../../logger.js';
import { createDevicesRepository } from '../devices/devices.repository.js';
import { createDevicesService, type DevicesService } from '../devices/devices.service.js';
import { createProjectsRepository } from '../projects/projects.repository.js';
import { maintenanceWindowJobOn, type InWindowHook } from '../reboot-schedules/maintenance-window.js';
import { createRollouts, type Rollouts } from '../rollouts/rollouts.service.js';
import { createFirmwareService } from './firmware.service.js';
import { backends, createTestEnv, PASSWORD, signedUp, pairedWithBrokers, type TestEnv } from '../../test/test-env.js';

const KEY = 'fw-test-manufacturer-key-0123456789';
const TIME_SCALE = 0.02; // download ~1.2 s, install ~1.2 s, restart ~3.6 s
const cases = pairedWithBrokers(backends());
const MIB = 1024 * 1024;
/** an answer's data, read as loosely as supertest's body */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

async function until(check: () => boolean | Promise<boolean>, ms = 30_000): Promise<void> {
  const started = Date.now();
  while (!(await check()) && Date.now() - started < ms) await new Promise((r) => setTimeout(r, 25));
  expect(await check()).toBe(true);
}

/** A firmware image of `model` at `version` with `payload` bytes after the 64-byte header. */
function image(model: string, version: string, payload = 4096): Buffer {
  return Buffer.concat([Buffer.from(firmwareHeader(model, version, payload)), randomBytes(payload)]);
}

function multipart(fileName: string, data: Buffer): { body: Buffer; type: string } {
  const boundary = `----airloom${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

describe.each(cases)('firmware upgrades on %s with %s', (backend, brokerKind) => {
  let env: TestEnv;
  let live: LiveGateway;
  let server: Server;
  let base: string;
  const agents: Agent[] = [];

  beforeAll(async () => {
    env = await createTestEnv(backend, { env: { AIRLOOM_MANUFACTURER_KEY: KEY } });
    live = await startLiveGateway(env, brokerKind, TIME_SCALE);
    server = live.app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
    (live.app.locals.rollouts as Rollouts).run(100);
  });
  afterAll(async () => {
    await (live?.app.locals.rollouts as Rollouts | undefined)?.stop();
    for (const a of agents) await a.stop();
    server?.closeAllConnections();
    await new Promise((r) => server?.close(r));
    await live?.stop();
    await env?.close();
  });

  /** a signed-in browser on the listening server (the device downloads from the origin the upgrade was asked on) */
  async function browser() {
    const { c, account } = await signedUp(env);
    const login = await fetch(`${base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-airloom-csrf': '1' }, body: JSON.stringify({ account, password: PASSWORD }) });
    const cookie = login.headers.getSetCookie().map((h) => h.split(';')[0]).join('; ');
    const call = async (method: string, url: string, body?: unknown) => {
      const res = await fetch(`${base}${url}`, { method, headers: { cookie, 'x-airloom-csrf': '1', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
      return { status: res.status, body: (await res.json()) as { code: number; data: Json; msg?: string } };
    };
    const upload = async (projectId: number, fileName: string, data: Buffer) => {
      const { body, type } = multipart(fileName, data);
      const res = await fetch(`${base}/projects/${projectId}/firmware`, { method: 'POST', headers: { cookie, 'x-airloom-csrf': '1', 'content-type': type }, body });
      return { status: res.status, body: (await res.json()) as { code: number; data: Json } };
    };
    const projectId = (await c.post('/api/v1/projects', { projectName: `Fw ${randomBytes(2).toString('hex')}`, scenario: 'hotel' })).body.data.id as number;
    return { c, account, call, upload, projectId };
  }

  /** a simulated AL-AP620 on V2.4.0, registered to the account, connected and added to the project */
  async function device(who: Awaited<ReturnType<typeof browser>>): Promise<{ spec: DeviceSpec; agent: Agent }> {
    const spec: DeviceSpec = { sn: `FWUP${randomBytes(6).toString('hex').toUpperCase()}`, mac: `02:46:57:${randomBytes(3).toString('hex').match(/../g)!.join(':').toUpperCase()}`, type: 'ap', model: 'AL-AP620', meshRole: '', name: 'Factory', secret: randomBytes(16).toString('hex') };
    const registered = await request(env.app).post('/api/v1/manufacturer/devices').set('Authorization', `Bearer ${KEY}`).send({ devices: [{ sn: spec.sn, model: spec.model, type: spec.type, mac: spec.mac, secret: spec.secret, owner: who.account }] });
    expect(registered.status).toBe(200);
    const agent = new Agent({ brokerUrl: live.brokerUrl, protocolVersion: live.protocolVersion, spec, timeScale: TIME_SCALE });
    agents.push(agent);
    await agent.start();
    await until(async () => (await who.c.get('/api/v1/devices/unverified')).body.data.items.some((d: { sn: string }) => d.sn === spec.sn));
    expect((await who.c.post(`/api/v1/projects/${who.projectId}/devices`, { sn: spec.sn })).status).toBe(201);
    await until(async () => (await who.c.get(`/api/v1/projects/${who.projectId}/devices/${spec.sn}`)).body.data?.status === DeviceStatus.ONLINE);
    return { spec, agent };
  }

  /** every phase the operation was seen in, polled as a page would between its events */
  function watch(who: Awaited<ReturnType<typeof browser>>, opId: number) {
    const phases: string[] = [];
    const statuses: number[] = [];
    let last: OperationStatus | undefined;
    let sn = '';
    const timer = setInterval(() => {
      void (async () => {
        const op = await who.call('GET', `/projects/${who.projectId}/operations/${opId}`);
        if (op.body.code !== 0) return;
        last = op.body.data as OperationStatus;
        sn = last.sn;
        if (phases.at(-1) !== last.phase) phases.push(last.phase);
        const d = await who.call('GET', `/projects/${who.projectId}/devices/${sn}`);
        if (d.body.code === 0 && statuses.at(-1) !== d.body.data.status) statuses.push(d.body.data.status as number);
      })().catch(() => undefined);
    }, 40);
    return { phases, statuses, last: () => last, stop: () => clearInterval(timer) };
  }

  it('refuses what is not a firmware image under 40 MB, quickly and without leaving a file, and stores one that is', async () => {
    const who = await browser();
    const dir = path.join(env.config.dataDir, 'firmware');
    const files = () => {
      try {
        return readdirSync(dir).sort();
      } catch {
        return [];
      }
    };
    // 41 MB: refused from its declared size
    const started = Date.now();
    const big = await who.upload(who.projectId, 'big.bin', Buffer.alloc(41 * MIB, 1));
    expect([big.status, big.body.code]).toEqual([400, ErrorCode.FIRMWARE_FILE_INVALID]);
    // a zip and a Windows program renamed .bin: refused by their first bytes
    const zip = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), randomBytes(8192)]);
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), randomBytes(8192)]);
    for (const [name, data] of [['update.bin', zip], ['setup.bin', exe]] as const) {
      const res = await who.upload(who.projectId, name, data);
      expect([res.status, res.body.code]).toEqual([400, ErrorCode.FIRMWARE_FILE_INVALID]);
    }
    // a firmware header whose length does not match, and a good image with another extension
    const short = image('AL-AP620', 'V9.0.0').subarray(0, 1000);
    expect((await who.upload(who.projectId, 'short.bin', short)).body.code).toBe(ErrorCode.FIRMWARE_FILE_INVALID);
    expect((await who.upload(who.projectId, 'image.zip', image('AL-AP620', 'V9.0.0'))).body.code).toBe(ErrorCode.FIRMWARE_FILE_INVALID);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(files()).toEqual([]);
    expect((await who.call('GET', `/projects/${who.projectId}/firmware`)).body.data.images).toEqual([]);

    const good = image('AL-AP620', 'V2.6.0');
    const stored = await who.upload(who.projectId, 'AL-AP620-V2.6.0.bin', good);
    expect(stored.status).toBe(201);
    expect(stored.body.data).toMatchObject({ model: 'AL-AP620', version: 'V2.6.0', size: good.length, fileName: 'AL-AP620-V2.6.0.bin' });
    expect(stored.body.data.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(files()).toEqual([`${stored.body.data.sha256}.bin`]);
    const list = (await who.call('GET', `/projects/${who.projectId}/firmware`)).body.data;
    expect(list.images.map((i: { id: number }) => i.id)).toEqual([stored.body.data.id]);
    expect(list.models.find((m: { model: string }) => m.model === 'AL-AP620')).toMatchObject({ recommended: expect.any(String) });
    // removed: gone from the list and from the disk
    expect((await who.call('DELETE', `/projects/${who.projectId}/firmware/${stored.body.data.id}`)).body.code).toBe(0);
    expect(files()).toEqual([]);
  });

  it('upgrades a device to an uploaded image: downloading, upgrading, restarting, success, the new version, run once', async () => {
    const who = await browser();
    const { spec, agent } = await device(who);
    expect(agent.softwareVersion).toBe('V2.4.0');
    const img = (await who.upload(who.projectId, 'ap.bin', image('AL-AP620', 'V2.6.0', 64 * 1024))).body.data as { id: number };
    // another model's image is refused (912), a version the catalogue does not have is a bad request
    const other = (await who.upload(who.projectId, 'gw.bin', image('AL-GW1200', 'V9.0.0'))).body.data as { id: number };
    expect((await who.call('POST', `/projects/${who.projectId}/devices/${spec.sn}/operations`, { kind: 'upgrade', imageId: other.id })).body.code).toBe(ErrorCode.FIRMWARE_FILE_INVALID);
    expect((await who.call('POST', `/projects/${who.projectId}/devices/${spec.sn}/operations`, { kind: 'upgrade', version: 'V0.0.1' })).body.code).toBe(ErrorCode.INVALID_PARAMS);
    expect((await who.call('POST', `/projects/${who.projectId}/devices/${spec.sn}/operations`, { kind: 'upgrade' })).body.code).toBe(ErrorCode.INVALID_PARAMS);

    const asked = Date.now();
    const op = await who.call('POST', `/projects/${who.projectId}/devices/${spec.sn}/operations`, { kind: 'upgrade', imageId: img.id });
    expect(op.status).toBe(202);
    const seen = watch(who, op.body.data.id as number);
    // spec §4: while it upgrades, a restart or a second upgrade is refused (71)
    await until(() => seen.statuses.includes(DeviceStatus.UPGRADING));
    expect((await who.call('POST', `/projects/${who.projectId}/devices/${spec.sn}/operations`, { kind: 'reboot' })).body.code).toBe(ErrorCode.DEVICE_BUSY);
    await until(() => seen.last()?.phase === 'success', 40_000);
    seen.stop();
    expect(seen.phases.filter((p) => ['downloading', 'upgrading', 'restarting', 'success'].includes(p))).toEqual(['downloading', 'upgrading', 'restarting', 'success']);
    expect(seen.last()).toMatchObject({ state: 'done', percent: 100, code: null });
    // spec §3: upgrading (3), then upgrading success (2), then online with the new version
    expect(seen.statuses).toContain(DeviceStatus.UPGRADING);
    await until(async () => (await who.call('GET', `/projects/${who.projectId}/devices/${spec.sn}`)).body.data.softwareVersion === 'V2.6.0');
    await until(async () => (await who.call('GET', `/projects/${who.projectId}/devices/${spec.sn}`)).body.data.status === DeviceStatus.ONLINE);
    expect(agent.softwareVersion).toBe('V2.6.0');
    // spec §3, as the console recorded each change of the device: online → upgrading (3) → upgrading
    // success (2) once it is back with the new version → online (1); an offline spell while it restarts
    // on a slow machine is not part of the sequence
    const log = (await env.db('device_status_log').where({ sn: spec.sn }).andWhere('at', '>=', asked).orderBy('id')) as { from_status: number; to_status: number; reason: string }[];
    const sequence = log.map((r) => Number(r.to_status)).filter((st) => st !== DeviceStatus.OFFLINE && st !== DeviceStatus.OFFLINE_ALT);
    expect(sequence).toEqual([DeviceStatus.UPGRADING, DeviceStatus.UPGRADE_SUCCESS, DeviceStatus.ONLINE]);
    expect(log.find((r) => Number(r.to_status) === DeviceStatus.UPGRADE_SUCCESS)?.reason).toBe('upgraded');
    // at most once: one download, one install
    expect(agent.executions.upgrade).toBe(1);
    // the token served this upgrade only: once it is over, the URL answers nothing
    const download = (await env.db('firmware_downloads').where({ operation_id: op.body.data.id }).first()) as { url: string; fetched_at: number | null };
    expect(download.fetched_at).not.toBeNull();
    expect((await fetch(download.url)).status).toBe(404);
    expect((await fetch(`${base}/firmware/download/${'x'.repeat(32)}`)).status).toBe(404);
  }, 90_000);

  it('reports download failed (913) when the image does not match its checksum; the device stays on its version, online', async () => {
    const who = await browser();
    const { spec, agent } = await device(who);
    const img = (await who.upload(who.projectId, 'ap.bin', image('AL-AP620', 'V2.6.1', 32 * 1024))).body.data as { id: number; sha256: string };
    // the stored file is corrupted after its checksum was taken: the device must notice
    writeFileSync(path.join(env.config.dataDir, 'firmware', `${img.sha256}.bin`), image('AL-AP620', 'V2.6.1', 32 * 1024));
    const op = await who.call('POST', `/projects/${who.projectId}/devices/${spec.sn}/operations`, { kind: 'upgrade', imageId: img.id });
    expect(op.status).toBe(202);
    const seen = watch(who, op.body.data.id as number);
    await until(() => seen.last()?.phase === 'failed', 40_000);
    seen.stop();
    expect(seen.last()).toMatchObject({ state: 'failed', code: ErrorCode.FIRMWARE_DOWNLOAD_FAILED });
    await until(async () => (await who.call('GET', `/projects/${who.projectId}/devices/${spec.sn}`)).body.data.status === DeviceStatus.ONLINE);
    expect((await who.call('GET', `/projects/${who.projectId}/devices/${spec.sn}`)).body.data.softwareVersion).toBe('V2.4.0');
    expect(agent.softwareVersion).toBe('V2.4.0');
    expect(agent.executions.upgrade).toBe(1);
  }, 90_000);

  it('reports upgrade failed (914) when the device cannot install an image whose checksum is right; it stays on its version, online', async () => {
    const who = await browser();
    const { spec, agent } = await device(who);
    const img = (await who.upload(who.projectId, 'ap.bin', image('AL-AP620', 'V2.6.2', 16 * 1024))).body.data as { id: number };
    // the stored image is really built for another model (a mislabelled build): its checksum is its own, so the
    // download succeeds, and the device refuses to install it
    const foreign = image('AL-GW1200', 'V2.6.2', 16 * 1024);
    const sha256 = createHash('sha256').update(foreign).digest('hex');
    writeFileSync(path.join(env.config.dataDir, 'firmware', `${sha256}.bin`), foreign);
    await env.db('firmware_images').where({ id: img.id }).update({ sha256 });
    const op = await who.call('POST', `/projects/${who.projectId}/devices/${spec.sn}/operations`, { kind: 'upgrade', imageId: img.id });
    expect(op.status).toBe(202);
    const seen = watch(who, op.body.data.id as number);
    await until(() => seen.last()?.phase === 'failed', 40_000);
    seen.stop();
    expect(seen.last()).toMatchObject({ state: 'failed', code: ErrorCode.FIRMWARE_UPGRADE_FAILED });
    expect(seen.phases).toContain('downloading');
    await until(async () => (await who.call('GET', `/projects/${who.projectId}/devices/${spec.sn}`)).body.data.status === DeviceStatus.ONLINE);
    expect((await who.call('GET', `/projects/${who.projectId}/devices/${spec.sn}`)).body.data.softwareVersion).toBe('V2.4.0');
    expect(agent.softwareVersion).toBe('V2.4.0');
    expect(agent.executions.upgrade).toBe(1);
  }, 90_000);

  it('rolls an upgrade out in waves, never more at once than allowed; halts when a wave fails too much, and resumes', async () => {
    const who = await browser();
    const fleet = await Promise.all([1, 2, 3, 4, 5].map(() => device(who)));
    let most = 0;
    for (const { agent } of fleet) agent.on('download', () => (most = Math.max(most, fleet.reduce((n, f) => n + f.agent.downloading, 0))));
    const good = (await who.upload(who.projectId, 'ap.bin', image('AL-AP620', 'V2.7.0', 16 * 1024))).body.data as { id: number; sha256: string };
    const file = path.join(env.config.dataDir, 'firmware', `${good.sha256}.bin`);
    const original = readFileSync(file);
    // the canary meets a corrupted file: its upgrade fails (913), more than 0 % of the wave, so it halts
    writeFileSync(file, image('AL-AP620', 'V2.7.0', 16 * 1024));
    const sns = fleet.map((f) => f.spec.sn);
    const started = await who.call('POST', `/projects/${who.projectId}/rollouts`, { sns, imageId: good.id, canaryPercent: 20, waveSize: 2, haltPercent: 0, maxDownloads: 1 });
    expect(started.status).toBe(201);
    expect(started.body.data).toMatchObject({ waves: 3, state: 'running' });
    const rollout = async () => (await who.call('GET', `/projects/${who.projectId}/rollouts`)).body.data.items[0] as Rollout;
    await until(async () => (await rollout()).state === 'halted', 40_000);
    let r = await rollout();
    expect(r.devices.map((d) => [d.wave, d.outcome, d.error?.code ?? null])).toEqual([[0, 'failed', ErrorCode.FIRMWARE_DOWNLOAD_FAILED], [1, 'pending', null], [1, 'pending', null], [2, 'pending', null], [2, 'pending', null]]);
    expect(fleet.slice(1).every((f) => f.agent.executions.upgrade === 0)).toBe(true);

    // fixed, then resumed: the next waves run, one device at a time
    writeFileSync(file, original);
    // a console restart meanwhile: another instance takes it over once the lease is free
    await env.db('rollouts').where({ id: r.id }).update({ lease_owner: 'gone', lease_until: 0 });
    const resumed = await who.call('POST', `/projects/${who.projectId}/rollouts/${r.id}/resume`);
    expect(resumed.body.data).toMatchObject({ state: 'running', wave: 1 });
    await until(async () => (await rollout()).state === 'done', 90_000);
    r = await rollout();
    expect(r.devices.map((d) => d.outcome)).toEqual(['failed', 'succeeded', 'succeeded', 'succeeded', 'succeeded']);
    expect(r.counts).toMatchObject({ succeeded: 4, failed: 1, pending: 0, running: 0 });
    expect(fleet.slice(1).map((f) => [f.agent.softwareVersion, f.agent.executions.upgrade])).toEqual(Array(4).fill(['V2.7.0', 1]));
    expect(most).toBe(1);
  }, 150_000);

  it('refuses an upgrade to the version the device already runs (910), and a rollout to "recommended" skips up-to-date devices', async () => {
    const who = await browser();
    const { spec, agent } = await device(who);
    // the simulated AL-AP620 ships on its recommended version, V2.4.0
    expect(agent.softwareVersion).toBe('V2.4.0');
    // the console refuses by the version the device reported, which may follow its coming online
    await until(async () => (await env.db('devices').where({ sn: spec.sn }).first('software_version'))?.software_version === 'V2.4.0');
    const same = await who.call('POST', `/projects/${who.projectId}/devices/${spec.sn}/operations`, { kind: 'upgrade', version: 'V2.4.0' });
    expect([same.status, same.body.code]).toEqual([400, ErrorCode.FIRMWARE_ALREADY_INSTALLED]);
    const img = (await who.upload(who.projectId, 'same.bin', image('AL-AP620', 'V2.4.0'))).body.data as { id: number };
    expect((await who.call('POST', `/projects/${who.projectId}/devices/${spec.sn}/operations`, { kind: 'upgrade', imageId: img.id })).body.code).toBe(ErrorCode.FIRMWARE_ALREADY_INSTALLED);
    const started = await who.call('POST', `/projects/${who.projectId}/rollouts`, { sns: [spec.sn] });
    expect(started.status).toBe(201);
    const rollout = async () => (await who.call('GET', `/projects/${who.projectId}/rollouts`)).body.data.items[0] as Rollout;
    await until(async () => (await rollout()).state === 'done');
    const r = await rollout();
    expect(r.devices.map((d) => [d.outcome, d.operationId, d.error?.code ?? null])).toEqual([['skipped', null, ErrorCode.FIRMWARE_ALREADY_INSTALLED]]);
    expect(r.counts).toMatchObject({ skipped: 1, succeeded: 0, failed: 0 });
    // nothing was queued for it, nothing reached the device
    expect(await env.db('operations').where({ sn: spec.sn, kind: 'upgrade' }).select('id')).toEqual([]);
    expect(agent.executions.upgrade).toBe(0);
  }, 60_000);

  it('a console killed right after queuing a rollout upgrade: the next instance follows that upgrade, never queues a second one', async () => {
    const who = await browser();
    const { spec, agent } = await device(who);
    const live_ = live.app.locals.rollouts as Rollouts;
    await live_.stop();
    try {
      const logger = createLogger({ level: 'silent' });
      const access = createProjectAccess({ projects: createProjectsRepository(env.db), clock: Date.now });
      const firmware = createFirmwareService({ db: env.db, dir: path.join(env.config.dataDir, 'firmware'), clock: Date.now });
      const devices = createDevicesService({ repo: createDevicesRepository(env.db, live.bus), logger, names: { storeName: async () => undefined }, firmware });
      let queued = 0;
      // this instance dies as soon as its upgrade is queued: nothing after that line runs
      const dying: Pick<DevicesService, 'operate'> = {
        async operate(...args) {
          await devices.operate(...args);
          queued++;
          return new Promise<never>(() => undefined);
        },
      };
      const crashing = createRollouts({ db: env.db, devices: dying, access, clock: Date.now, logger, leaseMs: 60_000 });
      const accountId = Number(((await env.db('accounts').where({ account: who.account }).first('id')) as { id: number }).id);
      const project = await access.authorise({ accountId, role: AccountRole.NORMAL, demo: false }, who.projectId, 'device.upgrade');
      void crashing.start(project, RolloutRequestSchema.parse({ sns: [spec.sn], version: 'V2.5.1' }), base.replace(/\/api\/v1$/, ''));
      await until(() => queued === 1);
      // the instance is gone; once its lease runs out, another one takes the rollout over
      await env.db('rollouts').where({ project_id: who.projectId }).update({ lease_owner: 'gone', lease_until: 0 });
    } finally {
      live_.run(100);
    }
    const rollout = async () => (await who.call('GET', `/projects/${who.projectId}/rollouts`)).body.data.items[0] as Rollout;
    await until(async () => (await rollout()).state === 'done', 60_000);
    const r = await rollout();
    expect(r.devices.map((d) => d.outcome)).toEqual(['succeeded']);
    const upgrades = (await env.db('operations').where({ sn: spec.sn, kind: 'upgrade' }).select('id', 'state')) as { id: number; state: string }[];
    expect(upgrades.map((o) => o.state)).toEqual(['done']);
    expect(r.devices[0]!.operationId).toBe(Number(upgrades[0]!.id));
    await until(async () => (await who.call('GET', `/projects/${who.projectId}/devices/${spec.sn}`)).body.data.softwareVersion === 'V2.5.1');
    expect(agent.executions.upgrade).toBe(1);
  }, 90_000);

  it('auto maintenance with "upgrade": the outdated device is upgraded to the recommended firmware once and not restarted again; the up-to-date one is restarted only', async () => {
    const who = await browser();
    const [behind, current] = [await device(who), await device(who)];
    // an older image puts one device behind the recommended V2.4.0
    const old = (await who.upload(who.projectId, 'old.bin', image('AL-AP620', 'V2.3.0'))).body.data as { id: number };
    const down = await who.call('POST', `/projects/${who.projectId}/devices/${behind.spec.sn}/operations`, { kind: 'upgrade', imageId: old.id });
    expect(down.status).toBe(202);
    await until(async () => {
      const d = (await who.call('GET', `/projects/${who.projectId}/devices/${behind.spec.sn}`)).body.data;
      return d.softwareVersion === 'V2.3.0' && d.status === DeviceStatus.ONLINE;
    }, 40_000);
    const before = { upgrades: behind.agent.executions.upgrade, behindReboots: behind.agent.executions.reboot, currentReboots: current.agent.executions.reboot };

    // saved through this console's address: the job, which has no request, sends the devices there
    const set = await who.call('PUT', `/projects/${who.projectId}/maintenance-window`, { enabled: true, days: [0, 1, 2, 3, 4, 5, 6], time: '02:00', reboot: true, upgrade: true });
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ upgrade: true, reboot: true });
    const opensAt = set.body.data.nextRunAt as number;
    const job = maintenanceWindowJobOn(env.db, live.bus, { logger: createLogger({ level: 'silent' }), clock: () => opensAt, inWindow: [live.app.locals.windowUpgrade as InWindowHook] });
    expect(await job.runDue()).toBe(1);
    expect(await job.runDue()).toBe(0);
    const state = (await who.call('GET', `/projects/${who.projectId}/maintenance-window`)).body.data;
    expect(state.lastResult).toEqual({ queued: 1, skipped: 0, excluded: 0, upgraded: 1 });
    const rollout = async () => (await who.call('GET', `/projects/${who.projectId}/rollouts`)).body.data.items[0] as Rollout;
    expect((await rollout()).devices.map((d) => d.sn)).toEqual([behind.spec.sn]);
    await until(async () => (await rollout()).state === 'done', 60_000);
    expect((await rollout()).devices.map((d) => d.outcome)).toEqual(['succeeded']);
    await until(async () => (await who.call('GET', `/projects/${who.projectId}/devices/${behind.spec.sn}`)).body.data.softwareVersion === 'V2.4.0');
    await until(() => current.agent.executions.reboot === before.currentReboots + 1);
    expect(behind.agent.executions.upgrade).toBe(before.upgrades + 1);
    expect(behind.agent.executions.reboot).toBe(before.behindReboots);
    expect(current.agent.executions.upgrade).toBe(0);
  }, 120_000);
});
