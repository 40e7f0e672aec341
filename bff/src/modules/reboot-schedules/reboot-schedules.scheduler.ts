// The scheduled reboots' job (docs/maintenance.md "Scheduled and cyclic reboot"): every console
// instance runs one. Each pass takes the due slots — moving a schedule on to its next slot with a
// conditional UPDATE, so exactly one instance takes a slot and a restarted console never takes it
// again — and queues an ordinary reboot operation through the outbox (the gateway sends it once, with
// its command_key). A device that is offline, busy or managed locally is skipped, and the skip is
// written to the run log. Slots missed while no console ran collapse into one, taken on start.
import { deviceContext, type RebootRunResult } from '@airloom/contracts';
import { createDeviceDirectory, createRebootScheduleStore, type Bus, type DeviceDirectory, type RebootScheduleRow, type RebootScheduleStore } from '@airloom/gateway/public';
import type { Knex } from 'knex';
import type { Logger } from '../../logger.js';
import { nextRebootRun } from './reboot-schedule-time.js';
import { parseSchedules } from './reboot-schedules.service.js';

export interface RebootSchedulerDeps {
  store: RebootScheduleStore;
  devices: Pick<DeviceDirectory, 'find' | 'enqueueOperation' | 'announce'>;
  /** the project's zone (spec §3), null once the project is gone */
  zoneOf(projectId: number): Promise<string | null>;
  clock: () => number;
  logger: Logger;
}

const SKIP_REASONS: Record<Exclude<RebootRunResult, 'queued'>, string> = {
  'skipped-offline': 'the device was offline',
  'skipped-busy': 'the device was busy (restarting, upgrading or a restart already queued)',
  'skipped-local': 'the device is managed locally',
};

export function createRebootScheduler(deps: RebootSchedulerDeps) {
  const { store, devices, clock, logger } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | null = null;

  /** takes one due slot; answers what it did, or null when another instance took it or the schedule is gone */
  async function runOne(row: RebootScheduleRow): Promise<RebootRunResult | null> {
    const dueAt = row.next_run_at!;
    const device = await devices.find(row.sn);
    const zone = await deps.zoneOf(row.project_id);
    if (!device || device.projectId !== row.project_id || zone === null) {
      // the device left the project (or the project is gone): its schedule goes with it
      await store.remove(row.sn);
      return null;
    }
    const now = clock();
    const next = nextRebootRun(parseSchedules(row), zone, Math.max(now, dueAt), dueAt);
    if (!(await store.takeSlot(row.sn, dueAt, next))) return null;

    const ctx = deviceContext(device);
    let result: RebootRunResult;
    let operationId: number | null = null;
    if (ctx.busy) result = 'skipped-busy';
    else if (!ctx.online) result = 'skipped-offline';
    else if (ctx.managementMode !== 'cloud') result = 'skipped-local';
    else {
      const operation = await devices.enqueueOperation({ projectId: row.project_id, sn: row.sn, kind: 'reboot', accountId: null });
      // spec §4: one restart at a time — a restart already queued or running covers this slot
      if (operation) {
        result = 'queued';
        operationId = operation.id;
      } else result = 'skipped-busy';
    }
    await store.recordRun(row.sn, dueAt, result, operationId);
    try {
      if (operationId !== null) await devices.announce(row.sn, { nudge: true, operationId });
      await store.log(
        result === 'queued'
          ? { projectId: row.project_id, sn: row.sn, t: now, event: 'reboot.scheduled' }
          : { projectId: row.project_id, sn: row.sn, t: now, event: 'reboot.skipped', params: { reason: SKIP_REASONS[result] } },
      );
    } catch (err) {
      logger.warn({ err, sn: row.sn }, 'scheduled reboot recorded but not announced');
    }
    return result;
  }

  /** one pass: every due slot this instance takes; answers how many reboots it queued */
  async function runDue(): Promise<number> {
    let queued = 0;
    for (const row of await store.due(clock())) {
      try {
        if ((await runOne(row)) === 'queued') queued++;
      } catch (err) {
        logger.error({ err, sn: row.sn }, 'scheduled reboot failed');
      }
    }
    return queued;
  }

  return {
    runDue,
    /** passes every `everyMs` until stopped; a pass never overlaps the previous one */
    start(everyMs = 15_000): void {
      const pass = () => {
        if (running) return;
        running = runDue()
          .catch((err: unknown) => {
            logger.error({ err }, 'scheduled reboots pass failed');
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

export type RebootScheduler = ReturnType<typeof createRebootScheduler>;

/** the job on a database as a console instance runs it (main.ts; tests run two of them) */
export function rebootSchedulerOn(db: Knex, bus: Bus | undefined, options: { logger: Logger; clock?: () => number }): RebootScheduler {
  return createRebootScheduler({
    store: createRebootScheduleStore(db, bus),
    devices: createDeviceDirectory(db, bus),
    clock: options.clock ?? Date.now,
    logger: options.logger,
    zoneOf: async (id) => ((await db('projects').where({ id }).first('zone')) as { zone: string } | undefined)?.zone ?? null,
  });
}
