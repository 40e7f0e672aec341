import { DEMO_PROJECT_IDS } from '@airloom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestEnv, signedUp, type TestEnv } from '../test/test-env.js';
import { migrate, migrationSource } from './migrate.js';
import { DEMO_ACCOUNT } from './seed.js';

describe.each(backends())('migrations and seeds on %s', (backend) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(backend);
  });
  afterAll(async () => {
    await env?.close();
  });

  it('seeds the two demo projects and the live-demo account once, however often it runs', async () => {
    await migrate(env.db);
    await migrate(env.db);
    const demo = await env.db('projects').whereIn('id', [DEMO_PROJECT_IDS.WLAN, DEMO_PROJECT_IDS.MESH]).orderBy('id');
    expect(demo.map((p) => [Number(p.id), Number(p.net_mode), p.project_name, p.zone])).toEqual([
      [500000, 0, 'Demo Hotel', '+8'],
      [600000, 1, 'Demo Home', '+8'],
    ]);
    expect(Number((await env.db('accounts').where({ account: DEMO_ACCOUNT }).count({ n: '*' }).first())?.n)).toBe(1);
  });

  it('gives new projects ids that never collide with the demo ids', async () => {
    const { c } = await signedUp(env);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await c.post('/api/v1/projects', { projectName: `Id ${i}`, scenario: 'other' })).body.data.id);
    for (const id of ids) expect(id).toBeGreaterThanOrEqual(1_000_000);
    expect(new Set(ids).size).toBe(3);
  });

  it('stores datetimes as UTC epoch milliseconds', async () => {
    const row = await env.db('projects').where({ id: DEMO_PROJECT_IDS.WLAN }).first();
    expect(typeof row.created_at === 'number' || typeof row.created_at === 'string').toBe(true);
    expect(Math.abs(Number(row.created_at) - Date.now())).toBeLessThan(10 * 60_000);
  });

  it('rolls every migration back and forward again', async () => {
    await env.db.migrate.rollback({ migrationSource }, true);
    expect(await env.db.schema.hasTable('projects')).toBe(false);
    await migrate(env.db);
    expect(await env.db.schema.hasTable('project_members')).toBe(true);
    expect(Number((await env.db('projects').count({ n: '*' }).first())?.n)).toBe(2);
  });
});
