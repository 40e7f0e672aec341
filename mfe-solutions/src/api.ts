// The solution designer's calls: each one a declared endpoint of contracts (API.solutions.*), sent
// through the API client the shell (or the standalone page) gives.
import type { ApiClient } from '@airloom/shared-ui';
import { API, type CustomScenarioRequest, type RecommendRequest, type SolutionSaveRequest, type SolutionShareRequest } from '@airloom/contracts';

export function createSolutionsApi(api: ApiClient) {
  return {
    list: (signal?: AbortSignal) => api.call(API.solutions.list, { signal }),
    get: (id: number, signal?: AbortSignal) => api.call(API.solutions.get, { params: { id }, signal }),
    recommend: (body: RecommendRequest) => api.call(API.solutions.recommend, { body }),
    create: (body: SolutionSaveRequest) => api.call(API.solutions.create, { body }),
    update: (id: number, body: SolutionSaveRequest) => api.call(API.solutions.update, { params: { id }, body }),
    remove: (id: number) => api.call(API.solutions.remove, { params: { id } }),
    scenarios: (signal?: AbortSignal) => api.call(API.solutions.listScenarios, { signal }),
    createScenario: (body: CustomScenarioRequest) => api.call(API.solutions.createScenario, { body }),
    removeScenario: (scenarioId: number) => api.call(API.solutions.removeScenario, { params: { scenarioId } }),
    shares: (id: number, signal?: AbortSignal) => api.call(API.solutions.listShares, { params: { id }, signal }),
    share: (id: number, body: SolutionShareRequest) => api.call(API.solutions.share, { params: { id }, body }),
    unshare: (id: number, shareId: number) => api.call(API.solutions.unshare, { params: { id, shareId } }),
    toProject: (id: number) => api.call(API.solutions.toProject, { params: { id }, body: {} }),
    partnerOrigins: async (signal?: AbortSignal) => (await api.call(API.solutions.partnerOrigins, { signal })).origins,
  };
}

export type SolutionsApi = ReturnType<typeof createSolutionsApi>;

/** The PDF's address: the browser downloads it with the session cookie (a raw endpoint, no envelope). */
export function pdfHref(id: number): string {
  return `/api/v1${API.solutions.pdf.path.replace(':id', String(id))}`;
}
