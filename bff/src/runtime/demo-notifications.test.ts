// The live demo's alarms page shows notifications at work: the hotel has an e-mail recipient and a
// webhook, and a short delivery log (one retry among them), written once; a live-demo session sees
// them, never the secret, and cannot change or test them.
import { DEMO_PROJECT_IDS, ErrorCode, NotificationSettingsSchema } from '@airloom/contracts';
import { demoFleet } from '@airloom/device-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, client, createTestEnv, type TestEnv } from '../test/test-env.js';
import { DEMO_NOTIFICATIONS, seedDemoNotifications } from './demo-notifications.js';

describe.each(backends())('demo notifications on %s', (backend) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(backend);
  });
  afterAll(async () => {
    await env?.close();
  });

  it('are settings the API would accept', () => {
    expect(NotificationSettingsSchema.safeParse(DEMO_NOTIFICATIONS).success).toBe(true);
  });

  it('are written once; a live-demo session reads the settings and the log, not the secret, and changes nothing', async () => {
    const fleet = demoFleet(DEMO_PROJECT_IDS.WLAN);
    expect(await seedDemoNotifications(env.db, fleet)).toBe(5);
    expect(await seedDemoNotifications(env.db, fleet)).toBe(0);
    const demo = client(env.app);
    expect((await demo.post('/api/v1/auth/demo')).body.code).toBe(0);
    const base = `/api/v1/projects/${DEMO_PROJECT_IDS.WLAN}/notifications`;
    const settings = (await demo.get(base)).body.data;
    expect(settings).toMatchObject({ ...DEMO_NOTIFICATIONS, secretHint: expect.stringMatching(/^.{4}$/) });
    expect(settings.secret).toBeUndefined();
    const log = (await demo.get(`${base}/deliveries`)).body.data.items as { channel: string; outcome: string; httpStatus: number | null; target: string }[];
    expect(log).toHaveLength(5);
    expect(log.filter((a) => a.outcome === 'retrying').map((a) => [a.channel, a.httpStatus])).toEqual([['webhook', 503]]);
    const ap = fleet.find((d) => d.type === 'ap')!;
    expect(JSON.stringify(await env.db('notification_deliveries').where({ project_id: DEMO_PROJECT_IDS.WLAN }).select('payload_json'))).toContain(ap.name);
    for (const res of [await demo.put(base, DEMO_NOTIFICATIONS), await demo.get(`${base}/secret`), await demo.post(`${base}/test`)]) expect(res.body.code).toBe(ErrorCode.DEMO_PROJECT);
  });
});
