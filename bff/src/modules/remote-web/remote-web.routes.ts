// Handlers of contracts' remote web endpoints (API.remoteWeb): the access step has run, each calls the service.
import type { Handlers } from '../../http/endpoints.js';
import type { RemoteWebService } from './remote-web.service.js';

export function remoteWebHandlers(remoteWeb: RemoteWebService): Handlers['remoteWeb'] {
  return {
    status: (call) => remoteWeb.status(call.project(), call.params.sn),
    close: (call) => remoteWeb.close(call.project(), call.params.sn),
  };
}
