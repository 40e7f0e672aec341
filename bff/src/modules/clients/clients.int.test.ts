// Online clients end to end through the real parts: simulated APs (USP agents) report their clients
// over MQTT (the embedded broker, or Mosquitto with CI=true), the gateway runtime keeps them, the HTTP
// API lists them; force offline goes through the operations outbox to the AP, which really lets the
// client go; a blacklisted client is delivered to the APs as configuration and stays out.
import { randomBytes } from 'node:crypto';
import { DEMO_PROJECT_IDS, DeviceStatus, ErrorCode, LIMITS, type OnlineClient } from '@airloom/contracts';
import { Agent, type DeviceSpec } from '@airloom/device-sim';
import { createBus, createGatewayRuntime, startEmbeddedBroker, type Bus, type EmbeddedBroker, type GatewayRuntime } from '@airloom/gateway/public';
import { registerDevices } from '@airloom/gateway/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { createLogger } from '../../logger.js';
import { backends, createTestEnv, signedUp, pairedWithBrokers, type Client, type TestEnv } from '../../test/test-env.js';
import { createEventHub, type EventHub } from '../events/events.hub.js';

const TIME_SCALE = 0.02;
const cases = pairedWithBrokers(backends());
const DENIED = 'Device.WiFi.X_AIRLOOM_DeniedMACAddress';

async function until(check: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const started = Date.now();
  while (!(await check()) && Date.now() - started < ms) await new Promise((r) => setTimeout(r, 25));
  expect(await check()).toBe(true);
}

function apSpec(name: string): DeviceSpec {
  const hex = randomBytes(7).toString('hex').toUpperCase();
  return { sn: `CLA${hex}`, mac: `02:43:4C:${hex.slice(0, 6).match(/../g)!.join(':')}`, type: 'ap', model: 'AL-AP620', meshRole: '', name, secret: randomBytes(16).toString('hex') };
}

