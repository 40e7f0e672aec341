import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { ErrorCode, type ProjectEvent } from '@airloom/contracts';
import { registerDevices } from '@airloom/gateway/testing';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { withProjectsChange } from '../../db/change-counters.js';
import { createLogger } from '../../logger.js';
import { backends, createTestEnv, PASSWORD, signedUp, pairedWithBrokers, type TestEnv } from '../../test/test-env.js';
import { createEventHub, type EventHub } from './events.hub.js';

interface Received {
  comments: string[];
  retry: string | null;
  events: { type: string; data: ProjectEvent }[];
}

/** Reads a Server-Sent Events stream the way a browser's EventSource would parse it. */
async function openStream(url: string, cookie: string) {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { cookie, accept: 'text/event-stream' }, signal: controller.signal });
  const received: Received = { comments: [], retry: null, events: [] };
  let ended = false;
  if (res.ok && res.body) {
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            let type = 'message';
            let data = '';
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) received.comments.push(line.slice(1).trim());
              else if (line.startsWith('retry: ')) received.retry = line.slice(7);
              else if (line.startsWith('event: ')) type = line.slice(7);
              else if (line.startsWith('data: ')) data += line.slice(6);
            }
            if (data) received.events.push({ type, data: JSON.parse(data) as ProjectEvent });
          }
        }
      } catch {
        // aborted
      }
      ended = true;
    })();
  }
  return { res, received, ended: () => ended, close: () => controller.abort() };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}

const cases = pairedWithBrokers(backends());

