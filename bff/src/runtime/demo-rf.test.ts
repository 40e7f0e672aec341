// The demo hotel's RF optimisation: three records readable by the live demo, written once, with the
// radio and roaming sections their APs then hold (each accepted by its schema).
import { DEMO_PROJECT_IDS } from '@airloom/contracts';
import { registerDevices } from '@airloom/gateway/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, client, createTestEnv, type TestEnv } from '../test/test-env.js';
import { seedDemoRf } from './demo-rf.js';

const APS = [
  { sn: 'ALDEMORF00000001', name: 'Lobby-AP', type: 'ap', model: 'AL-AP620' },
  { sn: 'ALDEMORF00000002', name: 'Bar-AP', type: 'ap', model: 'AL-AP620' },
  { sn: 'ALDEMORF00000003', name: 'Pool-AP', type: 'ap', model: 'AL-AP620' },
];

describe.each(backends())('demo RF optimisation on %s', (backend) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(backend);
    await registerDevices(env.db, APS.map((a, i) => ({ sn: a.sn, type: 'ap' as const, model: a.model, mac: `02:00:00:00:00:0${i + 1}`, secret: 'secret-of-the-demo-ap', projectId: DEMO_PROJECT_IDS.WLAN, ownerAccountId: null })));
  });
  afterAll(async () => {
    await env?.close();
  });

  it('seeds three records once, and the demo reads them, the radio settings and the roaming tuner', async () => {
    expect(await seedDemoRf(env.db, APS, env.clock.now())).toBe(3);
    expect(await seedDemoRf(env.db, APS, env.clock.now())).toBe(0);
    const demo = client(env.app);
    expect((await demo.post('/api/v1/auth/demo')).body.code).toBe(0);
    const base = `/api/v1/projects/${DEMO_PROJECT_IDS.WLAN}`;
    const records = (await demo.get(`${base}/rf/records`)).body.data.items;
    expect(records.map((r: { mode: string }) => r.mode)).toEqual(['manual', 'manual', 'auto']);
    expect(records[0].radios).toHaveLength(APS.length * 2);
    const radio = (await demo.get(`${base}/devices/${APS[0]!.sn}/config/radio`)).body.data;
    expect(radio.body.radios[0]).toMatchObject({ band: '2.4GHz', channel: records[0].radios[0].channel, txPowerDbm: records[0].radios[0].txPowerDbm });
    const roaming = (await demo.get(`${base}/devices/${APS[1]!.sn}/config/roaming`)).body.data;
    expect(roaming.body.bandSteering).toBe(true);
    // the demo changes nothing (917)
    expect((await demo.post(`${base}/rf/optimisations`, { mode: 'manual' })).body.code).toBe(917);
  });
});
