// Staged firmware rollouts (docs/maintenance.md "Staged rollouts"): a bulk upgrade as a canary group,
// then waves. Everything is in the database (rollouts, rollout_devices), so a console restart picks
// it up where it was; whichever instance holds a rollout's lease advances it. Each device's upgrade
// is the single-device upgrade (devices.operate: can() with the device's state, the outbox, at most
// once), asked as the person who started the rollout, checked again at every step (a share that has
// expired stops it). A wave ends when each of its devices succeeded, failed, was refused or skipped
// (already on the target version); when more than haltPercent of its upgrades failed, the rollout halts
// until the user resumes it. A device's upgrade is queued in the same transaction that marks its row
// running with the operation's id, so a console killed in between leaves both or neither: the next
// instance never queues a second upgrade nor records a refusal while an untracked one runs.
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { ErrorCode, errorMessage, isOperationFinished, needsUpgrade, recommendedFirmware, type OperationState, type Principal, type Rollout, type RolloutOutcome, type RolloutRequest } from '@airloom/contracts';
import { AppError } from '../../http/app-error.js';
import type { AuthorisedProject, ProjectAccess } from '../../http/project-access.js';
import type { Logger } from '../../logger.js';
import type { DevicesService } from '../devices/devices.service.js';

interface RolloutRow {
  id: number;
  project_id: number;
  target_json: string;
  canary_percent: number;
  wave_size: number;
  halt_percent: number;
  max_downloads: number;
  state: 'running' | 'halted' | 'done';
  wave: number;
  waves: number;
  lease_owner: string | null;
  lease_until: number | null;
  created_at: number;
  updated_at: number;
}
interface DeviceRow {
  rollout_id: number;
  sn: string;
  wave: number;
  position: number;
  operation_id: number | null;
  outcome: RolloutOutcome;
  code: number | null;
}
interface Target {
  version?: string;
  imageId?: number;
  /** the console's address the rollout was started on (the devices download from it) */
  origin: string;
  principal: Principal;
}

export interface RolloutsDeps {
  db: Knex;
  devices: Pick<DevicesService, 'operate'>;
  access: Pick<ProjectAccess, 'authorise'>;
  clock: () => number;
  logger: Logger;
  /** how long an instance holds a rollout it advances */
  leaseMs?: number;
}

/** The waves of `n` devices: the canary group (at least one), then groups of `waveSize`. */
export function planWaves(n: number, canaryPercent: number, waveSize: number): number[] {
  const canary = Math.min(n, Math.max(1, Math.ceil((n * canaryPercent) / 100)));
  return Array.from({ length: n }, (_, i) => (i < canary ? 0 : 1 + Math.floor((i - canary) / waveSize)));
}

/** Whether a finished wave halts the rollout: more than haltPercent of the upgrades that ran failed (refusals did not run). */
export function waveHalts(results: readonly RolloutOutcome[], haltPercent: number): boolean {
  const failed = results.filter((r) => r === 'failed').length;
  const ran = failed + results.filter((r) => r === 'succeeded').length;
  return ran > 0 && failed * 100 > haltPercent * ran;
}

