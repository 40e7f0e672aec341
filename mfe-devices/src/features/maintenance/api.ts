// The maintenance tab's calls: declared endpoints of contracts (API.devices.*), sent through the shell's client.
import { API, type OperationRequest } from '@airloom/contracts';
import type { ApiClient } from '@airloom/shared-ui';

export function createMaintenanceApi(api: ApiClient, projectId: number) {
  const id = projectId;
  return {
    detail: (sn: string, signal?: AbortSignal) => api.call(API.devices.detail, { params: { id, sn }, signal }),
    operate: (sn: string, body: OperationRequest) => api.call(API.devices.operate, { params: { id, sn }, body }),
    firmware: (signal?: AbortSignal) => api.call(API.firmware.firmware, { params: { id }, signal }),
    upload: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      // the declaration has no JSON body: the client sends a FormData as multipart/form-data as it is
      return api.call(API.firmware.uploadFirmware, { params: { id }, body: form as unknown as undefined });
    },
  };
}

export type MaintenanceApi = ReturnType<typeof createMaintenanceApi>;
