// RF optimisation (spec §2 /manage/rfconf, §3 records, §4 states, §5 at least two devices, §9 20
// records; docs/wireless.md): the service decides who may start what; the runner does the steps.
import { ErrorCode, isDeviceOnline, LIMITS, NetMode, type RfOverview, type RfRecord, type RfRecordRadio, type RfRun, type StartRfOptimisation } from '@airloom/contracts';
import { sectionApplies } from '@airloom/contracts/config';
import type { ConfigDirectory, RfRunRow, RfStore } from '@airloom/gateway/public';
import { AppError } from '../../http/app-error.js';
import type { AuthorisedProject } from '../../http/project-access.js';
import { modelOf } from '../config/config.service.js';
import type { RfRunner } from './rf.runner.js';

export interface RfServiceDeps {
  store: RfStore;
  runner: Pick<RfRunner, 'start' | 'instance'>;
  config: Pick<ConfigDirectory, 'device'>;
  /** the project's device serial numbers */
  projectDevices(projectId: number): Promise<string[]>;
  clock: () => number;
  leaseMs: number;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function toRfRun(row: RfRunRow): RfRun {
  return {
    id: row.id,
    mode: row.mode as RfRun['mode'],
    state: row.state,
    percent: row.percent,
    sns: JSON.parse(row.sns_json) as string[],
    dueAt: row.state === 'idle' ? iso(row.due_at) : null,
    repeatHours: row.repeat_hours,
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
    error: row.error,
  };
}

function wlanOnly(project: AuthorisedProject): void {
  // spec §2: RF optimisation is for WLAN projects
  if (Number(project.row.net_mode) !== NetMode.WLAN) throw new AppError(ErrorCode.MESH_WLAN_CONFLICT);
}

export function createRfService(deps: RfServiceDeps) {
  const { store, clock } = deps;

  /** the APs a run takes: those chosen, or every online AP of the project; each must be an online AP of it */
  async function chosen(project: AuthorisedProject, sns: readonly string[] | undefined): Promise<string[]> {
    const projectId = project.row.id;
    const candidates = sns ? [...new Set(sns)] : await deps.projectDevices(projectId);
    const out: string[] = [];
    for (const sn of candidates) {
      const device = await deps.config.device(sn);
      if (!device || device.projectId !== projectId || !sectionApplies('radio', { type: device.type, model: modelOf(device) })) {
        if (sns) throw new AppError(ErrorCode.INVALID_PARAMS, { sns: 'rules.optimiseDevices.required' });
        continue;
      }
      if (!isDeviceOnline(device.status)) {
        if (sns) throw new AppError(ErrorCode.DEVICE_OFFLINE);
        continue;
      }
      out.push(sn);
    }
    // spec §5: at least two devices to optimise
    if (out.length < 2) throw new AppError(ErrorCode.INVALID_PARAMS, { sns: 'rules.optimiseDevices.required' });
    return out;
  }

  return {
    async start(project: AuthorisedProject, body: StartRfOptimisation): Promise<{ id: number }> {
      wlanOnly(project);
      const sns = await chosen(project, body.sns);
      const now = clock();
      const dueAt = body.mode === 'manual' ? null : Date.parse(body.at!);
      if (dueAt !== null && dueAt <= now) throw new AppError(ErrorCode.INVALID_PARAMS, { at: 'rules.rfAt.value' });
      const id = await store.insert({
        projectId: project.row.id,
        mode: body.mode,
        sns,
        accountId: project.principal.accountId,
        dueAt,
        repeatHours: body.mode === 'auto' ? (body.repeatHours ?? 24) : null,
        owner: deps.runner.instance,
        leaseUntil: now + deps.leaseMs,
        now,
      });
      // spec §4: another optimisation cannot start meanwhile
      if (id === null) throw new AppError(ErrorCode.PROJECT_RF_OPTIMISING);
      if (dueAt === null) void deps.runner.start((await store.find(project.row.id, id))!);
      return { id };
    },

    async overview(project: AuthorisedProject): Promise<RfOverview> {
      wlanOnly(project);
      const running = await store.running(project.row.id, clock());
      return { running: running ? toRfRun(running) : null, upcoming: (await store.idle(project.row.id)).map(toRfRun) };
    },

    async run(project: AuthorisedProject, runId: number): Promise<RfRun> {
      wlanOnly(project);
      await store.running(project.row.id, clock()); // a run whose instance died shows as failed
      const row = await store.find(project.row.id, runId);
      if (!row) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      return toRfRun(row);
    },

    async cancel(project: AuthorisedProject, runId: number): Promise<Record<string, never>> {
      wlanOnly(project);
      if (!(await store.remove(project.row.id, runId))) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      return {};
    },

    async records(project: AuthorisedProject): Promise<{ items: RfRecord[] }> {
      wlanOnly(project);
      const rows = await store.records(project.row.id, LIMITS.rfOptimisationRecordsShown);
      return {
        items: rows.map((row) => ({
          id: row.id,
          mode: row.mode as RfRecord['mode'],
          startedAt: iso(row.started_at ?? row.created_at)!,
          finishedAt: iso(row.finished_at ?? row.created_at)!,
          // records stored before the noise was read carry none
          radios: (JSON.parse(row.record_json ?? '{"radios":[]}') as { radios: Array<Omit<RfRecordRadio, 'noiseBeforeDbm' | 'noiseDbm'> & Partial<RfRecordRadio>> }).radios.map((r) => ({
            ...r,
            noiseBeforeDbm: r.noiseBeforeDbm ?? null,
            noiseDbm: r.noiseDbm ?? null,
          })),
        })),
      };
    },

    /** spec §4: whether a run is optimising in the project (configuration changes answer 27 meanwhile) */
    async optimising(projectId: number): Promise<boolean> {
      return (await store.running(projectId, clock())) !== null;
    },
  };
}

export type RfService = ReturnType<typeof createRfService>;
