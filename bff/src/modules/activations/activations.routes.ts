// Handlers of contracts' activation endpoints (API.activations): each calls the service with the caller.
import type { Handlers } from '../../http/endpoints.js';
import type { ActivationsService } from './activations.service.js';

export function activationHandlers(activations: ActivationsService): Handlers['activations'] {
  return {
    summary: (call) => activations.summary(call.principal(), call.query),
    list: (call) => activations.list(call.principal(), call.query),
  };
}
