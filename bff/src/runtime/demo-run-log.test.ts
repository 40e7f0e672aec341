// The live demo opens the run log and alarms with a few days of history told with its own devices,
// some alarms unread; a demo session reads them and cannot mark them read (spec §1: demo is read-only).
import { DEMO_PROJECT_IDS, ErrorCode } from '@airloom/contracts';
import { demoFleet } from '@airloom/device-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, client, createTestEnv, type TestEnv } from '../test/test-env.js';
import { demoRunLog, seedDemoRunLog } from './demo-run-log.js';

describe.each(backends())('demo run log on %s', (backend) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(backend);
  });
  afterAll(async () => {
    await env?.close();
  });

  it("tells the story with each demo project's own devices, oldest first", () => {
    const now = Date.UTC(2026, 10, 26, 6, 0, 0);
    for (const projectId of [DEMO_PROJECT_IDS.WLAN, DEMO_PROJECT_IDS.MESH]) {
      const fleet = demoFleet(projectId);
      const events = demoRunLog(projectId, fleet, now);
      expect(events.length).toBeGreaterThan(5);
      const sns = new Set(fleet.map((d) => d.sn));
      for (const e of events) expect(sns.has(e.sn)).toBe(true);
      expect(events.map((e) => e.t)).toEqual([...events.map((e) => e.t)].sort((a, b) => a - b));
    }
    const hotel = demoRunLog(DEMO_PROJECT_IDS.WLAN, demoFleet(DEMO_PROJECT_IDS.WLAN), now);
    expect(hotel.filter((e) => e.event === 'device.offline' && !e.read)).toHaveLength(1);
    expect(hotel.some((e) => e.event === 'poe.overBudget')).toBe(true);
  });

  it('is written once; a demo session sees unread alarms and cannot mark them read', async () => {
    const fleet = demoFleet(DEMO_PROJECT_IDS.WLAN);
    const written = await seedDemoRunLog(env.db, DEMO_PROJECT_IDS.WLAN, fleet);
    expect(written).toBeGreaterThan(5);
    expect(await seedDemoRunLog(env.db, DEMO_PROJECT_IDS.WLAN, fleet)).toBe(0);
    const demo = client(env.app);
    expect((await demo.post('/api/v1/auth/demo')).body.code).toBe(0);
    const alarms = (await demo.get(`/api/v1/projects/${DEMO_PROJECT_IDS.WLAN}/alarms`)).body.data;
    expect(alarms.unread).toBeGreaterThanOrEqual(3);
    expect(alarms.items[0].text).toBeTruthy();
    expect((await demo.get(`/api/v1/projects/${DEMO_PROJECT_IDS.WLAN}/logs?type=wired`)).body.data.total).toBeGreaterThan(0);
    expect((await demo.post(`/api/v1/projects/${DEMO_PROJECT_IDS.WLAN}/alarms/read`, { all: true })).body.code).toBe(ErrorCode.DEMO_PROJECT);
  });
});
