// The live demo's Wi-Fi map has something to show: the hotel's floor with its plan, walls of §3
// materials and its 8 APs, seen by a live-demo session, written once.
import { DEMO_PROJECT_IDS, DeviceStatus, FloorUpdateSchema, OBSTACLE_ATTENUATION_DB } from '@airloom/contracts';
import { DEMO_HOTEL_AP_PLACES, demoFleet } from '@airloom/device-sim';
import { createDeviceDirectory } from '@airloom/gateway/public';
import { registerDevices } from '@airloom/gateway/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, client, createTestEnv, type TestEnv } from '../test/test-env.js';
import { jpegInfo } from '../modules/floors/jpeg.js';
import { DEMO_FLOOR, DEMO_WALLS, demoFloorAps, demoFloorPlan, scanDemoFloor, seedDemoFloors } from './demo-floors.js';

describe.each(backends())('demo floors on %s', (backend) => {
  const fleet = demoFleet(DEMO_PROJECT_IDS.WLAN);
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(backend);
  });
  afterAll(async () => {
    await env?.close();
  });

  it('has a real jpg plan of the floor size and walls and APs the API would accept', () => {
    expect(jpegInfo(demoFloorPlan())).toEqual({ width: DEMO_FLOOR.width, height: DEMO_FLOOR.height });
    expect(FloorUpdateSchema.safeParse({ walls: DEMO_WALLS, aps: demoFloorAps(fleet) }).success).toBe(true);
    expect(demoFloorAps(fleet)).toHaveLength(8);
    for (const w of DEMO_WALLS) if (w.material !== 'custom') expect(w.lossDb).toBe(OBSTACLE_ATTENUATION_DB[w.material]);
  });

  it('is written once and a live-demo session sees it with its plan', async () => {
    expect(await seedDemoFloors(env.db, fleet)).toBe(1);
    expect(await seedDemoFloors(env.db, fleet)).toBe(0);
    const demo = client(env.app);
    expect((await demo.post('/api/v1/auth/demo')).body.code).toBe(0);
    const base = `/api/v1/projects/${DEMO_PROJECT_IDS.WLAN}/floors`;
    const [floor] = (await demo.get(base)).body.data.items;
    expect(floor).toMatchObject({ name: 'Ground floor', width: 1000, height: 600, metresPerPixel: 0.05, image: { width: 1000, height: 600 } });
    expect(floor.aps).toHaveLength(8);
    const plan = await demo.agent.get(`${base}/${floor.id}/image`).buffer(true).parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    expect(Buffer.compare(plan.body as Buffer, demoFloorPlan())).toBe(0);
    // the demo is read-only
    expect((await demo.put(`${base}/${floor.id}`, { name: 'Mine' })).body.code).not.toBe(0);
  });

  it('places the APs where the simulated hotel really has them (its walls differ, its APs do not)', () => {
    for (const ap of demoFloorAps(fleet)) expect([ap.x, ap.y], ap.name).toEqual(DEMO_HOTEL_AP_PLACES[ap.name]);
  });

  it("asks the hotel's APs for a neighbour scan once they are all online", async () => {
    const aps = fleet.filter((d) => d.type === 'ap');
    await registerDevices(env.db, aps.map((d) => ({ sn: d.sn, type: d.type, model: d.model, mac: d.mac, secret: 'secret-of-the-device-1', projectId: DEMO_PROJECT_IDS.WLAN })));
    const directory = createDeviceDirectory(env.db);
    // one AP still offline: nothing asked before the wait runs out
    await env.db('devices').whereIn('sn', aps.slice(1).map((d) => d.sn)).update({ status: DeviceStatus.ONLINE });
    expect(await scanDemoFloor(env.db, directory, fleet, { waitMs: 300, settleMs: 0, pollMs: 100 })).toBe(0);
    await env.db('devices').whereIn('sn', aps.map((d) => d.sn)).update({ status: DeviceStatus.ONLINE });
    expect(await scanDemoFloor(env.db, directory, fleet, { waitMs: 300, settleMs: 0, pollMs: 100 })).toBe(8);
    const ops = await env.db('operations').where({ project_id: DEMO_PROJECT_IDS.WLAN, kind: 'neighbourScan', state: 'queued' });
    expect(ops.map((o: { sn: string }) => o.sn).sort()).toEqual(aps.map((d) => d.sn).sort());
  });
});
