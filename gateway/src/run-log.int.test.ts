// A simulated device that goes away shows in the run log as an offline event and an alarm within
// one status period, and the project's browsers are told (SSE event `log`) — docs/data.md "Run log
// and alarms". Its Wi-Fi clients joining and leaving, and a restart ending on its Boot!, are logged
// too. Real USP agents over MQTT; SQLite and aedes always, MariaDB and Mosquitto with CI=true.
import { randomBytes } from 'node:crypto';
import { DeviceStatus, type ProjectEvent } from '@airloom/contracts';
import { Agent, generateFleet } from '@airloom/device-sim';
import type { Knex } from 'knex';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBus, type Bus } from './bus/bus.js';
import { startTestBroker, pairedWithBrokers, type TestBroker } from './bus/test-broker.js';
import { createGatewayRuntime, type GatewayRuntime } from './runtime.js';
import { enqueueOperation } from './store/devices.js';
import { listRunLog } from './store/run-log.js';
import { createTestDb, testBackends } from './store/test-db.js';
import { gatewayTimings } from './timings.js';
import { deviceRow, insertDevices, waitFor } from './test/harness.js';

const TIME_SCALE = 0.1;
const CONTROLLER = 'self::airloom-test';
const combos = pairedWithBrokers(testBackends()).map(([backend, broker]) => ({ backend, broker }));

