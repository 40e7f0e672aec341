// The scheduled backups' job (docs/config-engine.md "Scheduled backups"): every console instance runs
// one; each pass claims the schedules that are due with a conditional UPDATE (a lease on the row), so
// of several instances on one database exactly one takes each run, and a run whose instance died is
// taken by another once the lease runs out. After a run the next one is counted from now: runs missed
// while no console ran collapse into the one taken when a console runs again.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { createBackupStore, createConfigDirectory, type BackupScheduleRow, type BackupStore } from '@airloom/gateway/public';
import type { Knex } from 'knex';
import type { Logger } from '../../logger.js';
import { nextBackupRun } from './backup-schedule-time.js';
import { createBackupsService, type BackupsService, type ScheduledProject } from './backups.service.js';

/** long enough for any snapshot; a run still leased after it is taken by another instance */
export const SCHEDULE_LEASE_MS = 5 * 60_000;

export interface BackupSchedulerDeps {
  store: BackupStore;
  backups: BackupsService;
  /** the project of a schedule, null once it is gone */
  projectOf(projectId: number): Promise<ScheduledProject['row'] | null>;
  clock: () => number;
  logger: Logger;
  /** this instance's name in the lease; a random one by default */
  instance?: string;
}

export function createBackupScheduler(deps: BackupSchedulerDeps) {
  const { store, backups, clock, logger } = deps;
  const instance = deps.instance ?? `${os.hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | null = null;

  async function runOne(row: BackupScheduleRow): Promise<boolean> {
    const dueAt = row.next_run_at!;
    const now = clock();
    if (!(await store.claimSchedule(row.project_id, dueAt, instance, now, now + SCHEDULE_LEASE_MS))) return false;
    const project = await deps.projectOf(row.project_id);
    if (!project) {
      await store.removeSchedule(row.project_id);
      return false;
    }
    const schedule = { mode: row.mode as 'daily' | 'weekly', weekday: row.weekday, hour: row.hour };
    try {
      const run = await backups.takeScheduled({ row: project }, row.keep, dueAt);
      if (run.result === 'wait') {
        // spec §9: a general backup was taken less than 3 minutes ago; this run follows once they have passed
        await store.finishSchedule(row.project_id, instance, { nextRunAt: run.until, ran: null });
        return false;
      }
      const end = clock();
      await store.finishSchedule(row.project_id, instance, { nextRunAt: nextBackupRun(schedule, project.zone, end), ran: { at: end, result: run.result, backupId: run.backupId } });
      if (run.result === 'skipped-full') logger.warn({ projectId: row.project_id }, 'scheduled backup skipped: the project keeps 128 general backups, none of them scheduled');
      return run.result === 'taken' && !run.before;
    } catch (err) {
      logger.error({ err, projectId: row.project_id }, 'scheduled backup failed');
      const end = clock();
      await store.finishSchedule(row.project_id, instance, { nextRunAt: nextBackupRun(schedule, project.zone, end), ran: { at: end, result: 'failed', backupId: null } });
      return false;
    }
  }

  /** one pass: takes every due run this instance can claim; answers how many backups it took */
  async function runDue(): Promise<number> {
    let taken = 0;
    for (const row of await store.dueSchedules(clock())) {
      if (await runOne(row)) taken++;
    }
    return taken;
  }

  return {
    instance,
    runDue,
    /** passes every `everyMs` until stopped; a pass never overlaps the previous one */
    start(everyMs = 30_000): void {
      const pass = () => {
        if (running) return;
        running = runDue()
          .catch((err: unknown) => {
            logger.error({ err }, 'scheduled backups pass failed');
            return 0;
          })
          .finally(() => {
            running = null;
          });
      };
      timer = setInterval(pass, everyMs);
      timer.unref();
      pass();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

export type BackupScheduler = ReturnType<typeof createBackupScheduler>;

/** the job on a database as a console instance runs it (main.ts; tests race two of them) */
export function backupSchedulerOn(db: Knex, options: { logger: Logger; clock?: () => number; instance?: string }): BackupScheduler {
  const clock = options.clock ?? Date.now;
  const store = createBackupStore(db);
  // the console takes scheduled backups itself: nobody is named as their author
  const backups = createBackupsService({ store, directory: createConfigDirectory(db), actorOf: async () => null, clock });
  return createBackupScheduler({
    store,
    backups,
    clock,
    logger: options.logger,
    ...(options.instance ? { instance: options.instance } : {}),
    projectOf: async (id) => ((await db('projects').where({ id }).first('id', 'project_name', 'net_mode', 'zone')) as ScheduledProject['row'] | undefined) ?? null,
  });
}
