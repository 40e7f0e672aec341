// Handlers of contracts' device-ops endpoints (API.deviceOps): the access step has run, each calls the service.
import type { Handlers } from '../../http/endpoints.js';
import { requestOrigin } from '../../http/security.js';
import type { DevicePasswordService } from './device-password.service.js';
import type { ManagementModeService } from './management-mode.service.js';
import type { ConfigService } from '../config/config.service.js';
import type { MaintenanceWindowService } from './maintenance-window.js';
import type { RebootSchedulesService } from './reboot-schedules.service.js';

export function deviceOpsHandlers(deps: { rebootSchedules: RebootSchedulesService; devicePassword: DevicePasswordService; managementMode: ManagementModeService; config: Pick<ConfigService, 'copyFrom'>; maintenanceWindow: MaintenanceWindowService }): Handlers['deviceOps'] {
  const { rebootSchedules, devicePassword, managementMode, config, maintenanceWindow } = deps;
  return {
    rebootSchedule: (call) => rebootSchedules.get(call.project(), call.params.sn),
    setRebootSchedule: (call) => rebootSchedules.set(call.project(), call.params.sn, call.body),
    setManagementMode: (call) => managementMode.set(call.project(), call.params.sn, call.body),
    copyConfig: (call) => config.copyFrom(call.project(), call.params.sn, call.body.from),
    maintenanceWindow: (call) => maintenanceWindow.get(call.project()),
    // the console address it was saved through: where the devices download an upgrade from without PUBLIC_URL
    setMaintenanceWindow: (call) => maintenanceWindow.set(call.project(), call.body, requestOrigin(call.req)),
    setPassword: (call) => devicePassword.set(call.project(), call.params.sn, call.body),
  };
}
