// Handlers of contracts' share endpoints (API.shares): the access step (owner only) has run.
import type { Handlers } from '../../http/endpoints.js';
import type { SharesService } from './shares.service.js';

export function shareHandlers(shares: SharesService): Handlers['shares'] {
  return {
    list: (call) => shares.list(call.project()),
    create: (call) => shares.create(call.project(), call.body),
    update: (call) => shares.update(call.project(), call.params.shareId, call.body),
    remove: async (call) => {
      await shares.remove(call.project(), call.params.shareId);
      return null;
    },
  };
}
