// Handlers of contracts' client endpoints (API.clients): the access step has run, each calls the service.
import type { Handlers } from '../../http/endpoints.js';
import type { ClientsService } from './clients.service.js';

export function clientHandlers(clients: ClientsService): Handlers['clients'] {
  return {
    list: (call) => clients.list(call.project(), call.query.kind),
    offline: (call) => clients.forceOffline(call.project(), call.params.mac),
    blacklist: (call) => clients.blacklist(call.project()),
    blacklistAdd: (call) => clients.add(call.project(), call.body),
    blacklistRemove: (call) => clients.remove(call.project(), call.params.mac),
  };
}
