// Bulk actions on the device list (spec §1 "device maintenance"): each device goes through the same
// checks as a single-device action (can() with its state, spec §4), so one offline or busy device
// is reported and the others still go ahead. Nothing here is a rule of its own: the devices service
// decides; this only collects one result per device. A bulk upgrade is a staged rollout (the rollouts
// module plans, checks and runs it); its devices' rows are the answer's results.
import { ErrorCode, errorMessage, type BulkRequest, type BulkResponse, type BulkResult, type Rollout } from '@airloom/contracts';
import { AppError } from '../../http/app-error.js';
import type { AuthorisedProject } from '../../http/project-access.js';
import type { Logger } from '../../logger.js';
import type { DevicesService } from '../devices/devices.service.js';
import type { Rollouts } from '../rollouts/rollouts.service.js';

export interface MaintenanceServiceDeps {
  devices: Pick<DevicesService, 'operate' | 'remove'>;
  rollouts: Pick<Rollouts, 'start'>;
  logger: Logger;
}

/** A rollout device's row as a bulk result: a place in the rollout (pending, running, done) is a success; a refusal or a failure keeps its code. */
function rolloutResult(d: Rollout['devices'][number]): BulkResult {
  if (d.outcome === 'refused' || d.outcome === 'skipped' || d.outcome === 'failed') {
    const code = d.error?.code ?? ErrorCode.SERVER_ERROR;
    return { sn: d.sn, outcome: d.outcome === 'failed' ? 'failed' : 'refused', operationId: d.operationId, error: { code, message: d.error?.message ?? errorMessage(code) } };
  }
  return { sn: d.sn, outcome: 'succeeded', operationId: d.operationId, error: null };
}

export function createMaintenanceService(deps: MaintenanceServiceDeps) {
  const { devices, rollouts, logger } = deps;

  async function one(project: AuthorisedProject, input: BulkRequest & { kind: Exclude<BulkRequest['kind'], 'upgrade'> }, sn: string): Promise<BulkResult> {
    const { kind } = input;
    try {
      if (kind === 'delete') {
        await devices.remove(project, sn);
        return { sn, outcome: 'succeeded', operationId: null, error: null };
      }
      const operation = await devices.operate(project, sn, kind === 'led' ? { kind, mode: input.mode } : { kind });
      return { sn, outcome: 'succeeded', operationId: operation.id, error: null };
    } catch (err) {
      if (err instanceof AppError) return { sn, outcome: 'refused', operationId: null, error: { code: err.code, message: errorMessage(err.code) } };
      logger.error({ err, sn, kind }, 'bulk action failed on one device');
      return { sn, outcome: 'failed', operationId: null, error: { code: ErrorCode.SERVER_ERROR, message: errorMessage(ErrorCode.SERVER_ERROR) } };
    }
  }

  return {
    /** one device after the other: each is a few small writes, and the order of the answer is the order asked */
    async bulk(project: AuthorisedProject, input: BulkRequest, origin: string): Promise<BulkResponse> {
      const results: BulkResult[] = [];
      let rollout: Rollout | undefined;
      if (input.kind === 'upgrade') {
        const { sns, version, imageId, canaryPercent, waveSize, haltPercent, maxDownloads } = input;
        rollout = await rollouts.start(project, { sns, version, imageId, canaryPercent, waveSize, haltPercent, maxDownloads }, origin);
        results.push(...rollout.devices.map(rolloutResult));
      } else {
        for (const sn of input.sns) results.push(await one(project, { ...input, kind: input.kind }, sn));
      }
      const count = (outcome: BulkResult['outcome']) => results.filter((r) => r.outcome === outcome).length;
      return { kind: input.kind, results, succeeded: count('succeeded'), refused: count('refused'), failed: count('failed'), ...(rollout ? { rollout } : {}) };
    },
  };
}

export type MaintenanceService = ReturnType<typeof createMaintenanceService>;
