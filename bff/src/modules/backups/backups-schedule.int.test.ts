// Scheduled backups through the real parts: the schedule is set over the HTTP API, and the job of two
// console instances — each with its own connection to the one database — takes what is due. Time is the
// test's clock: nothing sleeps. A run is taken by exactly one instance; missed runs collapse into one;
// the schedule deletes only its own oldest backups beyond its N; a project whose 128 general backups are
// all a person's skips the run and says so; refused input changes nothing.
import { ErrorCode, LIMITS } from '@airloom/contracts';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../db/db.js';
import { createLogger } from '../../logger.js';
import { backends, client, createTestEnv, PASSWORD, signedUp, type Client, type TestEnv } from '../../test/test-env.js';
import { backupSchedulerOn, type BackupScheduler } from './backups.scheduler.js';

const DAY = 86_400_000;
const MINUTES_3 = LIMITS.backupMinIntervalMinutes * 60_000;

describe.each(backends())('scheduled backups on %s', (backend) => {
  let env: TestEnv;
  let second: Knex;
  let owner: Client;
  let account: string;
  let projectId: number;
  let a: BackupScheduler;
  let b: BackupScheduler;
  const logger = createLogger({ level: 'silent' });

  const api = (path: string) => `/api/v1/projects/${projectId}${path}`;
  const scheduled = async () => (await env.db('config_backups').where({ project_id: projectId, origin: 'scheduled' }).orderBy('created_at').select('id', 'created_at')).map((r) => ({ id: Number(r.id), at: Number(r.created_at) }));
  const schedule = async () => (await owner.get(api('/backups/schedule'))).body.data;
  /** time passes (the owner signs in again: a session does not last days) */
  const advance = async (ms: number) => {
    env.clock.advance(ms);
    owner = client(env.app);
    expect((await owner.post('/api/v1/auth/login', { account, password: PASSWORD })).body.code).toBe(0);
  };
  /** the clock moved to the schedule's next run */
  const toNextRun = async () => {
    const next = Date.parse((await schedule()).nextRunAt);
    await advance(Math.max(0, next - env.clock.now()));
  };
  /** both instances pass at once, a few times over: answers the backups taken */
  const race = async () => {
    let taken = 0;
    for (let i = 0; i < 3; i++) for (const n of await Promise.all([a.runDue(), b.runDue()])) taken += n;
    return taken;
  };

  beforeAll(async () => {
    env = await createTestEnv(backend);
    second = createDb(env.config);
    a = backupSchedulerOn(env.db, { logger, clock: env.clock.now, instance: 'console-a' });
    b = backupSchedulerOn(second, { logger, clock: env.clock.now, instance: 'console-b' });
    ({ c: owner, account } = await signedUp(env));
    projectId = (await owner.post('/api/v1/projects', { projectName: 'Schedule Inn', scenario: 'hotel', zone: '+8' })).body.data.id as number;
  });
  afterAll(async () => {
    await second?.destroy();
    await env?.close();
  });

  it('is off until set; a daily schedule runs next at the hour of the project zone', async () => {
    expect(await schedule()).toMatchObject({ mode: 'off', keep: 14, zone: '+8', nextRunAt: null, lastResult: null });
    const set = await owner.put(api('/backups/schedule'), { mode: 'daily', weekday: 0, hour: 3, keep: 2 });
    expect(set.body.code).toBe(0);
    const next = Date.parse(set.body.data.nextRunAt);
    // 03:00 at UTC+8 is 19:00 UTC, within the coming day
    expect(new Date(next).getUTCHours()).toBe(19);
    expect(next).toBeGreaterThan(env.clock.now());
    expect(next - env.clock.now()).toBeLessThanOrEqual(DAY);
    expect(await race()).toBe(0);
  });

  it('refuses a wrong schedule with its field named, and stores nothing', async () => {
    const before = JSON.stringify(await env.db('config_backup_schedules').select());
    for (const [body, field] of [
      [{ mode: 'hourly', weekday: 0, hour: 3, keep: 2 }, 'mode'],
      [{ mode: 'daily', weekday: 0, hour: 24, keep: 2 }, 'hour'],
      [{ mode: 'weekly', weekday: 7, hour: 3, keep: 2 }, 'weekday'],
      [{ mode: 'daily', weekday: 0, hour: 3, keep: 0 }, 'keep'],
      [{ mode: 'daily', weekday: 0, hour: 3, keep: LIMITS.generalBackupsPerProjectMax + 1 }, 'keep'],
    ] as const) {
      const res = await owner.put(api('/backups/schedule'), body);
      expect([res.status, res.body.code, Object.keys(res.body.fields ?? {})]).toEqual([400, ErrorCode.INVALID_PARAMS, [field]]);
    }
    expect(JSON.stringify(await env.db('config_backup_schedules').select())).toBe(before);
    const mesh = (await owner.post('/api/v1/projects', { projectName: 'Schedule Home', scenario: 'hotel', netMode: 1 })).body.data.id as number;
    expect((await owner.put(`/api/v1/projects/${mesh}/backups/schedule`, { mode: 'daily', weekday: 0, hour: 3, keep: 2 })).body.code).toBe(ErrorCode.MESH_WLAN_CONFLICT);
    expect(JSON.stringify(await env.db('config_backup_schedules').select())).toBe(before);
  });

  it('takes a due run once, whichever of two instances sees it first, and lists it as scheduled', async () => {
    await toNextRun();
    expect(await race()).toBe(1);
    const taken = await scheduled();
    expect(taken).toHaveLength(1);
    const view = await schedule();
    expect(view).toMatchObject({ lastResult: 'taken', lastBackupId: taken[0]!.id });
    expect(Date.parse(view.nextRunAt) - env.clock.now()).toBeGreaterThan(DAY - 60_000);
    const listed = (await owner.get(api('/backups'))).body.data.items.find((x: { id: number }) => x.id === taken[0]!.id);
    expect(listed).toMatchObject({ type: 'general', origin: 'scheduled', createdBy: null });
  });

  it('runs once after days without a console, not once per missed day', async () => {
    const before = (await scheduled()).length;
    await advance(5 * DAY);
    expect(await race()).toBe(1);
    expect(await scheduled()).toHaveLength(before + 1);
    expect(Date.parse((await schedule()).nextRunAt)).toBeGreaterThan(env.clock.now());
  });

  it('keeps the newest N scheduled backups and never deletes a person\'s', async () => {
    const manual = await owner.post(api('/backups'), { type: 'general', remark: 'mine' });
    expect(manual.status).toBe(201);
    await advance(MINUTES_3);
    for (let i = 0; i < 3; i++) {
      await toNextRun();
      expect(await race()).toBe(1);
    }
    const kept = await scheduled();
    expect(kept).toHaveLength(2);
    // the newest two: the last run's is among them
    expect(kept.map((k) => k.id)).toContain((await schedule()).lastBackupId);
    expect(await env.db('config_backups').where({ id: manual.body.data.id }).first('id')).toBeTruthy();
  });

  it('waits for the 3 minutes after a backup a person just took, then takes its run', async () => {
    await toNextRun();
    env.clock.advance(-1000);
    const manual = await owner.post(api('/backups'), { type: 'general' });
    expect(manual.status).toBe(201);
    env.clock.advance(1000);
    const before = (await scheduled()).length;
    expect(await race()).toBe(0);
    const waiting = await schedule();
    expect(Date.parse(waiting.nextRunAt)).toBe(Date.parse(manual.body.data.createdAt) + MINUTES_3);
    await toNextRun();
    expect(await race()).toBe(1);
    expect((await scheduled()).map((s) => s.id)).toContain((await schedule()).lastBackupId);
    expect((await scheduled()).length).toBe(Math.min(before + 1, 2));
  });

  it('skips the run when the 128 general backups are all a person\'s, and says so', async () => {
    await env.db('config_backups').where({ project_id: projectId, origin: 'scheduled' }).delete();
    const template = await env.db('config_backups').where({ project_id: projectId, type: 'general' }).first();
    const { id: _id, ...copy } = template;
    const count = Number((await env.db('config_backups').where({ project_id: projectId, type: 'general' }).count({ n: '*' }).first())!.n);
    // one statement: 120-odd commits one after another outlasted the test's time on a loaded CI machine
    await env.db('config_backups').insert(Array.from({ length: Math.max(0, LIMITS.generalBackupsPerProjectMax - count) }, () => ({ ...copy, origin: 'manual', created_at: 1 })));
    await toNextRun();
    const rows = async () => JSON.stringify(await env.db('config_backups').where({ project_id: projectId }).select('id').orderBy('id'));
    const before = await rows();
    expect(await race()).toBe(0);
    expect(await rows()).toBe(before);
    const view = await schedule();
    expect(view).toMatchObject({ lastResult: 'skipped-full', lastBackupId: null });
    expect(Date.parse(view.nextRunAt)).toBeGreaterThan(env.clock.now());
  });

  it('a run whose instance died is taken by another once the lease ran out, and only once', async () => {
    await env.db('config_backups').where({ project_id: projectId, origin: 'manual', created_at: 1 }).delete();
    await toNextRun();
    const due = Number((await env.db('config_backup_schedules').where({ project_id: projectId }).first('next_run_at')).next_run_at);
    // an instance claimed it and died before taking it
    await env.db('config_backup_schedules').where({ project_id: projectId }).update({ lease_owner: 'console-dead', lease_until: env.clock.now() + 60_000 });
    const before = (await scheduled()).length;
    expect(await race()).toBe(0);
    await advance(60_001);
    expect(await race()).toBe(1);
    expect(await scheduled()).toHaveLength(Math.min(before + 1, 2));
    // another died after taking the run but before recording it: the run is not taken twice
    await env.db('config_backup_schedules').where({ project_id: projectId }).update({ next_run_at: due, lease_owner: null, lease_until: null });
    const ids = JSON.stringify(await scheduled());
    expect(await race()).toBe(0);
    expect(JSON.stringify(await scheduled())).toBe(ids);
    expect(Date.parse((await schedule()).nextRunAt)).toBeGreaterThan(env.clock.now());
  });

  it('stops when switched off', async () => {
    expect((await owner.put(api('/backups/schedule'), { mode: 'off', weekday: 0, hour: 3, keep: 2 })).body.data.nextRunAt).toBeNull();
    await advance(3 * DAY);
    const before = (await scheduled()).length;
    expect(await race()).toBe(0);
    expect(await scheduled()).toHaveLength(before);
  });
});
