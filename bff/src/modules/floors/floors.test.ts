import { randomBytes } from 'node:crypto';
import { DeviceStatus, ErrorCode, LIMITS } from '@airloom/contracts';
import { registerDevices, storeNeighbourScan } from '@airloom/gateway/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestEnv, signedUp, type TestEnv } from '../../test/test-env.js';
import { jpegInfo } from './jpeg.js';

/** The smallest JPEG header this console reads: SOI, an APP0 segment, a SOF0 frame of width × height, EOI. */
export function jpegOf(width: number, height: number, padding = 0): Buffer {
  const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00];
  const sof = [0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  return Buffer.concat([Buffer.from([0xff, 0xd8, ...app0, ...sof]), Buffer.alloc(padding), Buffer.from([0xff, 0xd9])]);
}

describe('jpegInfo', () => {
  it('reads the size of a JPEG and refuses other content', () => {
    expect(jpegInfo(jpegOf(1600, 960))).toEqual({ width: 1600, height: 960 });
    expect(jpegInfo(Buffer.from('\x89PNG\r\n\x1a\n0000000000000000'))).toBeNull();
    expect(jpegInfo(Buffer.from('hello, this is text'))).toBeNull();
    expect(jpegInfo(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toBeNull();
  });
});

describe.each(backends())('floors API on %s', (backend) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(backend);
  });
  afterAll(async () => {
    await env?.close();
  });

  async function project() {
    const owner = await signedUp(env);
    const id = (await owner.c.post('/api/v1/projects', { projectName: `Map ${randomBytes(3).toString('hex')}`, scenario: 'hotel' })).body.data.id as number;
    const sn = `FL${randomBytes(7).toString('hex').toUpperCase()}`;
    const mac = `00:1A:2B:${randomBytes(3).toString('hex').match(/../g)!.join(':').toUpperCase()}`;
    await registerDevices(env.db, [{ sn, type: 'ap', model: 'AL-AP1', mac, secret: 'secret-of-the-device-1', projectId: id }]);
    return { owner, id, sn };
  }

  const upload = (c: Awaited<ReturnType<typeof project>>['owner']['c'], url: string, data: Buffer, name = 'plan.jpg') =>
    c.agent.post(url).set('X-Airloom-Csrf', '1').attach('file', data, { filename: name, contentType: 'image/jpeg' });

  it('creates a floor, saves scale, walls and APs, and lists it', async () => {
    const { owner, id } = await project();
    const created = await owner.c.post(`/api/v1/projects/${id}/floors`, { name: 'Ground floor' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Ground floor', width: 800, height: 480, metresPerPixel: 0.05, walls: [], aps: [], image: null, revision: 1 });
    const floorId = created.body.data.id as number;
    const walls = [{ x1: 100, y1: 0, x2: 100, y2: 480, material: 'brick', lossDb: 20 }];
    const aps = [{ id: 'plan-1', name: 'Planned 1', x: 50, y: 60 }];
    const put = await owner.c.put(`/api/v1/projects/${id}/floors/${floorId}`, { metresPerPixel: 0.025, walls, aps });
    expect(put.body.code).toBe(0);
    expect(put.body.data).toMatchObject({ metresPerPixel: 0.025, walls, revision: 2 });
    expect(put.body.data.aps[0]).toMatchObject({ id: 'plan-1', sn: null, txPowerDbm: 20, channel24: 6, channel5: 36 });
    const list = await owner.c.get(`/api/v1/projects/${id}/floors`);
    expect(list.body.data.items).toHaveLength(1);
    expect(list.body.data.items[0].walls).toEqual(walls);
  });

  it('binds a planned AP to a device of the project only', async () => {
    const { owner, id, sn } = await project();
    const other = await project();
    const floorId = (await owner.c.post(`/api/v1/projects/${id}/floors`, { name: 'F1' })).body.data.id as number;
    const bound = await owner.c.put(`/api/v1/projects/${id}/floors/${floorId}`, { aps: [{ id: 'plan-1', sn: sn.toLowerCase(), x: 1, y: 2 }] });
    expect(bound.body.data.aps[0].sn).toBe(sn);
    const foreign = await owner.c.put(`/api/v1/projects/${id}/floors/${floorId}`, { aps: [{ id: 'plan-1', sn: other.sn, x: 1, y: 2 }] });
    expect([foreign.status, foreign.body.code]).toEqual([404, ErrorCode.DATA_NOT_FOUND]);
    const twice = await owner.c.put(`/api/v1/projects/${id}/floors/${floorId}`, { aps: [{ id: 'a', sn, x: 1, y: 2 }, { id: 'b', sn, x: 3, y: 4 }] });
    expect(twice.body.code).toBe(ErrorCode.INVALID_PARAMS);
  });

  it('refuses bad geometry, an unknown material and a floor of another project with 4xx', async () => {
    const { owner, id } = await project();
    const other = await project();
    const floorId = (await owner.c.post(`/api/v1/projects/${id}/floors`, { name: 'F1' })).body.data.id as number;
    for (const body of [{}, { metresPerPixel: 0 }, { walls: [{ x1: 0, y1: 0, x2: 'a', y2: 1, material: 'brick', lossDb: 20 }] }, { walls: [{ x1: 0, y1: 0, x2: 1, y2: 1, material: 'steel', lossDb: 20 }] }, { walls: [{ x1: 0, y1: 0, x2: 1, y2: 1, material: 'custom', lossDb: 500 }] }]) {
      const res = await owner.c.put(`/api/v1/projects/${id}/floors/${floorId}`, body);
      expect([res.status, res.body.code], JSON.stringify(body)).toEqual([400, ErrorCode.INVALID_PARAMS]);
    }
    expect((await owner.c.post(`/api/v1/projects/${id}/floors`, { name: '' })).body.code).toBe(ErrorCode.INVALID_PARAMS);
    const otherFloor = (await other.owner.c.post(`/api/v1/projects/${other.id}/floors`, { name: 'F1' })).body.data.id as number;
    const res = await owner.c.put(`/api/v1/projects/${id}/floors/${otherFloor}`, { name: 'Mine' });
    expect(res.body.code).toBe(ErrorCode.DATA_NOT_FOUND);
    expect((await owner.c.put(`/api/v1/projects/${id}/floors/abc`, { name: 'x' })).body.code).toBe(ErrorCode.INVALID_PARAMS);
  });

  it('takes a jpg plan by its content, keeps the drawing in metres, and serves it back', async () => {
    const { owner, id } = await project();
    const floorId = (await owner.c.post(`/api/v1/projects/${id}/floors`, { name: 'F1' })).body.data.id as number;
    await owner.c.put(`/api/v1/projects/${id}/floors/${floorId}`, { walls: [{ x1: 400, y1: 0, x2: 400, y2: 480, material: 'wood', lossDb: 6.5 }] });
    const plan = jpegOf(1600, 960, 1000);
    const res = await upload(owner.c, `/api/v1/projects/${id}/floors/${floorId}/image`, plan);
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({ width: 1600, height: 960, image: { width: 1600, height: 960, bytes: plan.length } });
    expect(res.body.data.metresPerPixel).toBeCloseTo(0.025, 12);
    expect(res.body.data.walls[0]).toMatchObject({ x1: 800, y2: 960 });
    const back = await owner.c.agent.get(`/api/v1/projects/${id}/floors/${floorId}/image`).buffer(true).parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    expect(back.status).toBe(200);
    expect(back.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(back.body as Buffer, plan)).toBe(0);
  });

  it('refuses a renamed non-image, a non-multipart body and a plan over 10 MB, never with a 500', async () => {
    const { owner, id } = await project();
    const floorId = (await owner.c.post(`/api/v1/projects/${id}/floors`, { name: 'F1' })).body.data.id as number;
    const url = `/api/v1/projects/${id}/floors/${floorId}/image`;
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(200)]);
    const renamed = await upload(owner.c, url, png, 'plan.jpg');
    expect([renamed.status, renamed.body.code]).toEqual([400, ErrorCode.INVALID_PARAMS]);
    const json = await owner.c.post(url, { file: 'x' });
    expect([json.status, json.body.code]).toEqual([400, ErrorCode.INVALID_PARAMS]);
    const big = await upload(owner.c, url, jpegOf(800, 480, LIMITS.mapImageMaxBytes));
    expect([big.status < 500, big.body.code]).toEqual([true, ErrorCode.IMAGE_TOO_LARGE]);
    const exact = await upload(owner.c, url, jpegOf(800, 480, LIMITS.mapImageMaxBytes - jpegOf(800, 480).length));
    expect(exact.body.code).toBe(0);
    expect((await owner.c.get(`/api/v1/projects/${id}/floors`)).body.data.items[0].image.bytes).toBe(LIMITS.mapImageMaxBytes);
  });

  it('asks the online APs bound on the floor for a neighbour scan, skips the offline one, and lists what they measured', async () => {
    const { owner, id, sn: first } = await project();
    const more = ['A', 'B', 'C'].map((k) => ({ sn: `FL${k}${randomBytes(7).toString('hex').toUpperCase()}`, mac: `00:1B:2C:${randomBytes(3).toString('hex').match(/../g)!.join(':').toUpperCase()}` }));
    await registerDevices(env.db, more.map((d) => ({ sn: d.sn, type: 'ap', model: 'AL-AP1', mac: d.mac, secret: 'secret-of-the-device-1', projectId: id })));
    const [second, offline, unplaced] = more.map((d) => d.sn) as [string, string, string];
    await env.db('devices').whereIn('sn', [first, second, unplaced]).update({ status: DeviceStatus.ONLINE });
    const floorId = (await owner.c.post(`/api/v1/projects/${id}/floors`, { name: 'F1' })).body.data.id as number;
    const placed = await owner.c.put(`/api/v1/projects/${id}/floors/${floorId}`, {
      aps: [{ id: 'a', sn: first, x: 100, y: 100 }, { id: 'b', sn: second, x: 300, y: 100 }, { id: 'c', sn: offline, x: 500, y: 100 }, { id: 'plan-1', x: 10, y: 10 }],
    });

    expect(placed.body.code).toBe(0);
    const empty = await owner.c.get(`/api/v1/projects/${id}/floors/${floorId}/measurements`);
    expect(empty.body).toEqual({ code: 0, data: { items: [] } });

    const scan = await owner.c.post(`/api/v1/projects/${id}/floors/${floorId}/scan`, {});
    expect(scan.body.code).toBe(0);
    expect(scan.body.data.operations.map((o: { sn: string }) => o.sn).sort()).toEqual([first, second].sort());
    expect(scan.body.data.skipped).toEqual([{ sn: offline, reason: 'offline' }]);
    const rows = await env.db('operations').whereIn('id', scan.body.data.operations.map((o: { operationId: number }) => o.operationId));
    expect(rows.map((r: { kind: string; state: string }) => [r.kind, r.state])).toEqual([['neighbourScan', 'queued'], ['neighbourScan', 'queued']]);
    // asked again while they are queued: nothing new
    const again = await owner.c.post(`/api/v1/projects/${id}/floors/${floorId}/scan`, {});
    expect(again.body.data.operations).toEqual([]);
    expect(again.body.data.skipped.map((s: { reason: string }) => s.reason).sort()).toEqual(['offline', 'scanning', 'scanning']);

    // what the gateway stores when the scans' results come (a foreign BSSID and an AP not on the floor are not listed)
    const macOf = async (sn: string) => ((await env.db('devices').where({ sn }).first('mac')) as { mac: string }).mac;
    await storeNeighbourScan(env.db, first, [
      { bssid: await macOf(second), band: '5GHz', signalStrength: -61 },
      { bssid: await macOf(unplaced), band: '5GHz', signalStrength: -70 },
      { bssid: '66:77:88:99:AA:BB', band: '2.4GHz', signalStrength: -50 },
    ], Date.UTC(2026, 10, 26, 1, 0, 0));
    const listed = await owner.c.get(`/api/v1/projects/${id}/floors/${floorId}/measurements`);
    expect(listed.body.data.items).toEqual([{ observerSn: first, sourceSn: second, band: '5GHz', rssiDbm: -61, measuredAt: '2026-11-26T01:00:00.000Z' }]);
  });

  it('lets a read-only guest read the measurements but not scan', async () => {
    const { owner, id } = await project();
    const floorId = (await owner.c.post(`/api/v1/projects/${id}/floors`, { name: 'F1' })).body.data.id as number;
    const guest = await signedUp(env);
    await owner.c.post(`/api/v1/projects/${id}/shares`, { account: guest.account, permission: 'r', hours: 1 });
    expect((await guest.c.get(`/api/v1/projects/${id}/floors/${floorId}/measurements`)).body.code).toBe(0);
    const refused = await guest.c.post(`/api/v1/projects/${id}/floors/${floorId}/scan`, {});
    expect(refused.body.code).toBe(ErrorCode.READ_ONLY_PROJECT);
    expect(await env.db('operations').where({ project_id: id })).toHaveLength(0);
  });
});