export function createRollouts(deps: RolloutsDeps) {
  const { db, clock, logger } = deps;
  const recommended = (model: string) => recommendedFirmware(model)?.version;
  const owner = `bff-${randomBytes(4).toString('hex')}`;
  const leaseMs = deps.leaseMs ?? 15_000;
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | null = null;

  async function load(row: RolloutRow): Promise<Rollout> {
    const rows = (await db('rollout_devices').where({ rollout_id: row.id }).orderBy('position')) as DeviceRow[];
    const target = JSON.parse(row.target_json) as Target;
    const counts = { pending: 0, running: 0, succeeded: 0, failed: 0, refused: 0, skipped: 0 };
    for (const d of rows) counts[d.outcome]++;
    return {
      id: Number(row.id),
      state: row.state,
      wave: Number(row.wave),
      waves: Number(row.waves),
      version: target.version ?? null,
      imageId: target.imageId ?? null,
      canaryPercent: Number(row.canary_percent),
      waveSize: Number(row.wave_size),
      haltPercent: Number(row.halt_percent),
      maxDownloads: Number(row.max_downloads),
      counts,
      createdAt: new Date(Number(row.created_at)).toISOString(),
      updatedAt: new Date(Number(row.updated_at)).toISOString(),
      devices: rows.map((d) => ({
        sn: d.sn,
        wave: Number(d.wave),
        outcome: d.outcome,
        operationId: d.operation_id === null ? null : Number(d.operation_id),
        error: d.code === null ? null : { code: Number(d.code), message: errorMessage(Number(d.code)) },
      })),
    };
  }

  /** One step of one rollout this instance holds: outcomes of running upgrades, new starts, the end of a wave. */
  async function advance(row: RolloutRow): Promise<void> {
    const target = JSON.parse(row.target_json) as Target;
    const now = clock();
    let project: AuthorisedProject;
    try {
      project = await deps.access.authorise(target.principal, Number(row.project_id), 'device.upgrade');
    } catch (err) {
      // the person may no longer upgrade here (a share ended, the project is gone): it stops, resumable
      logger.warn({ err, rollout: row.id }, 'rollout halted: its starter may no longer upgrade these devices');
      await db('rollouts').where({ id: row.id }).update({ state: 'halted', updated_at: now });
      return;
    }
    const devices = (await db('rollout_devices').where({ rollout_id: row.id }).orderBy('position')) as DeviceRow[];
    // the upgrades under way: finished ones become results
    const runningRows = devices.filter((d) => d.outcome === 'running' && d.operation_id !== null);
    if (runningRows.length) {
      const ops = (await db('operations').whereIn('id', runningRows.map((d) => Number(d.operation_id))).select('id', 'state', 'error_code')) as { id: number; state: OperationState; error_code: number | null }[];
      const byId = new Map(ops.map((o) => [Number(o.id), o]));
      for (const d of runningRows) {
        const op = byId.get(Number(d.operation_id));
        if (!op || !isOperationFinished(op.state)) continue;
        d.outcome = op.state === 'done' ? 'succeeded' : 'failed';
        d.code = op.state === 'done' ? null : Number(op.error_code ?? ErrorCode.SERVER_ERROR);
        await db('rollout_devices').where({ rollout_id: row.id, sn: d.sn }).update({ outcome: d.outcome, code: d.code, updated_at: now });
      }
    }
    const wave = Number(row.wave);
    const inWave = devices.filter((d) => d.wave === wave);
    // start the wave's next devices, never more upgrading at once than allowed
    let slots = Number(row.max_downloads) - devices.filter((d) => d.outcome === 'running').length;
    for (const d of inWave) {
      if (slots <= 0) break;
      if (d.outcome !== 'pending') continue;
      const where = { rollout_id: row.id, sn: d.sn, outcome: 'pending' };
      const facts = (await db('devices').where({ sn: d.sn }).first('model', 'software_version')) as { model: string; software_version: string } | undefined;
      // "recommended": a device on it (or on a newer one) is left alone rather than re-flashed or downgraded
      if (target.imageId === undefined && target.version === undefined && facts && recommended(facts.model) !== undefined && facts.software_version !== '' && !needsUpgrade(facts.model, facts.software_version)) {
        d.outcome = 'skipped';
        d.code = ErrorCode.FIRMWARE_ALREADY_INSTALLED;
        await db('rollout_devices').where(where).update({ outcome: d.outcome, code: d.code, updated_at: now });
        continue;
      }
      try {
        const request = { kind: 'upgrade', ...(target.imageId !== undefined ? { imageId: target.imageId } : { version: target.version ?? recommended(facts?.model ?? '') ?? '-' }) };
        // the row says running with the operation's id in the transaction that queues it, or nothing happened
        const op = await deps.devices.operate(project, d.sn, request as never, target.origin, async (trx, operation) => {
          const marked = await trx('rollout_devices').where(where).update({ outcome: 'running', operation_id: operation.id, code: null, updated_at: now });
          if (marked !== 1) throw new Error(`rollout ${row.id}: ${d.sn} was started by another instance`);
        });
        d.outcome = 'running';
        d.operation_id = op.id;
        slots--;
        continue;
      } catch (err) {
        const code = err instanceof AppError ? err.code : ErrorCode.SERVER_ERROR;
        d.outcome = code === ErrorCode.FIRMWARE_ALREADY_INSTALLED ? 'skipped' : 'refused';
        d.code = code;
        if (!(err instanceof AppError)) logger.error({ err, sn: d.sn }, 'rollout: an upgrade could not be asked');
      }
      // another instance that took the lease meanwhile may have started it: its row is what counts
      if ((await db('rollout_devices').where(where).update({ outcome: d.outcome, code: d.code, updated_at: now })) === 0) {
        d.outcome = ((await db('rollout_devices').where({ rollout_id: row.id, sn: d.sn }).first('outcome')) as { outcome: RolloutOutcome } | undefined)?.outcome ?? 'running';
      }
    }
    if (inWave.some((d) => d.outcome === 'pending' || d.outcome === 'running')) {
      await db('rollouts').where({ id: row.id }).update({ updated_at: now });
      return;
    }
    // the wave is over
    if (waveHalts(inWave.map((d) => d.outcome), Number(row.halt_percent))) {
      await db('rollouts').where({ id: row.id }).update({ state: 'halted', updated_at: now });
      return;
    }
    const next = wave + 1;
    await db('rollouts').where({ id: row.id }).update({ wave: next, state: next >= Number(row.waves) ? 'done' : 'running', updated_at: now });
  }

  async function tick(): Promise<void> {
    if (ticking) return ticking;
    ticking = (async () => {
      const now = clock();
      const rows = (await db('rollouts').where({ state: 'running' }).andWhere((q) => q.whereNull('lease_owner').orWhere('lease_owner', owner).orWhere('lease_until', '<', now)).limit(20)) as RolloutRow[];
      for (const row of rows) {
        const taken = await db('rollouts')
          .where({ id: row.id, state: 'running' })
          .andWhere((q) => q.whereNull('lease_owner').orWhere('lease_owner', owner).orWhere('lease_until', '<', now))
          .update({ lease_owner: owner, lease_until: now + leaseMs });
        if (taken !== 1) continue;
        try {
          await advance(row);
        } catch (err) {
          logger.error({ err, rollout: row.id }, 'rollout step failed');
        }
      }
    })().finally(() => {
      ticking = null;
    });
    return ticking;
  }

  return {
    tick,
    /** advances running rollouts every `everyMs` (main.ts; tests call tick()) */
    run(everyMs = 1_000) {
      timer ??= setInterval(() => void tick().catch((err: unknown) => logger.error({ err }, 'rollouts tick failed')), everyMs);
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await ticking;
    },

    async list(project: AuthorisedProject): Promise<{ items: Rollout[] }> {
      const rows = (await db('rollouts').where({ project_id: project.row.id }).orderBy('id', 'desc').limit(20)) as RolloutRow[];
      return { items: await Promise.all(rows.map(load)) };
    },

    async start(project: AuthorisedProject, input: RolloutRequest, origin: string): Promise<Rollout> {
      const plan = planWaves(input.sns.length, input.canaryPercent, input.waveSize);
      const now = clock();
      const target: Target = { ...(input.version !== undefined ? { version: input.version } : {}), ...(input.imageId !== undefined ? { imageId: input.imageId } : {}), origin, principal: project.principal };
      const id = await db.transaction(async (trx) => {
        const [rid] = await trx('rollouts').insert({
          project_id: project.row.id, created_by_account_id: project.principal.accountId, target_json: JSON.stringify(target),
          canary_percent: input.canaryPercent, wave_size: input.waveSize, halt_percent: input.haltPercent, max_downloads: input.maxDownloads,
          state: 'running', wave: 0, waves: Math.max(...plan) + 1, lease_owner: null, lease_until: null, created_at: now, updated_at: now,
        });
        const rows = input.sns.map((sn, i) => ({ rollout_id: Number(rid), sn, wave: plan[i]!, position: i, operation_id: null, outcome: 'pending', code: null, updated_at: now }));
        for (let i = 0; i < rows.length; i += 100) await trx('rollout_devices').insert(rows.slice(i, i + 100));
        return Number(rid);
      });
      await tick();
      return load((await db('rollouts').where({ id }).first()) as RolloutRow);
    },

    async resume(project: AuthorisedProject, rolloutId: number, origin: string): Promise<Rollout> {
      const row = (await db('rollouts').where({ id: rolloutId, project_id: project.row.id, state: 'halted' }).first()) as RolloutRow | undefined;
      if (!row) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      const target = { ...(JSON.parse(row.target_json) as Target), origin, principal: project.principal };
      // a wave that halted it is over: the next one starts; one halted mid-wave (access lost) goes on with it
      const devices = (await db('rollout_devices').where({ rollout_id: rolloutId, wave: row.wave }).select('outcome')) as { outcome: RolloutOutcome }[];
      const waveOver = devices.every((d) => d.outcome !== 'pending' && d.outcome !== 'running');
      const wave = waveOver ? Number(row.wave) + 1 : Number(row.wave);
      await db('rollouts').where({ id: rolloutId, state: 'halted' }).update({ state: wave >= Number(row.waves) ? 'done' : 'running', wave, target_json: JSON.stringify(target), lease_owner: null, lease_until: null, updated_at: clock() });
      await tick();
      return load((await db('rollouts').where({ id: rolloutId }).first()) as RolloutRow);
    },
  };
}

export type Rollouts = ReturnType<typeof createRollouts>;
