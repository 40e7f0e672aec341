// End to end through the real parts: the manufacturer API registers a simulated USP agent, it
// connects to the broker (the embedded one with device auth, or Mosquitto with CI=true), the
// gateway runtime runs it, and a user adds, renames and restarts it through the API while an event
// stream shows what a browser would see.
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DeviceStatus, type ProjectEvent } from '@airloom/contracts';
import { Agent, createFleet, generateFleet, type DeviceSpec, type Fleet } from '@airloom/device-sim';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLiveGateway, type LiveGateway } from '../../test/live-gateway.js';
import { backends, createTestEnv, PASSWORD, signedUp, pairedWithBrokers, type TestEnv } from '../../test/test-env.js';
import type { EventHub } from '../events/events.hub.js';

const KEY = 'live-test-manufacturer-key-0123456789';
const TIME_SCALE = 0.02; // a reboot takes ~1.2 s
const cases = pairedWithBrokers(backends());

async function until(check: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const started = Date.now();
  while (!(await check()) && Date.now() - started < ms) await new Promise((r) => setTimeout(r, 20));
  expect(await check()).toBe(true);
}

describe.each(cases)('devices live on %s with %s', (backend, brokerKind) => {
  let env: TestEnv;
  let live: LiveGateway;
  let hub: EventHub;
  let server: Server;
  let agent: Agent | undefined;
  let fleet: Fleet | undefined;
  let base: string;
  let brokerUrl: string;
  let protocolVersion: 4 | 5;

  beforeAll(async () => {
    env = await createTestEnv(backend, { env: { AIRLOOM_MANUFACTURER_KEY: KEY } });
    live = await startLiveGateway(env, brokerKind, TIME_SCALE);
    ({ brokerUrl, protocolVersion, hub } = live);
    server = live.app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  });
  afterAll(async () => {
    await agent?.stop();
    await fleet?.stop();
    server?.closeAllConnections();
    await new Promise((r) => server?.close(r));
    await live?.stop();
    await env?.close();
  });

  it('registers, connects, is added by SN, renamed and restarted, with live events', async () => {
    const { c, account } = await signedUp(env);
    const projectId = (await c.post('/api/v1/projects', { projectName: 'Live', scenario: 'hotel' })).body.data.id as number;

    // the manufacturer registers the device, sold to this account
    const spec: DeviceSpec = { sn: `LIVE${randomBytes(6).toString('hex').toUpperCase()}`, mac: `02:41:4C:${randomBytes(3).toString('hex').match(/../g)!.join(':').toUpperCase()}`, type: 'ap', model: 'AL-AP620', meshRole: '', name: 'Factory', secret: randomBytes(16).toString('hex') };
    const registered = await request(env.app).post('/api/v1/manufacturer/devices').set('Authorization', `Bearer ${KEY}`).send({ devices: [{ sn: spec.sn, model: spec.model, type: spec.type, mac: spec.mac, secret: spec.secret, owner: account }] });
    expect(registered.status).toBe(200);

    // it connects with its credentials and waits, unverified, for its owner
    agent = new Agent({ brokerUrl, protocolVersion, spec, timeScale: TIME_SCALE });
    await agent.start();
    await until(async () => (await c.get('/api/v1/devices/unverified')).body.data.items.some((d: { sn: string }) => d.sn === spec.sn));
    const added = await c.post(`/api/v1/projects/${projectId}/devices`, { sn: spec.sn });
    expect(added.status).toBe(201);

    // a browser's event stream
    const login = await fetch(`${base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-airloom-csrf': '1' }, body: JSON.stringify({ account, password: PASSWORD }) });
    const cookie = login.headers.getSetCookie().map((h) => h.split(';')[0]).join('; ');
    const controller = new AbortController();
    const stream = await fetch(`${base}/projects/${projectId}/events`, { headers: { cookie }, signal: controller.signal });
    const events: ProjectEvent[] = [];
    void (async () => {
      const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          buffer += value;
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const data = buffer.slice(0, cut).split('\n').find((l) => l.startsWith('data: '));
            buffer = buffer.slice(cut + 2);
            if (data) events.push(JSON.parse(data.slice(6)) as ProjectEvent);
          }
        }
      } catch {
        // aborted at the end
      }
    })();
    await until(() => hub.count() === 1);
    const deviceEvents = () => events.flatMap((e) => (e.type === 'device' && e.device.sn === spec.sn ? [e.device] : []));

    // rename: stored at once, pending (7) until the device confirms, then online (1) with the name
    await until(() => agent!.connected);
    const renamed = await c.patch(`/api/v1/projects/${projectId}/devices/${spec.sn}`, { name: 'Lobby' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: 'Lobby', pendingConfig: true });
    await until(() => deviceEvents().some((d) => d.status === DeviceStatus.ONLINE && !d.pendingConfig && d.name === 'Lobby'));
    const statuses = deviceEvents().map((d) => d.status);
    expect(statuses.indexOf(DeviceStatus.ONLINE_NOT_SAVED)).toBeGreaterThanOrEqual(0);
    expect(statuses.lastIndexOf(DeviceStatus.ONLINE)).toBeGreaterThan(statuses.indexOf(DeviceStatus.ONLINE_NOT_SAVED));
    expect(agent.name).toBe('Lobby');

    // restart: queued → … → done; the device shows 8 meanwhile and comes back online, restarted once
    const reboot = await c.post(`/api/v1/projects/${projectId}/devices/${spec.sn}/operations`, { kind: 'reboot' });
    expect(reboot.status).toBe(202);
    const opStates = () => events.flatMap((e) => (e.type === 'operation' && e.operation.id === reboot.body.data.id ? [e.operation.state] : []));
    await until(() => opStates().includes('done'));
    expect(deviceEvents().some((d) => d.status === DeviceStatus.REBOOTING)).toBe(true);
    await until(() => deviceEvents().at(-1)?.status === DeviceStatus.ONLINE);
    expect(agent.executions.reboot).toBe(1);
    const detail = await c.get(`/api/v1/projects/${projectId}/devices/${spec.sn}`);
    expect(detail.body.data).toMatchObject({ status: DeviceStatus.ONLINE, name: 'Lobby', operation: null });
    expect(detail.body.data.history.map((h: { status: number }) => h.status)).toContain(DeviceStatus.REBOOTING);
    controller.abort();
  });

  it('shows the cables a wired fleet reports over LLDP and its switch MAC table as the project topology', async () => {
    const { c, account } = await signedUp(env);
    const projectId = (await c.post('/api/v1/projects', { projectName: 'Wired', scenario: 'hotel' })).body.data.id as number;
    const specs = generateFleet(700_000 + (randomBytes(2).readUInt16BE(0) % 50_000), { router: 1, switch: 1, ap: 2, ipc: 1 }).map((s) => ({ ...s, secret: randomBytes(16).toString('hex') }));
    const registered = await request(env.app)
      .post('/api/v1/manufacturer/devices')
      .set('Authorization', `Bearer ${KEY}`)
      .send({ devices: specs.map((s) => ({ sn: s.sn, model: s.model, type: s.type, mac: s.mac, secret: s.secret, owner: account })) });
    expect(registered.status).toBe(200);
    fleet = createFleet(specs, { brokerUrl, protocolVersion, timeScale: TIME_SCALE });
    await fleet.start();
    for (const s of specs) expect((await c.post(`/api/v1/projects/${projectId}/devices`, { sn: s.sn })).status).toBe(201);
    const [router, sw, ap1, ap2, cam] = specs.map((s) => s.sn);
    const expected = [`internet>${router}:1g`, `${router}>${sw}:1g`, `${sw}>${ap1}:1g`, `${sw}>${ap2}:1g`, `${sw}>${cam}:100m`].sort();
    const edges = async () => ((await c.get(`/api/v1/projects/${projectId}/topology`)).body.data.edges as { from: string; to: string; speed: string }[]).map((e) => `${e.from}>${e.to}:${e.speed}`).sort();
    await until(async () => JSON.stringify(await edges()) === JSON.stringify(expected), 30_000);
    const topo = (await c.get(`/api/v1/projects/${projectId}/topology`)).body.data;
    expect(topo.nodes.find((n: { id: string }) => n.id === sw)).toMatchObject({ kind: 'switch', sn: sw, status: DeviceStatus.ONLINE });
    expect(topo.nodes.find((n: { id: string }) => n.id === cam)).toMatchObject({ kind: 'ipc', ports: { count: 1, used: [1] } });
    // the switch's uplink and the three devices cabled to it: the ports a hand-added terminal cannot take
    expect(topo.nodes.find((n: { id: string }) => n.id === sw).ports.used).toEqual([1, 2, 3, 4]);
    // the hosts its MAC table learnt on its other ports are counted (their ports stay free to describe them by hand)
    const hosts = fleet.agents.find((a) => a.spec.sn === sw)!.device.wired.length;
    expect(topo.nodes.find((n: { id: string }) => n.id === sw).wiredTerminals).toBe(hosts || undefined);
    // a stranger sees nothing of it
    const stranger = await signedUp(env);
    expect((await stranger.c.get(`/api/v1/projects/${projectId}/topology`)).body.code).not.toBe(0);
  });
});
