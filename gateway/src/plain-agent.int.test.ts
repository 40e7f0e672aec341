// A conformant USP agent without our vendor extensions, and the outbox's and sweeper's give-up
// paths: console-only rename, telemetry read on Periodic!, refused locate, a reboot that never
// comes back, an operation that waited too long, a device that falls silent.
import { randomBytes } from 'node:crypto';
import { DeviceStatus, ErrorCode } from '@airloom/contracts';
import type { Knex } from 'knex';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBareAedes, type TestBroker } from './bus/test-broker.js';
import { createGatewayRuntime, type GatewayRuntime } from './runtime.js';
import { writeName } from './store/config.js';
import { bindDevice, enqueueOperation } from './store/devices.js';
import { createTestDb, testBackends } from './store/test-db.js';
import { deviceRow, insertDevices, operationRow, statusHistory, waitFor } from './test/harness.js';
import { startPlainAgent, type PlainAgent } from './test/plain-agent.js';

const PROJECT = 31337;
const CONTROLLER = 'self::airloom-plain';
const OFFLINE_AFTER_MS = 1_500;

describe.each(testBackends())('a plain TR-181 agent on %s + aedes', (backend) => {
  let db: Knex;
  let closeDb: () => Promise<void>;
  let broker: TestBroker;
  let runtime: GatewayRuntime;
  const agents: PlainAgent[] = [];
  let next = 0;

  /** a registered device with a plain agent, online and set up */
  async function plainDevice(): Promise<{ sn: string; agent: PlainAgent }> {
    next++;
    const sn = `PLAIN${randomBytes(4).toString('hex').toUpperCase()}${String(next).padStart(3, '0')}`;
    const mac = `0A:0B:0C:00:00:${String(next).padStart(2, '0')}`;
    await insertDevices(db, [{ sn, mac, type: 'ap', model: 'Plain-1' }], PROJECT);
    const agent = await startPlainAgent({ brokerUrl: broker.url, controllerId: CONTROLLER, mac, sn, heartbeatMs: 300 });
    agents.push(agent);
    await waitFor('set up', async () => (await deviceRow(db, sn)).supports_name === 0 && agent.subscriptions.size === 2);
    return { sn, agent };
  }

  beforeAll(async () => {
    ({ db, close: closeDb } = await createTestDb(backend));
    broker = await startBareAedes();
    runtime = createGatewayRuntime({
      db,
      logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
      mqttUrl: broker.url,
      protocolVersion: 4,
      controllerId: CONTROLLER,
      timeScale: 0.01,
      timings: { offlineAfterMs: OFFLINE_AFTER_MS, sweepEveryMs: 250, operationLifetimeMs: { reboot: 1_500, locate: 1_500, reset: 1_500, neighbourScan: 1_500, clientOffline: 1_500, 'poe-reboot': 1_500, led: 1_500, 'format-disk': 1_500, upgrade: 1_500, 'remote-web': 1_500 } },
    });
    await runtime.start();
  });

  afterAll(async () => {
    for (const a of agents) await a.close().catch(() => {});
    await runtime?.stop();
    await broker?.close();
    await closeDb?.();
  });

  it('is online with its DeviceInfo, subscribed to Boot! and Periodic!, and its telemetry is read on each Periodic!', async () => {
    const { sn, agent } = await plainDevice();
    const row = await deviceRow(db, sn);
    expect(row.status).toBe(DeviceStatus.ONLINE);
    expect(row.software_version).toBe('9.9.9');
    expect([...agent.subscriptions.values()].sort()).toEqual(['Device.Boot!', 'Device.LocalAgent.Periodic!']);
    agent.info.UpTime = '4242';
    await waitFor('uptime read again', async () => (await deviceRow(db, sn)).uptime === 4242);
  });

  it('a rename is applied in the console only: no Set, never "online not saved"', async () => {
    const { sn, agent } = await plainDevice();
    await writeName(db, sn, 'Plain Renamed');
    const row = await waitFor('applied', async () => {
      const r = await deviceRow(db, sn);
      return r.applied_version === r.config_version ? r : null;
    });
    expect(row.name).toBe('Plain Renamed');
    expect(agent.received.some((m) => m.type === 'set')).toBe(false);
    expect(await statusHistory(db, sn)).toEqual([DeviceStatus.ONLINE]);
  });

  it('a locate the agent cannot do fails with "configuration failed"', async () => {
    const { sn } = await plainDevice();
    const op = await enqueueOperation(db, { projectId: PROJECT, sn, kind: 'locate', accountId: null });
    const row = await waitFor('failed', async () => {
      const r = await operationRow(db, op!.id);
      return r.state === 'failed' ? r : null;
    });
    expect(row.error_code).toBe(ErrorCode.CONFIG_FAILED);
  });

  it('added to a project once connected, it reboots: rebooting (8), then done when its Boot! returns with the key', async () => {
    next++;
    const sn = `PLAIN${randomBytes(4).toString('hex').toUpperCase()}${String(next).padStart(3, '0')}`;
    const mac = `0A:0B:0C:00:01:${String(next).padStart(2, '0')}`;
    await insertDevices(db, [{ sn, mac, type: 'ap', model: 'Plain-1' }], PROJECT);
    await db('devices').where({ sn }).update({ project_id: null, bound_at: null }); // in no project yet
    const agent = await startPlainAgent({ brokerUrl: broker.url, controllerId: CONTROLLER, mac, sn, heartbeatMs: 300, rebootMs: 300 });
    agents.push(agent);
    await waitFor('connected and set up', async () => (await deviceRow(db, sn)).status === DeviceStatus.ONLINE && agent.subscriptions.size === 2);
    expect(await bindDevice(db, sn, PROJECT)).toBe(true); // what "add device by SN" stores
    const op = (await enqueueOperation(db, { projectId: PROJECT, sn, kind: 'reboot', accountId: null }))!;
    const done = await waitFor('reboot done', async () => {
      const r = await operationRow(db, op.id);
      return r.state === 'done' ? r : null;
    });
    expect(done.error_code).toBeNull();
    expect(await statusHistory(db, sn)).toContain(DeviceStatus.REBOOTING);
    expect((await deviceRow(db, sn)).status).toBe(DeviceStatus.ONLINE);
    expect((await deviceRow(db, sn)).last_boot_command_key).toBe(String(op.id));
  });

  it('a reboot whose device never comes back expires, and the device is offline', async () => {
    const { sn, agent } = await plainDevice();
    const op = await enqueueOperation(db, { projectId: PROJECT, sn, kind: 'reboot', accountId: null });
    await waitFor('rebooting', async () => (await deviceRow(db, sn)).status === DeviceStatus.REBOOTING);
    agent.silence();
    const row = await waitFor('expired', async () => {
      const r = await operationRow(db, op!.id);
      return r.state === 'expired' ? r : null;
    });
    expect(row.error_code).toBe(ErrorCode.DEVICE_OFFLINE);
    expect((await deviceRow(db, sn)).status).toBe(DeviceStatus.OFFLINE);
  });

  it('an operation still queued when it expires is given up', async () => {
    const { sn, agent } = await plainDevice();
    agent.silence();
    await waitFor('offline', async () => (await deviceRow(db, sn)).status === DeviceStatus.OFFLINE);
    const now = Date.now();
    const [id] = await db('operations').insert({
      project_id: PROJECT, sn, kind: 'reboot', state: 'queued', attempts: 0, created_at: now - 60_000, updated_at: now - 60_000, expires_at: now - 1,
    });
    const row = await waitFor('expired', async () => {
      const r = await operationRow(db, Number(id));
      return r.state === 'expired' ? r : null;
    });
    expect(row.error_code).toBe(ErrorCode.DEVICE_OFFLINE);
    expect(row.attempts).toBe(0);
  });

  it('a device that falls silent without a last will is offline after the missed status periods', async () => {
    const { sn, agent } = await plainDevice();
    agent.silence();
    await waitFor('offline', async () => (await deviceRow(db, sn)).status === DeviceStatus.OFFLINE);
    const reasons = (await db('device_status_log').where({ sn }).orderBy('id').pluck('reason')) as string[];
    expect(reasons).toEqual(['connect', 'heartbeat-missed']);
  });
});
