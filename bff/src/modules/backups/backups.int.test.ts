// Configuration backups end to end through the real parts: the HTTP API takes a snapshot of the
// desired sections, a restore writes them again through the configuration engine, the gateway runtime
// sends them over MQTT (the embedded broker, or Mosquitto with CI=true) to simulated USP agents — a
// gateway and switches — and what the devices then hold is read from the agents' own TR-181 trees.
// Limits and refusals store nothing.
import { createHmac, randomBytes } from 'node:crypto';
import { BackupSnapshotSchema, DeviceStatus, ErrorCode, LIMITS } from '@airloom/contracts';
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
const MINUTES_3 = LIMITS.backupMinIntervalMinutes * 60_000;

async function until(check: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const started = Date.now();
  while (!(await check()) && Date.now() - started < ms) await new Promise((r) => setTimeout(r, 25));
  expect(await check()).toBe(true);
}

const LAN = { id: 1, name: 'VLAN_Default', ip: '192.168.1.1', mask: 24 };
const GUESTS = { id: 20, name: 'Guests', ip: '10.20.0.1', mask: 24 };
const POE = { ports: [{ port: 1, enabled: false, powerW: 15 }, { port: 2, enabled: true, powerW: 12.5 }] };

function spec(type: 'router' | 'switch', model: string, name: string): DeviceSpec {
  const hex = randomBytes(7).toString('hex').toUpperCase();
  return { sn: `CB${type === 'router' ? 'G' : 'S'}${hex}`, mac: `02:42:4C:${hex.slice(0, 6).match(/../g)!.join(':')}`, type, model, meshRole: '', name, secret: randomBytes(16).toString('hex') };
}

