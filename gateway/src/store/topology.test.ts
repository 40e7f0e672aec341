import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTelemetryWriter, statusEventColumns, statusEventMacTable, type TelemetryWriter } from '../telemetry.js';
import { registerDevices } from './registration.js';
import { createTestDb, testBackends } from './test-db.js';
import { projectTopology } from './topology.js';

const PROJECT = 4242;
const MAC = { gw: '02:41:4C:00:00:01', sw: '02:41:4C:00:00:02', ap: '02:41:4C:00:00:03', cam: '02:41:4C:00:00:04', m1: '02:41:4C:00:00:05', m2: '02:41:4C:00:00:06' };

/** A status event's TR-181 parameters: Ethernet ports (Up, speed) and LLDP neighbours (local port → chassis MAC). */
function tree(ports: number[], lldp: [number, string, string][], extra: Record<string, string> = {}): Record<string, string> {
  const t: Record<string, string> = { ...extra };
  ports.forEach((speed, i) => {
    t[`Device.Ethernet.Interface.${i + 1}.Name`] = `LAN${i + 1}`;
    t[`Device.Ethernet.Interface.${i + 1}.Status`] = speed ? 'Up' : 'Down';
    t[`Device.Ethernet.Interface.${i + 1}.MaxBitRate`] = String(speed);
  });
  lldp.forEach(([port, mac, peerPort], i) => {
    const p = `Device.LLDP.Discovery.Device.${i + 1}.`;
    t[`${p}Interface`] = `Device.Ethernet.Interface.${port}`;
    t[`${p}ChassisIDSubtype`] = '4';
    t[`${p}ChassisID`] = mac;
    t[`${p}PortIDSubtype`] = '5';
    t[`${p}PortID`] = peerPort;
  });
  return t;
}

