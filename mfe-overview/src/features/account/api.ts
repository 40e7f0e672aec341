// The account page's own calls beyond the nickname, password and keys (../../api.ts): the profile,
// company, avatar and engineer sub-accounts, each a declared endpoint of contracts.
import type { ApiClient } from '@airloom/shared-ui';
import { API, type CompanyUpdateRequest, type SubAccountCreateRequest } from '@airloom/contracts';

export function createAccountApi(api: ApiClient) {
  return {
    profile: (signal?: AbortSignal) => api.call(API.profile.get, { signal }),
    updateCompany: (body: CompanyUpdateRequest) => api.call(API.profile.company, { body }),
    /** the image's bytes, base64 (the server recognises the type by them) */
    uploadAvatar: (image: string) => api.call(API.profile.uploadAvatar, { body: { image } }),
    listSubAccounts: (signal?: AbortSignal) => api.call(API.subAccounts.list, { signal }),
    createSubAccount: (body: SubAccountCreateRequest) => api.call(API.subAccounts.create, { body }),
    setSubAccountDisabled: (subId: number, disabled: boolean) => api.call(API.subAccounts.update, { params: { subId }, body: { disabled } }),
    removeSubAccount: (subId: number) => api.call(API.subAccounts.remove, { params: { subId } }),
    setTwoFactorPolicy: (required: boolean) => api.call(API.subAccounts.twoFactorPolicy, { body: { required } }),
  };
}

export type AccountApi = ReturnType<typeof createAccountApi>;
