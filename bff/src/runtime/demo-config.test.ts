// The live demo's configuration pages have something to show: the hotel's gateway and switch
// settings with a history of who changed what, seen through the API by a live-demo session, written
// once (a restart does not add versions), and every version one the console itself accepts.
import { DEMO_PROJECT_IDS } from '@airloom/contracts';
import { registerDevices } from '@airloom/gateway/testing';
import { demoFleet } from '@airloom/device-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, client, createTestEnv, type TestEnv } from '../test/test-env.js';
import { seedDemoConfig } from './demo-config.js';

describe.each(backends())('demo configuration on %s', (backend) => {
  let env: TestEnv;
  const fleet = demoFleet(DEMO_PROJECT_IDS.WLAN);
  beforeAll(async () => {
    env = await createTestEnv(backend);
    await registerDevices(env.db, fleet.map((d, i) => ({ sn: d.sn, type: d.type, model: d.model, mac: d.mac, secret: `demo-secret-${i}-0123456789`, projectId: DEMO_PROJECT_IDS.WLAN })));
  });
  afterAll(async () => {
    await env?.close();
  });

  it('is written once, and a live-demo session sees the gateway settings, the switch VLANs and the history', async () => {
    const written = await seedDemoConfig(env.db, env.clock.now());
    expect(written).toBeGreaterThan(5);
    expect(await seedDemoConfig(env.db, env.clock.now())).toBe(0);
    const demo = client(env.app);
    expect((await demo.post('/api/v1/auth/demo')).body.code).toBe(0);
    const base = `/api/v1/projects/${DEMO_PROJECT_IDS.WLAN}`;
    const vlan = (await demo.get(`${base}/gateway/vlan`)).body.data;
    expect(vlan).toMatchObject({ version: 2, updatedBy: 'it.manager@airloom.example' });
    expect(vlan.body.vlans.map((v: { name: string }) => v.name)).toEqual(['VLAN_Default', 'Staff', 'Guest-WiFi', 'Cameras']);
    for (const section of ['wan', 'dhcp', 'routes', 'portmap']) expect((await demo.get(`${base}/gateway/${section}`)).body.data.version).toBe(1);
    const core = fleet.find((d) => d.type === 'switch')!;
    expect((await demo.get(`${base}/devices/${core.sn}/config/switch-vlan`)).body.data.body).toMatchObject({ qvlan: true });
    const history = (await demo.get(`${base}/config/history`)).body.data.items;
    expect(history).toHaveLength(written);
    expect(history[0]).toMatchObject({ section: 'vlan', changes: [{ path: 'vlans[id=20].name', old: 'Guests', new: 'Guest-WiFi' }] });
    // the past is spread over the last days, newest first
    expect(Date.parse(history.at(-1).createdAt)).toBeLessThan(Date.parse(history[0].createdAt) - 86_400_000);
    // a reader sees that there is a PPPoE line, not its password, in the settings or in the history
    const wan = (await demo.get(`${base}/gateway/wan`)).body.data.body;
    expect(wan.lines[1]).toMatchObject({ mode: 'pppoe', user: 'hotel-backup@isp2', password: '••••••••' });
    const wanChange = history.find((c: { section: string }) => c.section === 'wan');
    expect(wanChange.changes).toContainEqual({ path: 'lines.1', old: null, new: expect.objectContaining({ mode: 'pppoe', password: '••••••' }) });
    expect(JSON.stringify(history)).not.toContain('Backup-Line-2024');
    // a demo is looked at, not changed
    expect((await demo.put(`${base}/gateway/vlan`, vlan.body)).body.code).toBe(917);
    // and its backups: a general one and the core switch's restore point, listed but not restored by the demo
    const all = (await demo.get(`${base}/backups`)).body.data.items;
    const backups = all.filter((b: { origin: string }) => b.origin !== 'scheduled');
    expect(backups.map((b: { type: string }) => b.type).sort()).toEqual(['general', 'restore-point']);
    // a daily schedule with the scheduled backups of the last nights, which the demo reads but does not change
    const schedule = (await demo.get(`${base}/backups/schedule`)).body.data;
    expect(schedule).toMatchObject({ mode: 'daily', hour: 3, keep: 14, lastResult: 'taken' });
    expect(Date.parse(schedule.nextRunAt)).toBeGreaterThan(env.clock.now());
    expect(all.filter((b: { origin: string }) => b.origin === 'scheduled')).toHaveLength(3);
    expect((await demo.put(`${base}/backups/schedule`, { ...schedule, mode: 'off' })).body.code).toBe(917);
    expect((await demo.post(`${base}/backups/${backups[0].id}/restore`, {})).body.code).toBe(917);
    const general = backups.find((b: { type: string }) => b.type === 'general');
    const detail = (await demo.get(`${base}/backups/${general.id}`)).body.data;
    expect(detail.snapshot.sections.map((x: { section: string }) => x.section)).toContain('wan');
    expect(JSON.stringify(detail)).not.toContain('Backup-Line-2024');
    expect((await demo.get(`${base}/backups/${general.id}/download`)).body.code).toBe(917);
    // Compare has something to show: the handover backup was taken before the guest VLAN was renamed
    const diff = (await demo.get(`${base}/backups/${general.id}/diff`)).body.data;
    expect(diff.sections.find((x: { section: string }) => x.section === 'vlan').changes).toEqual([{ path: 'vlans[id=20].name', old: 'Guest-WiFi', new: 'Guests' }]);
    expect(general).toMatchObject({ remark: 'Handover to the hotel', syncState: 'synchronized' });
  });
});
