// The scheduled restarts and device password cards' calls: declared endpoints of contracts (API.deviceOps.*), sent through the shell's client.
import { API, type DevicePasswordRequest, type ManagementModeRequest, type RebootSchedule } from '@airloom/contracts';
import type { ApiClient } from '@airloom/shared-ui';

export function createRebootScheduleApi(api: ApiClient, projectId: number) {
  const id = projectId;
  return {
    get: (sn: string, signal?: AbortSignal) => api.call(API.deviceOps.rebootSchedule, { params: { id, sn }, signal }),
    set: (sn: string, schedules: RebootSchedule[]) => api.call(API.deviceOps.setRebootSchedule, { params: { id, sn }, body: { schedules } }),
    setManagementMode: (sn: string, body: ManagementModeRequest) => api.call(API.deviceOps.setManagementMode, { params: { id, sn }, body }),
    setPassword: (sn: string, body: DevicePasswordRequest) => api.call(API.deviceOps.setPassword, { params: { id, sn }, body }),
  };
}
