// The overview remote's calls: each one a declared endpoint of contracts (API.projects.*, …), sent
// through the shell's client (props.api), which fills the path and checks the answer against its schema.
import type { ApiClient } from '@airloom/shared-ui';
import {
  API,
  type OverviewResponse,
  type ProjectCreateRequest,
  type ProjectItem,
  type ProjectListResponse,
  type ProjectUpdateRequest,
  type ApiKeyCreateRequest,
  type PasswordChangeRequest,
  type ProfileUpdateRequest,
  type InvitationCreateRequest,
  type ShareCreateRequest,
  type ShareUpdateRequest,
} from '@airloom/contracts';

export type { OverviewResponse, ProjectItem, ProjectListResponse };

export function createOverviewApi(api: ApiClient) {
  return {
    overview: (signal?: AbortSignal) => api.call(API.projects.overview, { signal }),
    listProjects: (signal?: AbortSignal) => api.call(API.projects.list, { signal }),
    createProject: (body: ProjectCreateRequest) => api.call(API.projects.create, { body }),
    updateProject: (id: number, body: ProjectUpdateRequest) => api.call(API.projects.update, { params: { id }, body }),
    deleteProject: (id: number) => api.call(API.projects.remove, { params: { id } }),
    /** the user's devices that connected but belong to no project yet (spec §2 "devices to be verified") */
    unverifiedCount: async (signal?: AbortSignal) => (await api.call(API.devices.unverified, { signal })).total,
    /** how many devices a project holds (what deleting it unbinds) */
    deviceCount: async (id: number, signal?: AbortSignal) => {
      const s = await api.call(API.devices.summary, { params: { id }, signal });
      return s.online + s.offline + s.restarting;
    },
    listShares: (id: number, signal?: AbortSignal) => api.call(API.shares.list, { params: { id }, signal }),
    createShare: (id: number, body: ShareCreateRequest) => api.call(API.shares.create, { params: { id }, body }),
    updateShare: (id: number, shareId: number, body: ShareUpdateRequest) => api.call(API.shares.update, { params: { id, shareId }, body }),
    removeShare: (id: number, shareId: number) => api.call(API.shares.remove, { params: { id, shareId } }),
    inviteToShare: (id: number, body: InvitationCreateRequest) => api.call(API.invitations.create, { params: { id }, body }),
    pendingTransfer: async (id: number, signal?: AbortSignal) => (await api.call(API.transfers.pending, { params: { id }, signal })).transfer,
    transferHistory: async (id: number, signal?: AbortSignal) => (await api.call(API.transfers.history, { params: { id }, signal })).items,
    offerTransfer: (id: number, account: string) => api.call(API.transfers.offer, { params: { id }, body: { account } }),
    withdrawTransfer: (id: number) => api.call(API.transfers.cancel, { params: { id } }),
    updateProfile: (body: ProfileUpdateRequest) => api.call(API.account.profile, { body }),
    changePassword: (body: PasswordChangeRequest) => api.call(API.account.password, { body }),
    listKeys: (signal?: AbortSignal) => api.call(API.apiKeys.list, { signal }),
    createKey: (body: ApiKeyCreateRequest) => api.call(API.apiKeys.create, { body }),
    revokeKey: (keyId: number) => api.call(API.apiKeys.revoke, { params: { keyId } }),
  };
}

export type OverviewApi = ReturnType<typeof createOverviewApi>;
