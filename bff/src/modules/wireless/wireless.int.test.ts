// Wireless policies end to end through the real parts: the HTTP API keeps a pending change (nothing is
// sent), confirming it writes the configuration engine's section, the gateway runtime sends it over MQTT
// (the embedded broker, or Mosquitto with CI=true) to simulated APs, and the SSIDs are read from the
// agents' own TR-181 trees. Every refusal answers the spec's code and stores nothing.
import { randomBytes } from 'node:crypto';
import { DeviceStatus, ErrorCode } from '@airloom/contracts';
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

async function until(check: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const started = Date.now();
  while (!(await check()) && Date.now() - started < ms) await new Promise((r) => setTimeout(r, 25));
  expect(await check()).toBe(true);
}

function apSpec(name: string): DeviceSpec {
  const hex = randomBytes(7).toString('hex').toUpperCase();
  return { sn: `WA${hex}`, mac: `02:42:4C:${hex.slice(0, 6).match(/../g)!.join(':')}`, type: 'ap', model: 'AL-AP620', meshRole: '', name, secret: randomBytes(16).toString('hex') };
}

const STAFF = {
  name: 'Staff', ssid: 'Hotel-Staff', ssid5: 'Hotel-Staff-5G', band: 'dual', securityMode: 2, cipher: 'aes', password: 'correct-horse', keyUpdateCycle: 3600,
  vlanId: 10, maxClients: 64, hidden: false, schedule: null, guest: false, rateLimit: null, radius: null, applyTo: 'all', sns: [] as string[],
};
const GUEST = { ...STAFF, name: 'Guest', ssid: 'Hotel-Guest', ssid5: 'Hotel-Guest-5G', guest: true, maxClients: 32, rateLimit: { uploadMbps: 10, downloadMbps: 20 }, schedule: [{ start: '01:00', end: '06:00' }] };

