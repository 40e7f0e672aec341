// Remote web management end to end through the real parts: a simulated USP agent on the broker
// (embedded aedes, or Mosquitto with CI=true), the gateway runtime on the test database, and the
// console's listening HTTP server. The device is asked with Device.X_AIRLOOM_RemoteWeb.Open(), dials
// out to the console over a WebSocket, and its own page is served under /remote/<token>/.
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DeviceStatus, ErrorCode, type RemoteWebStatus } from '@airloom/contracts';
import { Agent, FACTORY_ADMIN_PASSWORD, type DeviceSpec } from '@airloom/device-sim';
import request from 'supertest';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLiveGateway, type LiveGateway } from '../../test/live-gateway.js';
import { backends, createTestEnv, PASSWORD, signedUp, pairedWithBrokers, type TestEnv } from '../../test/test-env.js';
import type { RemoteWebService } from './remote-web.service.js';

const KEY = 'rw-test-manufacturer-key-0123456789';
const TIME_SCALE = 0.02;
const cases = pairedWithBrokers(backends());
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** Waits for `check`; a failure names what it waited for. */
async function until(check: () => boolean | Promise<boolean>, what = 'the condition', ms = 20_000): Promise<void> {
  const started = Date.now();
  while (!(await check()) && Date.now() - started < ms) await new Promise((r) => setTimeout(r, 25));
  expect(await check(), `waited ${ms} ms for ${what}`).toBe(true);
}

