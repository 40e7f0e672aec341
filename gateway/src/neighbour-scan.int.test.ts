// A neighbour scan end to end: the operation goes out through the outbox, the simulated demo hotel's
// APs answer TR-181 NeighboringWiFiDiagnostic() asynchronously, and the gateway stores what each
// heard (by BSSID → AP of the project) when the OperationComplete arrives. An AP of another project
// in the building broadcasting the hotel's SSID is a rogue access point: one alarm. On aedes + SQLite
// always, Mosquitto + MariaDB too when CI=true.
import { randomBytes } from 'node:crypto';
import { DeviceStatus, LIMITS } from '@airloom/contracts';
import { createFleet, demoFleet, scanNeighbours, type DeviceSpec, type Fleet } from '@airloom/device-sim';
import type { Knex } from 'knex';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBus, type Bus } from './bus/bus.js';
import { startTestBroker, pairedWithBrokers, type TestBroker } from './bus/test-broker.js';
import { createGatewayRuntime, type GatewayRuntime } from './runtime.js';
import { enqueueOperation } from './store/devices.js';
import { listNeighbourMeasurements, parseScanResults } from './store/measurements.js';
import { listRunLog } from './store/run-log.js';
import { createTestDb, testBackends } from './store/test-db.js';
import { deviceRow, insertDevices, operationRow, waitFor } from './test/harness.js';

const CONTROLLER = 'self::airloom-test';
const combos = pairedWithBrokers(testBackends()).map(([backend, broker]) => ({ backend, broker }));

/** The demo hotel's 8 APs on their true site, with serial numbers and MACs of their own (suites may share a broker). */
function hotelAps(): DeviceSpec[] {
  const tag = randomBytes(3).toString('hex').toUpperCase();
  return demoFleet(LIMITS.demoProjectIdWlan)
    .filter((s) => s.type === 'ap')
    .map((s, i) => ({ ...s, sn: `ALSCAN${tag}${String(i).padStart(4, '0')}`, mac: `02:53:${tag.slice(0, 2)}:${tag.slice(2, 4)}:${tag.slice(4, 6)}:${String(i).padStart(2, '0')}`, links: [] }));
}

