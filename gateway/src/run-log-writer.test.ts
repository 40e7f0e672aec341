import type { ProjectEvent } from '@airloom/contracts';
import type { Knex } from 'knex';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRunLogWriter, type RunLogWriter } from './run-log-writer.js';
import { registerDevices } from './store/registration.js';
import { listRunLog, RUN_LOG_TABLE } from './store/run-log.js';
import { createTestDb } from './store/test-db.js';

const SN = 'ALLOGW000000001';
const T0 = Date.UTC(2026, 10, 20, 8, 0, 0);

/** a status report's parameters: CPU, two ports (one drawing PoE), a PoE budget and one radio's noise */
function report(o: { cpu: number; port2: 'Up' | 'Down'; poeW: number; noise: number }): Record<string, string> {
  return {
    'Device.DeviceInfo.ProcessStatus.CPUUsage': String(o.cpu),
    'Device.Ethernet.Interface.1.Name': 'eth1',
    'Device.Ethernet.Interface.1.Status': 'Up',
    'Device.Ethernet.Interface.2.Name': 'eth2',
    'Device.Ethernet.Interface.2.Status': o.port2,
    'Device.Ethernet.Interface.2.X_AIRLOOM_PoEEnable': 'true',
    'Device.Ethernet.Interface.2.X_AIRLOOM_PoEPower': String(o.poeW),
    'Device.X_AIRLOOM_PoE.PowerBudget': '60',
    'Device.WiFi.Radio.1.OperatingFrequencyBand': '2.4GHz',
    'Device.WiFi.Radio.1.Stats.Noise': String(o.noise),
  };
}

