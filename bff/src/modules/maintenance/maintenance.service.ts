// Bulk actions on the device list (spec §1 "device maintenance"): each device goes through the same
// checks as a single-device action (can() with its state, spec §4), so one offline or busy device
// is reported and the others still go ahead. Nothing here is a rule of its own: the devices service
// decides; this only collects one result per device.
import { ErrorCode, errorMessage, type BulkRequest, type BulkResponse, type BulkResult } from '@airloom/contracts';
import { AppError } from '../../http/app-error.js';
import type { AuthorisedProject } from '../../http/project-access.js';
import type { Logger } from '../../logger.js';
import type { DevicesService } from '../devices/devices.service.js';

export interface MaintenanceServiceDeps {
  devices: Pick<DevicesService, 'operate' | 'remove'>;
  logger: Logger;
}

export function createMaintenanceService(deps: MaintenanceServiceDeps) {
  const { devices, logger } = deps;

  async function one(project: AuthorisedProject, input: BulkRequest, sn: string): Promise<BulkResult> {
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
    async bulk(project: AuthorisedProject, input: BulkRequest): Promise<BulkResponse> {
      const results: BulkResult[] = [];
      for (const sn of input.sns) results.push(await one(project, input, sn));
      const count = (outcome: BulkResult['outcome']) => results.filter((r) => r.outcome === outcome).length;
      return { kind: input.kind, results, succeeded: count('succeeded'), refused: count('refused'), failed: count('failed') };
    },
  };
}

export type MaintenanceService = ReturnType<typeof createMaintenanceService>;
