// Handlers of contracts' RF optimisation endpoints (API.rf): the access step has run, each calls the service.
import type { Handlers } from '../../http/endpoints.js';
import type { RfService } from './rf.service.js';

export function rfHandlers(rf: RfService): Handlers['rf'] {
  return {
    start: (call) => rf.start(call.project(), call.body),
    overview: (call) => rf.overview(call.project()),
    run: (call) => rf.run(call.project(), call.params.runId),
    cancel: (call) => rf.cancel(call.project(), call.params.runId),
    records: (call) => rf.records(call.project()),
  };
}
