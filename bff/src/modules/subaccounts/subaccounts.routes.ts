// Handlers of contracts' sub-account endpoints (API.subAccounts): parse and call.
import type { Handlers } from '../../http/endpoints.js';
import type { SubAccountsService } from './subaccounts.service.js';

export function subAccountHandlers(subAccounts: SubAccountsService): Handlers['subAccounts'] {
  return {
    list: (call) => subAccounts.list(call.principal()),
    create: (call) => subAccounts.create(call.principal(), call.body),
    update: (call) => subAccounts.update(call.principal(), call.params.subId, call.body.disabled),
    remove: async (call) => {
      await subAccounts.remove(call.principal(), call.params.subId);
      return null;
    },
  };
}
