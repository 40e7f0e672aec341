// The live demo's scheduled restart: one hotel AP restarts every Sunday at 04:00 of the hotel's zone,
// written once, seen by a live-demo session in the device's Maintenance tab, which cannot change it.
import { DEMO_PROJECT_IDS, ErrorCode } from '@airloom/contracts';
import { demoFleet } from '@airloom/device-sim';
import { registerDevices } from '@airloom/gateway/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, client, createTestEnv, type TestEnv } from '../test/test-env.js';
import { seedDemoRebootSchedule } from './demo-maintenance.js';

describe.each(backends())('demo reboot schedule on %s', (backend) => {
  const ap = demoFleet(DEMO_PROJECT_IDS.WLAN).filter((d) => d.type === 'ap').sort((a, b) => a.sn.localeCompare(b.sn))[0]!;
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(backend);
  });
  afterAll(async () => {
    await env?.close();
  });

  it('is written once; a live-demo session reads it with its next run and cannot change it', async () => {
    await registerDevices(env.db, [{ sn: ap.sn, type: 'ap', model: ap.model, mac: ap.mac, secret: 'secret-of-the-device-1', projectId: DEMO_PROJECT_IDS.WLAN }]);
    expect(await seedDemoRebootSchedule(env.db)).toBe(1);
    expect(await seedDemoRebootSchedule(env.db)).toBe(0);
    const demo = client(env.app);
    expect((await demo.post('/api/v1/auth/demo')).body.code).toBe(0);
    const url = `/api/v1/projects/${DEMO_PROJECT_IDS.WLAN}/devices/${ap.sn}/reboot-schedule`;
    const state = (await demo.get(url)).body.data;
    expect(state.schedules).toEqual([{ mode: 'weekly', days: [0], time: '04:00' }]);
    expect(state.nextRunAt).toBeGreaterThan(Date.now());
    expect((await demo.put(url, { schedules: [] })).body.code).toBe(ErrorCode.DEMO_PROJECT);
  });
});
