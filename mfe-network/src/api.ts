// The network remote's calls: each one a declared endpoint of contracts (API.devices.*), sent through
// the shell's client (props.api), which fills the path and checks the answer against its schema.
import type { ApiClient } from '@airloom/shared-ui';
import { API, type DeviceAddByCodeRequest, type DeviceAddRequest, type DeviceRenameRequest, type FloorCreateRequest, type FloorUpdateRequest, type OperationRequest } from '@airloom/contracts';

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
    addByCode: (body: DeviceAddByCodeRequest) => api.call(API.onboarding.addByCode, { params: project, body }),
    /** the .xlsx or .xls file as multipart/form-data; `validOnly` imports the valid rows and leaves the others */
    importDevices: (file: File, validOnly: boolean) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api.call(API.onboarding.import, { params: project, query: validOnly ? { validOnly: '1' } : {}, body: form as unknown as undefined });
    },
    /** the template's address for a download link (the browser sends the session cookie) */
    importTemplateUrl: `/api/v1${API.onboarding.template.path}`,
    unverified: async (signal?: AbortSignal) => (await api.call(API.devices.unverified, { signal })).items,
    floors: async (signal?: AbortSignal) => (await api.call(API.floors.list, { params: project, signal })).items,
    createFloor: (body: FloorCreateRequest) => api.call(API.floors.create, { params: project, body }),
    updateFloor: (floorId: number, body: FloorUpdateRequest) => api.call(API.floors.update, { params: { id: projectId, floorId }, body }),
    removeFloor: (floorId: number) => api.call(API.floors.remove, { params: { id: projectId, floorId } }),
    uploadPlan: (floorId: number, file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      // the declaration has no JSON body: the client sends a FormData as multipart/form-data as it is
      return api.call(API.floors.uploadImage, { params: { id: projectId, floorId }, body: form as unknown as undefined });
    },
    /** a neighbour scan on each online AP bound on the floor */
    scanFloor: (floorId: number) => api.call(API.floors.scan, { params: { id: projectId, floorId } }),
    measurements: async (floorId: number, signal?: AbortSignal) => (await api.call(API.floors.measurements, { params: { id: projectId, floorId }, signal })).items,
    operation: (opId: number, signal?: AbortSignal) => api.call(API.devices.operation, { params: { id: projectId, opId }, signal }),
    /** the plan's address for an <img> or an image layer (the browser sends the session cookie) */
    planUrl: (floorId: number, revision: number) => `/api/v1/projects/${projectId}/floors/${floorId}/image?rev=${revision}`,
  };
}

export type NetworkApi = ReturnType<typeof createNetworkApi>;
