// The multi-instance layout (docs/deployment.md), started by the same script as `npm run deploy:local`:
// two consoles behind the round-robin proxy, two gateways sharing the devices through `$share`, MariaDB
// and a private Mosquitto. A person's consecutive requests land on different consoles, and everything
// keeps working: the session, the CSRF check, an event stream held by one console receiving what a
// request to the other caused, and a device's remote web tunnel used through the console it did not dial.
// Skipped without MariaDB on 127.0.0.1:3306 or the Mosquitto binaries.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DeviceStatus } from '@airloom/contracts';
import { Agent, type DeviceSpec } from '@airloom/device-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error a plain Node script without type declarations
import { layoutPrerequisites, startLayout } from './start.mjs';

const TIME_SCALE = 0.05;
const PASSWORD = 'Secret-pass1';
const prerequisites = (await layoutPrerequisites()) as { ok: boolean };

interface Layout {
  url: string;
  consoles: { name: string; url: string }[];
  mqttUrl: string;
  dataDir: string;
  logs: string;
  manufacturerKey: string;
  stop(): Promise<void>;
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 30_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out: ${what}`);
}

describe.skipIf(!prerequisites.ok)('two consoles and two gateways behind one proxy (deploy/local/start.mjs)', () => {
  let layout: Layout;
  let agent: Agent | undefined;
  /** the person's project and its device, online, from the second test on */
  let projectId = 0;
  let spec: DeviceSpec;
  let cookie = '';
  /** the console that answered each call, in order */
  const answeredBy: string[] = [];

  /** a browser's call through the proxy: its session cookie, the CSRF header and its Origin on writes */
  async function call(method: string, url: string, body?: unknown): Promise<{ status: number; body: { code: number; data: Json }; instance: string }> {
    const write = method !== 'GET';
    const res = await fetch(`${layout.url}${url}`, {
      method,
      headers: { cookie, ...(write ? { 'x-airloom-csrf': '1', origin: layout.url } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const set = res.headers.getSetCookie().map((h) => h.split(';')[0]!);
    if (set.length) cookie = set.join('; ');
    const instance = res.headers.get('x-airloom-instance') ?? '';
    answeredBy.push(instance);
    return { status: res.status, body: (await res.json()) as { code: number; data: Json }, instance };
  }

  /** the next call through the proxy goes to the console other than `instance` (the proxy takes them in turn) */
  async function nextGoesAwayFrom(instance: string): Promise<void> {
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${layout.url}/readyz`);
      await res.arrayBuffer();
      if (res.headers.get('x-airloom-instance') === instance) return;
    }
    throw new Error(`the proxy never sent a request to ${instance}`);
  }

  beforeAll(async () => {
    const started = Date.now();
    layout = (await startLayout({
      port: 0,
      database: `airloom_deploy_${randomBytes(4).toString('hex')}`,
      dropDatabase: true,
      // the demo fleet is not needed here: this test brings its own device
      sim: false,
      timeScale: TIME_SCALE,
    })) as Layout;
    console.log(`layout ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });

  afterAll(async () => {
    await agent?.stop().catch(() => {});
    await layout?.stop();
  });

  it('signs up and in through the proxy while consecutive requests alternate between the consoles', async () => {
    const account = `deploy-${randomBytes(3).toString('hex')}@example.com`;
    const sent = await call('POST', '/api/v1/auth/code', { account, purpose: 'signup' });
    expect(sent.body.code).toBe(0);
    // the dev outbox is in the consoles' shared DATA_DIR
    const outbox = readFileSync(path.join(layout.dataDir, 'outbox.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { to: string; code?: string });
    const code = outbox.reverse().find((m) => m.to === account && m.code)!.code;
    expect((await call('POST', '/api/v1/auth/signup', { account, code, password: PASSWORD, confirm: PASSWORD })).body.code).toBe(0);
    // a fresh sign-in, then the session (stored in the database) is honoured by both consoles
    expect((await call('POST', '/api/v1/auth/logout')).body.code).toBe(0);
    cookie = '';
    expect((await call('POST', '/api/v1/auth/login', { account, password: PASSWORD })).body.code).toBe(0);
    const mine: string[] = [];
    for (let i = 0; i < 4; i++) {
      const me = await call('GET', '/api/v1/auth/me');
      expect(me.status).toBe(200);
      expect(me.body.data.account).toBe(account);
      mine.push(me.instance);
    }
    expect(new Set(answeredBy)).toEqual(new Set(['console-1', 'console-2']));
    // strictly in turn: no two consecutive calls went to the same console
    for (let i = 1; i < mine.length; i++) expect(mine[i]).not.toBe(mine[i - 1]);
  });

  it('a device event caused through one console reaches the event stream held by the other', async () => {
    projectId = (await call('POST', '/api/v1/projects', { projectName: `Deploy ${randomBytes(2).toString('hex')}`, scenario: 'hotel' })).body.data.id as number;
    const me = await call('GET', '/api/v1/auth/me');
    spec = {
      sn: `DEPL${randomBytes(6).toString('hex').toUpperCase()}`,
      mac: `02:44:45:${randomBytes(3).toString('hex').match(/../g)!.join(':').toUpperCase()}`,
      type: 'ap', model: 'AL-AP620', meshRole: '', name: 'Lobby AP', secret: randomBytes(16).toString('hex'),
    };
    // the manufacturer registers it (its broker account goes to Mosquitto's dynamic security); it connects through either gateway
    const registered = await fetch(`${layout.url}/api/v1/manufacturer/devices`, {
      method: 'POST',
      headers: { authorization: `Bearer ${layout.manufacturerKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ devices: [{ sn: spec.sn, model: spec.model, type: spec.type, mac: spec.mac, secret: spec.secret, owner: me.body.data.account }] }),
    });
    expect(registered.status).toBe(200);
    agent = new Agent({ brokerUrl: layout.mqttUrl, protocolVersion: 5, spec, timeScale: TIME_SCALE });
    await agent.start();
    await until('the device waits to be added', async () => ((await call('GET', '/api/v1/devices/unverified')).body.data?.items ?? []).some((d: { sn: string }) => d.sn === spec.sn));
    expect((await call('POST', `/api/v1/projects/${projectId}/devices`, { sn: spec.sn })).status).toBe(201);
    await until('the device is online', async () => (await call('GET', `/api/v1/projects/${projectId}/devices/${spec.sn}`)).body.data?.status === DeviceStatus.ONLINE);

    // the event stream, held open through the proxy by one console
    const abort = new AbortController();
    const stream = await fetch(`${layout.url}/api/v1/projects/${projectId}/events`, { headers: { cookie, accept: 'text/event-stream' }, signal: abort.signal });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const holder = stream.headers.get('x-airloom-instance')!;
    let received = '';
    const reader = stream.body!.getReader();
    const reading = (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        received += new TextDecoder().decode(value);
      }
    })();
    await until('the stream has begun', () => received.includes('retry:'));

    // the rename goes to the other console; the device's new name comes back on the stream
    await nextGoesAwayFrom(holder);
    const name = `Renamed-${randomBytes(2).toString('hex')}`;
    const renamed = await call('PATCH', `/api/v1/projects/${projectId}/devices/${spec.sn}`, { name });
    expect(renamed.body.code).toBe(0);
    expect(renamed.instance).not.toBe(holder);
    await until('the stream carries the rename', () => received.includes(`"name":"${name}"`), 20_000);
    abort.abort();
    await reading;
  });

  it('a remote web link works through the console the device did not dial, and a close through either ends it', async () => {
    expect(agent, 'the device of the previous test').toBeDefined();
    // the device dials PUBLIC_URL, the proxy: so one console holds the tunnel; the link is used through both
    const opened = await call('POST', `/api/v1/projects/${projectId}/devices/${spec.sn}/operations`, { kind: 'remote-web' });
    expect(opened.status).toBe(202);
    const link = opened.body.data.remoteWeb.url as string;
    await until('the device dialled in', async () => (await call('GET', `/api/v1/projects/${projectId}/devices/${spec.sn}/remote-web`)).body.data?.state === 'opened');
    await until('the device knows its tunnel is open', () => agent!.remoteWeb?.open === true);
    const servedBy = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const page = await fetch(`${layout.url}${link}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(`<dd id="sn">${spec.sn}</dd>`);
      servedBy.add(page.headers.get('x-airloom-instance')!);
    }
    // one console holds the tunnel: the other relayed its requests to it
    expect(servedBy).toEqual(new Set(['console-1', 'console-2']));

    // closed through one console: the link stops at once everywhere, and the tunnel (whichever console holds it) closes
    expect((await call('DELETE', `/api/v1/projects/${projectId}/devices/${spec.sn}/remote-web`)).body.data.state).toBe('disabled');
    for (let i = 0; i < 2; i++) expect((await fetch(`${layout.url}${link}`)).status).toBe(404);
    await until('the device\'s tunnel closed', () => agent!.remoteWeb === undefined, 15_000);
  });
});
