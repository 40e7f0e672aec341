// Auto maintenance (spec §1; docs/maintenance.md "Auto maintenance"): a per-project window, opened on
// chosen weekdays at a time of the project's zone. When it opens, every device of the project but NVRs
// (spec §4: an NVR cannot be auto-maintained) is restarted with one ordinary restart through the outbox;
// offline, busy or locally managed devices are skipped and logged. Each opening is taken once (the row
// moves on to the next opening with a conditional UPDATE), by whichever console instance gets there.
//
// Firmware upgrades come in through `inWindow` hooks, run first, each given the window and the project's
// maintainable devices; the rollouts module's hook (rollouts/window-upgrade.ts) starts a staged rollout
// to the recommended firmware when the window asks for upgrades, and a device it takes on is not
// restarted separately (its upgrade restarts it).
import { AccountRole, can, deviceContext, ErrorCode, type DeviceType, type Principal, type MaintenanceWindowRequest, type MaintenanceWindowState } from '@airloom/contracts';
import { createDeviceDirectory, createMaintenanceWindowStore, createRebootScheduleStore, type Bus, type DeviceDirectory, type MaintenanceWindowRow, type MaintenanceWindowStore, type RebootScheduleStore } from '@airloom/gateway/public';
import type { Knex } from 'knex';
import type { AuthorisedProject } from '../../http/project-access.js';
import type { Logger } from '../../logger.js';
import { nextRebootRun } from './reboot-schedule-time.js';

/** a device as a window sees it */
export interface WindowDevice {
  sn: string;
  type: DeviceType;
  model: string;
  softwareVersion: string;
  status: number;
  managementMode: string;
}

/** the window as it opens: the project, when, and what it asks for */
export interface OpenWindow {
  projectId: number;
  opensAt: number;
  reboot: boolean;
  upgrade: boolean;
  /** the console address the window was saved through (null for a window saved before upgrades existed) */
  origin: string | null;
}

/** Work done in the window before the restarts; answers the SNs it took on (they are not restarted again). */
export type InWindowHook = (window: OpenWindow, devices: readonly WindowDevice[]) => Promise<readonly string[]>;

/** the console itself, acting on the window its project's owner set (the device's rules still apply) */
const CONSOLE: Principal = { accountId: 0, role: AccountRole.NORMAL, demo: false };

const nextOpening = (w: Pick<MaintenanceWindowRequest, 'days' | 'time'>, zone: string, after: number) => nextRebootRun([{ mode: 'weekly', days: w.days, time: w.time }], zone, after);

export function createMaintenanceWindowService(deps: { store: MaintenanceWindowStore; clock: () => number }) {
  const { store, clock } = deps;
  const stateOf = (project: AuthorisedProject, row: MaintenanceWindowRow | null): MaintenanceWindowState => ({
    enabled: row?.enabled ?? false,
    days: row?.days.length ? row.days : [0],
    time: row?.time ?? '03:00',
    reboot: row?.reboot ?? true,
    upgrade: row?.upgrade ?? false,
    zone: project.row.zone,
    nextRunAt: row?.enabled ? row.next_run_at : null,
    lastRunAt: row?.last_run_at ?? null,
    lastResult: row?.last_result_json ? { upgraded: 0, ...(JSON.parse(row.last_result_json) as Omit<NonNullable<MaintenanceWindowState['lastResult']>, 'upgraded'>) } : null,
  });
  return {
    async get(project: AuthorisedProject): Promise<MaintenanceWindowState> {
      return stateOf(project, await store.find(project.row.id));
    },
    async set(project: AuthorisedProject, input: MaintenanceWindowRequest, origin: string | null = null): Promise<MaintenanceWindowState> {
      const now = clock();
      await store.save(project.row.id, { ...input, origin, nextRunAt: input.enabled ? nextOpening(input, project.row.zone, now) : null, at: now });
      return stateOf(project, await store.find(project.row.id));
    },
  };
}

export type MaintenanceWindowService = ReturnType<typeof createMaintenanceWindowService>;

