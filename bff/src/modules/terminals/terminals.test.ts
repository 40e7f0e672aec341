// Hand-added terminals (spec §5 "Topology") through the API on a real database: what the topology
// then shows, the §3 entry fields' rules, the ports a cable or another terminal is on, "all ports
// used" (§8 46), editing and deleting, and who may write — a refused write changes nothing.
import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@airloom/contracts';
import { registerDevices } from '@airloom/gateway/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestEnv, signedUp, type TestEnv } from '../../test/test-env.js';

const hex = (n: number) => randomBytes(n).toString('hex').toUpperCase();
const macOf = () => `02:41:${hex(4).match(/../g)!.join(':')}`;

describe.each(backends())('hand-added terminals on %s', (backend) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(backend);
  });
  afterAll(async () => {
    await env?.close();
  });

  /** A project with a gateway, an 8-port switch on its LAN and an AP (one port) on the switch's port 3, as LLDP reports them. */
  async function site() {
    const owner = await signedUp(env);
    const id = (await owner.c.post('/api/v1/projects', { projectName: `Topo ${hex(3)}`, scenario: 'hotel' })).body.data.id as number;
    const gw = { sn: `TG${hex(7)}`, mac: macOf() };
    const sw = { sn: `TS${hex(7)}`, mac: macOf() };
    const ap = { sn: `TA${hex(7)}`, mac: macOf() };
    await registerDevices(env.db, [
      { sn: gw.sn, type: 'router', model: 'AL-GW1200', mac: gw.mac, secret: 'secret-of-the-device-1', projectId: id },
      { sn: sw.sn, type: 'switch', model: 'AL-SW1008P', mac: sw.mac, secret: 'secret-of-the-device-2', projectId: id },
      { sn: ap.sn, type: 'ap', model: 'AL-AP620', mac: ap.mac, secret: 'secret-of-the-device-3', projectId: id },
    ]);
    const lldp = (sn: string, list: [number, string, string][]) =>
      env.db('devices').where({ sn }).update({ neighbours_json: JSON.stringify(list.map(([port, mac, peerPort]) => ({ port, mac, peerPort, speed: 1000 }))) });
    await lldp(gw.sn, [[1, sw.mac, 'Port1']]);
    await lldp(sw.sn, [[0, gw.mac, 'LAN1'], [2, ap.mac, 'LAN1']]);
    await lldp(ap.sn, [[0, sw.mac, 'Port3']]);
    return { owner, id, gw, sw, ap, base: `/api/v1/projects/${id}/topology` };
  }

  const printer = (sn: string, port: number) => ({ sn, port, kind: 'printer', model: 'HP LaserJet Pro', name: 'Front desk printer', ip: '192.168.1.200', mac: '3c-52-82-10-20-30', vlan: 10 });
  const rows = async (projectId: number) => env.db('topology_terminals').where({ project_id: projectId }).select().orderBy('id');

  it('adds a printer on a free port of a switch: the topology draws it by hand on that port, and the port is used', async () => {
    const { owner, base, sw } = await site();
    const before = (await owner.c.get(base)).body.data;
    expect(before.nodes.find((n: { id: string }) => n.id === sw.sn).ports).toEqual({ count: 8, used: [1, 3] });

    const added = await owner.c.post(`${base}/terminals`, printer(sw.sn, 5));
    expect([added.status, added.body.code]).toEqual([201, 0]);
    expect(added.body.data).toMatchObject({ sn: sw.sn, port: 5, kind: 'printer', model: 'HP LaserJet Pro', name: 'Front desk printer', ip: '192.168.1.200', mac: '3C:52:82:10:20:30', vlan: 10, revision: 1 });

    const topo = (await owner.c.get(base)).body.data;
    const id = `terminal:${added.body.data.id}`;
    expect(topo.nodes.find((n: { id: string }) => n.id === id)).toMatchObject({ kind: 'unknown', name: 'Front desk printer', manual: true, terminal: { kind: 'printer', port: 5 } });
    expect(topo.edges).toContainEqual({ from: sw.sn, to: id, speed: '1g', manual: true, port: 5 });
    expect(topo.nodes.find((n: { id: string }) => n.id === sw.sn).ports).toEqual({ count: 8, used: [1, 3, 5] });
  });

  it('checks the entry fields by the contracts rules (a model must be chosen) and stores nothing refused', async () => {
    const { owner, id, base, sw } = await site();
    const refused = async (body: object, field: string, key: string) => {
      const res = await owner.c.post(`${base}/terminals`, body);
      expect([res.status, res.body.code, res.body.fields?.[field]]).toEqual([400, ErrorCode.INVALID_PARAMS, key]);
    };
    const { model: _model, ...noModel } = printer(sw.sn, 5);
    await refused(noModel, 'model', 'rules.terminalModel.required');
    await refused({ ...printer(sw.sn, 5), model: '   ' }, 'model', 'rules.terminalModel.required');
    await refused({ ...printer(sw.sn, 5), kind: 'toaster' }, 'kind', 'rules.terminalKind.value');
    await refused({ ...printer(sw.sn, 5), ip: '127.0.0.1' }, 'ip', 'rules.ipv4.loopback');
    await refused({ ...printer(sw.sn, 5), ip: '192.168.1.300' }, 'ip', 'rules.ipv4.format');
    await refused({ ...printer(sw.sn, 5), mac: '00:11:22' }, 'mac', 'rules.macAddress.format');
    await refused({ ...printer(sw.sn, 5), vlan: 4095 }, 'vlan', 'rules.vlanId.range');
    // the 8-port switch has no port 9
    await refused(printer(sw.sn, 9), 'port', 'rules.terminalPort.range');
    // a device that is not in this project
    const stranger = await owner.c.post(`${base}/terminals`, printer(`ZZ${hex(7)}`, 1));
    expect([stranger.status, stranger.body.code]).toEqual([404, ErrorCode.DATA_NOT_FOUND]);
    expect(await rows(id)).toEqual([]);
  });

  it('refuses a port a cable or another terminal is on, and any terminal once all ports are used (46)', async () => {
    const { owner, id, base, sw, ap } = await site();
    const cabled = await owner.c.post(`${base}/terminals`, printer(sw.sn, 3));
    expect([cabled.status, cabled.body.code]).toEqual([409, ErrorCode.DATA_EXISTS]);
    expect((await owner.c.post(`${base}/terminals`, printer(sw.sn, 4))).body.code).toBe(0);
    expect((await owner.c.post(`${base}/terminals`, { ...printer(sw.sn, 4), kind: 'pc', model: 'Laptop' })).body.code).toBe(ErrorCode.DATA_EXISTS);
    // the AP's one port holds its cable to the switch
    const full = await owner.c.post(`${base}/terminals`, { ...printer(ap.sn, 1), kind: 'ip-phone', model: 'Yealink T31P' });
    expect(full.body.code).toBe(ErrorCode.TERMINAL_PORTS_FULL);
    expect(full.body.message).toMatch(/ports/);
    // fill the switch: ports 2, 5–8 left
    for (const port of [2, 5, 6, 7, 8]) expect((await owner.c.post(`${base}/terminals`, { sn: sw.sn, port, kind: 'pc', model: 'Desktop PC' })).body.code).toBe(0);
    const before = await rows(id);
    expect((await owner.c.post(`${base}/terminals`, { sn: sw.sn, port: 8, kind: 'pc', model: 'Desktop PC' })).body.code).toBe(ErrorCode.TERMINAL_PORTS_FULL);
    expect(await rows(id)).toEqual(before);
  });

  it('edits a terminal (its own port stays free for it, another used port does not) and deletes it', async () => {
    const { owner, base, sw } = await site();
    const id = (await owner.c.post(`${base}/terminals`, printer(sw.sn, 5))).body.data.id as number;
    await owner.c.post(`${base}/terminals`, { sn: sw.sn, port: 6, kind: 'pc', model: 'Laptop' });
    const renamed = await owner.c.put(`${base}/terminals/${id}`, { ...printer(sw.sn, 5), name: 'Back office printer', vlan: undefined });
    expect(renamed.body.data).toMatchObject({ name: 'Back office printer', vlan: null, port: 5, revision: 2 });
    expect((await owner.c.put(`${base}/terminals/${id}`, printer(sw.sn, 6))).body.code).toBe(ErrorCode.DATA_EXISTS);
    const moved = await owner.c.put(`${base}/terminals/${id}`, printer(sw.sn, 7));
    expect(moved.body.data).toMatchObject({ port: 7, revision: 3 });
    expect((await owner.c.get(base)).body.data.nodes.find((n: { id: string }) => n.id === sw.sn).ports.used).toEqual([1, 3, 6, 7]);

    expect((await owner.c.del(`${base}/terminals/${id}`)).body).toEqual({ code: 0, data: { id } });
    expect((await owner.c.del(`${base}/terminals/${id}`)).body.code).toBe(ErrorCode.DATA_NOT_FOUND);
    expect((await owner.c.put(`${base}/terminals/${id}`, printer(sw.sn, 5))).body.code).toBe(ErrorCode.DATA_NOT_FOUND);
    const topo = (await owner.c.get(base)).body.data;
    expect(topo.nodes.some((n: { id: string }) => n.id === `terminal:${id}`)).toBe(false);
  });

  it('lets a read-write guest add one; a read-only guest and another project are refused and change nothing', async () => {
    const { owner, id, base, sw } = await site();
    const [rw, r] = [await signedUp(env), await signedUp(env)];
    await owner.c.post(`/api/v1/projects/${id}/shares`, { account: rw.account, permission: 'rw' });
    await owner.c.post(`/api/v1/projects/${id}/shares`, { account: r.account, permission: 'r' });
    const mine = (await rw.c.post(`${base}/terminals`, printer(sw.sn, 5))).body.data.id as number;
    const before = await rows(id);
    expect((await r.c.post(`${base}/terminals`, printer(sw.sn, 6))).body.code).toBe(ErrorCode.READ_ONLY_PROJECT);
    expect((await r.c.put(`${base}/terminals/${mine}`, printer(sw.sn, 6))).body.code).toBe(ErrorCode.READ_ONLY_PROJECT);
    expect((await r.c.del(`${base}/terminals/${mine}`)).body.code).toBe(ErrorCode.READ_ONLY_PROJECT);
    // the read-only guest still sees it
    expect((await r.c.get(base)).body.data.nodes.some((n: { id: string }) => n.id === `terminal:${mine}`)).toBe(true);
    // a terminal of this project named through another project is not found there
    const other = await site();
    expect((await other.owner.c.put(`${other.base}/terminals/${mine}`, printer(other.sw.sn, 5))).body.code).toBe(ErrorCode.DATA_NOT_FOUND);
    expect((await other.owner.c.del(`${other.base}/terminals/${mine}`)).body.code).toBe(ErrorCode.DATA_NOT_FOUND);
    expect(await rows(id)).toEqual(before);
  });
});
