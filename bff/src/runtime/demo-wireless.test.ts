// The demo hotel's wireless policies: written once, every one the console accepts, seen read-only by a live-demo session.
import { DEMO_PROJECT_IDS, ErrorCode } from '@airloom/contracts';
import { registerDevices } from '@airloom/gateway/testing';
import { demoFleet } from '@airloom/device-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, client, createTestEnv, type TestEnv } from '../test/test-env.js';
import { seedDemoWireless } from './demo-wireless.js';

describe.each(backends())('demo wireless policies on %s', (backend) => {
  let env: TestEnv;
  const fleet = demoFleet(DEMO_PROJECT_IDS.WLAN);
  beforeAll(async () => {
    env = await createTestEnv(backend);
    await registerDevices(env.db, fleet.map((d, i) => ({ sn: d.sn, type: d.type, model: d.model, mac: d.mac, secret: `demo-secret-${i}-0123456789`, projectId: DEMO_PROJECT_IDS.WLAN })));
  });
  afterAll(async () => {
    await env?.close();
  });

  it('is written once; the live demo sees staff, guest and IoT Wi-Fi on every AP, without secrets, and cannot change them', async () => {
    expect(await seedDemoWireless(env.db, env.clock.now())).toBe(true);
    expect(await seedDemoWireless(env.db, env.clock.now())).toBe(false);
    const demo = client(env.app);
    expect((await demo.post('/api/v1/auth/demo')).body.code).toBe(0);
    const view = (await demo.get(`/api/v1/projects/${DEMO_PROJECT_IDS.WLAN}/wireless/policies`)).body.data;
    expect(view.policies.map((p: { name: string }) => p.name)).toEqual(['Staff', 'Guest', 'IoT']);
    expect(view.policies[0].radius.secret).toBe('••••••••');
    expect(view.policies[1]).toMatchObject({ guest: true, rateLimit: { uploadMbps: 10, downloadMbps: 20 } });
    expect(view.policies[2]).toMatchObject({ hidden: true, band: '2.4g' });
    expect(view.devices.length).toBe(fleet.filter((d) => ['ap', 'mesh', 'wrouter'].includes(d.type)).length);
    expect((await demo.post(`/api/v1/projects/${DEMO_PROJECT_IDS.WLAN}/wireless/apply`, {})).body.code).toBe(ErrorCode.DEMO_PROJECT);
  });
});
