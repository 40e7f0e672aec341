import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@airloom/contracts';
import { backfillDeviceStats, rebuildProjectStats } from '@airloom/gateway/public';
import { registerDevices } from '@airloom/gateway/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestEnv, signedUp, type TestEnv } from '../../test/test-env.js';

const HOUR = 3_600_000;

describe.each(backends())('device statistics API on %s', (backend) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(backend);
  });
  afterAll(async () => {
    await env?.close();
  });

  async function projectWithDevice() {
    const owner = await signedUp(env);
    const id = (await owner.c.post('/api/v1/projects', { projectName: `Stats ${randomBytes(3).toString('hex')}`, scenario: 'hotel' })).body.data.id as number;
    const sn = `ST${randomBytes(7).toString('hex').toUpperCase()}`;
    const mac = `00:1A:2B:${randomBytes(3).toString('hex').match(/../g)!.join(':').toUpperCase()}`;
    await registerDevices(env.db, [{ sn, type: 'ap', model: 'AL-AP1', mac, secret: 'secret-of-the-device-1', projectId: id }]);
    return { owner, id, sn };
  }

  it("answers a device's figures for each window from the stored history, in the window only", async () => {
    const { owner, id, sn } = await projectWithDevice();
    const now = Date.now();
    const hourStart = Math.floor(now / HOUR) * HOUR;
    const point = (res: number, t: number, cpu: number) => ({ res, t, cpu, memory: 41.234, clients: 4, txRate: 1000, rxRate: 250, uptime: 600 });
    await backfillDeviceStats(env.db, sn, [
      point(3600, hourStart - 40 * 24 * HOUR, 99), // older than 30 days: not shown
      point(3600, hourStart - 10 * 24 * HOUR, 20),
      point(900, hourStart - 2 * 24 * HOUR, 30),
      point(0, now - 60_000, 40),
    ]);
    const get = (query: string) => owner.c.get(`/api/v1/projects/${id}/stats/devices/${sn}?${query}`);

    const month = await get('metric=cpu&window=30d');
    expect(month.body.code).toBe(0);
    expect(month.body.data).toMatchObject({ metric: 'cpu', window: '30d', resolution: 3600, unit: '%' });
    expect(month.body.data.points.map(([, v]: [number, number]) => v)).toEqual([20, 40]);

    const week = await get('metric=memory&window=7d');
    expect(week.body.data.points).toEqual([[hourStart - 2 * 24 * HOUR, 41.23], [now - 60_000, 41.23]]);
    const day = await get('metric=traffic&window=24h');
    expect(day.body.data).toMatchObject({ resolution: 0, unit: 'B/s', points: [[now - 60_000, 1250]] });
    const clients = await get('metric=clients&window=12h');
    expect(clients.body.data.points).toEqual([[now - 60_000, 4]]);
  });

  it('refuses an unknown metric or window with the parameter code, and a device of another project as not found', async () => {
    const { owner, id, sn } = await projectWithDevice();
    const other = await projectWithDevice();
    for (const query of ['metric=temperature', 'window=1y', 'window=']) {
      const res = await owner.c.get(`/api/v1/projects/${id}/stats/devices/${sn}?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(ErrorCode.INVALID_PARAMS);
    }
    const foreign = await owner.c.get(`/api/v1/projects/${id}/stats/devices/${other.sn}?metric=cpu&window=24h`);
    expect(foreign.body.code).toBe(ErrorCode.DATA_NOT_FOUND);
    const stranger = await owner.c.get(`/api/v1/projects/${other.id}/stats/devices/${other.sn}`);
    expect(stranger.body.code).not.toBe(0);
  });
});

describe.each(backends())('radio, port, project and online statistics API on %s', (backend) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(backend);
  });
  afterAll(async () => {
    await env?.close();
  });

  async function projectWithDevices() {
    const owner = await signedUp(env);
    const id = (await owner.c.post('/api/v1/projects', { projectName: `Online ${randomBytes(3).toString('hex')}`, scenario: 'hotel' })).body.data.id as number;
    const sns = ['ap', 'ap', 'switch'].map(() => `ST${randomBytes(7).toString('hex').toUpperCase()}`);
    const mac = () => `00:1A:2B:${randomBytes(3).toString('hex').match(/../g)!.join(':').toUpperCase()}`;
    await registerDevices(env.db, [
      { sn: sns[0]!, type: 'ap', model: 'AL-AP620', mac: mac(), secret: 'secret-of-the-device-1', projectId: id },
      { sn: sns[1]!, type: 'ap', model: 'AL-AP620', mac: mac(), secret: 'secret-of-the-device-2', projectId: id },
      { sn: sns[2]!, type: 'switch', model: 'AL-SW2024P', mac: mac(), secret: 'secret-of-the-device-3', projectId: id },
    ]);
    return { owner, id, sns };
  }

  it('answers a device\'s radios and ports per window, and refuses an unknown metric or a device of another project', async () => {
    const { owner, id, sns } = await projectWithDevices();
    const now = Date.now();
    const hourStart = Math.floor(now / HOUR) * HOUR;
    const radios = [{ iface: '2.4GHz', txRate: 100, rxRate: 20, clients: 2, noise: -90, util: 25.25 }, { iface: '5GHz', txRate: 300, rxRate: 60, clients: 3, noise: -95, util: 10 }];
    await backfillDeviceStats(env.db, sns[0]!, [
      { res: 3600, t: hourStart - 5 * 24 * HOUR, cpu: 1, memory: 1, clients: 5, txRate: 1, rxRate: 1, uptime: 1, ifaces: radios },
      { res: 0, t: now - 120_000, cpu: 1, memory: 1, clients: 5, txRate: 1, rxRate: 1, uptime: 1, ifaces: [...radios, { iface: 'port1', txRate: 80, rxRate: 400, clients: null, noise: null, util: null }] },
    ]);
    const get = (sn: string, query: string) => owner.c.get(`/api/v1/projects/${id}/stats/devices/${sn}/interfaces?${query}`);
    const util = await get(sns[0]!, 'metric=utilisation&window=30d');
    expect(util.body.code).toBe(0);
    expect(util.body.data).toMatchObject({ metric: 'utilisation', window: '30d', resolution: 3600, unit: '%' });
    // the port has no utilisation; the radios' raw points follow their hourly ones
    expect(util.body.data.series).toEqual([
      { iface: '2.4GHz', points: [[hourStart - 5 * 24 * HOUR, 25.25], [now - 120_000, 25.25]] },
      { iface: '5GHz', points: [[hourStart - 5 * 24 * HOUR, 10], [now - 120_000, 10]] },
    ]);
    const traffic = await get(sns[0]!, 'metric=traffic&window=12h');
    expect(traffic.body.data.series.map((s: { iface: string; points: [number, number][] }) => [s.iface, s.points[0]![1]])).toEqual([['2.4GHz', 120], ['5GHz', 360], ['port1', 480]]);
    expect((await get(sns[0]!, 'metric=noise&window=24h')).body.data.unit).toBe('dBm');

    const bad = await get(sns[0]!, 'metric=cpu');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(ErrorCode.INVALID_PARAMS);
    const other = await projectWithDevices();
    expect((await get(other.sns[0]!, 'metric=traffic')).body.code).toBe(ErrorCode.DATA_NOT_FOUND);
  });

  it('answers the project\'s series and the online statistics: top access points, signal buckets, clients over time', async () => {
    const { owner, id, sns } = await projectWithDevices();
    const now = Date.now();
    const hour = Math.floor(now / HOUR) * HOUR - 2 * HOUR;
    // A: 6 clients and 1,000 B/s on average, B: 2 clients and 5,000 B/s; the switch carries the most but is no AP
    const at = (cpu: number, clients: number, rate: number) => ({ res: 3600, t: hour, cpu, memory: 50, clients, txRate: rate / 2, rxRate: rate / 2, uptime: 1 });
    await backfillDeviceStats(env.db, sns[0]!, [at(10, 6, 1_000)]);
    await backfillDeviceStats(env.db, sns[1]!, [at(30, 2, 5_000)]);
    await backfillDeviceStats(env.db, sns[2]!, [at(50, 0, 90_000)]);
    await rebuildProjectStats(env.db, [id], now);
    // A is online with three Wi-Fi clients (and one gone, one cabled), B is offline: its clients are not online now
    const client = (sn: string, mac: string, signal: number | null, more: Record<string, unknown> = {}) => ({
      project_id: id, mac, sn, connection: 'wireless', signal, online: 1, online_since: now, updated_at: now, ...more,
    });
    await env.db('clients').insert([
      client(sns[0]!, '02:00:00:00:00:01', -45),
      client(sns[0]!, '02:00:00:00:00:02', -65),
      client(sns[0]!, '02:00:00:00:00:03', -85),
      client(sns[0]!, '02:00:00:00:00:04', -50, { online: 0, offline_since: now }),
      client(sns[0]!, '02:00:00:00:00:05', null, { connection: 'wired' }),
      client(sns[1]!, '02:00:00:00:00:06', -40),
    ]);
    await env.db('devices').where({ sn: sns[0] }).update({ status: 1 });
    await env.db('devices').where({ sn: sns[1] }).update({ status: 0 });

    const project = await owner.c.get(`/api/v1/projects/${id}/stats?metric=cpu&window=30d`);
    expect(project.body.code).toBe(0);
    expect(project.body.data).toMatchObject({ metric: 'cpu', window: '30d', resolution: 3600, unit: '%', points: [[hour, 30]] });
    const clients = await owner.c.get(`/api/v1/projects/${id}/stats?metric=clients&window=30d`);
    expect(clients.body.data.points).toEqual([[hour, 8]]);

    const online = await owner.c.get(`/api/v1/projects/${id}/stats/online?window=24h`);
    expect(online.body.code).toBe(0);
    const data = online.body.data;
    expect(data.topClients.map((d: { sn: string; value: number }) => [d.sn, d.value])).toEqual([[sns[0], 6], [sns[1], 2]]);
    expect(data.topThroughput.map((d: { sn: string; value: number }) => [d.sn, d.value])).toEqual([[sns[1], 5_000], [sns[0], 1_000]]);
    expect(data.topClients[0]).toMatchObject({ model: 'AL-AP620' });
    expect(data.signal).toEqual([
      { bucket: 'excellent', clients: 1 }, { bucket: 'good', clients: 0 }, { bucket: 'fair', clients: 1 }, { bucket: 'weak', clients: 0 }, { bucket: 'poor', clients: 1 },
    ]);
    expect(data.clients).toMatchObject({ metric: 'clients', resolution: 300, points: [] });
    expect((await owner.c.get(`/api/v1/projects/${id}/stats/online?window=7d`)).body.data.clients.resolution).toBe(900);

    const bad = await owner.c.get(`/api/v1/projects/${id}/stats/online?window=2w`);
    expect(bad.body.code).toBe(ErrorCode.INVALID_PARAMS);
    const other = await projectWithDevices();
    expect((await other.owner.c.get(`/api/v1/projects/${id}/stats?metric=cpu`)).body.code).toBe(ErrorCode.DATA_NOT_FOUND);
  });
});
