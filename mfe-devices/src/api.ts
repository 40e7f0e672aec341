// The devices remote's calls: each one a declared endpoint of contracts (API.devices.*, API.config.*),
// sent through the shell's client (props.api), which fills the path and checks the answer.
import type { ApiClient } from '@airloom/shared-ui';
import { API } from '@airloom/contracts';
import type { DeviceSectionName, GatewaySectionName } from '@airloom/contracts/config';

/** Which stored section a page edits: one of the project gateway's, or one of a device's. */
export type SectionRef = { kind: 'gateway'; section: GatewaySectionName } | { kind: 'device'; section: DeviceSectionName; sn: string };

export function createDevicesApi(api: ApiClient, projectId: number) {
  const id = projectId;
  return {
    listDevices: (signal?: AbortSignal) => api.call(API.devices.list, { params: { id }, signal }),
    detail: (sn: string, signal?: AbortSignal) => api.call(API.devices.detail, { params: { id, sn }, signal }),
    section: (ref: SectionRef, signal?: AbortSignal) =>
      ref.kind === 'gateway'
        ? api.call(API.config.gatewayGet, { params: { id, section: ref.section }, signal })
        : api.call(API.config.deviceGet, { params: { id, sn: ref.sn, section: ref.section }, signal }),
    save: (ref: SectionRef, body: Record<string, unknown>) =>
      ref.kind === 'gateway'
        ? api.call(API.config.gatewayPut, { params: { id, section: ref.section }, body })
        : api.call(API.config.devicePut, { params: { id, sn: ref.sn, section: ref.section }, body }),
    history: (ref: SectionRef, signal?: AbortSignal) =>
      api.call(API.config.history, { params: { id }, query: { section: ref.section, ...(ref.kind === 'device' ? { sn: ref.sn } : {}) }, signal }),
    revert: (changeId: number) => api.call(API.config.revert, { params: { id, changeId } }),
    routeTable: (signal?: AbortSignal) => api.call(API.config.routeTable, { params: { id }, signal }),
  };
}

export type DevicesApi = ReturnType<typeof createDevicesApi>;