describe('run-log writer', () => {
  let db: Knex;
  let close: () => Promise<void>;
  let writer: RunLogWriter;
  const published: [number, ProjectEvent][] = [];
  beforeAll(async () => {
    ({ db, close } = await createTestDb('sqlite'));
    await registerDevices(db, [{ sn: SN, type: 'switch', model: 'AL-SW8P', mac: '00:1A:2B:00:70:01', secret: 'a-device-secret-0001' }]);
    await db('devices').where({ sn: SN }).update({ project_id: 31, name: 'Core switch' });
  });
  afterAll(async () => {
    await close?.();
  });
  beforeEach(async () => {
    await db(RUN_LOG_TABLE).delete();
    published.length = 0;
    writer = createRunLogWriter({ db, bus: { publishEvent: async (p, e) => void published.push([p, e]) }, logger: pino({ level: 'silent' }), now: () => T0 });
  });

  const logged = async () => (await listRunLog(db, 31, {}, { page: 1, pageSize: 50 })).items.map((i) => [i.event, i.params]).reverse();

  it('logs only what crossed a line between two status reports, starting from the first one it hears', async () => {
    writer.observeStatus(SN, report({ cpu: 95, port2: 'Up', poeW: 30, noise: -90 }));
    writer.observeStatus(SN, report({ cpu: 96, port2: 'Up', poeW: 30, noise: -90 }));
    writer.observeStatus(SN, report({ cpu: 50, port2: 'Up', poeW: 30, noise: -90 }));
    writer.observeStatus(SN, report({ cpu: 92, port2: 'Down', poeW: 70, noise: -65 }));
    // still high, still noisy, still over: nothing new; the port comes back
    writer.observeStatus(SN, report({ cpu: 85, port2: 'Up', poeW: 70, noise: -72 }));
    await writer.flush();
    expect(await logged()).toEqual([
      ['cpu.high', { cpu: 92 }],
      ['port.down', { port: 'eth2' }],
      ['poe.overBudget', { used: 70, budget: 60 }],
      ['interference.strong', { radio: '2.4GHz', noise: -65 }],
      ['port.up', { port: 'eth2' }],
    ]);
    expect(published).toEqual([[31, { type: 'log', entries: 5, alarms: 3, read: 0 }]]);
    const row = (await listRunLog(db, 31, { alarms: true }, { page: 1, pageSize: 1 })).items[0];
    expect(row).toMatchObject({ deviceName: 'Core switch', mac: '00:1A:2B:00:70:01', model: 'AL-SW8P', t: T0 });
  });

  it('logs Wi-Fi clients joining and leaving as wireless events of their AP, and cabled hosts not at all', async () => {
    const client = (mac: string, connection: 'wireless' | 'wired', name: string) => ({
      mac, connection, name, apInstance: connection === 'wireless' ? 1 : null, ip: '192.168.1.20', ssid: connection === 'wireless' ? 'Lobby' : null,
      band: null, signal: null, txBytes: null, rxBytes: null, txRate: null, rxRate: null,
    });
    writer.clientsChanged([{ projectId: 31, sn: SN, joined: [client('AA:00:00:00:00:01', 'wireless', 'Room-214-iPhone'), client('AA:00:00:00:00:02', 'wired', 'Front-desk-PC'), client('AA:00:00:00:00:03', 'wireless', '')], left: [] }]);
    writer.clientsChanged([{ projectId: 31, sn: SN, joined: [], left: [{ mac: 'AA:00:00:00:00:01', connection: 'wireless' }, { mac: 'AA:00:00:00:00:02', connection: 'wired' }] }]);
    await writer.flush();
    const rows = (await listRunLog(db, 31, {}, { page: 1, pageSize: 50 })).items.reverse();
    expect(rows.map((r) => [r.event, r.type, r.params])).toEqual([
      ['client.join', 'wireless', { client: 'Room-214-iPhone', ssid: 'Lobby' }],
      ['client.join', 'wireless', { client: 'AA:00:00:00:00:03', ssid: 'Lobby' }],
      ['client.leave', 'wireless', { client: 'AA:00:00:00:00:01' }],
    ]);
    expect(await listRunLog(db, 31, { type: 'wired' }, { page: 1, pageSize: 50 })).toMatchObject({ items: [] });
  });

  it('writes again, once and in order, what the database refused while it was away (a restart)', async () => {
    writer = createRunLogWriter({ db, logger: pino({ level: 'silent' }), now: () => T0, retryMs: 50 });
    // the table out of reach, as while MariaDB restarts: the write fails
    await db.schema.renameTable(RUN_LOG_TABLE, 'run_log_away');
    writer.operationFinished(SN, 'reboot', 'done', null);
    await writer.flush();
    writer.operationFinished(SN, 'locate', 'done', null);
    await db.schema.renameTable('run_log_away', RUN_LOG_TABLE);
    await expect.poll(async () => (await logged()).map(([event, params]) => [event, params]), { timeout: 5_000 }).toEqual([
      ['operation.done', { operation: 'Restart' }],
      ['operation.done', { operation: 'Locate' }],
    ]);
    await writer.close();
    expect(await db(RUN_LOG_TABLE).count({ n: '*' }).first()).toEqual({ n: 2 });
  });

  it('logs finished operations, an upgrade that failed as an alarm, and nothing for a device in no project', async () => {
    writer.operationFinished(SN, 'reboot', 'done', null);
    writer.operationFinished(SN, 'neighbourScan', 'done', null);
    writer.operationFinished(SN, 'locate', 'expired', 3);
    writer.operationFinished(SN, 'upgrade', 'failed', null);
    writer.record('NOTREGISTERED01', 'device.offline');
    await writer.flush();
    const rows = (await listRunLog(db, 31, {}, { page: 1, pageSize: 50 })).items.reverse();
    expect(rows.map((r) => [r.event, r.alarmType])).toEqual([
      ['operation.done', null],
      ['operation.failed', null],
      ['upgrade.failed', 'upgrade-failed'],
    ]);
    expect(rows[0]!.params).toEqual({ operation: 'Restart' });
    expect(await db(RUN_LOG_TABLE).count({ n: '*' }).first()).toEqual({ n: 3 });
  });
});
