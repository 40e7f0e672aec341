// Handlers of contracts' rollout endpoints (API.rollouts): the access step has run, each calls the service.
import type { Handlers } from '../../http/endpoints.js';
import { requestOrigin } from '../../http/security.js';
import type { Rollouts } from './rollouts.service.js';

export function rolloutHandlers(rollouts: Rollouts): Handlers['rollouts'] {
  return {
    rollouts: (call) => rollouts.list(call.project()),
    startRollout: (call) => rollouts.start(call.project(), call.body, requestOrigin(call.req)),
    resumeRollout: (call) => rollouts.resume(call.project(), call.params.rolloutId, requestOrigin(call.req)),
  };
}
