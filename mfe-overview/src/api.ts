// Typed calls of the overview remote, always through the shell's API client (props.api).
import type { ApiClient } from '@airloom/shared-ui';
import type { DeviceSummary, UnverifiedDeviceListResponse, OverviewResponse, ProjectCreateRequest, ProjectItem, ProjectListResponse, ProjectUpdateRequest } from '@airloom/contracts';

export type { OverviewResponse, ProjectItem, ProjectListResponse };

export function createOverviewApi(api: ApiClient) {
  return {
    overview: (signal?: AbortSignal) => api.get<OverviewResponse>('/overview', { signal }),
    listProjects: (signal?: AbortSignal) => api.get<ProjectListResponse>('/projects', { signal }),
    createProject: (body: ProjectCreateRequest) => api.post<ProjectItem>('/projects', body),
    updateProject: (id: number, body: ProjectUpdateRequest) => api.patch<ProjectItem>(`/projects/${id}`, body),
    deleteProject: (id: number) => api.del<unknown>(`/projects/${id}`),
    /** the user's devices that connected but belong to no project yet (spec §2 "devices to be verified") */
    unverifiedCount: async (signal?: AbortSignal) => (await api.get<UnverifiedDeviceListResponse>('/devices/unverified', { signal })).total,
    /** how many devices a project holds (what deleting it unbinds) */
    deviceCount: async (id: number, signal?: AbortSignal) => {
      const s = await api.get<DeviceSummary>(`/projects/${id}/devices/summary`, { signal });
      return s.online + s.offline + s.restarting;
    },
  };
}

export type OverviewApi = ReturnType<typeof createOverviewApi>;