describe.each(cases)('wireless policies on %s with %s', (backend, brokerKind) => {
  let env: TestEnv;
  let broker: EmbeddedBroker | undefined;
  let bus: Bus;
  let hub: EventHub;
  let runtime: GatewayRuntime;
  let owner: Client;
  let reader: Client;
  let projectId: number;
  const agents: Agent[] = [];
  const protocolVersion = brokerKind === 'aedes' ? 4 : 5;
  const logger = createLogger({ level: 'silent' });
  const lobby = apSpec('Lobby-AP');
  const floor = apSpec('Floor1-AP');
  let brokerUrl: string;

  const api = (path: string) => `/api/v1/projects/${projectId}${path}`;
  const ssids = (agent: Agent) => [...agent.tree()].filter(([p]) => /^Device\.WiFi\.SSID\.\d+\.SSID$/.test(p)).map(([, v]) => v);
  const rows = async () =>
    JSON.stringify(await Promise.all([env.db('config_sections').select().orderBy('id'), env.db('config_changes').select().orderBy('id'), env.db('wireless_pending').select(), env.db('devices').select('sn', 'config_version').orderBy('sn')]));

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
    bus = createBus({ mqttUrl: brokerUrl, protocolVersion, clientId: `wl-bff-${randomBytes(3).toString('hex')}`, logger, ...creds });
    await bus.ready();
    runtime = createGatewayRuntime({ db: env.db, logger, mqttUrl: brokerUrl, protocolVersion, bus, timeScale: TIME_SCALE, shareGroup: `test-${randomBytes(3).toString('hex')}`, mqttUsername: creds.username, mqttPassword: creds.password });
    await runtime.start();
    hub = createEventHub(bus, logger);
    env.app = createApp({ db: env.db, config: env.config, bus, eventHub: hub, logger, clock: env.clock.now });
    const signed = await signedUp(env);
    owner = signed.c;
    const readerAccount = await signedUp(env);
    reader = readerAccount.c;
    projectId = (await owner.post('/api/v1/projects', { projectName: 'Wi-Fi Hotel', scenario: 'hotel' })).body.data.id as number;
    await owner.post(api('/shares'), { account: readerAccount.account, permission: 'r' });
    const ownerId = Number((await env.db('projects').where({ id: projectId }).first('owner_account_id')).owner_account_id);
    await registerDevices(env.db, [lobby, floor].map((s) => ({ sn: s.sn, type: s.type, model: s.model, mac: s.mac, secret: s.secret!, projectId, ownerAccountId: ownerId })));
    for (const s of [lobby, floor]) agents.push(new Agent({ brokerUrl, protocolVersion, spec: s, timeScale: TIME_SCALE }));
    await Promise.all(agents.map((a) => a.start()));
    await until(async () => (await env.db('devices').whereIn('sn', [lobby.sn, floor.sn]).where({ status: DeviceStatus.ONLINE })).length === 2);
  });
  afterAll(async () => {
    for (const a of agents) await a.stop();
    hub?.close();
    await runtime?.stop();
    await bus?.close();
    await broker?.close();
    await env?.close();
  });

  it('a new policy is pending: a diff and the devices it reaches, nothing sent, the APs stay at status 1', async () => {
    const created = await owner.post(api('/wireless/policies'), STAFF);
    expect(created.body.code).toBe(0);
    const pending = created.body.data.pending;
    expect(pending.revision).toBe(1);
    expect(pending.policies.map((p: { name: string }) => p.name)).toEqual(['Staff']);
    expect(pending.devices.map((d: { sn: string }) => d.sn).sort()).toEqual([lobby.sn, floor.sn].sort());
    expect(pending.changes).toEqual([{ path: 'policies[id=1]', old: null, new: expect.objectContaining({ name: 'Staff', password: '••••••' }) }]);
    const view = (await owner.get(api('/wireless/policies'))).body.data;
    expect(view.policies).toEqual([]);
    expect(view.pending.revision).toBe(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(ssids(agents[0]!)).not.toContain('Hotel-Staff');
    expect(await env.db('config_sections').where({ project_id: projectId })).toHaveLength(0);
    expect((await env.db('devices').whereIn('sn', [lobby.sn, floor.sn]).select('status')).map((d: { status: number }) => Number(d.status))).toEqual([1, 1]);
  });

  it('refuses what the rules refuse with the spec\'s code, and stores nothing', async () => {
    const before = await rows();
    const refusals: [unknown, number][] = [
      [{ ...STAFF, ssid: 'Other' }, ErrorCode.POLICY_NAME_EXISTS],
      [{ ...STAFF, name: 'Same', ssid: 'Same', ssid5: 'Same' }, ErrorCode.WIFI_NAMES_MUST_DIFFER],
      [{ ...STAFF, name: 'Big', maxClients: 65 }, ErrorCode.BAND_CLIENT_LIMIT],
      [{ ...STAFF, name: 'Bad', password: 'short' }, ErrorCode.INVALID_PARAMS],
      [{ ...STAFF, name: 'Other AP', applyTo: 'specified', sns: ['ZZ0000000000000001'] }, ErrorCode.INVALID_PARAMS],
    ];
    for (const [body, code] of refusals) {
      const res = await owner.post(api('/wireless/policies'), body);
      expect([res.body.code, res.status < 500]).toEqual([code, true]);
    }
    // a read-only guest is refused (173) and sees no secrets
    expect((await reader.post(api('/wireless/policies'), { ...STAFF, name: 'R' })).body.code).toBe(ErrorCode.READ_ONLY_PROJECT);
    expect((await reader.post(api('/wireless/apply'), {})).body.code).toBe(ErrorCode.READ_ONLY_PROJECT);
    expect((await reader.get(api('/wireless/policies'))).body.data.pending.policies[0].password).toBe('••••••••');
    expect(await rows()).toBe(before);
  });

  it('a second guest Wi-Fi is refused (2007); confirming an older revision than the pending one is refused (414)', async () => {
    expect((await owner.post(api('/wireless/policies'), GUEST)).body.code).toBe(0);
    const before = await rows();
    expect((await owner.post(api('/wireless/policies'), { ...GUEST, name: 'Guest2', ssid: 'G2', ssid5: 'G2-5' })).body.code).toBe(ErrorCode.GUEST_WIFI_LIMIT);
    expect((await owner.post(api('/wireless/apply'), { revision: 1 })).body.code).toBe(ErrorCode.CONFIG_CONFLICT);
    expect(await rows()).toBe(before);
  });

  it('confirming sends it: the APs go 7 → 1 and hold the SSIDs in their TR-181 trees', async () => {
    const since = Date.now();
    const view = (await owner.get(api('/wireless/policies'))).body.data;
    const applied = await owner.post(api('/wireless/apply'), { revision: view.pending.revision });
    expect(applied.body.code).toBe(0);
    expect(applied.body.data.devices.sort()).toEqual([lobby.sn, floor.sn].sort());
    await until(() => agents.every((a) => ['Hotel-Staff', 'Hotel-Staff-5G', 'Hotel-Guest', 'Hotel-Guest-5G'].every((s) => ssids(a).includes(s))));
    await until(async () => (await owner.get(api('/wireless/policies'))).body.data.devices.every((d: { state: string; status: number }) => d.state === 'applied' && d.status === DeviceStatus.ONLINE));
    for (const sn of [lobby.sn, floor.sn]) {
      const log = (await env.db('device_status_log').where({ sn }).andWhere('at', '>=', since).orderBy('id').select('to_status')).map((r: { to_status: number }) => Number(r.to_status));
      expect(log).toEqual([DeviceStatus.ONLINE_NOT_SAVED, DeviceStatus.ONLINE]);
    }
    const after = (await owner.get(api('/wireless/policies'))).body.data;
    expect(after.pending).toBeNull();
    expect(after.policies.map((p: { name: string }) => p.name)).toEqual(['Staff', 'Guest']);
    const guestAp = [...agents[0]!.tree()].find(([p, v]) => p.endsWith('.X_AIRLOOM_Guest') && v === 'true');
    expect(guestAp).toBeDefined();
  });

  it('removing a policy is pending until confirmed; discarding keeps the confirmed list; confirmed, its SSIDs leave the APs', async () => {
    const removed = await owner.del(api('/wireless/policies/2'));
    expect(removed.body.data.pending.changes[0]).toMatchObject({ path: 'policies[id=2]', new: null });
    expect((await owner.del(api('/wireless/pending'))).body.data.pending).toBeNull();
    expect((await owner.get(api('/wireless/policies'))).body.data.pending).toBeNull();
    expect(ssids(agents[0]!)).toContain('Hotel-Guest');
    await owner.del(api('/wireless/policies/2'));
    expect((await owner.post(api('/wireless/apply'), {})).body.code).toBe(0);
    await until(() => agents.every((a) => !ssids(a).includes('Hotel-Guest') && ssids(a).includes('Hotel-Staff')));
    // a new policy is numbered after every policy confirmed or pending
    const next = await owner.post(api('/wireless/policies'), { ...GUEST, name: 'Guest again' });
    expect(next.body.data.pending.policies.map((p: { id: number }) => p.id)).toEqual([1, 2]);
    expect((await owner.del(api('/wireless/policies/99'))).body.code).toBe(ErrorCode.DATA_NOT_FOUND);
    expect((await owner.del(api('/wireless/pending'))).body.code).toBe(0);
  });

  it('nothing to confirm answers 412', async () => {
    expect((await owner.post(api('/wireless/apply'), {})).body.code).toBe(ErrorCode.DATA_NOT_FOUND);
  });

  it('GET /wireless/policies/:policyId answers one policy: its secrets to who may change it, hidden from a reader; 412 for none', async () => {
    const one = await owner.get(api('/wireless/policies/1'));
    expect(one.body.code).toBe(0);
    expect(one.body.data).toMatchObject({ id: 1, name: 'Staff', ssid: 'Hotel-Staff', ssid5: 'Hotel-Staff-5G', password: 'correct-horse' });
    expect((await reader.get(api('/wireless/policies/1'))).body.data).toMatchObject({ id: 1, name: 'Staff', password: '••••••••' });
    expect((await owner.get(api('/wireless/policies/99'))).body.code).toBe(ErrorCode.DATA_NOT_FOUND);
  });

  it('the list limits of spec §9 through the API: 2006 past 30 to specified devices, 40 past 32 policies, 2005 past 7 to all devices; each refusal stores nothing', async () => {
    const limits = (await owner.post('/api/v1/projects', { projectName: 'Limits Hotel', scenario: 'hotel' })).body.data.id as number;
    const at = (path: string) => `/api/v1/projects/${limits}${path}`;
    const ap = apSpec('Limits-AP');
    const ownerId = Number((await env.db('projects').where({ id: limits }).first('owner_account_id')).owner_account_id);
    await registerDevices(env.db, [{ sn: ap.sn, type: ap.type, model: ap.model, mac: ap.mac, secret: ap.secret!, projectId: limits, ownerAccountId: ownerId }]);
    const policy = (n: number, applyTo: 'all' | 'specified') => ({ ...STAFF, name: `P${n}`, ssid: `Net-${n}`, ssid5: `Net-${n}-5G`, maxClients: 1, applyTo, sns: applyTo === 'specified' ? [ap.sn] : [] });
    const refused = async (send: () => Promise<{ status: number; body: { code: number } }>, code: number) => {
      const before = await rows();
      const res = await send();
      expect([res.body.code, res.status < 500]).toEqual([code, true]);
      expect(await rows()).toBe(before);
    };
    // one to all devices and 30 to specified devices: the 31st to specified devices is refused (2006)
    expect((await owner.post(at('/wireless/policies'), policy(1, 'all'))).body.code).toBe(0);
    for (let n = 2; n <= 31; n++) expect((await owner.post(at('/wireless/policies'), policy(n, 'specified'))).body.code).toBe(0);
    await refused(() => owner.post(at('/wireless/policies'), policy(32, 'specified')), ErrorCode.WIFI_SPECIFIED_DEVICES_LIMIT);
    // the 32nd policy passes, the 33rd is refused (40)
    expect((await owner.post(at('/wireless/policies'), policy(32, 'all'))).body.code).toBe(0);
    await refused(() => owner.post(at('/wireless/policies'), policy(33, 'all')), ErrorCode.WIRELESS_POLICY_LIMIT);
    // five more to all devices make seven; an eighth is refused (2005)
    for (let n = 2; n <= 6; n++) expect((await owner.put(at(`/wireless/policies/${n}`), policy(n, 'all'))).body.code).toBe(0);
    const pending = (await owner.get(at('/wireless/policies'))).body.data.pending as { policies: { applyTo: string }[] };
    expect([pending.policies.length, pending.policies.filter((p) => p.applyTo === 'all').length]).toEqual([32, 7]);
    await refused(() => owner.put(at('/wireless/policies/7'), policy(7, 'all')), ErrorCode.WIFI_ALL_DEVICES_LIMIT);
    expect((await owner.del(at('/wireless/pending'))).body.code).toBe(0);
  }, 60_000);
});
