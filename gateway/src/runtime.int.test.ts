// The gateway runtime end to end with simulated devices (real USP agents over MQTT): on the
// embedded-style aedes broker (MQTT 3.1.1) and SQLite always; on Mosquitto (MQTT 5) and MariaDB
// too when CI=true.
import { randomBytes } from 'node:crypto';
import { DeviceStatus, ErrorCode, type ProjectEvent } from '@airloom/contracts';
import { Agent, generateFleet, publicIpFor, type DeviceSpec } from '@airloom/device-sim';
import { encodeMsgRecord, encodeRecord, buildNotify, eventNotification } from '@airloom/usp';
import type { Knex } from 'knex';
import mqtt from 'mqtt';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBus, type Bus } from './bus/bus.js';
import { startTestBroker, pairedWithBrokers, type TestBroker } from './bus/test-broker.js';
import { createGatewayRuntime, type GatewayRuntime } from './runtime.js';
import { writeName } from './store/config.js';
import { enqueueOperation } from './store/devices.js';
import { createTestDb, testBackends } from './store/test-db.js';
import { parseReported } from './store/mapping.js';
import { deviceRow, insertDevices, operationRow, statusHistory, waitFor } from './test/harness.js';

const TIME_SCALE = 0.01;
const PROJECT = 4242;
const CONTROLLER = 'self::airloom-test';

const combos = pairedWithBrokers(testBackends()).map(([backend, broker]) => ({ backend, broker }));

