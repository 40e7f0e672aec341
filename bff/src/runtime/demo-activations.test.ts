// The live demo's data screen has data on every panel: the seeded activation history, seen through
// the API by a live-demo session, laid anew (not doubled) at each start.
import { hasRegionShape } from '@airloom/contracts/regions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { backends, client, createTestEnv, type TestEnv } from '../test/test-env.js';
import { DEMO_ACTIVATIONS, demoActivations, keepDemoActivations, seedDemoActivations, untilNextDay } from './demo-activations.js';

describe.each(backends())('demo activations on %s', (backend) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(backend);
  });
  afterAll(async () => {
    await env?.close();
  });

  it('are the same for the same day, and seeding again replaces them', async () => {
    const now = Date.UTC(2026, 10, 24, 12);
    expect(demoActivations(now)).toEqual(demoActivations(now));
    await seedDemoActivations(env.db, env.clock.now());
    await seedDemoActivations(env.db, env.clock.now());
    const counted = await env.db('activations').where('sn', 'like', 'DEMOACT%').count({ n: '*' }).first();
    expect(Number(counted?.n)).toBe(DEMO_ACTIVATIONS);
  });

  it('are laid at once when the console starts them, then by the midnight schedule, which stops with the console', async () => {
    await env.db('activations').where('sn', 'like', 'DEMOACT%').delete();
    const logged: string[] = [];
    const logger = createLogger({}, { write: (line: string) => void logged.push(JSON.parse(line).msg) });
    const kept = await keepDemoActivations(env.db, logger);
    kept.stop();
    const counted = await env.db('activations').where('sn', 'like', 'DEMOACT%').count({ n: '*' }).first();
    expect(Number(counted?.n)).toBe(DEMO_ACTIVATIONS);
    expect(logged).toEqual(['demo activations seeded']);
  });

  it('fill every panel of the live demo: counters, types, brands, trend and the top 15', async () => {
    const demo = client(env.app);
    expect((await demo.post('/api/v1/auth/demo')).body.code).toBe(0);
    const s = (await demo.get('/api/v1/activations/summary?range=1y')).body.data;
    expect(s.counters.total).toBe(DEMO_ACTIVATIONS);
    expect(s.counters.today).toBeGreaterThan(0);
    expect(s.counters.last7d).toBeGreaterThan(s.counters.today);
    expect(s.counters.last30d).toBeGreaterThan(s.counters.last7d);
    expect(s.byType).toHaveLength(9);
    expect(s.byBrand.map((b: { brand: string }) => b.brand).sort()).toEqual(['Airloom', 'Brightwave', 'NetHaven']);
    expect(s.top).toHaveLength(15);
    expect(new Set(s.trend.map((t: { day: string }) => t.day)).size).toBeGreaterThan(200);
    const compared = (await demo.get('/api/v1/activations/summary?range=15d&countries=US,DE')).body.data;
    expect(compared.countries.map((c: { country: string }) => c.country).sort()).toEqual(['DE', 'US']);
    expect(compared.top.length).toBeGreaterThan(1);
    // the region map of a compared country: all its regions, the counted ones among them
    const regions = compared.regions.filter((r: { country: string }) => r.country === 'US');
    expect(regions).toHaveLength(51);
    expect(regions.find((r: { state: string }) => r.state === 'CA').count).toBeGreaterThan(0);
    const list = (await demo.get('/api/v1/activations?country=FR')).body.data;
    expect(list.total).toBeGreaterThan(50);
    expect(list.items).toHaveLength(50);
    expect(list.items.every((i: { country: string }) => i.country === 'FR')).toBe(true);
  });
});

describe('demo activations on the day', () => {
  it('count some today from the first seconds after midnight (UTC), none of them later than now', () => {
    const now = Date.UTC(2026, 10, 28, 0, 0, 5);
    const rows = demoActivations(now) as { activated_at: number; activated_day: number }[];
    const today = rows.filter((r) => r.activated_day === Math.floor(now / 86_400_000));
    expect(today.length).toBeGreaterThan(10);
    expect(Math.max(...rows.map((r) => r.activated_at))).toBeLessThanOrEqual(now);
    // laid anew one second after the next midnight (keepDemoActivations)
    expect(untilNextDay(Date.UTC(2026, 10, 27, 23, 58))).toBe(120_000);
  });
});

describe('demo activations on the region map', () => {
  it('are each placed in a region drawn on its country\'s map (the match rate is 100 %), but for the few of unknown country', () => {
    const rows = demoActivations(Date.UTC(2026, 10, 24, 12)) as { country: string; state: string }[];
    const known = rows.filter((r) => r.country !== '');
    const unmatched = known.filter((r) => !hasRegionShape(r.country, r.state));
    expect(unmatched).toEqual([]);
    // records whose IP the GeoIP database could not place are shown as unknown, on no map
    expect(rows.length - known.length).toBeLessThan(rows.length / 20);
  });
});
