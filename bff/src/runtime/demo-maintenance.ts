// The demo hotel's scheduled restart (spec §1 live demo, docs/maintenance.md): its first access point
// restarts every Sunday at 04:00 of the hotel's zone, so the Maintenance tab shows a schedule with its
// next run. Written once; the demo fleet really restarts at that time (a minute, at night).
import { DEMO_PROJECT_IDS, type RebootSchedule } from '@airloom/contracts';
import { createRebootScheduleStore } from '@airloom/gateway/public';
import type { Knex } from 'knex';
import { nextRebootRun } from '../modules/reboot-schedules/reboot-schedule-time.js';

export const DEMO_REBOOT_SCHEDULES: readonly RebootSchedule[] = [{ mode: 'weekly', days: [0], time: '04:00' }];

/** Seeds the schedule once; answers how many devices got one. */
export async function seedDemoRebootSchedule(db: Knex, now = Date.now()): Promise<number> {
  const projectId = DEMO_PROJECT_IDS.WLAN;
  const project = (await db('projects').where({ id: projectId }).first('zone')) as { zone: string } | undefined;
  const ap = (await db('devices').where({ project_id: projectId, type: 'ap' }).orderBy('sn').first('sn')) as { sn: string } | undefined;
  if (!project || !ap) return 0;
  const store = createRebootScheduleStore(db);
  if (await store.find(ap.sn)) return 0;
  await store.save(ap.sn, { projectId, schedulesJson: JSON.stringify(DEMO_REBOOT_SCHEDULES), nextRunAt: nextRebootRun(DEMO_REBOOT_SCHEDULES, project.zone, now), at: now, accountId: null });
  return 1;
}
