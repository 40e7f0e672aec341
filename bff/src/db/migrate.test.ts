import { DEMO_PROJECT_IDS } from '@airloom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestEnv, signedUp, type TestEnv } from '../test/test-env.js';
import { migrate, migrationSource } from './migrate.js';
import { DEMO_ACCOUNT } from './seed.js';
import { COMMISSIONING_DEMO } from './seed-commissioning.js';

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
    // the commissioning demo too: one project, its 17 planned places, one share with the live demo
    const count = async (table: string) => Number((await env.db(table).where({ project_id: COMMISSIONING_DEMO.projectId }).count({ n: '*' }).first())?.n);
    expect(await count('project_planned_devices')).toBe(17);
    expect(await count('project_members')).toBe(1);
  });

  it('waits for another instance that holds the migration lock instead of failing the start (docs/deployment.md)', async () => {
    await env.db('knex_migrations_lock').update({ is_locked: 1 });
    let done = false;
    const waiting = migrate(env.db, 10_000).then(() => (done = true));
    await new Promise((r) => setTimeout(r, 600));
    expect(done).toBe(false);
    await env.db('knex_migrations_lock').update({ is_locked: 0 });
    await waiting;
    expect(done).toBe(true);
    // a lock nobody releases still fails the start, once the wait is over
    await env.db('knex_migrations_lock').update({ is_locked: 1 });
    await expect(migrate(env.db, 300)).rejects.toThrow(/already locked/);
    await env.db('knex_migrations_lock').update({ is_locked: 0 });
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

  it('gives the shares made before the share period was kept the span from their share time to their end', async () => {
    const HOUR = 3_600_000;
    const guest = await env.db('accounts').where({ account: 'front-desk@demo-hotel.example' }).first('id');
    const other = await env.db('accounts').where({ account: 'family@demo-home.example' }).first('id');
    // back to before the column, with a timed share (36 h) and a permanent one of that time
    await env.db.migrate.down({ migrationSource, name: '20261126230000_add-share-period' });
    expect(await env.db.schema.hasColumn('project_members', 'period_hours')).toBe(false);
    const sharedAt = Date.now() - 2 * HOUR;
    await env.db('project_members').where({ project_id: DEMO_PROJECT_IDS.MESH, account_id: guest.id }).delete();
    await env.db('project_members').insert({ project_id: DEMO_PROJECT_IDS.MESH, account_id: guest.id, share_right: 'r', shared_at: sharedAt, expires_at: sharedAt + 36 * HOUR, shared_by_account_id: null });
    await migrate(env.db);
    const period = async (accountId: number) => (await env.db('project_members').where({ project_id: DEMO_PROJECT_IDS.MESH, account_id: accountId }).first('period_hours')).period_hours;
    expect(Number(await period(guest.id))).toBe(36);
    expect(await period(other.id)).toBeNull();
  });

  it('rolls every migration back and forward again', async () => {
    await env.db.migrate.rollback({ migrationSource }, true);
    expect(await env.db.schema.hasTable('projects')).toBe(false);
    await migrate(env.db);
    expect(await env.db.schema.hasTable('project_members')).toBe(true);
    // the two demo projects and the commissioning demo (seed-commissioning.ts)
    expect(Number((await env.db('projects').count({ n: '*' }).first())?.n)).toBe(3);
  });
});
