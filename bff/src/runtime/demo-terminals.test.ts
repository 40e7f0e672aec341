// The live demo's topology shows hand-added terminals: a printer and an IP phone on free ports of one
// of the hotel's switches (no cable of the simulated fleet is on them), written once, seen by a
// live-demo session, which cannot change them.
import { DEMO_PROJECT_IDS, ErrorCode, TerminalInputSchema } from '@airloom/contracts';
import { demoFleet } from '@airloom/device-sim';
import { registerDevices } from '@airloom/gateway/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, client, createTestEnv, type TestEnv } from '../test/test-env.js';
import { demoTerminals, seedDemoTerminals } from './demo-terminals.js';

describe.each(backends())('demo terminals on %s', (backend) => {
  const fleet = demoFleet(DEMO_PROJECT_IDS.WLAN);
  const sw = fleet.find((d) => d.name === 'Core-Switch')!;
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(backend);
  });
  afterAll(async () => {
    await env?.close();
  });

  it('puts a printer and an IP phone on ports of the switch no cable is on, as the API would accept them', () => {
    const rows = demoTerminals(fleet);
    expect(rows.map((r) => [r.kind, r.sn])).toEqual([['printer', sw.sn], ['ip-phone', sw.sn]]);
    const cabled = new Set((sw.links ?? []).map((l) => l.port + 1));
    for (const r of rows) {
      expect(cabled.has(r.port)).toBe(false);
      expect(TerminalInputSchema.safeParse({ ...r, name: r.name ?? undefined, ip: r.ip ?? undefined, mac: r.mac ?? undefined, vlan: r.vlan ?? undefined }).success).toBe(true);
    }
  });

  it('is written once; a live-demo session sees the terminals drawn by hand and cannot change them', async () => {
    await registerDevices(env.db, [{ sn: sw.sn, type: 'switch', model: sw.model, mac: sw.mac, secret: 'secret-of-the-device-1', projectId: DEMO_PROJECT_IDS.WLAN }]);
    expect(await seedDemoTerminals(env.db, fleet)).toBe(2);
    expect(await seedDemoTerminals(env.db, fleet)).toBe(0);
    const demo = client(env.app);
    expect((await demo.post('/api/v1/auth/demo')).body.code).toBe(0);
    const base = `/api/v1/projects/${DEMO_PROJECT_IDS.WLAN}/topology`;
    const topo = (await demo.get(base)).body.data;
    const manual = topo.nodes.filter((n: { manual?: boolean }) => n.manual);
    expect(manual.map((n: { terminal: { kind: string } }) => n.terminal.kind)).toEqual(['printer', 'ip-phone']);
    expect(topo.edges.filter((e: { manual?: boolean; from: string }) => e.manual && e.from === sw.sn)).toHaveLength(2);
    const refused = await demo.post(`${base}/terminals`, { sn: sw.sn, port: 1, kind: 'pc', model: 'Laptop' });
    expect(refused.body.code).toBe(ErrorCode.DEMO_PROJECT);
  });
});
