// Typed calls of the overview remote, always through the shell's API client (props.api).
import type { ApiClient } from '@airloom/shared-ui';
import type { OverviewResponse, ProjectCreateRequest, ProjectItem, ProjectListResponse, ProjectUpdateRequest } from '@airloom/contracts';

export type { OverviewResponse, ProjectItem, ProjectListResponse };

export function createOverviewApi(api: ApiClient) {
  return {
    overview: (signal?: AbortSignal) => api.get<OverviewResponse>('/overview', { signal }),
    listProjects: (signal?: AbortSignal) => api.get<ProjectListResponse>('/projects', { signal }),
    createProject: (body: ProjectCreateRequest) => api.post<ProjectItem>('/projects', body),
    updateProject: (id: number, body: ProjectUpdateRequest) => api.patch<ProjectItem>(`/projects/${id}`, body),
    deleteProject: (id: number) => api.del<unknown>(`/projects/${id}`),
  };
}

export type OverviewApi = ReturnType<typeof createOverviewApi>;