describe.each(cases)('project events (SSE) on %s with %s', (backend, broker) => {
  let env: TestEnv;
  let server: Server;
  let hub: EventHub;
  let base: string;
  beforeAll(async () => {
    env = await createTestEnv(backend, { broker });
    // the app with a hub of our own: short pings, and its streams can be counted
    hub = createEventHub(env.bus, createLogger({ level: 'silent' }), 100);
    const app = createApp({ db: env.db, config: env.config, bus: env.bus, eventHub: hub, logger: createLogger({ level: 'silent' }) });
    server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  });
  afterAll(async () => {
    hub?.close();
    server?.closeAllConnections();
    await new Promise((r) => server?.close(r));
    await env?.close();
  });

  async function login(account: string): Promise<string> {
    const res = await fetch(`${base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-airloom-csrf': '1' }, body: JSON.stringify({ account, password: PASSWORD }) });
    return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  }

  it('streams the project\'s device events, pings, and nothing of other projects', async () => {
    const { c, account } = await signedUp(env);
    const id = (await c.post('/api/v1/projects', { projectName: 'Live', scenario: 'hotel' })).body.data.id as number;
    const other = (await c.post('/api/v1/projects', { projectName: 'Other', scenario: 'hotel' })).body.data.id as number;
    const sn = `SSE${randomBytes(6).toString('hex').toUpperCase()}1`;
    const otherSn = `SSE${randomBytes(6).toString('hex').toUpperCase()}2`;
    await registerDevices(env.db, [
      { sn, type: 'ap', model: 'AL-AP1', mac: '00:1A:2B:00:00:01', secret: 'secret-of-the-device-1', projectId: id },
      { sn: otherSn, type: 'ap', model: 'AL-AP1', mac: '00:1A:2B:00:00:02', secret: 'secret-of-the-device-2', projectId: other },
    ]);
    await env.db('devices').whereIn('sn', [sn, otherSn]).update({ status: 1 });

    const stream = await openStream(`${base}/projects/${id}/events`, await login(account));
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.res.headers.get('cache-control')).toMatch(/no-transform/);
    await until(() => hub.count() === 1 && stream.received.retry !== null);
    expect(stream.received.retry).toBe('2000');

    expect((await c.patch(`/api/v1/projects/${other}/devices/${otherSn}`, { name: 'Elsewhere' })).status).toBe(200);
    const before = (await c.get(`/api/v1/projects/${id}/devices/${sn}`)).body.data.revision as number;
    const renamed = await c.patch(`/api/v1/projects/${id}/devices/${sn}`, { name: 'Renamed' });
    expect(renamed.status).toBe(200);
    // ARCHITECTURE §3: the answer and the event carry the row's revision, raised by the rename
    expect(renamed.body.data.revision).toBeGreaterThan(before);
    await until(() => stream.received.events.some((e) => e.type === 'device'));
    expect(stream.received.events.find((e) => e.type === 'device')).toEqual({
      type: 'device',
      data: { type: 'device', device: expect.objectContaining({ sn, name: 'Renamed', pendingConfig: true, revision: renamed.body.data.revision }) },
    });
    // the rename is a configuration change of the name section, in the history as it is stored
    expect(stream.received.events.find((e) => e.type === 'config')?.data).toMatchObject({ type: 'config', change: { section: 'name', sn, result: 'pending', changes: [{ path: 'name', new: 'Renamed' }] } });

    expect((await c.post(`/api/v1/projects/${id}/devices/${sn}/operations`, { kind: 'locate' })).status).toBe(202);
    await until(() => stream.received.events.some((e) => e.type === 'operation'));
    expect(stream.received.events.find((e) => e.type === 'operation')!.data).toMatchObject({ type: 'operation', operation: { sn, kind: 'locate', state: 'queued', revision: 1 } });
    // the device shows its new operation, so its revision rose past the rename's
    type DeviceData = { device: { revision: number; operation: { kind: string } | null } };
    const showsOperation = (e: { type: string; data: unknown }) => e.type === 'device' && (e.data as DeviceData).device.operation?.kind === 'locate';
    await until(() => stream.received.events.some(showsOperation));
    const withOperation = stream.received.events.find(showsOperation)!.data as DeviceData;
    expect(withOperation.device.revision).toBeGreaterThan(renamed.body.data.revision);

    expect((await c.del(`/api/v1/projects/${id}/devices/${sn}`)).status).toBe(200);
    await until(() => stream.received.events.some((e) => e.type === 'device-removed'));
    await until(() => stream.received.comments.filter((p) => p === 'ping').length >= 2);
    // the pings' access checks pass: the stream stays open
    expect([stream.ended(), hub.count()]).toEqual([false, 1]);
    expect(stream.received.events.every((e) => JSON.stringify(e.data).includes(sn) && !JSON.stringify(e.data).includes(otherSn))).toBe(true);

    stream.close();
    await until(() => hub.count() === 0);
  });

  it('refuses strangers and ends a stream whose access is gone', async () => {
    const owner = await signedUp(env);
    const guest = await signedUp(env);
    const stranger = await signedUp(env);
    const id = (await owner.c.post('/api/v1/projects', { projectName: 'Shared', scenario: 'hotel' })).body.data.id as number;

    const refused = await fetch(`${base}/projects/${id}/events`, { headers: { cookie: await login(stranger.account) } });
    expect(refused.status).toBe(404);
    expect(((await refused.json()) as { code: number }).code).toBe(ErrorCode.DATA_NOT_FOUND);
    expect((await fetch(`${base}/projects/${id}/events`)).status).toBe(401);

    const guestId = Number((await env.db('accounts').where({ account: guest.account }).first('id')).id);
    await withProjectsChange(env.db, (trx) => trx('project_members').insert({ project_id: id, account_id: guestId, share_right: 'r', shared_at: Date.now(), expires_at: null }));
    const stream = await openStream(`${base}/projects/${id}/events`, await login(guest.account));
    expect(stream.res.status).toBe(200);
    await until(() => hub.count() === 1);
    // the share is withdrawn: the next ping's check ends the stream
    await withProjectsChange(env.db, (trx) => trx('project_members').where({ project_id: id, account_id: guestId }).delete());
    await until(() => stream.ended());
    expect(hub.count()).toBe(0);
  });

  it('ends a guest\'s stream when its share runs out, not at the next ping', async () => {
    // pings a minute apart: only the stream's own timer at the share's end can end it in time
    const slowHub = createEventHub(env.bus, createLogger({ level: 'silent' }), 60_000);
    const app = createApp({ db: env.db, config: env.config, bus: env.bus, eventHub: slowHub, logger: createLogger({ level: 'silent' }) });
    const slow = app.listen(0, '127.0.0.1');
    await new Promise((r) => slow.once('listening', r));
    const slowBase = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/api/v1`;
    try {
      const owner = await signedUp(env);
      const guest = await signedUp(env);
      const id = (await owner.c.post('/api/v1/projects', { projectName: 'For a moment', scenario: 'hotel' })).body.data.id as number;
      const guestId = Number((await env.db('accounts').where({ account: guest.account }).first('id')).id);
      const cookie = await login(guest.account); // before the clock starts: password hashing is slow on a busy machine
      // a share that ends in a moment (written straight to the table: the API counts in hours)
      const endsAt = Date.now() + 2500;
      await withProjectsChange(env.db, (trx) => trx('project_members').insert({ project_id: id, account_id: guestId, share_right: 'r', shared_at: Date.now(), expires_at: endsAt }));
      const stream = await openStream(`${slowBase}/projects/${id}/events`, cookie);
      expect(stream.res.status).toBe(200);
      await until(() => slowHub.count() === 1);
      expect(stream.ended()).toBe(false);
      await until(() => stream.ended());
      expect(Date.now()).toBeGreaterThanOrEqual(endsAt);
      expect([slowHub.count(), stream.received.comments.filter((p) => p === 'ping').length]).toEqual([0, 0]);
    } finally {
      slowHub.close();
      slow.closeAllConnections();
      await new Promise((r) => slow.close(r));
    }
  });

  it('ends a guest\'s stream as soon as the owner ends the share, not at the next ping', async () => {
    // an app whose pings are a minute apart: only the share change itself can end the stream in time
    const slowHub = createEventHub(env.bus, createLogger({ level: 'silent' }), 60_000);
    const app = createApp({ db: env.db, config: env.config, bus: env.bus, eventHub: slowHub, logger: createLogger({ level: 'silent' }) });
    const slow = app.listen(0, '127.0.0.1');
    await new Promise((r) => slow.once('listening', r));
    const slowBase = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/api/v1`;
    try {
      const owner = await signedUp(env);
      const guest = await signedUp(env);
      const id = (await owner.c.post('/api/v1/projects', { projectName: 'Handed over', scenario: 'hotel' })).body.data.id as number;
      const share = (await owner.c.post(`/api/v1/projects/${id}/shares`, { account: guest.account, permission: 'r', hours: 1 })).body.data as { id: number };
      const stream = await openStream(`${slowBase}/projects/${id}/events`, await login(guest.account));
      expect(stream.res.status).toBe(200);
      await until(() => slowHub.count() === 1);
      const ownerCookie = await login(owner.account);
      const ended = await fetch(`${slowBase}/projects/${id}/shares/${share.id}`, {
        method: 'PATCH', headers: { cookie: ownerCookie, 'content-type': 'application/json', 'x-airloom-csrf': '1' }, body: JSON.stringify({ endNow: true }),
      });
      expect(((await ended.json()) as { data: { status: string } }).data.status).toBe('expired');
      await until(() => stream.ended());
      expect(slowHub.count()).toBe(0);
    } finally {
      slowHub.close();
      slow.closeAllConnections();
      await new Promise((r) => slow.close(r));
    }
  });

  it('ends every stream when its bus comes back after a break, so the browser reconnects and reads the list again (docs/deployment.md)', async () => {
    // the console's bus to the broker was cut (a Mosquitto killed and started again): events of that time never arrived
    let reconnected = () => {};
    const cutHub = createEventHub({ onEvents: () => () => {}, onReconnected: (listener) => ((reconnected = listener), () => {}) }, createLogger({ level: 'silent' }), 60_000);
    const app = createApp({ db: env.db, config: env.config, bus: env.bus, eventHub: cutHub, logger: createLogger({ level: 'silent' }) });
    const cut = app.listen(0, '127.0.0.1');
    await new Promise((r) => cut.once('listening', r));
    try {
      const { c, account } = await signedUp(env);
      const id = (await c.post('/api/v1/projects', { projectName: 'Cut', scenario: 'hotel' })).body.data.id as number;
      const stream = await openStream(`http://127.0.0.1:${(cut.address() as AddressInfo).port}/api/v1/projects/${id}/events`, await login(account));
      expect(stream.res.status).toBe(200);
      await until(() => cutHub.count() === 1);
      expect(stream.ended()).toBe(false);
      reconnected();
      await until(() => stream.ended());
      expect(cutHub.count()).toBe(0);
    } finally {
      cutHub.close();
      cut.closeAllConnections();
      await new Promise((r) => cut.close(r));
    }
  });

it('ends a guest\'s stream held by another console instance as soon as the owner ends the share (docs/deployment.md)', async () => {
    // the stream on an instance whose pings are a minute apart; the share ended through another instance, with a bus of its own
    const slowHub = createEventHub(env.bus, createLogger({ level: 'silent' }), 60_000);
    const app = createApp({ db: env.db, config: env.config, bus: env.bus, eventHub: slowHub, logger: createLogger({ level: 'silent' }) });
    const slow = app.listen(0, '127.0.0.1');
    await new Promise((r) => slow.once('listening', r));
    const slowBase = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/api/v1`;
    const other = await env.restart();
    try {
      const owner = await signedUp(env);
      const guest = await signedUp(env);
      const id = (await owner.c.post('/api/v1/projects', { projectName: 'Elsewhere', scenario: 'hotel' })).body.data.id as number;
      const share = (await owner.c.post(`/api/v1/projects/${id}/shares`, { account: guest.account, permission: 'r', hours: 1 })).body.data as { id: number };
      const stream = await openStream(`${slowBase}/projects/${id}/events`, await login(guest.account));
      expect(stream.res.status).toBe(200);
      await until(() => slowHub.count() === 1);
      const ended = await request(other).patch(`/api/v1/projects/${id}/shares/${share.id}`).set('cookie', await login(owner.account)).set('x-airloom-csrf', '1').send({ endNow: true });
      expect(ended.body.data.status).toBe('expired');
      await until(() => stream.ended());
      expect(slowHub.count()).toBe(0);
    } finally {
      slowHub.close();
      slow.closeAllConnections();
      await new Promise((r) => slow.close(r));
    }
  });
});