describe.each(cases)('configuration backups on %s with %s', (backend, brokerKind) => {
  let env: TestEnv;
  let broker: EmbeddedBroker | undefined;
  let bus: Bus;
  let hub: EventHub;
  let runtime: GatewayRuntime;
  let owner: Client;
  let projectId: number;
  let ownerId: number;
  let gateway: Agent;
  let sw: Agent;
  const agents: Agent[] = [];
  const protocolVersion = brokerKind === 'aedes' ? 4 : 5;
  const logger = createLogger({ level: 'silent' });
  const gw = spec('router', 'AL-GW1200', 'Main-GW');
  const sws = spec('switch', 'AL-SW1008P', 'Floor-SW');
  const spare = spec('switch', 'AL-SW1008P', 'Spare-SW');
  let brokerUrl: string;

  const api = (path: string) => `/api/v1/projects/${projectId}${path}`;
  const status = async (sn: string) => Number((await env.db('devices').where({ sn }).first('status')).status);
  const holds = (agent: Agent, match: (path: string, value: string) => boolean) => [...agent.tree()].some(([p, v]) => match(p, v));
  const holdsVlan = (agent: Agent, id: number) => holds(agent, (p, v) => p.startsWith('Device.Bridging.Bridge.1.VLAN.') && p.endsWith('.VLANID') && v === String(id));
  const poeOff = (agent: Agent) => holds(agent, (p, v) => p === 'Device.Ethernet.Interface.1.X_AIRLOOM_PoEEnable' && v === 'false');
  const rows = async () => JSON.stringify(await Promise.all(['config_sections', 'config_changes', 'config_backups'].map((t) => env.db(t).select().orderBy('id'))));
  const settled = async (path: string) => (await owner.get(api(path))).body.data.state === 'applied';
  /** a backup file signed with this console's key, as a download would be (a test may sign what it changed) */
  const signed = async (content: Record<string, unknown>) => {
    const key = ((await env.db('config_backup_keys').where({ id: 1 }).first('secret')) as { secret: string }).secret;
    const { format, version, projectId: pid, type, sn, remark, backup } = content;
    const text = JSON.stringify({ format, version, projectId: pid, type, sn, remark, backup: BackupSnapshotSchema.parse(backup) });
    return { ...content, signature: createHmac('sha256', key).update(text).digest('hex') };
  };

  function agentFor(s: DeviceSpec): Agent {
    const a = new Agent({ brokerUrl, protocolVersion, spec: s, timeScale: TIME_SCALE });
    agents.push(a);
    return a;
  }

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
    bus = createBus({ mqttUrl: brokerUrl, protocolVersion, clientId: `bk-bff-${randomBytes(3).toString('hex')}`, logger, ...creds });
    await bus.ready();
    runtime = createGatewayRuntime({ db: env.db, logger, mqttUrl: brokerUrl, protocolVersion, bus, timeScale: TIME_SCALE, shareGroup: `test-${randomBytes(3).toString('hex')}`, mqttUsername: creds.username, mqttPassword: creds.password });
    await runtime.start();
    hub = createEventHub(bus, logger);
    env.app = createApp({ db: env.db, config: env.config, bus, eventHub: hub, logger, clock: env.clock.now });
    owner = (await signedUp(env)).c;
    projectId = (await owner.post('/api/v1/projects', { projectName: 'Backup Hotel', scenario: 'hotel' })).body.data.id as number;
    ownerId = Number((await env.db('projects').where({ id: projectId }).first('owner_account_id')).owner_account_id);
    await registerDevices(env.db, [gw, sws].map((s) => ({ sn: s.sn, type: s.type, model: s.model, mac: s.mac, secret: s.secret!, projectId, ownerAccountId: ownerId })));
    await registerDevices(env.db, [{ sn: spare.sn, type: spare.type, model: spare.model, mac: spare.mac, secret: spare.secret!, projectId: null, ownerAccountId: ownerId }]);
    gateway = agentFor(gw);
    sw = agentFor(sws);
    await Promise.all([gateway.start(), sw.start()]);
    await until(async () => (await status(gw.sn)) === DeviceStatus.ONLINE && (await status(sws.sn)) === DeviceStatus.ONLINE);
  });
  afterAll(async () => {
    for (const a of agents) await a.stop();
    hub?.close();
    await runtime?.stop();
    await bus?.close();
    await broker?.close();
    await env?.close();
  });

  let general: number;
  /** the switch's restore point, and the switch that replaces it (the RMA case) */
  let point: number;
  let replacement: Agent;

  it('backs up the whole configuration: desired sections with what the devices confirmed, synchronized once they all had it', async () => {
    expect((await owner.put(api('/gateway/vlan'), { vlans: [LAN, GUESTS] })).body.code).toBe(0);
    expect((await owner.put(api(`/devices/${sws.sn}/config/poe`), POE)).body.code).toBe(0);
    const made = await owner.post(api('/backups'), { type: 'general', remark: 'before the works' });
    expect(made.status).toBe(201);
    general = made.body.data.id;
    expect(made.body.data).toMatchObject({ type: 'general', sn: null, remark: 'before the works', origin: 'manual', sectionCount: 2, syncState: expect.stringMatching(/^(synchronizing|synchronized)$/) });
    expect(made.body.data.fileName).toMatch(/^Backup_Hotel-general-\d{8}-\d{6}\.json$/);
    expect(made.body.data.sizeKb).toBe(Math.round(made.body.data.sizeKb * 100) / 100);
    await until(async () => (await settled('/gateway/vlan')) && (await settled(`/devices/${sws.sn}/config/poe`)));
    // spec §4: synchronized once every device confirmed the backed-up versions
    await until(async () => (await owner.get(api('/backups'))).body.data.items.find((b: { id: number }) => b.id === general).syncState === 'synchronized');
    const detail = (await owner.get(api(`/backups/${general}`))).body.data;
    const vlan = detail.snapshot.sections.find((s: { section: string }) => s.section === 'vlan');
    expect(vlan).toMatchObject({ sn: null, version: 1, body: { vlans: [LAN, GUESTS] } });
    expect(detail.snapshot.devices.map((d: { sn: string }) => d.sn).sort()).toEqual([gw.sn, sws.sn].sort());
  });

  it('refuses a second general backup within 3 minutes (187) and stores nothing; a MESH project is refused (92)', async () => {
    const before = await rows();
    const again = await owner.post(api('/backups'), { type: 'general' });
    expect([again.status, again.body.code]).toEqual([again.status, ErrorCode.BACKUP_INTERVAL]);
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.status).toBeLessThan(500);
    expect(await rows()).toBe(before);
    const mesh = (await owner.post('/api/v1/projects', { projectName: 'Backup Home', scenario: 'hotel', netMode: 1 })).body.data.id as number;
    for (const res of [await owner.get(`/api/v1/projects/${mesh}/backups`), await owner.post(`/api/v1/projects/${mesh}/backups`, { type: 'general' })]) {
      expect(res.body.code).toBe(ErrorCode.MESH_WLAN_CONFLICT);
      expect(res.status).toBeLessThan(500);
    }
    expect(await rows()).toBe(before);
  });

  it('shows what a restore changes, field by field, then restores: the devices hold the backed-up values again (7 → 1)', async () => {
    expect((await owner.put(api('/gateway/vlan'), { vlans: [LAN, { ...GUESTS, name: 'Visitors' }, { id: 30, name: 'Cams', ip: '10.30.0.1', mask: 24 }] })).body.code).toBe(0);
    expect((await owner.put(api(`/devices/${sws.sn}/config/poe`), { ports: [{ port: 1, enabled: true, powerW: 15 }] })).body.code).toBe(0);
    await until(async () => (await settled('/gateway/vlan')) && (await settled(`/devices/${sws.sn}/config/poe`)));
    expect(holdsVlan(gateway, 30)).toBe(true);
    expect(poeOff(sw)).toBe(false);

    const diff = (await owner.get(api(`/backups/${general}/diff`))).body.data.sections;
    const vlan = diff.find((s: { section: string }) => s.section === 'vlan');
    expect(vlan.changes).toEqual(expect.arrayContaining([{ path: 'vlans[id=20].name', old: 'Visitors', new: 'Guests' }, { path: 'vlans[id=30]', old: { id: 30, name: 'Cams', ip: '10.30.0.1', mask: 24 }, new: null }]));
    expect(diff.find((s: { section: string }) => s.section === 'poe')).toMatchObject({ sn: sws.sn, target: sws.sn });

    const seen = new Set<number>();
    const watch = setInterval(() => void status(sws.sn).then((s) => seen.add(s)), 5);
    const restored = await owner.post(api(`/backups/${general}/restore`), {});
    expect(restored.body.code).toBe(0);
    expect(restored.body.data.written.map((w: { section: string }) => w.section).sort()).toEqual(['poe', 'vlan']);
    // the way back: a restore point of each device touched, taken before writing
    expect(restored.body.data.restorePoints).toHaveLength(2);
    await until(async () => (await settled('/gateway/vlan')) && (await settled(`/devices/${sws.sn}/config/poe`)));
    clearInterval(watch);
    expect(seen.has(DeviceStatus.ONLINE_NOT_SAVED)).toBe(true);
    // 7 → 1: the device's status follows its sections' confirmation (a moment later on a busy machine)
    await until(async () => (await status(sws.sn)) === DeviceStatus.ONLINE);
    expect(holdsVlan(gateway, 30)).toBe(false);
    expect(holds(gateway, (p, v) => p.endsWith('.Name') && v === 'Guests')).toBe(true);
    expect(poeOff(sw)).toBe(true);
    // the history names the restore like any write
    const history = (await owner.get(api('/config/history?section=vlan'))).body.data.items;
    expect(history[0]).toMatchObject({ result: 'applied', changes: expect.arrayContaining([{ path: 'vlans[id=20].name', old: 'Visitors', new: 'Guests' }]) });
    const list = (await owner.get(api('/backups'))).body.data.items;
    expect(list.filter((b: { origin: string }) => b.origin === 'before-restore').map((b: { sn: string }) => b.sn).sort()).toEqual([gw.sn, sws.sn].sort());
    // restoring again changes nothing
    expect((await owner.post(api(`/backups/${general}/restore`), {})).body.data).toMatchObject({ written: [], unchanged: 2, restorePoints: [] });
  });

  it('restores chosen sections only, and refuses a body that fails its section rules with nothing stored', async () => {
    expect((await owner.put(api(`/devices/${sws.sn}/config/poe`), { ports: [{ port: 1, enabled: true, powerW: 15 }] })).body.code).toBe(0);
    expect((await owner.put(api('/gateway/vlan'), { vlans: [LAN, { ...GUESTS, name: 'Lobby' }] })).body.code).toBe(0);
    const only = await owner.post(api(`/backups/${general}/restore`), { sections: ['poe'] });
    expect(only.body.data.written).toEqual([{ sn: sws.sn, section: 'poe', version: expect.any(Number) }]);
    expect((await owner.get(api('/gateway/vlan'))).body.data.body.vlans[1].name).toBe('Lobby');
    // settled first: a result arriving meanwhile would change the history rows compared below
    await until(async () => (await settled('/gateway/vlan')) && (await settled(`/devices/${sws.sn}/config/poe`)));
    // a backup whose body a rule refuses now (stored behind the API's back): nothing is written, no restore point is taken
    const row = await env.db('config_backups').where({ id: general }).first('snapshot_json');
    const snapshot = JSON.parse(row.snapshot_json);
    snapshot.sections.find((s: { section: string }) => s.section === 'vlan').body.vlans.push({ id: 21, name: 'Staff', ip: '10.20.0.129', mask: 25 });
    await env.db('config_backups').where({ id: general }).update({ snapshot_json: JSON.stringify(snapshot) });
    try {
      const before = await rows();
      const refused = await owner.post(api(`/backups/${general}/restore`), {});
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(refused.status).toBeLessThan(500);
      expect(Object.keys(refused.body.fields)).toContain('gateway.vlan.vlans.2.ip');
      expect(await rows()).toBe(before);
    } finally {
      await env.db('config_backups').where({ id: general }).update({ snapshot_json: row.snapshot_json });
    }
  });

  it('keeps one restore point per device: a new one replaces the old', async () => {
    const first = await owner.post(api('/backups'), { type: 'restore-point', sn: sws.sn, remark: 'one' });
    expect(first.body.data).toMatchObject({ type: 'restore-point', sn: sws.sn, model: 'AL-SW1008P', mac: sws.mac, deviceType: 'switch' });
    env.clock.advance(MINUTES_3);
    const second = await owner.post(api('/backups'), { type: 'restore-point', sn: sws.sn, remark: 'two' });
    const points = (await owner.get(api('/backups'))).body.data.items.filter((b: { type: string; sn: string }) => b.type === 'restore-point' && b.sn === sws.sn);
    expect(points.map((p: { id: number }) => p.id)).toEqual([second.body.data.id]);
    expect((await owner.post(api('/backups'), { type: 'restore-point', sn: spare.sn })).body.code).toBe(ErrorCode.DATA_NOT_FOUND);
  });

  it('a factory-reset switch gets its configuration back, and a replacement of the same model gets the old one\'s restore point (RMA)', async () => {
    await until(async () => settled(`/devices/${sws.sn}/config/poe`));
    expect(poeOff(sw)).toBe(true);
    const reset = await owner.post(api(`/devices/${sws.sn}/operations`), { kind: 'reset' });
    expect(reset.body.code).toBe(0);
    // spec §1: a restore point is taken before the reset (replacing the switch's previous one)
    const points = (await owner.get(api('/backups'))).body.data.items.filter((b: { type: string; sn: string }) => b.type === 'restore-point' && b.sn === sws.sn);
    expect(points.map((p: { origin: string }) => p.origin)).toEqual(['before-reset']);
    point = points[0].id;
    await until(() => !poeOff(sw), 20_000);
    // back online, checked in full: what it should hold is sent again
    await until(async () => (await status(sws.sn)) === DeviceStatus.ONLINE && poeOff(sw), 30_000);

    // the switch dies; a new one of the same model takes its place and its restore point
    expect((await owner.post(api('/devices'), { sn: spare.sn })).body.code).toBe(0);
    replacement = agentFor(spare);
    await replacement.start();
    await until(async () => (await status(spare.sn)) === DeviceStatus.ONLINE);
    expect(poeOff(replacement)).toBe(false);
    const rma = await owner.post(api(`/backups/${point}/restore`), { sns: [spare.sn] });
    expect(rma.body.code).toBe(0);
    expect(rma.body.data.written).toContainEqual({ sn: spare.sn, section: 'poe', version: expect.any(Number) });
    await until(async () => poeOff(replacement) && (await settled(`/devices/${spare.sn}/config/poe`)));
    // another model is refused
    expect((await owner.post(api(`/backups/${point}/restore`), { sns: [gw.sn] })).body.code).toBe(ErrorCode.INVALID_PARAMS);
  });

  it('after the old switch is removed: later backups leave it out, a backup holding it compares and restores without it, and its restore point still goes to the replacement, compared as the replacement now', async () => {
    expect((await owner.put(api(`/devices/${spare.sn}/config/poe`), { ports: [{ port: 1, enabled: true, powerW: 15 }] })).body.code).toBe(0);
    expect((await owner.put(api('/gateway/vlan'), { vlans: [LAN, { ...GUESTS, name: 'Lounge' }] })).body.code).toBe(0);
    await until(async () => (await settled(`/devices/${spare.sn}/config/poe`)) && (await settled('/gateway/vlan')) && !poeOff(replacement));
    expect((await owner.del(api(`/devices/${sws.sn}`))).body.code).toBe(0);

    // the general backup still holds the old switch's PoE: compared and restored without it, not refused
    const diff = await owner.get(api(`/backups/${general}/diff`));
    expect(diff.body.code).toBe(0);
    expect(diff.body.data.skipped).toEqual([{ sn: sws.sn, section: 'poe' }]);
    expect(diff.body.data.sections.map((s: { section: string }) => s.section)).toEqual(['vlan']);
    const restored = await owner.post(api(`/backups/${general}/restore`), {});
    expect(restored.body.code).toBe(0);
    expect(restored.body.data).toMatchObject({ written: [{ sn: null, section: 'vlan', version: expect.any(Number) }], skipped: [{ sn: sws.sn, section: 'poe' }] });
    await until(async () => settled('/gateway/vlan'));
    expect(holds(gateway, (p, v) => p.endsWith('.Name') && v === 'Guests')).toBe(true);

    // a new backup holds the project's devices only
    env.clock.advance(MINUTES_3);
    const later = (await owner.post(api('/backups'), { type: 'general' })).body.data.id as number;
    const snapshot = (await owner.get(api(`/backups/${later}`))).body.data.snapshot;
    expect(snapshot.sections.some((s: { sn: string | null }) => s.sn === sws.sn)).toBe(false);
    expect(snapshot.devices.map((d: { sn: string }) => d.sn).sort()).toEqual([gw.sn, spare.sn].sort());

    // RMA once the dead switch is gone: its restore point to the replacement, compared as the replacement is now
    expect((await owner.get(api(`/backups/${point}/diff`))).body.data).toEqual({ sections: [], skipped: [{ sn: sws.sn, section: 'poe' }] });
    const rmaDiff = (await owner.get(api(`/backups/${point}/diff?sns=${spare.sn}`))).body.data;
    expect(rmaDiff.sections).toEqual([{ sn: spare.sn, section: 'poe', target: spare.sn, changes: expect.arrayContaining([{ path: 'ports[port=1].enabled', old: true, new: false }]) }]);
    expect((await owner.get(api(`/backups/${point}/diff?sns=${gw.sn}`))).body.code).toBe(ErrorCode.INVALID_PARAMS);
    const rma = await owner.post(api(`/backups/${point}/restore`), { sns: [spare.sn] });
    expect(rma.body.data.written).toEqual([{ sn: spare.sn, section: 'poe', version: expect.any(Number) }]);
    await until(async () => poeOff(replacement) && (await settled(`/devices/${spare.sn}/config/poe`)));
  });

  it('downloads a signed file that uploads again as an unsynchronized backup; an edited file is refused (2) and nothing stored', async () => {
    const file = (await owner.get(api(`/backups/${general}/download`))).body;
    expect(file).toMatchObject({ format: 'airloom-config-backup', version: 1, projectId, type: 'general' });
    env.clock.advance(MINUTES_3);
    const uploaded = await owner.post(api('/backups/upload'), file);
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.data).toMatchObject({ origin: 'upload', syncState: 'unsynchronized', sectionCount: file.backup.sections.length });

    const before = await rows();
    const tampered = structuredClone(file);
    tampered.backup.sections[0].body.vlans[1].name = 'Pwned';
    const refused = await owner.post(api('/backups/upload'), tampered);
    expect([refused.body.code, refused.status < 500]).toEqual([ErrorCode.SIGNATURE, true]);
    expect(refused.body.message).toBeTruthy();
    expect((await owner.post(api('/backups/upload'), { ...file, signature: 'nope' })).body.code).toBe(ErrorCode.SIGNATURE);
    expect((await owner.post(api('/backups/upload'), { hello: 'world' })).body.code).toBe(ErrorCode.INVALID_PARAMS);
    expect(await rows()).toBe(before);

    // signed by this console but failing a section's schema: a switch's management IP on the gateway's LAN address
    const badIp = structuredClone(file);
    delete badIp.signature;
    badIp.backup.sections.push({ sn: sws.sn, section: 'mgmt-ip', version: 1, body: { ip: LAN.ip, mask: 24, gateway: LAN.ip, vlan: 1 }, reported: null, reportedVersion: 0 });
    const badFile = await owner.post(api('/backups/upload'), await signed(badIp));
    expect([badFile.body.code, badFile.status]).toEqual([ErrorCode.INVALID_PARAMS, 400]);
    expect(Object.keys(badFile.body.fields)).toContain(`backup.sections.${badIp.backup.sections.length - 1}.body.ip`);
    expect(await rows()).toBe(before);

    // the removed switch's restore point, downloaded from this project, comes back (the RMA case); from another project it is refused
    const pointFile = (await owner.get(api(`/backups/${point}/download`))).body;
    const { signature: _s, ...pointContent } = pointFile;
    const foreign = await owner.post(api('/backups/upload'), await signed({ ...pointContent, projectId: projectId + 1000 }));
    expect([foreign.body.code, Object.keys(foreign.body.fields ?? {})]).toEqual([ErrorCode.INVALID_PARAMS, ['sn']]);
    expect(await rows()).toBe(before);
    const back = await owner.post(api('/backups/upload'), pointFile);
    expect(back.body.data).toMatchObject({ type: 'restore-point', sn: sws.sn, origin: 'upload' });
    point = back.body.data.id;
  });

  it('an uploaded backup is synchronized once restored and confirmed; a restore replaced before the device confirmed it leaves the backup failed', async () => {
    const file = (await owner.get(api(`/backups/${general}/download`))).body;
    const uploaded = (await owner.post(api('/backups/upload'), file)).body.data;
    expect(uploaded.syncState).toBe('unsynchronized');
    const state = async (id: number) => (await owner.get(api('/backups'))).body.data.items.find((b: { id: number }) => b.id === id).syncState as string;

    // unsynchronized → synchronizing → synchronized: the gateway confirms the restored VLANs
    expect((await owner.put(api('/gateway/vlan'), { vlans: [LAN, { ...GUESTS, name: 'Patio' }] })).body.code).toBe(0);
    await until(async () => settled('/gateway/vlan'));
    expect((await owner.post(api(`/backups/${uploaded.id}/restore`), { sections: ['vlan'] })).body.data.written).toHaveLength(1);
    await until(async () => (await state(uploaded.id)) === 'synchronized');

    // synchronized → synchronizing → failed: the gateway is away, and the restored version is replaced before it arrives
    await gateway.stop();
    await until(async () => (await status(gw.sn)) === DeviceStatus.OFFLINE);
    expect((await owner.put(api('/gateway/vlan'), { vlans: [LAN, { ...GUESTS, name: 'Patio' }] })).body.code).toBe(0);
    expect((await owner.post(api(`/backups/${uploaded.id}/restore`), { sections: ['vlan'] })).body.data.written).toHaveLength(1);
    expect(await state(uploaded.id)).toBe('synchronizing');
    expect((await owner.put(api('/gateway/vlan'), { vlans: [LAN, { ...GUESTS, name: 'Terrace' }] })).body.code).toBe(0);
    expect(await state(uploaded.id)).toBe('failed');
    gateway = agentFor(gw);
    await gateway.start();
    await until(async () => (await settled('/gateway/vlan')) && (await status(gw.sn)) === DeviceStatus.ONLINE, 30_000);
    expect(await state(uploaded.id)).toBe('failed');
  });

  it('two backups asked at the same moment (two tabs, two console instances): one is taken, the other refused; nor can two uploads pass the 128', async () => {
    env.clock.advance(MINUTES_3);
    const both = await Promise.all([owner.post(api('/backups'), { type: 'general' }), owner.post(api('/backups'), { type: 'general' })]);
    expect(both.map((r) => r.body.code).sort((a, b) => a - b)).toEqual([0, ErrorCode.BACKUP_INTERVAL]);

    const file = (await owner.get(api(`/backups/${general}/download`))).body;
    const count = Number((await env.db('config_backups').where({ project_id: projectId, type: 'general' }).count({ n: '*' }).first())!.n);
    const template = await env.db('config_backups').where({ id: general }).first();
    const { id: _id, ...copy } = template;
    for (let i = count; i < LIMITS.generalBackupsPerProjectMax - 1; i++) await env.db('config_backups').insert({ ...copy, origin: 'scheduled', created_at: 1 });
    const uploads = await Promise.all([owner.post(api('/backups/upload'), file), owner.post(api('/backups/upload'), file)]);
    expect(uploads.map((r) => r.body.code).sort((a, b) => a - b)).toEqual([0, ErrorCode.INVALID_PARAMS]);
    expect(Number((await env.db('config_backups').where({ project_id: projectId, type: 'general' }).count({ n: '*' }).first())!.n)).toBe(LIMITS.generalBackupsPerProjectMax);
  });

  it('keeps at most 128 general backups (the 129th refused, nothing stored); remarks change; a deleted backup is gone', async () => {
    const count = Number((await env.db('config_backups').where({ project_id: projectId, type: 'general' }).count({ n: '*' }).first())!.n);
    const template = await env.db('config_backups').where({ id: general }).first();
    const { id: _id, ...copy } = template;
    for (let i = count; i < LIMITS.generalBackupsPerProjectMax; i++) await env.db('config_backups').insert({ ...copy, origin: 'scheduled', created_at: 1 });
    env.clock.advance(MINUTES_3);
    const before = await rows();
    const refused = await owner.post(api('/backups'), { type: 'general' });
    expect([refused.body.code, refused.status]).toEqual([ErrorCode.INVALID_PARAMS, 400]);
    expect(await rows()).toBe(before);

    expect((await owner.patch(api(`/backups/${general}`), { remark: 'the original' })).body.data.remark).toBe('the original');
    expect((await owner.del(api(`/backups/${general}`))).body.data).toEqual({ id: general });
    expect((await owner.get(api(`/backups/${general}`))).body.code).toBe(ErrorCode.DATA_NOT_FOUND);
    expect((await owner.post(api('/backups'), { type: 'general' })).status).toBe(201);
  });

  it('a firmware upgrade is preceded by a restore point of the device', async () => {
    const before = (await owner.get(api('/backups'))).body.data.items.filter((b: { sn: string }) => b.sn === spare.sn).map((b: { id: number }) => b.id);
    const upgrade = await owner.post(api(`/devices/${spare.sn}/operations`), { kind: 'upgrade', version: 'V2.1.2' });
    expect(upgrade.body.code).toBe(0);
    const points = (await owner.get(api('/backups'))).body.data.items.filter((b: { type: string; sn: string }) => b.type === 'restore-point' && b.sn === spare.sn);
    expect(points).toEqual([expect.objectContaining({ origin: 'before-upgrade', model: 'AL-SW1008P' })]);
    expect(before).not.toContain(points[0].id);
  });

  it('a deleted project takes its backups and its schedule with it', async () => {
    const other = (await owner.post('/api/v1/projects', { projectName: 'Backup Gone', scenario: 'hotel' })).body.data.id as number;
    expect((await owner.post(`/api/v1/projects/${other}/backups`, { type: 'general' })).status).toBe(201);
    expect((await owner.put(`/api/v1/projects/${other}/backups/schedule`, { mode: 'daily', weekday: 1, hour: 3, keep: 5 })).body.code).toBe(0);
    expect((await owner.del(`/api/v1/projects/${other}`)).body.code).toBe(0);
    expect(Number((await env.db('config_backups').where({ project_id: other }).count({ n: '*' }).first())!.n)).toBe(0);
    expect(Number((await env.db('config_backup_schedules').where({ project_id: other }).count({ n: '*' }).first())!.n)).toBe(0);
    expect(Number((await env.db('config_backups').where({ project_id: projectId }).count({ n: '*' }).first())!.n)).toBeGreaterThan(0);
  });
});
