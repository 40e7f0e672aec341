// The device's local administrator password (spec §5 device-password rule; docs/maintenance.md
// "Device password"). The device's own rules for a configuration change apply (offline 36, busy 71,
// local mode 76). The password goes to the gateway that hears the device, which Sets it at once: it is
// not stored, not logged and not answered back; the run log records only that it was changed.
import { can, deviceContext, ErrorCode, type DevicePasswordRequest, type DevicePasswordResult } from '@airloom/contracts';
import { AskError, type DeviceCredentials, type DeviceDirectory, type RebootScheduleStore } from '@airloom/gateway/public';
import { AppError } from '../../http/app-error.js';
import type { AuthorisedProject } from '../../http/project-access.js';
import type { Logger } from '../../logger.js';

export interface DevicePasswordDeps {
  credentials: DeviceCredentials;
  devices: Pick<DeviceDirectory, 'find'>;
  /** the run log's writer (one entry, without the password) */
  log: RebootScheduleStore['log'];
  clock: () => number;
  logger: Logger;
}

export function createDevicePasswordService(deps: DevicePasswordDeps) {
  const { credentials, devices, clock, logger } = deps;
  return {
    async set(project: AuthorisedProject, sn: string, input: DevicePasswordRequest): Promise<DevicePasswordResult> {
      const device = await devices.find(sn);
      if (!device || device.projectId !== project.row.id) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      const decision = can(project.principal, 'device.configure', { ...project.ctx, device: deviceContext(device) });
      if (!decision.ok) throw new AppError(decision.code);
      try {
        await credentials.setAdminPassword(sn, input.password);
      } catch (err) {
        if (!(err instanceof AskError)) throw err;
        // the error's text never carries the password (the gateway passes the device's code only)
        logger.warn({ sn, reason: err.message }, 'device password not set');
        if (err.message.startsWith('no gateway hears')) throw new AppError(ErrorCode.DEVICE_OFFLINE);
        if (err.message.startsWith('the device refused')) throw new AppError(ErrorCode.CONFIG_FAILED);
        throw new AppError(ErrorCode.DEVICE_RESULT_UNKNOWN);
      }
      const at = clock();
      await deps.log({ projectId: project.row.id, sn, t: at, event: 'device.passwordChanged' }).catch((err: unknown) => logger.warn({ err, sn }, 'device password set but not logged'));
      return { sn, setAt: new Date(at).toISOString() };
    },
  };
}

export type DevicePasswordService = ReturnType<typeof createDevicePasswordService>;
