import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusEventColumns } from '../telemetry.js';
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

  it('leaves out neighbours that are not devices of the project, and other projects see nothing', async () => {
    await db('devices').where({ sn: 'ALTOPOAP00000001' }).update(statusEventColumns(tree([1000], [[1, '02:41:4C:FF:FF:FF', 'Port9']])));
    const topo = await projectTopology(db, PROJECT);
    // the switch still reports the AP on its port 2
    expect(topo.edges.filter((e) => e.to === 'ALTOPOAP00000001')).toEqual([{ from: 'ALTOPOSW00000001', to: 'ALTOPOAP00000001', speed: '1g' }]);
    expect(await projectTopology(db, PROJECT + 1)).toEqual({ nodes: [], edges: [] });
  });
});