export interface MaintenanceWindowJobDeps {
  store: MaintenanceWindowStore;
  devices: Pick<DeviceDirectory, 'enqueueOperation' | 'announce'>;
  log: RebootScheduleStore['log'];
  zoneOf(projectId: number): Promise<string | null>;
  clock: () => number;
  logger: Logger;
  /** the firmware part's upgrade in the window (rollouts/window-upgrade.ts) */
  inWindow?: readonly InWindowHook[];
}

export function createMaintenanceWindowJob(deps: MaintenanceWindowJobDeps) {
  const { store, devices, clock, logger } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;

  async function open(row: MaintenanceWindowRow): Promise<{ queued: number; skipped: number; excluded: number; upgraded: number } | null> {
    const dueAt = row.next_run_at!;
    const zone = await deps.zoneOf(row.project_id);
    if (zone === null) return null;
    if (!(await store.take(row.project_id, dueAt, nextOpening(row, zone, Math.max(clock(), dueAt))))) return null;
    const all = (await store.devices(row.project_id)) as WindowDevice[];
    // spec §4: an NVR cannot be auto-maintained
    const maintainable = all.filter((d) => d.type !== 'nvr');
    const window: OpenWindow = { projectId: row.project_id, opensAt: dueAt, reboot: row.reboot, upgrade: row.upgrade, origin: row.origin };
    const taken = new Set<string>();
    for (const hook of deps.inWindow ?? []) for (const sn of await hook(window, maintainable)) taken.add(sn);
    let queued = 0;
    let skipped = 0;
    if (row.reboot) {
      for (const d of maintainable) {
        if (taken.has(d.sn)) continue;
        // the device's own rules for a restart, asked for the console itself (the window's owner decided)
        const decision = can(CONSOLE, 'device.maintain', { id: row.project_id, relation: 'owner', shareExpired: false, demo: false, device: deviceContext(d) });
        const operation = decision.ok ? await devices.enqueueOperation({ projectId: row.project_id, sn: d.sn, kind: 'reboot', accountId: null }) : null;
        if (!operation) {
          skipped++;
          const reason = !decision.ok && decision.code === ErrorCode.DEVICE_OFFLINE ? 'the device was offline' : !decision.ok && decision.code === ErrorCode.LOCAL_MODE ? 'the device is managed locally' : 'the device was busy';
          await deps.log({ projectId: row.project_id, sn: d.sn, t: clock(), event: 'reboot.skipped', params: { reason } }).catch(() => undefined);
          continue;
        }
        queued++;
        await devices.announce(d.sn, { nudge: true, operationId: operation.id }).catch((err: unknown) => logger.warn({ err, sn: d.sn }, 'maintenance restart queued but not announced'));
      }
    }
    const result = { queued, skipped, excluded: all.length - maintainable.length, upgraded: taken.size };
    await store.record(row.project_id, dueAt, result);
    return result;
  }

  async function runDue(): Promise<number> {
    let opened = 0;
    for (const row of await store.due(clock())) {
      try {
        if (await open(row)) opened++;
      } catch (err) {
        logger.error({ err, projectId: row.project_id }, 'maintenance window failed');
      }
    }
    return opened;
  }

  return {
    runDue,
    start(everyMs = 15_000): void {
      const pass = () => {
        if (running) return;
        running = runDue()
          .catch((err: unknown) => logger.error({ err }, 'maintenance windows pass failed'))
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

export type MaintenanceWindowJob = ReturnType<typeof createMaintenanceWindowJob>;

/** the job on a database as a console instance runs it (main.ts) */
export function maintenanceWindowJobOn(db: Knex, bus: Bus | undefined, options: { logger: Logger; clock?: () => number; inWindow?: readonly InWindowHook[] }): MaintenanceWindowJob {
  return createMaintenanceWindowJob({
    store: createMaintenanceWindowStore(db),
    devices: createDeviceDirectory(db, bus),
    log: createRebootScheduleStore(db, bus).log,
    clock: options.clock ?? Date.now,
    logger: options.logger,
    ...(options.inWindow ? { inWindow: options.inWindow } : {}),
    zoneOf: async (id) => ((await db('projects').where({ id }).first('zone')) as { zone: string } | undefined)?.zone ?? null,
  });
}

