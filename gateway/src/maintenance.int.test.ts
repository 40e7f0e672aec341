// Maintenance operations end to end with simulated devices (real USP agents over MQTT, aedes +
// SQLite; Mosquitto and MariaDB too when CI=true): a PoE reboot really takes the powered AP down
// and brings it back, an LED mode reaches the device, an NVR format ends in success or in its
// spec §8 code (3000–3002), and each runs once.
import { randomBytes } from 'node:crypto';
import { DeviceStatus, ErrorCode } from '@airloom/contracts';
import { Agent, generateFleet, type DeviceSpec } from '@airloom/device-sim';
import type { Knex } from 'knex';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBus, type Bus } from './bus/bus.js';
import { startTestBroker, pairedWithBrokers, type TestBroker } from './bus/test-broker.js';
import { createGatewayRuntime, type GatewayRuntime } from './runtime.js';
import { enqueueOperation } from './store/devices.js';
import { createTestDb, testBackends } from './store/test-db.js';
import { deviceRow, insertDevices, operationRow, statusHistory, waitFor } from './test/harness.js';

const TIME_SCALE = 0.01;
const PROJECT = 5151;
const CONTROLLER = 'self::airloom-maint-test';

const combos = pairedWithBrokers(testBackends()).map(([backend, broker]) => ({ backend, broker }));

describe.each(combos)('maintenance operations on $backend + $broker', ({ backend, broker: brokerKind }) => {
  let db: Knex;
  let closeDb: () => Promise<void>;
  let broker: TestBroker;
  let runtime: GatewayRuntime;
  let bus: Bus;
  const agents = new Map<string, Agent>();
  const fleet = generateFleet(PROJECT + Math.floor(Math.random() * 1e6), { switch: 1, ap: 1, nvr: 1 });
  const sw = fleet.find((s) => s.type === 'switch')!;
  const ap = fleet.find((s) => s.type === 'ap')!;
  const nvr = fleet.find((s) => s.type === 'nvr')!;

  function agent(spec: DeviceSpec): Agent {
    const a = new Agent({ brokerUrl: broker.url, protocolVersion: broker.protocolVersion, spec, controllerId: CONTROLLER, timeScale: TIME_SCALE });
    agents.set(spec.sn, a);
    // the fleet's wiring (fleet.ts): a switch port that stops powering takes its device down
    a.on('poe', (sn, powered) => {
      const peer = agents.get(sn);
      if (!peer) return;
      if (powered) void peer.start();
      else peer.powerOff();
    });
    return a;
  }
  const online = (spec: DeviceSpec) => waitFor(`${spec.sn} online`, async () => (await deviceRow(db, spec.sn)).supports_name === 1 && (await deviceRow(db, spec.sn)).status === DeviceStatus.ONLINE);
  async function run(spec: DeviceSpec, kind: 'poe-reboot' | 'led' | 'format-disk', args: { port?: number; mode?: 'on' | 'off' | 'schedule' } | null = null) {
    const op = await enqueueOperation(db, { projectId: PROJECT, sn: spec.sn, kind, accountId: null, args });
    expect(op).not.toBeNull();
    await bus.nudge(spec.sn);
    return op!.id;
  }
  const finished = (id: number) => waitFor(`operation ${id} finished`, async () => {
    const r = await operationRow(db, id);
    return ['done', 'failed', 'expired'].includes(r.state) ? r : null;
  });

  beforeAll(async () => {
    ({ db, close: closeDb } = await createTestDb(backend));
    broker = await startTestBroker(brokerKind);
    await insertDevices(db, fleet, PROJECT);
    const suffix = randomBytes(4).toString('hex');
    bus = createBus({ mqttUrl: broker.url, protocolVersion: broker.protocolVersion, clientId: `test-maint-bus-${suffix}`, logger: pino({ level: 'silent' }) });
    await bus.ready();
    runtime = createGatewayRuntime({
      db,
      logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
      mqttUrl: broker.url,
      protocolVersion: broker.protocolVersion,
      controllerId: CONTROLLER,
      timeScale: TIME_SCALE,
      shareGroup: `test-maint-${suffix}`,
    });
    await runtime.start();
    for (const spec of fleet) await agent(spec).start();
    for (const spec of fleet) await online(spec);
  });

  afterAll(async () => {
    for (const a of agents.values()) await a.stop().catch(() => {});
    await runtime?.stop();
    await bus?.close();
    await broker?.close();
    await closeDb?.();
  });

  it('a PoE reboot cycles the switch port: the AP on it goes offline, comes back, the operation is done once', async () => {
    const link = sw.links?.find((l) => l.peerSn === ap.sn);
    expect(link).toBeDefined();
    const id = await run(sw, 'poe-reboot', { port: link!.port + 1 });
    await waitFor('AP down', async () => (await deviceRow(db, ap.sn)).status === DeviceStatus.OFFLINE);
    // the switch answered before it cut the power; on a loaded machine its answer can be stored just after the AP's drop
    await waitFor('the switch said it runs', async () => (await operationRow(db, id)).state !== 'sent');
    expect(['running', 'done']).toContain((await operationRow(db, id)).state);
    const done = await finished(id);
    expect([done.state, done.error_code]).toEqual(['done', null]);
    await online(ap);
    expect(agents.get(sw.sn)!.executions.poeReboot).toBe(1);
    const history = await statusHistory(db, ap.sn);
    expect(history.slice(-2)).toEqual([DeviceStatus.OFFLINE, DeviceStatus.ONLINE]);
  });

  it('sets the LED mode on the device (On, Off, Schedule)', async () => {
    for (const mode of ['off', 'schedule'] as const) {
      const done = await finished(await run(ap, 'led', { mode }));
      expect(done.state).toBe('done');
      expect(agents.get(ap.sn)!.ledMode).toBe(mode === 'off' ? 'Off' : 'Schedule');
    }
  });

  it('formats an NVR disk: formatting, then success; a fault ends failed with 3000 / 3001 / 3002 and erases nothing', async () => {
    const recorder = agents.get(nvr.sn)!;
    const id = await run(nvr, 'format-disk');
    await waitFor('formatting', async () => (await operationRow(db, id)).state === 'running');
    const done = await finished(id);
    expect([done.state, done.error_code]).toEqual(['done', null]);
    expect(recorder.executions.formatDisk).toBe(1);

    // spec §8 3000–3002: the format itself failed, there is no disk, the disk is in use
    recorder.diskFault = 'failed';
    const failed = await finished(await run(nvr, 'format-disk'));
    expect([failed.state, failed.error_code]).toEqual(['failed', ErrorCode.DISK_FORMAT_FAILED]);
    recorder.diskFault = 'absent';
    const absent = await finished(await run(nvr, 'format-disk'));
    expect([absent.state, absent.error_code]).toEqual(['failed', ErrorCode.DISK_ABSENT]);
    recorder.diskFault = 'in-use';
    const busy = await finished(await run(nvr, 'format-disk'));
    expect([busy.state, busy.error_code]).toEqual(['failed', ErrorCode.DISK_IN_USE]);
    expect(recorder.executions.formatDisk).toBe(1);
    recorder.diskFault = 'none';
  });
});
