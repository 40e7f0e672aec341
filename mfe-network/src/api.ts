// The network remote's calls: each one a declared endpoint of contracts (API.devices.*), sent through
// the shell's client (props.api), which fills the path and checks the answer against its schema.
import type { ApiClient } from '@airloom/shared-ui';
import { API, type DeviceAddRequest, type DeviceRenameRequest, type OperationRequest } from '@airloom/contracts';

export function createNetworkApi(api: ApiClient, projectId: number) {
  const project = { id: projectId };
  const device = (sn: string) => ({ id: projectId, sn });
  return {
    listDevices: (signal?: AbortSignal) => api.call(API.devices.list, { params: project, signal }),
    summary: (signal?: AbortSignal) => api.call(API.devices.summary, { params: project, signal }),
    detail: (sn: string, signal?: AbortSignal) => api.call(API.devices.detail, { params: device(sn), signal }),
    rename: (sn: string, body: DeviceRenameRequest) => api.call(API.devices.rename, { params: device(sn), body }),
    operate: (sn: string, body: OperationRequest) => api.call(API.devices.operate, { params: device(sn), body }),
    remove: (sn: string) => api.call(API.devices.remove, { params: device(sn) }),
    addDevice: (body: DeviceAddRequest) => api.call(API.devices.add, { params: project, body }),
    unverified: async (signal?: AbortSignal) => (await api.call(API.devices.unverified, { signal })).items,
  };
}

export type NetworkApi = ReturnType<typeof createNetworkApi>;