describe.each(cases)('remote web management on %s with %s', (backend, brokerKind) => {
  let env: TestEnv;
  let live: LiveGateway;
  let server: Server;
  let origin: string;
  let remoteWeb: RemoteWebService;
  const agents: Agent[] = [];

  beforeAll(async () => {
    env = await createTestEnv(backend, { env: { AIRLOOM_MANUFACTURER_KEY: KEY } });
    live = await startLiveGateway(env, brokerKind, TIME_SCALE, { clock: env.clock.now });
    server = live.app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    remoteWeb = live.app.locals.remoteWeb as RemoteWebService;
    remoteWeb.listenOn(server);
  });
  afterAll(async () => {
    remoteWeb?.stop();
    for (const a of agents) await a.stop();
    server?.closeAllConnections();
    await new Promise((r) => server?.close(r));
    await live?.stop();
    await env?.close();
  });

  /** a signed-in browser on the listening server */
  async function browser(account?: string) {
    const { c, account: name } = await signedUp(env, account);
    const login = await fetch(`${origin}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-airloom-csrf': '1' }, body: JSON.stringify({ account: name, password: PASSWORD }) });
    const cookie = login.headers.getSetCookie().map((h) => h.split(';')[0]).join('; ');
    const call = async (method: string, url: string, body?: unknown) => {
      const res = await fetch(`${origin}/api/v1${url}`, { method, headers: { cookie, 'x-airloom-csrf': '1', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
      return { status: res.status, body: (await res.json()) as { code: number; data: Json } };
    };
    return { c, account: name, cookie, call };
  }
  type Browser = Awaited<ReturnType<typeof browser>>;

  /** an owner with a project and a simulated AL-AP620 online in it */
  async function site() {
    const owner = await browser();
    const projectId = (await owner.c.post('/api/v1/projects', { projectName: `Rw ${randomBytes(2).toString('hex')}`, scenario: 'hotel' })).body.data.id as number;
    const spec: DeviceSpec = { sn: `RWEB${randomBytes(6).toString('hex').toUpperCase()}`, mac: `02:52:57:${randomBytes(3).toString('hex').match(/../g)!.join(':').toUpperCase()}`, type: 'ap', model: 'AL-AP620', meshRole: '', name: 'Lobby AP', secret: randomBytes(16).toString('hex') };
    const registered = await request(env.app).post('/api/v1/manufacturer/devices').set('Authorization', `Bearer ${KEY}`).send({ devices: [{ sn: spec.sn, model: spec.model, type: spec.type, mac: spec.mac, secret: spec.secret, owner: owner.account }] });
    expect(registered.status).toBe(200);
    const agent = new Agent({ brokerUrl: live.brokerUrl, protocolVersion: live.protocolVersion, spec, timeScale: TIME_SCALE });
    agents.push(agent);
    await agent.start();
    await until(async () => (await owner.c.get('/api/v1/devices/unverified')).body.data.items.some((d: { sn: string }) => d.sn === spec.sn));
    expect((await owner.c.post(`/api/v1/projects/${projectId}/devices`, { sn: spec.sn })).status).toBe(201);
    await until(async () => (await owner.c.get(`/api/v1/projects/${projectId}/devices/${spec.sn}`)).body.data?.status === DeviceStatus.ONLINE);
    return { owner, projectId, spec, agent };
  }

  async function open(who: Browser, projectId: number, sn: string) {
    return who.call('POST', `/projects/${projectId}/devices/${sn}/operations`, { kind: 'remote-web' });
  }
  async function status(who: Browser, projectId: number, sn: string): Promise<RemoteWebStatus> {
    const res = await who.call('GET', `/projects/${projectId}/devices/${sn}/remote-web`);
    expect(res.body.code).toBe(0);
    return res.body.data as RemoteWebStatus;
  }
  /** open it and wait until the device has dialled in; the link */
  async function opened(who: Browser, projectId: number, sn: string): Promise<string> {
    const res = await open(who, projectId, sn);
    expect(res.status).toBe(202);
    expect(res.body.data.kind).toBe('remote-web');
    // the device's one-time token is never shown, not even to the person who asked
    expect(res.body.data.args?.tunnelToken).toBeUndefined();
    expect(res.body.data.remoteWeb.url).toMatch(/^\/remote\/[A-Za-z0-9_-]{43}\/$/);
    await until(async () => (await status(who, projectId, sn)).state === 'opened');
    return res.body.data.remoteWeb.url as string;
  }

  it('serves the simulated device\'s own page through the console\'s link, sandboxed and without the console\'s cookies', async () => {
    const { owner, projectId, spec, agent } = await site();
    expect((await status(owner, projectId, spec.sn)).state).toBe('disabled');
    const link = await opened(owner, projectId, spec.sn);
    // the console counts the tunnel open when it accepts it; the device, a moment later, when the answer reaches it
    await until(() => agent.remoteWeb?.open === true);

    const page = await fetch(`${origin}${link}`, { headers: { cookie: owner.cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`<dd id="sn">${spec.sn}</dd>`);
    expect(html).toContain('<dd id="model">AL-AP620</dd>');
    expect(html).toContain(`<dd id="firmware">${agent.softwareVersion}</dd>`);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/(^|;\s*)sandbox allow-forms allow-scripts(;|$)/);
    expect(csp).not.toContain('allow-same-origin');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    // what reached the device: no cookie, no CSRF header
    expect(agent.remoteWeb?.lastRequest?.headers.cookie).toBeUndefined();
    expect(Object.keys(agent.remoteWeb?.lastRequest?.headers ?? {}).some((h) => h.startsWith('x-airloom'))).toBe(false);

    // the page's form posts through the tunnel (no CSRF header, Origin null: the sandboxed page's)
    const login = await fetch(`${origin}${link}login`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'null' }, body: `password=${encodeURIComponent(FACTORY_ADMIN_PASSWORD)}` });
    expect(login.status).toBe(200);
    expect(await login.text()).toContain(`Signed in to ${spec.sn}`);
    // the root without its slash is sent to the slash (the page's links are relative)
    const bare = await fetch(`${origin}${link.slice(0, -1)}`, { redirect: 'manual' });
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe(link);

    // closed by the person: the link stops working at once and the device's tunnel goes
    const closed = await owner.call('DELETE', `/projects/${projectId}/devices/${spec.sn}/remote-web`);
    expect(closed.body.data.state).toBe('disabled');
    const after = await fetch(`${origin}${link}`);
    expect(after.status).toBe(404);
    expect(((await after.json()) as { code: number }).code).toBe(ErrorCode.REMOTE_LINK_INVALID);
    await until(() => agent.remoteWeb === undefined);
  });

  it('serves the link through a console instance the device did not dial, and a close there ends the tunnel (docs/deployment.md)', async () => {
    const { owner, projectId, spec, agent } = await site();
    const link = await opened(owner, projectId, spec.sn);
    await until(() => agent.remoteWeb?.open === true);
    // a second console instance on the same database and broker; the device dialled the first
    const second = await live.anotherConsole();
    const server2 = second.listen(0, '127.0.0.1');
    await new Promise((r) => server2.once('listening', r));
    const origin2 = `http://127.0.0.1:${(server2.address() as AddressInfo).port}`;
    const remoteWeb2 = second.locals.remoteWeb as RemoteWebService;
    try {
      const sessionId = Number((await env.db('remote_web_sessions').where({ sn: spec.sn }).orderBy('id', 'desc').first('id')).id);
      expect([remoteWeb.holds(sessionId), remoteWeb2.holds(sessionId)]).toEqual([true, false]);
      const page = await fetch(`${origin2}${link}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(`<dd id="sn">${spec.sn}</dd>`);
      expect(page.headers.get('content-security-policy')).toMatch(/(^|;\s*)sandbox allow-forms allow-scripts(;|$)/);
      // a form post travels the same way, body and all
      const login = await fetch(`${origin2}${link}login`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'null' }, body: `password=${encodeURIComponent(FACTORY_ADMIN_PASSWORD)}` });
      expect(login.status).toBe(200);
      expect(await login.text()).toContain(`Signed in to ${spec.sn}`);

      // closed through the second instance: the link stops there and here at once; the first closes the tunnel at its sweep
      const closed = await fetch(`${origin2}/api/v1/projects/${projectId}/devices/${spec.sn}/remote-web`, { method: 'DELETE', headers: { cookie: owner.cookie, 'x-airloom-csrf': '1' } });
      expect(((await closed.json()) as { data: RemoteWebStatus }).data.state).toBe('disabled');
      expect((await fetch(`${origin}${link}`)).status).toBe(404);
      expect(agent.remoteWeb).toBeDefined();
      await remoteWeb.sweep();
      await until(() => agent.remoteWeb === undefined);
    } finally {
      remoteWeb2.stop();
      server2.closeAllConnections();
      await new Promise((r) => server2.close(r));
    }
  });

  it('refuses a read-only guest, a stranger and a made-up link; a share that expires cuts the open tunnel at once', async () => {
    const { owner, projectId, spec, agent } = await site();
    const [guestRw, guestR, stranger] = [await browser(), await browser(), await browser()];
    expect((await owner.call('POST', `/projects/${projectId}/shares`, { account: guestRw.account, permission: 'rw', hours: 1 })).body.code).toBe(0);
    expect((await owner.call('POST', `/projects/${projectId}/shares`, { account: guestR.account, permission: 'r', hours: 1 })).body.code).toBe(0);

    expect((await open(guestR, projectId, spec.sn)).body.code).toBe(ErrorCode.READ_ONLY_PROJECT);
    const strangerTry = await open(stranger, projectId, spec.sn);
    expect(strangerTry.status).toBe(404);
    expect(strangerTry.body.code).toBe(ErrorCode.DATA_NOT_FOUND);
    expect((await stranger.call('GET', `/projects/${projectId}/devices/${spec.sn}/remote-web`)).body.code).toBe(ErrorCode.DATA_NOT_FOUND);
    const madeUp = await fetch(`${origin}/remote/${randomBytes(32).toString('base64url')}/`);
    expect(madeUp.status).toBe(404);
    expect(((await madeUp.json()) as { code: number }).code).toBe(ErrorCode.REMOTE_LINK_INVALID);
    // a device that is not asked cannot dial in with a token of its own
    const rogue = new WebSocket(`${origin.replace('http', 'ws')}/api/v1/remote-web/tunnel`, { headers: { authorization: `Bearer ${randomBytes(32).toString('base64url')}` } });
    rogue.on('error', () => undefined);
    const refused = await new Promise<number>((resolve) => rogue.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)));
    expect(refused).toBe(401);

    // the read-write guest opens it; then the share runs out
    const link = await opened(guestRw, projectId, spec.sn);
    expect((await fetch(`${origin}${link}`)).status).toBe(200);
    const guestId = Number((await env.db('accounts').where({ account: guestRw.account }).first('id')).id);
    await env.db('project_members').where({ project_id: projectId, account_id: guestId }).update({ expires_at: env.clock.now() - 1000 });
    const cut = await fetch(`${origin}${link}`);
    expect(cut.status).toBe(404);
    expect(((await cut.json()) as { code: number }).code).toBe(ErrorCode.DATA_NOT_FOUND);
    await until(() => agent.remoteWeb === undefined);
    // and the link stays dead
    expect((await fetch(`${origin}${link}`)).status).toBe(404);
  });

  it('stops the link at its time limit even while it is used (323)', async () => {
    const { owner, projectId, spec, agent } = await site();
    const link = await opened(owner, projectId, spec.sn);
    // in use all along (a request more often than the idle time), until the limit passes
    const step = (env.config.remoteWebIdleSeconds * 1000) / 2;
    let used = 0;
    while (used + step < env.config.remoteWebTtlSeconds * 1000) {
      env.clock.advance(step);
      used += step;
      expect((await fetch(`${origin}${link}`)).status).toBe(200);
    }
    env.clock.advance(step);
    const late = await fetch(`${origin}${link}`);
    expect(late.status).toBe(410);
    expect(((await late.json()) as { code: number }).code).toBe(ErrorCode.REMOTE_SESSION_EXPIRED);
    expect(await status(owner, projectId, spec.sn)).toMatchObject({ state: 'disabled', code: ErrorCode.REMOTE_SESSION_EXPIRED });
    await until(() => agent.remoteWeb === undefined);
  });

  it('closes a tunnel nobody used for the idle time (322), and refuses an offline device with 324', async () => {
    const { owner, projectId, spec, agent } = await site();
    const link = await opened(owner, projectId, spec.sn);
    expect((await fetch(`${origin}${link}`)).status).toBe(200);
    env.clock.advance(env.config.remoteWebIdleSeconds * 1000 + 1000);
    await remoteWeb.sweep();
    const state = await status(owner, projectId, spec.sn);
    expect(state).toMatchObject({ state: 'disabled', code: ErrorCode.REMOTE_IDLE_CLOSED });
    const gone = await fetch(`${origin}${link}`);
    expect(gone.status).toBe(410);
    expect(((await gone.json()) as { code: number }).code).toBe(ErrorCode.REMOTE_IDLE_CLOSED);
    await until(() => agent.remoteWeb === undefined, "the device's end of the tunnel to close");

    await agent.stop();
    await until(async () => (await owner.c.get(`/api/v1/projects/${projectId}/devices/${spec.sn}`)).body.data?.status === DeviceStatus.OFFLINE, 'the stopped device to show offline');
    const offline = await open(owner, projectId, spec.sn);
    expect(offline.body.code).toBe(ErrorCode.DEVICE_OFFLINE_324);
    expect((await status(owner, projectId, spec.sn)).state).toBe('disabled');
  });
});

describe('remote web sweep with the database away', () => {
  it('logs a failed pass and keeps sweeping: the process is not ended by it (docs/deployment.md "Chaos test")', async () => {
    const { createRemoteWebService } = await import('./remote-web.service.js');
    let passes = 0;
    const warnings: string[] = [];
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const service = createRemoteWebService({
      // what a restarting MariaDB answers
      repo: { allOpen: async () => (passes++, Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3306'), { code: 'ECONNREFUSED' }))) } as never,
      access: { authorise: async () => Promise.reject(new Error('not asked')) } as never,
      devices: { check: async () => {} },
      operation: async () => null,
      roleOf: async () => null,
      clock: Date.now,
      logger: { warn: (_: unknown, message: string) => warnings.push(message), info: () => {}, error: () => {}, debug: () => {} } as never,
      idleMs: 600_000,
      ttlMs: 3_600_000,
    });
    try {
      service.run(10);
      await until(() => passes >= 3);
      await new Promise((r) => setTimeout(r, 20));
      expect(unhandled).toEqual([]);
      expect(warnings).toContain('remote web: sweep failed');
    } finally {
      service.stop();
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
