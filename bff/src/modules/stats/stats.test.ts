import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@airloom/contracts';
import { backfillDeviceStats } from '@airloom/gateway/public';
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