describe.each(testBackends())('project topology on %s', (backend) => {
  let db: Knex;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await createTestDb(backend));
    const reg = (sn: string, type: 'router' | 'switch' | 'ap' | 'ipc' | 'mesh', mac: string) => ({ sn, type, model: 'M', mac, secret: 'a-device-secret-0001', projectId: PROJECT });
    await registerDevices(db, [
      reg('ALTOPOGW00000001', 'router', MAC.gw),
      reg('ALTOPOSW00000001', 'switch', MAC.sw),
      reg('ALTOPOAP00000001', 'ap', MAC.ap),
      reg('ALTOPOIC00000001', 'ipc', MAC.cam),
      reg('ALTOPOMX00000001', 'mesh', MAC.m1),
      reg('ALTOPOMX00000002', 'mesh', MAC.m2),
    ]);
    const write = (sn: string, params: Record<string, string>) => db('devices').where({ sn }).update({ ...statusEventColumns(params), status: 1 });
    // both ends of each cable report it; the camera's own report is missing (it speaks no LLDP)
    await write('ALTOPOGW00000001', tree([1000, 1000], [[2, MAC.sw, 'Port1']]));
    await write('ALTOPOSW00000001', tree([1000, 1000, 100, 0], [[1, MAC.gw, 'LAN1'], [2, MAC.ap, 'LAN1'], [3, MAC.cam, 'LAN1']]));
    await write('ALTOPOAP00000001', tree([1000], [[1, MAC.sw.toLowerCase(), 'Port2']]));
    await write('ALTOPOMX00000002', {
      'Device.X_AIRLOOM_MeshBackhaul.ParentSerialNumber': 'ALTOPOMX00000001',
      'Device.X_AIRLOOM_MeshBackhaul.Hops': '1',
      'Device.X_AIRLOOM_MeshBackhaul.SignalStrength': '-55',
      'Device.X_AIRLOOM_MeshBackhaul.Rate': '400',
    });
  });
  afterAll(async () => {
    await close?.();
  });

  it('draws each reported cable once, from the end nearer the internet, at its speed; mesh backhaul is wireless', async () => {
    const topo = await projectTopology(db, PROJECT);
    expect(topo.nodes.map((n) => [n.id, n.kind])).toEqual([
      ['internet', 'internet'],
      ['ALTOPOAP00000001', 'ap'],
      ['ALTOPOGW00000001', 'router'],
      ['ALTOPOIC00000001', 'ipc'],
      ['ALTOPOMX00000001', 'mesh'],
      ['ALTOPOMX00000002', 'mesh'],
      ['ALTOPOSW00000001', 'switch'],
    ]);
    expect(topo.nodes.find((n) => n.id === 'ALTOPOSW00000001')).toMatchObject({ sn: 'ALTOPOSW00000001', status: 1 });
    expect(new Set(topo.edges.map((e) => `${e.from}>${e.to}:${e.speed}`))).toEqual(
      new Set([
        'ALTOPOGW00000001>ALTOPOSW00000001:1g',
        'ALTOPOSW00000001>ALTOPOAP00000001:1g',
        'ALTOPOSW00000001>ALTOPOIC00000001:100m',
        'ALTOPOMX00000001>ALTOPOMX00000002:wireless',
        'internet>ALTOPOGW00000001:1g',
      ]),
    );
    expect(topo.edges).toHaveLength(5);
  });

  it("knows each device's port count (from its model) and which ports a cable is on, seen from either end", async () => {
    const topo = await projectTopology(db, PROJECT);
    const ports = Object.fromEntries(topo.nodes.filter((n) => n.sn).map((n) => [n.id, n.ports]));
    expect(ports).toEqual({
      // its WAN towards the internet and the switch on LAN port 2
      ALTOPOGW00000001: { count: 5, used: [1, 2] },
      ALTOPOSW00000001: { count: 24, used: [1, 2, 3] },
      ALTOPOAP00000001: { count: 1, used: [1] },
      // the camera reports nothing, but the switch sees it: its uplink is taken
      ALTOPOIC00000001: { count: 1, used: [1] },
      // a wireless backhaul takes no port
      ALTOPOMX00000001: { count: 2, used: [] },
      ALTOPOMX00000002: { count: 2, used: [] },
    });
  });

  it('leaves out neighbours that are not devices of the project, and other projects see nothing', async () => {
    await db('devices').where({ sn: 'ALTOPOAP00000001' }).update(statusEventColumns(tree([1000], [[1, '02:41:4C:FF:FF:FF', 'Port9']])));
    const topo = await projectTopology(db, PROJECT);
    // the switch still reports the AP on its port 2
    expect(topo.edges.filter((e) => e.to === 'ALTOPOAP00000001')).toEqual([{ from: 'ALTOPOSW00000001', to: 'ALTOPOAP00000001', speed: '1g', source: { kind: 'lldp' } }]);
    expect(await projectTopology(db, PROJECT + 1)).toEqual({ nodes: [], edges: [] });
  });

  it('draws a neighbour that is no device of the project as one unknown node per chassis MAC, without its MAC', async () => {
    const other = '02:41:4C:AA:00:01'; // another maker's switch, seen by two devices of the project
    const modem = '02:41:4C:AA:00:02';
    await registerDevices(db, [
      { sn: 'ALTOPOAP00000002', type: 'ap', model: 'M', mac: '02:41:4C:00:00:07', secret: 'a-device-secret-0001', projectId: PROJECT },
      // a device of another project on the same cable: it is as unknown here as any other
      { sn: 'ALTOPOAP00000099', type: 'ap', model: 'M', mac: '02:41:4C:00:00:99', secret: 'a-device-secret-0001', projectId: PROJECT + 1 },
    ]);
    const write = (sn: string, params: Record<string, string>) => db('devices').where({ sn }).update({ ...statusEventColumns(params), status: 1 });
    // the new AP hangs on the foreign switch (its uplink); the core switch has that switch on its port 4
    // and the other project's AP on its port 5; the gateway's WAN neighbour is the provider's modem
    await write('ALTOPOAP00000002', tree([1000], [[1, other, 'gi0/7']]));
    await write('ALTOPOSW00000001', tree([1000, 1000, 100, 1000, 1000], [[1, MAC.gw, 'LAN1'], [2, MAC.ap, 'LAN1'], [3, MAC.cam, 'LAN1'], [4, other.toLowerCase(), 'gi0/1'], [5, '02:41:4C:00:00:99', 'LAN1']]));
    await write('ALTOPOGW00000001', tree([1000, 1000], [[1, modem, 'eth0'], [2, MAC.sw, 'Port1']]));
    const topo = await projectTopology(db, PROJECT);
    const unknown = topo.nodes.filter((n) => n.kind === 'unknown');
    expect(unknown).toEqual([
      { id: 'neighbour:1', kind: 'unknown', name: 'Unknown neighbour 1' },
      { id: 'neighbour:2', kind: 'unknown', name: 'Unknown neighbour 2' },
    ]);
    const edges = new Set(topo.edges.map((e) => `${e.from}>${e.to}:${e.speed}`));
    // the AP behind the foreign switch is reached through it; the modem is the internet's side
    expect([...edges].filter((e) => e.includes('neighbour:'))).toEqual([
      'neighbour:1>ALTOPOAP00000002:1g',
      'ALTOPOSW00000001>neighbour:1:1g',
      'ALTOPOSW00000001>neighbour:2:1g',
    ]);
    expect(edges.has('internet>ALTOPOGW00000001:1g')).toBe(true);
    // nothing of the other project's device is told: no SN, no MAC
    expect(JSON.stringify(topo)).not.toContain('ALTOPOAP00000099');
    expect(JSON.stringify(topo).toUpperCase()).not.toContain('02:41:4C:00:00:99');
    expect(JSON.stringify(topo).toUpperCase()).not.toContain(other);
    // the ports a foreign cable is on are taken
    expect(topo.nodes.find((n) => n.id === 'ALTOPOSW00000001')!.ports!.used).toEqual([1, 2, 3, 4, 5]);
  });
});

