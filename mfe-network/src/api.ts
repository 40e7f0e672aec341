// Typed calls of the network remote, always through the shell's API client (props.api).
import type { ApiClient } from '@airloom/shared-ui';
import {
  DeviceItemSchema,
  OperationItemSchema,
  UnverifiedDeviceListResponseSchema,
  type DeviceAddRequest,
  type DeviceDetail,
  type DeviceListResponse,
  type DeviceRenameRequest,
  type DeviceSummary,
  type OperationRequest,
  type UnverifiedDevice,
} from '@airloom/contracts';
import type { z } from 'zod';

function parsed<S extends z.ZodType>(schema: S, data: unknown): z.output<S> | null {
  const result = schema.safeParse(data);
  return result.success ? result.data : null;
}

export function createNetworkApi(api: ApiClient, projectId: number) {
  const devices = `/projects/${projectId}/devices`;
  const device = (sn: string) => `${devices}/${encodeURIComponent(sn)}`;
  return {
    listDevices: (signal?: AbortSignal) => api.get<DeviceListResponse>(devices, { signal }),
    summary: (signal?: AbortSignal) => api.get<DeviceSummary>(`${devices}/summary`, { signal }),
    detail: (sn: string, signal?: AbortSignal) => api.get<DeviceDetail>(device(sn), { signal }),
    // Answers of writes are read leniently (the live events carry the device's state anyway).
    rename: async (sn: string, body: DeviceRenameRequest) => parsed(DeviceItemSchema, await api.patch<unknown>(device(sn), body)),
    operate: async (sn: string, body: OperationRequest) => parsed(OperationItemSchema, await api.post<unknown>(`${device(sn)}/operations`, body)),
    remove: (sn: string) => api.del<null>(device(sn)),
    addDevice: async (body: DeviceAddRequest) => parsed(DeviceItemSchema, await api.post<unknown>(devices, body)),
    unverified: async (signal?: AbortSignal): Promise<UnverifiedDevice[]> =>
      parsed(UnverifiedDeviceListResponseSchema, await api.get<unknown>('/devices/unverified', { signal }))?.items ?? [],
  };
}

export type NetworkApi = ReturnType<typeof createNetworkApi>;
