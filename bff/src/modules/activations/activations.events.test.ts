// The data screen's live stream on the real app, database and bus: a device that connects in a
// project the caller can open reaches its stream as an `activation` event with the record the
// gateway wrote; other accounts' devices and unchanged records do not; an API key streams too.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { ActivationEvent, DeviceItem } from '@airloom/contracts';
import { registerDevices } from '@airloom/gateway/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { withProjectsChange } from '../../db/change-counters.js';
import { createLogger } from '../../logger.js';
import { createEventHub, type EventHub } from '../events/events.hub.js';
import { backends, createTestEnv, ownProject, PASSWORD, signedUp, type Client, type TestEnv } from '../../test/test-env.js';

const DAY = 86_400_000;

/** Reads a Server-Sent Events stream as EventSource would, keeping the `activation` events. */
async function openStream(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const events: ActivationEvent[] = [];
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
            for (const line of block.split('\n')) {
              if (line.startsWith('data: ')) events.push(JSON.parse(line.slice(6)) as ActivationEvent);
            }
          }
        }
      } catch {
        // aborted
      }
    })();
  }
  return { res, events, close: () => controller.abort() };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}

describe.each(backends())('activation events (SSE) on %s', (backend) => {
  let env: TestEnv;
  let hub: EventHub;
  let server: Server;
  let base: string;
  let owner: { c: Client; account: string };
  let stranger: { c: Client; account: string };
  let mine: number;
  let theirs: number;

  beforeAll(async () => {
    env = await createTestEnv(backend, { broker: 'aedes' });
    hub = createEventHub(env.bus, createLogger({ level: 'silent' }), 100);
    const app = createApp({ db: env.db, config: env.config, bus: env.bus, eventHub: hub, clock: env.clock.now, logger: createLogger({ level: 'silent' }) });
    server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
    [owner, stranger] = await Promise.all([signedUp(env), signedUp(env)]);
    mine = await ownProject(owner.c);
    theirs = await ownProject(stranger.c);
  });
  afterAll(async () => {
    hub?.close();
    server?.closeAllConnections();
    await new Promise((r) => server?.close(r));
    await env?.close();
  });

  /** What the gateway does when a registered device connects: write its record, then publish its device event. */
  async function connects(projectId: number, c: Client, firstTime: boolean): Promise<string> {
    const sn = `ALLIVE${randomBytes(5).toString('hex').toUpperCase()}`;
    await registerDevices(env.db, [{ sn, type: 'switch', model: 'AL-SW24P', mac: '00:1A:2B:00:10:01', secret: 'secret-of-the-device-1', projectId }]);
    const now = env.clock.now();
    const activatedAt = firstTime ? now : now - 40 * DAY;
    await env.db('activations').insert({
      sn, type: 'switch', model: 'AL-SW24P', brand: 'Airloom', mac: '00:1A:2B:00:10:01', public_ip: '81.2.69.142', country: 'GB', state: 'ENG', city: 'London',
      activated_at: activatedAt, activated_day: Math.floor(activatedAt / DAY), updated_at: now, project_id: projectId, owner_account_id: null,
    });
    const device = (await c.get(`/api/v1/projects/${projectId}/devices/${sn}`)).body.data as DeviceItem;
    await env.bus!.publishEvent(projectId, { type: 'device', device });
    return sn;
  }

  async function login(account: string): Promise<string> {
    const res = await fetch(`${base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-airloom-csrf': '1' }, body: JSON.stringify({ account, password: PASSWORD }) });
    return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  }

  it("streams the devices that connect in the caller's projects, first connections marked, nothing of others", async () => {
    const stream = await openStream(`${base}/activations/events`, { cookie: await login(owner.account) });
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await new Promise((r) => setTimeout(r, 50));

    const elsewhere = await connects(theirs, stranger.c, true);
    const fresh = await connects(mine, owner.c, true);
    const back = await connects(mine, owner.c, false);
    await until(() => stream.events.length >= 2);
    expect(stream.events.map((e) => [e.activation.sn, e.first])).toEqual([[fresh, true], [back, false]]);
    expect(stream.events[0]!.activation).toMatchObject({ type: 'switch', country: 'GB', city: 'London' });
    expect(JSON.stringify(stream.events)).not.toContain(elsewhere);

    // telemetry sends the device's event again: an unchanged record is not streamed twice
    const device = (await owner.c.get(`/api/v1/projects/${mine}/devices/${fresh}`)).body.data as DeviceItem;
    await env.bus!.publishEvent(mine, { type: 'device', device });
    const later = await connects(mine, owner.c, true);
    await until(() => stream.events.length >= 3);
    expect(stream.events.map((e) => e.activation.sn)).toEqual([fresh, back, later]);
    stream.close();
  });

  it("takes a shared project out of a guest's stream when the owner ends the share, and when a share runs out, without waiting for the 15 s ping", async () => {
    const guest = await signedUp(env);
    const own = await ownProject(guest.c);
    const guestId = Number((await env.db('accounts').where({ account: guest.account }).first('id')).id);
    const ended = await ownProject(owner.c);
    const share = (await owner.c.post(`/api/v1/projects/${ended}/shares`, { account: guest.account, permission: 'r', hours: 1 })).body.data as { id: number };
    const runsOut = await ownProject(owner.c);
    // signed in before the clock starts (password hashing is slow on a busy machine)
    const [guestCookie, ownerCookie] = [await login(guest.account), await login(owner.account)];
    // a share that runs out in a moment (written straight to the table: the API counts in hours)
    const RUNS_MS = 4000;
    const endsAt = env.clock.now() + RUNS_MS;
    await withProjectsChange(env.db, (trx) => trx('project_members').insert({ project_id: runsOut, account_id: guestId, share_right: 'r', shared_at: env.clock.now(), expires_at: endsAt }));

    const stream = await openStream(`${base}/activations/events`, { cookie: guestCookie });
    expect(stream.res.status).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    const sns = () => stream.events.map((e) => e.activation.sn);
    const seen = [await connects(runsOut, owner.c, true), await connects(ended, owner.c, true)];
    await until(() => stream.events.length >= 2);
    expect(sns()).toEqual(seen);

    // the owner ends one share (on the stream's instance): its project leaves the stream at once; the guest's own project still streams
    const endNow = await fetch(`${base}/projects/${ended}/shares/${share.id}`, {
      method: 'PATCH', headers: { cookie: ownerCookie, 'content-type': 'application/json', 'x-airloom-csrf': '1' }, body: JSON.stringify({ endNow: true }),
    });
    expect(((await endNow.json()) as { data: { status: string } }).data.status).toBe('expired');
    const afterEnd = await connects(ended, owner.c, true);
    const mine1 = await connects(own, guest.c, true);
    await until(() => sns().includes(mine1));
    expect(env.clock.now()).toBeLessThan(endsAt); // the other share had not run out yet: the change itself cut it
    expect(sns()).toEqual([...seen, mine1]);

    // the other share runs out: its project leaves the stream then
    await new Promise((r) => setTimeout(r, Math.max(0, endsAt - env.clock.now()) + 200));
    const afterRunOut = await connects(runsOut, owner.c, true);
    const mine2 = await connects(own, guest.c, true);
    await until(() => sns().includes(mine2));
    await new Promise((r) => setTimeout(r, 100));
    expect(sns()).toEqual([...seen, mine1, mine2]);
    expect(sns()).not.toContain(afterEnd);
    expect(sns()).not.toContain(afterRunOut);
    stream.close();
  });

  it('streams to a read-only API key and refuses nobody', async () => {
    const secret = (await owner.c.post('/api/v1/account/api-keys', { name: 'Wall display', access: 'r' })).body.data.secret as string;
    const stream = await openStream(`${base}/activations/events`, { authorization: `Bearer ${secret}` });
    expect(stream.res.status).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    const sn = await connects(mine, owner.c, true);
    await until(() => stream.events.length === 1);
    expect(stream.events[0]!.activation.sn).toBe(sn);
    stream.close();

    const anonymous = await fetch(`${base}/activations/events`);
    expect(anonymous.status).toBe(401);
  });

  it("streams every device to a manufacturer's key for its whole account; a key for some projects hears those only", async () => {
    const maker = await signedUp(env);
    await env.db('accounts').where({ account: maker.account }).update({ role: 2 });
    const makers = await ownProject(maker.c);
    const key = async (projects?: number[]) =>
      (await maker.c.post('/api/v1/account/api-keys', { name: 'Factory wall', access: 'r', ...(projects ? { projects } : {}) })).body.data.secret as string;
    const whole = await openStream(`${base}/activations/events`, { authorization: `Bearer ${await key()}` });
    const some = await openStream(`${base}/activations/events`, { authorization: `Bearer ${await key([makers])}` });
    expect([whole.res.status, some.res.status]).toEqual([200, 200]);
    await new Promise((r) => setTimeout(r, 50));
    const installers = await connects(mine, owner.c, true);
    const own = await connects(makers, maker.c, true);
    await until(() => whole.events.length >= 2 && some.events.length >= 1);
    expect(whole.events.map((e) => e.activation.sn)).toEqual([installers, own]);
    expect(some.events.map((e) => e.activation.sn)).toEqual([own]);
    whole.close();
    some.close();
  });
});
