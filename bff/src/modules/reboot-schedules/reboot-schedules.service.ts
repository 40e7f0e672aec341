// Scheduled and cyclic reboots of a device (spec §1 device maintenance, §4 modes, §5 timer rules;
// docs/maintenance.md). The schedule is the console's: it is saved while the device is offline (a
// due slot then skips it), but not for a device managed locally (76), which the cloud does not restart.
// The due slots are the scheduler's (reboot-schedules.scheduler.ts).
import { can, deviceContext, ErrorCode, RebootScheduleStateSchema, type RebootSchedule, type RebootScheduleRequest, type RebootScheduleState } from '@airloom/contracts';
import type { DeviceDirectory, RebootScheduleRow, RebootScheduleStore } from '@airloom/gateway/public';
import { AppError } from '../../http/app-error.js';
import type { AuthorisedProject } from '../../http/project-access.js';
import { nextRebootRun } from './reboot-schedule-time.js';

export interface RebootSchedulesDeps {
  store: RebootScheduleStore;
  devices: Pick<DeviceDirectory, 'find'>;
  clock: () => number;
}

/** the stored list, read back through the same schema the API answers with */
export function parseSchedules(row: RebootScheduleRow | null): RebootSchedule[] {
  if (!row) return [];
  try {
    const parsed = RebootScheduleStateSchema.shape.schedules.safeParse(JSON.parse(row.schedules_json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export function createRebootSchedulesService(deps: RebootSchedulesDeps) {
  const { store, devices, clock } = deps;

  async function deviceOf(project: AuthorisedProject, sn: string) {
    const row = await devices.find(sn);
    if (!row || row.projectId !== project.row.id) throw new AppError(ErrorCode.DATA_NOT_FOUND);
    return row;
  }

  function stateOf(project: AuthorisedProject, row: RebootScheduleRow | null): RebootScheduleState {
    return {
      schedules: parseSchedules(row),
      zone: project.row.zone,
      nextRunAt: row?.next_run_at ?? null,
      lastRunAt: row?.last_run_at ?? null,
      lastResult: (row?.last_result as RebootScheduleState['lastResult']) ?? null,
      lastOperationId: row?.last_operation_id ?? null,
    };
  }

  return {
    async get(project: AuthorisedProject, sn: string): Promise<RebootScheduleState> {
      await deviceOf(project, sn);
      return stateOf(project, await store.find(sn));
    },

    async set(project: AuthorisedProject, sn: string, input: RebootScheduleRequest): Promise<RebootScheduleState> {
      const device = await deviceOf(project, sn);
      // the device's own rules for a restart, except that it need not be online or idle now: the
      // schedule is kept by the console and a due slot checks the device again
      const decision = can(project.principal, 'device.reboot', { ...project.ctx, device: { ...deviceContext(device), online: true, busy: null } });
      if (!decision.ok) throw new AppError(decision.code);
      if (input.schedules.length === 0) {
        await store.remove(sn);
        return stateOf(project, null);
      }
      const now = clock();
      await store.save(sn, {
        projectId: project.row.id,
        schedulesJson: JSON.stringify(input.schedules),
        nextRunAt: nextRebootRun(input.schedules, project.row.zone, now),
        at: now,
        accountId: project.principal.accountId,
      });
      return stateOf(project, await store.find(sn));
    },
  };
}

export type RebootSchedulesService = ReturnType<typeof createRebootSchedulesService>;