/** A switch's MAC table as its status event carries it: [1-based port, MAC] */
function macTree(entries: [number, string][]): Record<string, string> {
  const t: Record<string, string> = { 'Device.Ethernet.X_AIRLOOM_MacTableNumberOfEntries': String(entries.length) };
  entries.forEach(([port, mac], i) => {
    const p = `Device.Ethernet.X_AIRLOOM_MacTable.${i + 1}.`;
    t[`${p}MACAddress`] = mac;
    t[`${p}Port`] = `Device.Ethernet.Interface.${port}`;
    t[`${p}VLANID`] = '1';
    t[`${p}Type`] = 'dynamic';
  });
  return t;
}

describe.each(testBackends())('project topology from MAC tables on %s', (backend) => {
  const P = 4343;
  const M = { gw: '02:41:4C:01:00:01', sw1: '02:41:4C:01:00:02', sw2: '02:41:4C:01:00:03', ap: '02:41:4C:01:00:04', cam: '02:41:4C:01:00:05' };
  const host = '0A:11:22:33:44:55';
  let db: Knex;
  let close: () => Promise<void>;
  let writer: TelemetryWriter;
  let now = 1_000;
  const report = async (sn: string, params: Record<string, string>) => {
    writer.report(sn, statusEventColumns(params), undefined, undefined, statusEventMacTable(params));
    await writer.flush();
  };
  beforeAll(async () => {
    ({ db, close } = await createTestDb(backend));
    const reg = (sn: string, type: 'router' | 'switch' | 'ap' | 'ipc', mac: string) => ({ sn, type, model: 'M', mac, secret: 'a-device-secret-0001', projectId: P });
    await registerDevices(db, [
      reg('ALMACGW000000001', 'router', M.gw),
      reg('ALMACSW000000001', 'switch', M.sw1),
      reg('ALMACSW000000002', 'switch', M.sw2),
      reg('ALMACAP000000001', 'ap', M.ap),
      reg('ALMACIC000000001', 'ipc', M.cam),
    ]);
    await db('devices').where({ project_id: P }).update({ status: 1 });
    writer = createTelemetryWriter({
      db, gatewayId: 'gw-test', flushEveryMs: 1000, now: () => ++now,
      events: { device: () => undefined, clients: () => undefined } as never,
      logger: { error: (...a: unknown[]) => console.error(a), warn: () => undefined } as never,
    });
    // the gateway → SW1 → SW2 → AP chain, the camera on SW1's port 6, a PC on SW2's port 8; nothing speaks LLDP
    await report('ALMACGW000000001', tree([1000, 1000], []));
    await report('ALMACSW000000001', { ...tree([1000, 10_000, 0, 0, 0, 100], []), ...macTree([[1, M.gw], [2, M.sw2], [2, M.ap], [2, host], [6, M.cam]]) });
    await report('ALMACSW000000002', { ...tree([10_000, 0, 0, 1000, 0, 0, 0, 100], []), ...macTree([[1, M.sw1], [1, M.gw], [1, M.cam], [4, M.ap], [8, host]]) });
    await report('ALMACAP000000001', tree([1000], []));
  });
  afterAll(async () => {
    await close?.();
  });

  const edges = async () => (await projectTopology(db, P)).edges.map((e) => `${e.from}>${e.to}:${e.speed}:${e.source ? `${e.source.kind}${e.source.sn ? `@${e.source.sn}#${e.source.port}` : ''}` : '-'}`).sort();

  it('wires a fleet that speaks no LLDP from its switches MAC tables, each device on the port it hangs from', async () => {
    expect(await edges()).toEqual([
      'ALMACGW000000001>ALMACSW000000001:1g:mac-table@ALMACSW000000001#1',
      'ALMACSW000000001>ALMACIC000000001:100m:mac-table@ALMACSW000000001#6',
      'ALMACSW000000001>ALMACSW000000002:10g:mac-table@ALMACSW000000001#2',
      'ALMACSW000000002>ALMACAP000000001:1g:mac-table@ALMACSW000000002#4',
      'internet>ALMACGW000000001:1g:-',
    ]);
    const topo = await projectTopology(db, P);
    const sw2 = topo.nodes.find((n) => n.id === 'ALMACSW000000002')!;
    // the PC on port 8 is a host there: counted, and its port stays free for the user to describe it by hand
    expect(sw2.ports!.used).toEqual([1, 4]);
    expect(sw2.wiredTerminals).toBe(1);
    // the camera's cable takes its uplink
    expect(topo.nodes.find((n) => n.id === 'ALMACIC000000001')!.ports!.used).toEqual([1]);
  });

  it('LLDP wins: the AP reporting SW1 as its neighbour is drawn there, whatever SW2 still learnt', async () => {
    await report('ALMACAP000000001', tree([1000], [[1, M.sw1, 'Port3']]));
    expect((await edges()).filter((e) => e.includes('>ALMACAP000000001'))).toEqual(['ALMACSW000000001>ALMACAP000000001:1g:lldp']);
    await report('ALMACAP000000001', tree([1000], []));
  });

  it('a report without the table keeps the stored one; a table that came replaces it; an agent that sends none falls back to LLDP', async () => {
    // a status report of SW2 without its table (unchanged): what it learnt stays
    await report('ALMACSW000000002', tree([10_000, 0, 0, 1000], []));
    expect(await db('device_mac_entries').where({ sn: 'ALMACSW000000002' }).count({ n: '*' }).first()).toMatchObject({ n: 5 });
    // the AP unplugged: SW2's next table no longer has it
    await report('ALMACSW000000002', { ...tree([10_000], []), ...macTree([[1, M.sw1], [1, M.gw], [1, M.cam]]) });
    expect((await db('device_mac_entries').where({ sn: 'ALMACSW000000002' }).orderBy('mac')).map((r: { mac: string; port: number }) => `${r.port}:${r.mac}`)).toEqual([`0:${M.sw1}`, `0:${M.gw}`, `0:${M.cam}`].sort((a, b) => a.slice(2).localeCompare(b.slice(2))));
    expect((await edges()).some((e) => e.includes('>ALMACAP000000001'))).toBe(false);
    // SW1 as a vendor-neutral agent: it empties its table (or never had one); SW1's LLDP still draws its cable
    await report('ALMACSW000000001', { ...tree([1000, 10_000], [[2, M.sw2, 'Port1']]), ...macTree([]) });
    expect(await edges()).toEqual(['ALMACSW000000001>ALMACSW000000002:10g:lldp', 'internet>ALMACGW000000001:1g:-']);
  });
});

