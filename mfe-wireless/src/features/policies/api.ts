// The wireless policies page's calls: each a declared endpoint of contracts (API.wireless.*), sent through the shell's client.
import { API } from '@airloom/contracts';
import type { WirelessPolicyInput } from '@airloom/contracts/config';
import type { ApiClient } from '@airloom/shared-ui';

export function createPoliciesApi(api: ApiClient, projectId: number) {
  const id = projectId;
  return {
    list: (signal?: AbortSignal) => api.call(API.wireless.list, { params: { id }, signal }),
    create: (policy: WirelessPolicyInput) => api.call(API.wireless.create, { params: { id }, body: policy as unknown as Record<string, unknown> }),
    update: (policyId: number, policy: WirelessPolicyInput) => api.call(API.wireless.update, { params: { id, policyId }, body: policy as unknown as Record<string, unknown> }),
    remove: (policyId: number) => api.call(API.wireless.remove, { params: { id, policyId } }),
    apply: (revision: number) => api.call(API.wireless.apply, { params: { id }, body: { revision } }),
    discard: () => api.call(API.wireless.discard, { params: { id } }),
  };
}

export type PoliciesApi = ReturnType<typeof createPoliciesApi>;
