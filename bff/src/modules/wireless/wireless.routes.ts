// Handlers of contracts' wireless policy endpoints (API.wireless): the access step has run, each calls the service.
import type { Handlers } from '../../http/endpoints.js';
import type { WirelessService } from './wireless.service.js';

export function wirelessHandlers(wireless: WirelessService): Handlers['wireless'] {
  return {
    list: (call) => wireless.list(call.project()),
    create: (call) => wireless.create(call.project(), call.body),
    get: (call) => wireless.get(call.project(), call.params.policyId),
    update: (call) => wireless.update(call.project(), call.params.policyId, call.body),
    remove: (call) => wireless.remove(call.project(), call.params.policyId),
    apply: (call) => wireless.apply(call.project(), call.body),
    discard: (call) => wireless.discard(call.project()),
  };
}
