// Handlers of contracts' topology endpoints (API.topology): the access step has run, each calls the service.
import type { Handlers } from '../../http/endpoints.js';
import type { TerminalsService } from './terminals.service.js';

export function topologyHandlers(terminals: TerminalsService): Handlers['topology'] {
  return {
    get: (call) => terminals.topology(call.project()),
    addTerminal: (call) => terminals.add(call.project(), call.body),
    updateTerminal: (call) => terminals.update(call.project(), call.params.terminalId, call.body),
    removeTerminal: (call) => terminals.remove(call.project(), call.params.terminalId),
  };
}
