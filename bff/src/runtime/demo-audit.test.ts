// The live demo opens the audit log with a few days of writes and refusals told with its own devices;
// a demo session reads them (a demo project's log is open to all) and its own refused attempts stay hidden.
import { DEMO_PROJECT_IDS, ENDPOINTS, type AuditEntry } from '@airloom/contracts';
import { demoFleet } from '@airloom/device-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditService } from '../modules/audit/audit.service.js';
import { backends, client, createTestEnv, type TestEnv } from '../test/test-env.js';
import { demoAudit, seedDemoAudit } from './demo-audit.js';

describe.each(backends())('demo audit log on %s', (backend) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(backend);
  });
  afterAll(async () => {
    await env?.close();
  });

  it("tells the story with each demo project's own devices and declared endpoints, oldest first", () => {
    const now = Date.UTC(2026, 10, 26, 6, 0, 0);
    const ids = new Set(ENDPOINTS.map((e) => e.id as string));
    for (const projectId of [DEMO_PROJECT_IDS.WLAN, DEMO_PROJECT_IDS.MESH]) {
      const fleet = demoFleet(projectId);
      const rows = demoAudit(projectId, fleet, now);
      expect(rows.length).toBeGreaterThanOrEqual(3);
      for (const r of rows) {
        expect(ids.has(r.endpoint)).toBe(true);
        expect(r.path.startsWith(`/api/v1/projects/${projectId}`)).toBe(true);
        expect(r.path).not.toContain(':');
        for (const c of r.changes) if (c.sn) expect(fleet.some((d) => d.sn === c.sn)).toBe(true);
      }
      expect(rows.map((r) => r.at)).toEqual([...rows.map((r) => r.at)].sort((a, b) => a - b));
      expect(rows.some((r) => r.status >= 400)).toBe(true);
    }
    const hotel = demoAudit(DEMO_PROJECT_IDS.WLAN, demoFleet(DEMO_PROJECT_IDS.WLAN), now);
    // the WAN password's change is said, never its value
    const wan = hotel.find((r) => r.changes.some((c) => c.section === 'wan'))!;
    expect(wan.changes[0]!.changes.find((f) => f.path.endsWith('password'))?.new).toBe('••••••');
  });

  it('is written once and read by the live demo, which sees none of its own refused attempts', async () => {
    const fleet = demoFleet(DEMO_PROJECT_IDS.WLAN);
    const demo = client(env.app);
    expect((await demo.post('/api/v1/auth/demo')).body.code).toBe(0);
    // a visitor tried something before the seed ran: the story is still written
    expect((await demo.patch(`/api/v1/projects/${DEMO_PROJECT_IDS.WLAN}`, { projectName: 'Mine' })).body.code).toBe(917);
    await (env.app.locals.audit as AuditService).settled();
    const written = await seedDemoAudit(env.db, DEMO_PROJECT_IDS.WLAN, fleet);
    expect(written).toBe(demoAudit(DEMO_PROJECT_IDS.WLAN, fleet, Date.now()).length);
    expect(await seedDemoAudit(env.db, DEMO_PROJECT_IDS.WLAN, fleet)).toBe(0);
    const res = await demo.get(`/api/v1/projects/${DEMO_PROJECT_IDS.WLAN}/audit?from=0`);
    expect(res.body.code).toBe(0);
    const items = res.body.data.items as AuditEntry[];
    expect(items).toHaveLength(written);
    expect(items.some((r) => r.principal === 'demo')).toBe(false);
    expect(items[0]!.endpoint).toBe('config.gatewayPut');
  });
});
