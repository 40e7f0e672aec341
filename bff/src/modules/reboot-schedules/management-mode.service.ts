// A device's management mode (spec §3: cloud, local; docs/maintenance.md "Management mode"). Handing
// a device to local management is a change of the device, so the device's rules apply (offline 36,
// busy 71) — except local mode itself, which must not stop the way back to the cloud.
import { can, deviceContext, ErrorCode, type ManagementModeRequest, type ManagementModeResult } from '@airloom/contracts';
import { AskError, type DeviceCredentials, type DeviceDirectory, type RebootScheduleStore } from '@airloom/gateway/public';
import { AppError } from '../../http/app-error.js';
import type { AuthorisedProject } from '../../http/project-access.js';
import type { Logger } from '../../logger.js';

export interface ManagementModeDeps {
  credentials: DeviceCredentials;
  devices: Pick<DeviceDirectory, 'find'>;
  log: RebootScheduleStore['log'];
  clock: () => number;
  logger: Logger;
}

export function createManagementModeService(deps: ManagementModeDeps) {
  const { credentials, devices, clock, logger } = deps;
  return {
    async set(project: AuthorisedProject, sn: string, input: ManagementModeRequest): Promise<ManagementModeResult> {
      const device = await devices.find(sn);
      if (!device || device.projectId !== project.row.id) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      const decision = can(project.principal, 'device.configure', { ...project.ctx, device: { ...deviceContext(device), managementMode: 'cloud' } });
      if (!decision.ok) throw new AppError(decision.code);
      if (device.managementMode === input.mode) return { sn, managementMode: input.mode };
      try {
        await credentials.setManagementMode(sn, input.mode);
      } catch (err) {
        if (!(err instanceof AskError)) throw err;
        logger.warn({ sn, reason: err.message }, 'management mode not changed');
        if (err.message.startsWith('no gateway hears')) throw new AppError(ErrorCode.DEVICE_OFFLINE);
        if (err.message.startsWith('the device refused')) throw new AppError(ErrorCode.CONFIG_FAILED);
        throw new AppError(ErrorCode.DEVICE_RESULT_UNKNOWN);
      }
      await deps.log({ projectId: project.row.id, sn, t: clock(), event: 'device.managementMode', params: { mode: input.mode } }).catch((err: unknown) => logger.warn({ err, sn }, 'management mode changed but not logged'));
      return { sn, managementMode: input.mode };
    },
  };
}

export type ManagementModeService = ReturnType<typeof createManagementModeService>;
