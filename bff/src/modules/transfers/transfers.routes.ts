// Handlers of contracts' transfer endpoints (API.transfers).
import type { Handlers } from '../../http/endpoints.js';
import type { TransfersService } from './transfers.service.js';

export function transferHandlers(transfers: TransfersService): Handlers['transfers'] {
  return {
    offer: (call) => transfers.offer(call.project(), call.body.account),
    pending: (call) => transfers.pending(call.project()),
    history: (call) => transfers.history(call.project()),
    cancel: async (call) => {
      await transfers.cancel(call.project());
      return null;
    },
    view: (call) => transfers.view(call.principal(), call.params.token),
    accept: (call) => transfers.accept(call.principal(), call.params.token),
    decline: (call) => transfers.decline(call.principal(), call.params.token),
  };
}