describe.each(combos)('neighbour scan on $backend + $broker', ({ backend, broker: brokerKind }) => {
  const project = 7000 + Math.floor(Math.random() * 1e6);
  const specs = hotelAps();
  // the same model next to the first AP, in another project: it broadcasts the same SSIDs as the hotel's APs
  const rogue: DeviceSpec = { ...specs[0]!, sn: `${specs[0]!.sn.slice(0, -4)}9999`, mac: `${specs[0]!.mac.slice(0, -2)}99`, name: 'Not-ours', rf: { ...specs[0]!.rf!, x: specs[0]!.rf!.x + 1 } };
  let db: Knex;
  let closeDb: () => Promise<void>;
  let broker: TestBroker;
  let runtime: GatewayRuntime;
  let bus: Bus;
  let fleet: Fleet;

  beforeAll(async () => {
    ({ db, close: closeDb } = await createTestDb(backend));
    broker = await startTestBroker(brokerKind);
    await insertDevices(db, specs, project);
    await insertDevices(db, [rogue], project + 1);
    const suffix = randomBytes(4).toString('hex');
    bus = createBus({ mqttUrl: broker.url, protocolVersion: broker.protocolVersion, clientId: `test-bus-${suffix}`, logger: pino({ level: 'silent' }) });
    await bus.ready();
    runtime = createGatewayRuntime({ db, logger: pino({ level: 'silent' }), mqttUrl: broker.url, protocolVersion: broker.protocolVersion, controllerId: CONTROLLER, timeScale: 0.01, shareGroup: `test-${suffix}` });
    await runtime.start();
    fleet = createFleet([...specs, rogue], { brokerUrl: broker.url, protocolVersion: broker.protocolVersion, controllerId: CONTROLLER, timeScale: 0.01 });
    await fleet.start();
    await waitFor('all online and subscribed', async () => {
      const rows = await Promise.all([...specs, rogue].map((s) => deviceRow(db, s.sn)));
      // reported: the SSIDs each broadcasts are known
      return rows.every((r) => r.status === DeviceStatus.ONLINE && r.reported_json !== null) && fleet.agents.every((a) => a.subscriptions.some((s) => s.notifType === 'OperationComplete'));
    });
  });

  afterAll(async () => {
    await fleet?.stop();
    await runtime?.stop();
    await bus?.close();
    await broker?.close();
    await closeDb?.();
  });

  it('stores what each AP heard, as the simulator computed it from the true walls, and replaces it on the next scan', async () => {
    const ops = [];
    for (const s of specs) {
      ops.push((await enqueueOperation(db, { projectId: project, sn: s.sn, kind: 'neighbourScan', accountId: null }))!);
      await bus.nudge(s.sn);
    }
    for (const op of ops) await waitFor(`scan ${op.id} done`, async () => (await operationRow(db, op.id)).state === 'done');
    const stored = await listNeighbourMeasurements(db, project, specs.map((s) => s.sn));
    const peers = fleet.agents.map((a) => a.onAir);
    const snOf = new Map(specs.map((s) => [s.mac, s.sn]));
    const expected = fleet.agents.filter((a) => a.spec.sn !== rogue.sn).flatMap((a) =>
      parseScanResults(Object.fromEntries(scanNeighbours(a.onAir, peers).map((h, i) => [[`Result.${i + 1}.BSSID`, h.bssid], [`Result.${i + 1}.OperatingFrequencyBand`, h.band], [`Result.${i + 1}.SignalStrength`, String(h.signalStrength)]]).flat()))
        .filter((r) => snOf.has(r.bssid))
        .map((r) => ({ observerSn: a.spec.sn, sourceSn: snOf.get(r.bssid)!, band: r.band, rssiDbm: r.signalStrength })),
    );
    expect(expected.length).toBeGreaterThan(20);
    const key = (m: { observerSn: string; sourceSn: string; band: string }) => `${m.observerSn}<${m.sourceSn}@${m.band}`;
    expect(stored.map((m) => ({ observerSn: m.observerSn, sourceSn: m.sourceSn, band: m.band, rssiDbm: m.rssiDbm })).sort((x, y) => key(x).localeCompare(key(y))))
      .toEqual(expected.sort((x, y) => key(x).localeCompare(key(y))));

    // a second scan of one AP replaces its rows (not added beside them)
    const first = specs[0]!.sn;
    const before = stored.filter((m) => m.observerSn === first);
    const again = (await enqueueOperation(db, { projectId: project, sn: first, kind: 'neighbourScan', accountId: null }))!;
    await bus.nudge(first);
    await waitFor('second scan done', async () => (await operationRow(db, again.id)).state === 'done');
    const after = (await listNeighbourMeasurements(db, project, specs.map((s) => s.sn))).filter((m) => m.observerSn === first);
    expect(after).toHaveLength(before.length);
    expect(Math.min(...after.map((m) => m.measuredAt))).toBeGreaterThan(Math.max(...before.map((m) => m.measuredAt)) - 1);
  });

  it('raises one rogue-AP alarm for the AP of another project broadcasting the hotel\'s SSID, however many APs heard it', async () => {
    const alarm = await waitFor('rogue alarm', async () => (await listRunLog(db, project, { alarms: true }, { page: 1, pageSize: 50 })).items.find((i) => i.event === 'rogue.ap') ?? null);
    const ssids = fleet.agents.find((a) => a.spec.sn === rogue.sn)!.device.ssids;
    expect(alarm).toMatchObject({ alarmType: 'rogue-ap', type: 'wireless', level: 'warning', read: 0, params: { bssid: rogue.mac, ssid: expect.any(String) } });
    expect(ssids).toContain(alarm.params.ssid);
    // every hotel AP scanned (and one twice): the run log has had time to write any other
    await new Promise((r) => setTimeout(r, 1_000));
    expect((await listRunLog(db, project, { alarms: true }, { page: 1, pageSize: 50 })).items.filter((i) => i.event === 'rogue.ap')).toHaveLength(1);
    expect((await listRunLog(db, project + 1, {}, { page: 1, pageSize: 50 })).items.filter((i) => i.event === 'rogue.ap')).toEqual([]);
  });
});
