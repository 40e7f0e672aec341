// Switches' MAC tables end to end (docs/topology.md "MAC tables"): simulated switches send their
// learnt table (vendor Device.Ethernet.X_AIRLOOM_MacTable.{i}.) in their status reports, the gateway
// stores it per switch port in its batched telemetry flush, replaces it when a new one comes, and the
// project topology places a camera that speaks no LLDP on the port it hangs from. On aedes + SQLite
// always, Mosquitto + MariaDB too when CI=true.
import { randomBytes } from 'node:crypto';
import { DeviceStatus } from '@airloom/contracts';
import { createFleet, generateFleet, type Fleet } from '@airloom/device-sim';
import type { Knex } from 'knex';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBroker, pairedWithBrokers, type TestBroker } from './bus/test-broker.js';
import { createGatewayRuntime, type GatewayRuntime } from './runtime.js';
import { createTestDb, testBackends } from './store/test-db.js';
import { projectTopology } from './store/topology.js';
import { deviceRow, insertDevices, waitFor } from './test/harness.js';

const CONTROLLER = 'self::airloom-test';
const combos = pairedWithBrokers(testBackends()).map(([backend, broker]) => ({ backend, broker }));

describe.each(combos)('switch MAC tables on $backend + $broker', ({ backend, broker: brokerKind }) => {
  const project = 7000 + Math.floor(Math.random() * 1e6);
  // gateway → core switch → second switch; APs and a camera on the switches' ports
  const specs = generateFleet(project, { router: 1, switch: 2, ap: 2, ipc: 1 });
  const cam = specs.find((s) => s.type === 'ipc')!;
  // the camera speaks no LLDP: neither it nor its switch reports the cable
  cam.lldp = false;
  for (const s of specs) for (const l of s.links ?? []) if (l.peerSn === cam.sn) l.peerLldp = false;
  const camSwitch = specs.find((s) => s.sn === cam.links![0]!.peerSn)!;
  const camPort = camSwitch.links!.find((l) => l.peerSn === cam.sn)!.port;
  let db: Knex;
  let closeDb: () => Promise<void>;
  let broker: TestBroker;
  let runtime: GatewayRuntime;
  let fleet: Fleet;

  const stored = async (sn: string) =>
    ((await db('device_mac_entries').where({ sn }).orderBy(['port', 'mac'])) as Array<{ port: number; mac: string; vlan: number; static: unknown }>).map((r) => `${r.port}:${r.mac}:${r.vlan}:${Number(r.static)}`);

  beforeAll(async () => {
    ({ db, close: closeDb } = await createTestDb(backend));
    broker = await startTestBroker(brokerKind);
    await insertDevices(db, specs, project);
    const suffix = randomBytes(4).toString('hex');
    runtime = createGatewayRuntime({ db, logger: pino({ level: 'silent' }), mqttUrl: broker.url, protocolVersion: broker.protocolVersion, controllerId: CONTROLLER, timeScale: 0.01, shareGroup: `test-${suffix}` });
    await runtime.start();
    fleet = createFleet(specs, { brokerUrl: broker.url, protocolVersion: broker.protocolVersion, controllerId: CONTROLLER, timeScale: 0.01 });
    await fleet.start();
    await waitFor('all online and reported', async () => {
      const rows = await Promise.all(specs.map((s) => deviceRow(db, s.sn)));
      return rows.every((r) => r.status === DeviceStatus.ONLINE && r.reported_json !== null);
    });
  });

  afterAll(async () => {
    await fleet?.stop();
    await runtime?.stop();
    await broker?.close();
    await closeDb?.();
  });

  it('stores what each switch learnt on which port, as the simulator wired it', async () => {
    for (const sw of specs.filter((s) => s.type === 'switch')) {
      const agent = fleet.agents.find((a) => a.spec.sn === sw.sn)!;
      const expected = [...sw.macTable!, ...agent.device.wired.map((h) => ({ port: h.port, mac: h.mac, vlan: 1 }))]
        .map((e) => `${e.port}:${e.mac}:${e.vlan}:0`)
        .sort();
      await waitFor(`${sw.sn}'s table stored`, async () => (await stored(sw.sn)).length === expected.length);
      expect((await stored(sw.sn)).sort()).toEqual(expected);
    }
    // an AP has no table
    expect(await stored(specs.find((s) => s.type === 'ap')!.sn)).toEqual([]);
  });

  it('places the camera without LLDP on its switch port, from that switch MAC table', async () => {
    await waitFor('camera placed', async () => (await projectTopology(db, project)).edges.some((e) => e.to === cam.sn));
    const topo = await projectTopology(db, project);
    expect(topo.edges.filter((e) => e.to === cam.sn)).toEqual([
      { from: camSwitch.sn, to: cam.sn, speed: '100m', port: camPort + 1, source: { kind: 'mac-table', sn: camSwitch.sn, port: camPort + 1 } },
    ]);
    // everything else comes from LLDP
    expect(topo.edges.filter((e) => e.from !== 'internet' && e.to !== cam.sn).every((e) => e.source?.kind === 'lldp')).toBe(true);
  });

  it('writes an unchanged table again when its entries went meanwhile (the switch left its project and came back)', async () => {
    const sw = specs.find((s) => s.type === 'switch' && s.sn !== camSwitch.sn)!;
    const before = await stored(sw.sn);
    expect(before.length).toBeGreaterThan(0);
    // what unbinding a device does to what its switch learnt (store/devices.ts); the switch's next
    // report lists the same table, which this gateway wrote already
    await db('device_mac_entries').where({ sn: sw.sn }).delete();
    await waitFor(`${sw.sn}'s table written again`, async () => (await stored(sw.sn)).length === before.length);
    expect(await stored(sw.sn)).toEqual(before);
  });

  it('replaces the stored table when the switch sends a changed one', async () => {
    const agent = fleet.agents.find((a) => a.spec.sn === camSwitch.sn)!;
    const before = await stored(camSwitch.sn);
    const host = agent.device.wired.pop();
    expect(host).toBeDefined();
    await waitFor('host gone from the stored table', async () => !(await stored(camSwitch.sn)).some((r) => r.includes(host!.mac)));
    expect((await stored(camSwitch.sn)).length).toBe(before.length - 1);
  });
});
