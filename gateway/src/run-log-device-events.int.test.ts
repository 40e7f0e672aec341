// What a simulated device reports in its own words (Device.X_AIRLOOM_Event!) lands in the run log:
// an info event as `device.event`, a warning as `device.warning` and an unread alarm — docs/data.md
// "Run log and alarms". Real USP agents over MQTT; SQLite and aedes always, MariaDB and Mosquitto with CI=true.
import { randomBytes } from 'node:crypto';
import { DeviceStatus } from '@airloom/contracts';
import { Agent, generateFleet } from '@airloom/device-sim';
import type { Knex } from 'knex';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBroker, pairedWithBrokers, type TestBroker } from './bus/test-broker.js';
import { createGatewayRuntime, type GatewayRuntime } from './runtime.js';
import { deviceEventLog } from './sessions.js';
import { listRunLog } from './store/run-log.js';
import { createTestDb, testBackends } from './store/test-db.js';
import { deviceRow, insertDevices, waitFor } from './test/harness.js';

const TIME_SCALE = 0.1;
const CONTROLLER = 'self::airloom-test';
const combos = pairedWithBrokers(testBackends()).map(([backend, broker]) => ({ backend, broker }));

describe('a device event as a run-log event', () => {
  it('files it by severity, keeps its text, says its code when it sent no text, and ignores an empty one', () => {
    expect(deviceEventLog({ Code: 'HighTemperature', Severity: 'warning', Text: ' Hot ' })).toEqual({ event: 'device.warning', text: 'Hot', code: 'HighTemperature' });
    expect(deviceEventLog({ Code: 'X', Severity: 'CRITICAL', Text: 'Burning' })?.event).toBe('device.critical');
    expect(deviceEventLog({ Code: 'ConfigSaved' })).toEqual({ event: 'device.event', text: 'ConfigSaved', code: 'ConfigSaved' });
    expect(deviceEventLog({ Text: 'x'.repeat(500) })?.text).toHaveLength(200);
    expect(deviceEventLog({ Severity: 'warning' })).toBeNull();
  });
});

describe.each(combos)('device events in the run log on $backend + $broker', ({ backend, broker: brokerKind }) => {
  const project = 7000 + Math.floor(Math.random() * 1e6);
  const [spec] = generateFleet(project, { ap: 1 });
  let db: Knex;
  let closeDb: () => Promise<void>;
  let broker: TestBroker;
  let runtime: GatewayRuntime;
  let agent: Agent;

  beforeAll(async () => {
    ({ db, close: closeDb } = await createTestDb(backend));
    broker = await startTestBroker(brokerKind);
    await insertDevices(db, [spec!], project);
    const suffix = randomBytes(4).toString('hex');
    runtime = createGatewayRuntime({
      db, logger: pino({ level: 'silent' }), mqttUrl: broker.url, protocolVersion: broker.protocolVersion,
      controllerId: CONTROLLER, timeScale: TIME_SCALE, shareGroup: `test-${suffix}`,
    });
    await runtime.start();
    agent = new Agent({ brokerUrl: broker.url, protocolVersion: broker.protocolVersion, spec: spec!, controllerId: CONTROLLER, timeScale: TIME_SCALE });
  });

  afterAll(async () => {
    await agent?.stop().catch(() => {});
    await runtime?.stop();
    await broker?.close();
    await closeDb?.();
  });

  it('logs an info event as the device said it, and a warning as an unread alarm', async () => {
    await agent.start();
    await waitFor('online', async () => (await deviceRow(db, spec!.sn)).status === DeviceStatus.ONLINE);
    await waitFor('subscribed to the device event', () => agent.subscriptions.some((s) => s.id === 'airloom-event'));

    const info = agent.raiseEvent('TemperatureNormal');
    const warning = agent.raiseEvent('HighTemperature');
    expect(info?.severity).toBe('info');
    expect(warning?.severity).toBe('warning');

    const logged = await waitFor('info logged', async () => (await listRunLog(db, project, {}, { page: 1, pageSize: 20 })).items.find((i) => i.event === 'device.event') ?? null);
    expect(logged).toMatchObject({ type: 'system', level: 'info', alarmType: null, sn: spec!.sn, mac: spec!.mac, params: { text: info!.text, code: 'TemperatureNormal' } });

    const alarm = await waitFor('warning alarm', async () => (await listRunLog(db, project, { alarms: true }, { page: 1, pageSize: 500 })).items.find((i) => i.event === 'device.warning') ?? null);
    expect(alarm).toMatchObject({ type: 'system', level: 'warning', alarmType: 'device-warning', read: 0, sn: spec!.sn, deviceName: spec!.name, params: { text: warning!.text, code: 'HighTemperature' } });
  });
});