describe.each(combos)('run log from a live device on $backend + $broker', ({ backend, broker: brokerKind }) => {
  const project = 7000 + Math.floor(Math.random() * 1e6);
  const [spec, second] = generateFleet(project, { ap: 2 });
  let db: Knex;
  let closeDb: () => Promise<void>;
  let broker: TestBroker;
  let runtime: GatewayRuntime;
  let bus: Bus;
  let agent: Agent;
  let other: Agent;
  const events: { at: number; event: ProjectEvent }[] = [];

  beforeAll(async () => {
    ({ db, close: closeDb } = await createTestDb(backend));
    broker = await startTestBroker(brokerKind);
    await insertDevices(db, [spec!, second!], project);
    const suffix = randomBytes(4).toString('hex');
    bus = createBus({ mqttUrl: broker.url, protocolVersion: broker.protocolVersion, clientId: `test-bus-${suffix}`, logger: pino({ level: 'silent' }) });
    bus.onEvents((projectId, event) => {
      if (projectId === project) events.push({ at: Date.now(), event });
    });
    await bus.ready();
    runtime = createGatewayRuntime({
      db, logger: pino({ level: 'silent' }), mqttUrl: broker.url, protocolVersion: broker.protocolVersion,
      controllerId: CONTROLLER, timeScale: TIME_SCALE, shareGroup: `test-${suffix}`,
    });
    await runtime.start();
    agent = new Agent({ brokerUrl: broker.url, protocolVersion: broker.protocolVersion, spec: spec!, controllerId: CONTROLLER, timeScale: TIME_SCALE });
    other = new Agent({ brokerUrl: broker.url, protocolVersion: broker.protocolVersion, spec: second!, controllerId: CONTROLLER, timeScale: TIME_SCALE });
  });

  afterAll(async () => {
    await agent?.stop().catch(() => {});
    await other?.stop().catch(() => {});
    await runtime?.stop();
    await bus?.close();
    await broker?.close();
    await closeDb?.();
  });

  it('logs the device coming online, then going offline as an unread alarm within one status period, and tells the browsers', async () => {
    await agent.start();
    await waitFor('online', async () => (await deviceRow(db, spec!.sn)).status === DeviceStatus.ONLINE);
    await waitFor('online logged', async () => (await listRunLog(db, project, {}, { page: 1, pageSize: 500 })).items.some((i) => i.event === 'device.online'));

    const stoppedAt = Date.now();
    agent.kill();
    const alarm = await waitFor('offline alarm', async () => (await listRunLog(db, project, { alarms: true }, { page: 1, pageSize: 500 })).items[0] ?? null);
    const logged = await waitFor('log event pushed', () => events.find((e) => e.event.type === 'log' && e.event.alarms > 0 && e.at >= stoppedAt) ?? null);
    expect(logged.at - stoppedAt).toBeLessThan(gatewayTimings(TIME_SCALE).statusPeriodMs);
    expect(alarm).toMatchObject({ event: 'device.offline', type: 'system', alarmType: 'device-offline', level: 'critical', read: 0, sn: spec!.sn, mac: spec!.mac, model: spec!.model, deviceName: spec!.name });
  });

  /** the run log of the second AP, oldest first */
  const loggedOf = async (sn: string) => (await listRunLog(db, project, { sn }, { page: 1, pageSize: 200 })).items.reverse();

  it("logs the AP's Wi-Fi clients joining and one it let go leaving (wireless), and nothing for a cabled host that left", async () => {
    await other.start();
    await waitFor('online', async () => (await deviceRow(db, second!.sn)).status === DeviceStatus.ONLINE);
    // a client the AP lists, with the SSID it joined by name (two clients may share a host name such as
    // "Room-214-iPhone", so the entry is the one with this client's name and network). Clients come and
    // go between reports, so any client the AP lists when the log is read will do, not one picked first
    const ssidOf = (c: (typeof other.device.clients)[number]) => (c.wlan ? other.device.wlans.find((w) => w.ssidPath === c.wlan)?.name : other.device.ssids[c.ssid]);
    await waitFor('a Wi-Fi client', () => other.device.clients[0] ?? null);
    const joined = await waitFor('join logged', async () => {
      const logged = (await loggedOf(second!.sn)).filter((i) => i.event === 'client.join');
      return logged.find((i) => other.device.clients.some((c) => i.params.client === (c.hostName || c.mac) && i.params.ssid === ssidOf(c) && ssidOf(c))) ?? null;
    }, 40_000);
    expect(joined).toMatchObject({ type: 'wireless', alarmType: null, sn: second!.sn });

    // a PC on its LAN port is listed under Device.Hosts.Host., then unplugged
    const pc = { id: 9_001, mac: '02:00:00:00:90:01', ip: '192.168.1.250', hostName: 'Front-desk-PC', port: 0, rate: 1_000 };
    other.device.wired.push(pc);
    await waitFor('cabled host listed', async () => (await db('clients').where({ project_id: project, mac: pc.mac, online: 1 }).first()) ?? null);
    other.device.wired = other.device.wired.filter((h) => h.mac !== pc.mac);
    // one Wi-Fi client is let go for good (a client merely disassociated may come back before the next
    // report, and then it never left as far as the device's lists say)
    const leaving = await waitFor('a Wi-Fi client still on', () => other.device.clients[0] ?? null);
    other.device.deny(new Set([leaving.mac]));
    const left = await waitFor('leave logged', async () => (await loggedOf(second!.sn)).find((i) => i.event === 'client.leave' && i.params.client === leaving.mac) ?? null);
    expect(left).toMatchObject({ type: 'wireless', alarmType: null });
    await waitFor('cabled host offline', async () => (await db('clients').where({ project_id: project, mac: pc.mac, online: 0 }).first()) ?? null);
    // both went in the same status report, so a row for the PC would have been written with the client's
    const logged = await loggedOf(second!.sn);
    expect(logged.filter((i) => JSON.stringify(i.params).includes(pc.mac) || JSON.stringify(i.params).includes(pc.hostName))).toEqual([]);
  });

  it('logs a restart that ends on the Boot! with its key as done, between restarting and online', async () => {
    const op = await enqueueOperation(db, { projectId: project, sn: second!.sn, kind: 'reboot', accountId: null });
    await bus.nudge(second!.sn);
    await waitFor('restart done', async () => (await db('operations').where({ id: op!.id, state: 'done' }).first()) ?? null, 30_000);
    const events = await waitFor('logged', async () => {
      const keys = (await loggedOf(second!.sn)).map((i) => [i.event, i.params.operation ?? null]).filter(([e]) => e !== 'client.join' && e !== 'client.leave');
      return keys.some(([e]) => e === 'operation.done') && keys.at(-1)?.[0] === 'device.online' ? keys : null;
    });
    expect(events.slice(events.findIndex(([e]) => e === 'device.restarting'))).toEqual([
      ['device.restarting', null],
      ['operation.done', 'Restart'],
      ['device.online', null],
    ]);
  });
});