describe.each(combos)('gateway runtime on $backend + $broker', ({ backend, broker: brokerKind }) => {
  let db: Knex;
  let closeDb: () => Promise<void>;
  let broker: TestBroker;
  let runtime: GatewayRuntime;
  let bus: Bus;
  const events: ProjectEvent[] = [];
  const agents: Agent[] = [];
  // a fresh project per run: several suites may share the machine's Mosquitto
  const fleet = generateFleet(PROJECT + Math.floor(Math.random() * 1e6), 8);
  const [apSpec, switchSpec] = generateFleet(PROJECT + 1e6 + Math.floor(Math.random() * 1e6), { ap: 1, switch: 1 });

  function agent(spec: DeviceSpec, timeScale = TIME_SCALE): Agent {
    const a = new Agent({ brokerUrl: broker.url, protocolVersion: broker.protocolVersion, spec, controllerId: CONTROLLER, timeScale });
    agents.push(a);
    return a;
  }

  function deviceEvents(sn: string): number[] {
    return events.flatMap((e) => (e.type === 'device' && e.device.sn === sn ? [e.device.status] : []));
  }

  beforeAll(async () => {
    ({ db, close: closeDb } = await createTestDb(backend));
    broker = await startTestBroker(brokerKind);
    await insertDevices(db, [...fleet, apSpec!, switchSpec!], PROJECT);
    const clientSuffix = randomBytes(4).toString('hex');
    bus = createBus({ mqttUrl: broker.url, protocolVersion: broker.protocolVersion, clientId: `test-bus-${clientSuffix}`, logger: pino({ level: 'silent' }) });
    bus.onEvents((projectId, event) => {
      if (projectId === PROJECT) events.push(event);
    });
    await bus.ready();
    runtime = createGatewayRuntime({
      db,
      logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
      mqttUrl: broker.url,
      protocolVersion: broker.protocolVersion,
      controllerId: CONTROLLER,
      timeScale: TIME_SCALE,
      shareGroup: `test-${clientSuffix}`,
    });
    await runtime.start();
  });

  afterAll(async () => {
    for (const a of agents) await a.stop().catch(() => {});
    await runtime?.stop();
    await bus?.close();
    await broker?.close();
    await closeDb?.();
  });

  it('a device that connects is online with its DeviceInfo; stopped it is offline, killed too (last will)', async () => {
    const spec = fleet[0]!;
    const a = agent(spec);
    await a.start();
    const online = await waitFor('online with DeviceInfo', async () => {
      const row = await deviceRow(db, spec.sn);
      return row.status === DeviceStatus.ONLINE && row.supports_name !== null && row.software_version !== '' ? row : null;
    });
    expect(online.name).toBe(spec.name);
    expect(online.supports_name).toBe(1);
    expect(online.last_seen_at).not.toBeNull();
    await waitFor('subscriptions on the agent', () => a.subscriptions.length === 6);
    expect(a.subscriptions.map((s) => s.id).sort()).toEqual(['airloom-boot', 'airloom-event', 'airloom-maint', 'airloom-scan', 'airloom-status', 'airloom-vc']);
    await waitFor('status telemetry', async () => (await deviceRow(db, spec.sn)).reported_json !== null);
    // the first connection writes the activation record, located from the public IP the device reports
    const activation = await waitFor('activation record', () => db('activations').where({ sn: spec.sn }).first());
    expect(activation).toMatchObject({ type: spec.type, model: spec.model, mac: spec.mac, public_ip: publicIpFor(spec) });
    expect(activation.country).toMatch(/^[A-Z]{2}$/);

    await a.stop();
    await waitFor('offline after stop', async () => (await deviceRow(db, spec.sn)).status === DeviceStatus.OFFLINE);
    await a.start();
    await waitFor('online again', async () => (await deviceRow(db, spec.sn)).status === DeviceStatus.ONLINE);
    const refreshed = await waitFor('activation refreshed', async () => {
      const row = await db('activations').where({ sn: spec.sn }).first();
      return Number(row.updated_at) > Number(activation.updated_at) ? row : null;
    });
    expect(Number(refreshed.activated_at)).toBe(Number(activation.activated_at));
    expect(await db('activations').where({ sn: spec.sn })).toHaveLength(1);
    a.kill();
    await waitFor('offline after kill', async () => (await deviceRow(db, spec.sn)).status === DeviceStatus.OFFLINE);
    const reasons = (await db('device_status_log').where({ sn: spec.sn }).orderBy('id').pluck('reason')) as string[];
    expect(reasons).toEqual(['connect', 'disconnect', 'connect', 'last-will']);
    await waitFor('events pushed', () => deviceEvents(spec.sn).includes(DeviceStatus.OFFLINE));
  });

  it('a device with no configuration connects: its configuration is checked with one read, its row is neither held nor written for it', async () => {
    // a device of its own, registered now (a retry of this test starts from a new one)
    const [spec] = generateFleet(PROJECT + 2e6 + Math.floor(Math.random() * 1e6), { ap: 1 });
    if (!spec) throw new Error('no device generated');
    await insertDevices(db, [spec], PROJECT);
    const statements: { sql: string; bindings: unknown[] }[] = [];
    const onQuery = (q: { sql: string; bindings?: unknown[] }) => {
      if (q.bindings?.includes(spec.sn)) statements.push({ sql: q.sql, bindings: q.bindings });
    };
    db.on('query', onQuery);
    try {
      const a = agent(spec);
      await a.start();
      await waitFor('online with DeviceInfo', async () => (await deviceRow(db, spec.sn)).supports_name !== null);
      // the connect's full check reads the device's sections; status reports keep coming after it
      await waitFor('its sections read', () => statements.some((s) => /config_sections/.test(s.sql)));
      // (on MariaDB the telemetry writes on connections of their own, which this log does not see)
      const seenAt = Number((await deviceRow(db, spec.sn)).last_seen_at);
      await waitFor('a status report written after it', async () => Number((await deviceRow(db, spec.sn)).last_seen_at) > seenAt);
      const laterAt = Number((await deviceRow(db, spec.sn)).last_seen_at);
      await waitFor('and another', async () => Number((await deviceRow(db, spec.sn)).last_seen_at) > laterAt);
      // a hold on its configuration (config_push_by), a settle (applied_version) or a release would be a write of its row
      const configWrites = statements.filter((s) => /^update .devices./i.test(s.sql) && /config_push|applied_version/.test(s.sql));
      expect(configWrites.map((s) => s.sql)).toEqual([]);
      expect(statements.filter((s) => /config_sections/.test(s.sql))).toHaveLength(1);
    } finally {
      db.off('query', onQuery);
    }
  });

  it("status telemetry, sent as TR-181 parameters, reaches the detail: an AP's radios and clients, a switch's ports and PoE budget", async () => {
    const ap = agent(apSpec!);
    const sw = agent(switchSpec!);
    await Promise.all([ap.start(), sw.start()]);
    const detail = async (sn: string) => parseReported((await deviceRow(db, sn)).reported_json);
    const apReport = await waitFor('AP telemetry', async () => ((await detail(apSpec!.sn)).radios.length > 0 ? detail(apSpec!.sn) : null));
    const apTree = ap.tree();
    expect(apReport.radios.map((r) => r.channel)).toEqual(apReport.radios.map((_, i) => Number(apTree.get(`Device.WiFi.Radio.${i + 1}.Channel`))));
    expect(apReport.radios.map((r) => r.power)).toEqual(apReport.radios.map((_, i) => Number(apTree.get(`Device.WiFi.Radio.${i + 1}.X_AIRLOOM_TransmitPowerdBm`))));
    expect(apReport.ssids.length).toBeGreaterThan(0);
    for (const c of apReport.wifiClients) expect(apReport.ssids).toContain(c.ssid);
    const swReport = await waitFor('switch telemetry', async () => ((await detail(switchSpec!.sn)).poe ? detail(switchSpec!.sn) : null));
    const swTree = sw.tree();
    expect(swReport.ports).toHaveLength(Number(swTree.get('Device.Ethernet.InterfaceNumberOfEntries')));
    expect(swReport.poe!.total).toBe(Number(swTree.get('Device.X_AIRLOOM_PoE.PowerBudget')));
    expect(swReport.poe!.used + swReport.poe!.remaining).toBeCloseTo(swReport.poe!.total, 1);
  });

  it('rename: online not saved (7) meanwhile, then the device has the name and the console shows it', async () => {
    const spec = fleet[1]!;
    const a = agent(spec);
    await a.start();
    await waitFor('online', async () => (await deviceRow(db, spec.sn)).supports_name === 1);
    await writeName(db, spec.sn, 'Lobby AP');
    await bus.nudge(spec.sn);
    await waitFor('device renamed', () => a.name === 'Lobby AP');
    const row = await waitFor('confirmed', async () => {
      const r = await deviceRow(db, spec.sn);
      return r.applied_version === r.config_version && r.status === DeviceStatus.ONLINE ? r : null;
    });
    expect(row.name).toBe('Lobby AP');
    expect(await statusHistory(db, spec.sn)).toEqual([DeviceStatus.ONLINE, DeviceStatus.ONLINE_NOT_SAVED, DeviceStatus.ONLINE]);
    await waitFor('events show 7 then 1', () => {
      const seen = deviceEvents(spec.sn);
      const seven = seen.indexOf(DeviceStatus.ONLINE_NOT_SAVED);
      return seven >= 0 && seen.slice(seven).includes(DeviceStatus.ONLINE);
    });
  });

  it('a second rename written while the first is on its way is sent after it: the device and the console end with the second name', async () => {
    const spec = fleet[7]!;
    const a = agent(spec);
    await a.start();
    await waitFor('online', async () => (await deviceRow(db, spec.sn)).supports_name === 1);
    // a slow device: the first push is still waiting for its answers when the second name is written
    a.latencyMs = 300;
    await writeName(db, spec.sn, 'Pool Bar');
    await bus.nudge(spec.sn);
    await waitFor('first push under way (7)', async () => (await deviceRow(db, spec.sn)).status === DeviceStatus.ONLINE_NOT_SAVED);
    await writeName(db, spec.sn, 'Pool Terrace');
    await bus.nudge(spec.sn);
    const row = await waitFor('second name confirmed', async () => {
      const r = await deviceRow(db, spec.sn);
      return r.applied_version === r.config_version && r.status === DeviceStatus.ONLINE && r.name === 'Pool Terrace' ? r : null;
    });
    expect(a.name).toBe('Pool Terrace');
    expect(row.config_version).toBeGreaterThanOrEqual(2);
    expect((await statusHistory(db, spec.sn)).at(-1)).toBe(DeviceStatus.ONLINE);
    // the hold of the last push was let go with its generation
    expect((await db('devices').where({ sn: spec.sn }).first('config_push_until')).config_push_until).toBeNull();
    a.latencyMs = 0;
  });

  it('a device offline during a rename gets the new name when it returns', async () => {
    const spec = fleet[2]!;
    const a = agent(spec);
    await a.start();
    await waitFor('online', async () => (await deviceRow(db, spec.sn)).supports_name === 1);
    await a.stop();
    await waitFor('offline', async () => (await deviceRow(db, spec.sn)).status === DeviceStatus.OFFLINE);
    await writeName(db, spec.sn, 'Back Office');
    await bus.nudge(spec.sn);
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // a poll or two: nothing to send to
    expect(a.name).toBe(spec.name);
    expect((await deviceRow(db, spec.sn)).applied_version).toBe(0);
    await a.start();
    await waitFor('renamed on return', () => a.name === 'Back Office');
    await waitFor('confirmed', async () => {
      const r = await deviceRow(db, spec.sn);
      return r.applied_version === r.config_version && r.status === DeviceStatus.ONLINE && r.name === 'Back Office';
    });
  });

  it('reboot: rebooting (8) meanwhile, done when Boot! returns with its key; a second reboot meanwhile is refused', async () => {
    const spec = fleet[3]!;
    // a 3-second reboot, so the second request surely arrives while it runs
    const a = agent(spec, 0.05);
    await a.start();
    await waitFor('online', async () => (await deviceRow(db, spec.sn)).supports_name === 1);
    const op = await enqueueOperation(db, { projectId: PROJECT, sn: spec.sn, kind: 'reboot', accountId: null });
    await bus.nudge(spec.sn);
    await waitFor('rebooting', async () => (await deviceRow(db, spec.sn)).status === DeviceStatus.REBOOTING);
    // the BFF refuses this; the worker is the backstop for a row that got in anyway
    const now = Date.now();
    const [second] = await db('operations').insert({
      project_id: PROJECT, sn: spec.sn, kind: 'reboot', state: 'queued', attempts: 0, created_at: now, updated_at: now, expires_at: now + 60_000,
    });
    await bus.nudge(spec.sn);
    const refused = await waitFor('second refused', async () => {
      const r = await operationRow(db, Number(second));
      return r.state === 'failed' ? r : null;
    });
    expect(refused.error_code).toBe(ErrorCode.DEVICE_BUSY);
    const done = await waitFor('reboot done', async () => {
      const r = await operationRow(db, op!.id);
      return r.state === 'done' ? r : null;
    });
    expect(done.error_code).toBeNull();
    const row = await waitFor('online after boot', async () => {
      const r = await deviceRow(db, spec.sn);
      return r.status === DeviceStatus.ONLINE ? r : null;
    });
    expect(row.last_boot_command_key).toBe(String(op!.id));
    expect(a.executions.reboot).toBe(1);
    expect(await statusHistory(db, spec.sn)).toEqual([DeviceStatus.ONLINE, DeviceStatus.REBOOTING, DeviceStatus.ONLINE]);
    await waitFor('operation events', () =>
      events.some((e) => e.type === 'operation' && e.operation.id === op!.id && e.operation.state === 'done'),
    );
  });

  it('factory reset: rebooting (8) meanwhile, done when Boot! returns with its key, run once', async () => {
    const spec = fleet[6]!;
    const a = agent(spec, 0.02);
    await a.start();
    await waitFor('online', async () => (await deviceRow(db, spec.sn)).supports_name === 1);
    const op = await enqueueOperation(db, { projectId: PROJECT, sn: spec.sn, kind: 'reset', accountId: null });
    await bus.nudge(spec.sn);
    await waitFor('rebooting', async () => (await deviceRow(db, spec.sn)).status === DeviceStatus.REBOOTING);
    const done = await waitFor('reset done', async () => {
      const r = await operationRow(db, op!.id);
      return r.state === 'done' ? r : null;
    });
    expect(done.error_code).toBeNull();
    const row = await waitFor('online after boot', async () => {
      const r = await deviceRow(db, spec.sn);
      return r.status === DeviceStatus.ONLINE ? r : null;
    });
    expect(row.last_boot_command_key).toBe(String(op!.id));
    expect(a.executions).toMatchObject({ reset: 1, reboot: 0 });
    expect(await statusHistory(db, spec.sn)).toEqual([DeviceStatus.ONLINE, DeviceStatus.REBOOTING, DeviceStatus.ONLINE]);
  });

  it('locate is done when the device answers', async () => {
    const spec = fleet[4]!;
    const a = agent(spec);
    await a.start();
    await waitFor('online', async () => (await deviceRow(db, spec.sn)).supports_name === 1);
    const op = await enqueueOperation(db, { projectId: PROJECT, sn: spec.sn, kind: 'locate', accountId: null });
    await bus.nudge(spec.sn);
    await waitFor('locate done', async () => (await operationRow(db, op!.id)).state === 'done');
    expect(a.executions.locate).toBe(1);
  });

  it('garbage, strangers and impostors change nothing and the gateway keeps serving', async () => {
    const spec = fleet[5]!;
    const victim = fleet[0]!;
    const before = await deviceRow(db, victim.sn);
    const c = await mqtt.connectAsync(broker.url, { protocolVersion: broker.protocolVersion, clientId: `test-rogue-${randomBytes(3).toString('hex')}` });
    const stranger = 'os::0A0B0C-UNKNOWNDEVICE0001';
    const victimEp = before.endpoint_id;
    await c.publishAsync(`usp/c/${victimEp}`, Buffer.from('not a usp record'), { qos: 1 });
    await c.publishAsync(`usp/c/${stranger}`, Buffer.from(encodeRecord({ kind: 'mqtt-connect', toId: CONTROLLER, fromId: stranger, mqttVersion: '5', subscribedTopic: `usp/a/${stranger}` })), { qos: 1 });
    // a Boot! for the victim, sent on the victim's topic but from another endpoint
    const boot = buildNotify('airloom-boot', eventNotification('Device.', 'Boot!', { CommandKey: '1', Cause: 'RemoteReboot' }), { sendResp: true });
    await c.publishAsync(`usp/c/${victimEp}`, Buffer.from(encodeMsgRecord(CONTROLLER, stranger, boot)), { qos: 1 });
    await c.endAsync();

    const a = agent(spec);
    await a.start();
    await waitFor('still serving', async () => (await deviceRow(db, spec.sn)).supports_name === 1);
    const after = await deviceRow(db, victim.sn);
    expect(after.status).toBe(before.status);
    expect(after.last_boot_at).toBe(before.last_boot_at);
    expect(await db('devices').where({ endpoint_id: stranger }).first()).toBeUndefined();
  });
});