describe.each(cases)('online clients on %s with %s', (backend, brokerKind) => {
  let env: TestEnv;
  let broker: EmbeddedBroker | undefined;
  let bus: Bus;
  let hub: EventHub;
  let runtime: GatewayRuntime;
  let owner: Client;
  let projectId: number;
  let ap: Agent;
  let spare: Agent;
  const agents: Agent[] = [];
  const protocolVersion = brokerKind === 'aedes' ? 4 : 5;
  const logger = createLogger({ level: 'silent' });
  const lobby = apSpec('AP-Lobby');
  const terrace = apSpec('AP-Terrace');
  let brokerUrl: string;

  const api = (path: string) => `/api/v1/projects/${projectId}${path}`;
  const status = async (sn: string) => Number((await env.db('devices').where({ sn }).first('status')).status);
  const listed = async (kind = 'all'): Promise<OnlineClient[]> => (await owner.get(api(`/clients?kind=${kind}`))).body.data.items;
  const onAp = (agent: Agent, mac: string) => agent.device.clients.some((c) => c.mac === mac);

  beforeAll(async () => {
    env = await createTestEnv(backend);
    const service = { username: 'airloom-service', password: randomBytes(12).toString('hex') };
    if (brokerKind === 'aedes') {
      broker = await startEmbeddedBroker({ db: env.db, host: '127.0.0.1', port: 0, service, logger });
      brokerUrl = broker.url;
    } else {
      brokerUrl = process.env.MQTT_TEST_URL ?? 'mqtt://127.0.0.1:1883';
    }
    const creds = brokerKind === 'aedes' ? { username: service.username, password: service.password } : {};
    bus = createBus({ mqttUrl: brokerUrl, protocolVersion, clientId: `cl-bff-${randomBytes(3).toString('hex')}`, logger, ...creds });
    await bus.ready();
    runtime = createGatewayRuntime({ db: env.db, logger, mqttUrl: brokerUrl, protocolVersion, bus, timeScale: TIME_SCALE, shareGroup: `test-${randomBytes(3).toString('hex')}`, mqttUsername: creds.username, mqttPassword: creds.password });
    await runtime.start();
    hub = createEventHub(bus, logger);
    env.app = createApp({ db: env.db, config: env.config, bus, eventHub: hub, logger, clock: env.clock.now });
    owner = (await signedUp(env)).c;
    projectId = (await owner.post('/api/v1/projects', { projectName: 'Client Hotel', scenario: 'hotel' })).body.data.id as number;
    const ownerId = Number((await env.db('projects').where({ id: projectId }).first('owner_account_id')).owner_account_id);
    await registerDevices(env.db, [lobby, terrace].map((s) => ({ sn: s.sn, type: s.type, model: s.model, mac: s.mac, secret: s.secret!, projectId, ownerAccountId: ownerId })));
    ap = new Agent({ brokerUrl, protocolVersion, spec: lobby, timeScale: TIME_SCALE });
    spare = new Agent({ brokerUrl, protocolVersion, spec: terrace, timeScale: TIME_SCALE });
    agents.push(ap, spare);
    await Promise.all(agents.map((a) => a.start()));
    await until(async () => (await status(lobby.sn)) === DeviceStatus.ONLINE && (await status(terrace.sn)) === DeviceStatus.ONLINE);
  });
  afterAll(async () => {
    for (const a of agents) await a.stop();
    hub?.close();
    await runtime?.stop();
    await bus?.close();
    await broker?.close();
    await env?.close();
  });

  it('lists the clients the APs report, with their SSID, band, signal, traffic and type', async () => {
    await until(async () => (await listed()).filter((c) => c.online && c.sn === lobby.sn).length > 0);
    const client = (await listed()).find((c) => c.online && c.sn === lobby.sn)!;
    const simulated = ap.device.clients.find((c) => c.mac === client.mac);
    expect(client).toMatchObject({ connection: 'wireless', deviceName: 'AP-Lobby', ssid: expect.stringMatching(/^Airloom-/), band: expect.stringMatching(/GHz$/) });
    expect(client.signal).toBeLessThan(0);
    expect(client.txRate).toBeGreaterThan(0);
    if (simulated) expect(client.name).toBe(simulated.hostName);
    expect((await listed('wireless')).every((c) => c.connection === 'wireless')).toBe(true);
  });

  it('forces a client offline: the AP lets it go (gone from its tree) and the list shows it offline', async () => {
    const target = (await listed()).find((c) => c.online && c.sn === lobby.sn && onAp(ap, c.mac))!;
    const ranBefore = ap.executions.clientOffline; // a retry in CI runs it again
    const res = await owner.post(api(`/clients/${target.mac}/offline`), {});
    expect([res.status, res.body.code, res.body.data.kind]).toEqual([202, 0, 'clientOffline']);
    await until(async () => (await owner.get(api(`/operations/${res.body.data.id}`))).body.data.state === 'done');
    expect(onAp(ap, target.mac)).toBe(false);
    expect([...ap.tree()].some(([p, v]) => p.endsWith('.MACAddress') && p.includes('AssociatedDevice') && v === target.mac)).toBe(false);
    // the list shows it offline (a simulated client may join again later: then the list follows the AP)
    await until(async () => {
      const after = (await listed()).find((c) => c.mac === target.mac);
      return onAp(ap, target.mac) ? after?.online === true : after === undefined || !after.online;
    });
    expect(ap.executions.clientOffline).toBe(ranBefore + 1);
  });

  it('refuses to force a client offline while its AP is in local management (76) or restarting (71); sends nothing', async () => {
    const target = (await listed()).find((c) => c.online && c.sn === lobby.sn && onAp(ap, c.mac))!;
    const operations = async () => Number(((await env.db('operations').where({ sn: lobby.sn }).count({ n: '*' })) as [{ n: number }])[0].n);
    const before = await operations();
    const offline = () => owner.post(api(`/clients/${target.mac}/offline`), {});
    await env.db('devices').where({ sn: lobby.sn }).update({ management_mode: 'local' });
    try {
      expect((await offline()).body.code).toBe(ErrorCode.LOCAL_MODE);
    } finally {
      await env.db('devices').where({ sn: lobby.sn }).update({ management_mode: 'cloud' });
    }
    await env.db('devices').where({ sn: lobby.sn }).update({ status: DeviceStatus.REBOOTING });
    try {
      expect((await offline()).body.code).toBe(ErrorCode.DEVICE_BUSY);
    } finally {
      await env.db('devices').where({ sn: lobby.sn }).update({ status: DeviceStatus.ONLINE });
    }
    expect(await operations()).toBe(before);
  });

  it('blacklists an online client: the APs get the deny list, it is disconnected and does not come back; removal lets it back', async () => {
    const target = (await listed()).find((c) => c.online && c.sn === lobby.sn && onAp(ap, c.mac))!;
    const res = await owner.post(api('/blacklist'), { mac: target.mac.toLowerCase().replace(/:/g, '-') });
    expect([res.status, res.body.code, res.body.data.mac]).toEqual([201, 0, target.mac]);
    expect(res.body.data.note).toBe(target.name);
    await until(() => [ap, spare].every((a) => (a.tree().get(DENIED) ?? '').includes(target.mac)));
    expect(onAp(ap, target.mac)).toBe(false);
    expect((await owner.get(api('/blacklist'))).body.data).toMatchObject({ items: [{ mac: target.mac }], max: LIMITS.blacklistMax });
    await until(async () => (await listed()).some((c) => c.mac === target.mac && !c.online && c.blacklisted));
    // the AP remembers it (it would come back now and then) but keeps it out: five status periods later it is still away
    expect(ap.device.departed.some((d) => d.mac === target.mac)).toBe(true);
    await new Promise((r) => setTimeout(r, 5 * 30_000 * TIME_SCALE));
    expect(onAp(ap, target.mac) || onAp(spare, target.mac)).toBe(false);
    expect((await listed()).find((c) => c.mac === target.mac)?.online ?? false).toBe(false);
    const removed = await owner.del(api(`/blacklist/${target.mac}`));
    expect([removed.body.code, removed.body.data.mac]).toEqual([0, target.mac]);
    await until(() => [ap, spare].every((a) => !(a.tree().get(DENIED) ?? '').includes(target.mac)));
    expect((await owner.del(api(`/blacklist/${target.mac}`))).body.code).toBe(ErrorCode.DATA_NOT_FOUND);
  }, 90_000);

  it('refuses a 101st blacklist entry (156), a malformed MAC (400), a demo project (917), and an offline AP (36); stores nothing', async () => {
    const rows = Array.from({ length: LIMITS.blacklistMax }, (_, i) => ({ project_id: projectId, mac: `06:00:00:00:${(i >> 8).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}`.toUpperCase(), note: '', created_at: i }));
    await env.db('client_blacklist').insert(rows);
    const count = async () => Number(((await env.db('client_blacklist').where({ project_id: projectId }).count({ n: '*' })) as [{ n: number }])[0].n);
    const full = await owner.post(api('/blacklist'), { mac: '06:00:00:00:FF:FF' });
    expect([full.body.code, full.status < 500, await count()]).toEqual([ErrorCode.BLACKLIST_LIMIT, true, LIMITS.blacklistMax]);
    expect((await owner.post(api('/blacklist'), { mac: 'not-a-mac' })).body.code).toBe(ErrorCode.INVALID_PARAMS);
    expect((await owner.post(api('/clients/zz/offline'), {})).body.code).toBe(ErrorCode.INVALID_PARAMS);
    await env.db('client_blacklist').where({ project_id: projectId }).delete();
    for (const res of [
      await owner.post(`/api/v1/projects/${DEMO_PROJECT_IDS.WLAN}/blacklist`, { mac: '06:00:00:00:00:01' }),
      await owner.post(`/api/v1/projects/${DEMO_PROJECT_IDS.WLAN}/clients/06:00:00:00:00:01/offline`, {}),
    ]) expect(res.body.code).toBe(ErrorCode.DEMO_PROJECT);
    const target = (await listed()).find((c) => c.online && c.sn === terrace.sn)!;
    await spare.stop();
    await until(async () => (await status(terrace.sn)) === DeviceStatus.OFFLINE, 30_000);
    const before = Number(((await env.db('operations').count({ n: '*' })) as [{ n: number }])[0].n);
    // the list shows it offline with its AP; asking its AP to let it go is refused while the AP is offline
    expect((await listed()).find((c) => c.mac === target.mac)?.online).toBe(false);
    expect((await owner.post(api(`/clients/${target.mac}/offline`), {})).body.code).toBe(ErrorCode.DEVICE_OFFLINE);
    expect(Number(((await env.db('operations').count({ n: '*' })) as [{ n: number }])[0].n)).toBe(before);
  });
});
