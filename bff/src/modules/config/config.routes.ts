// Handlers of contracts' configuration endpoints (API.config): the access step has run, each calls the service.
import type { Handlers } from '../../http/endpoints.js';
import type { ConfigService } from './config.service.js';

export function configHandlers(config: ConfigService): Handlers['config'] {
  return {
    routeTable: (call) => config.routeTable(call.project()),
    gatewayGet: (call) => config.getGateway(call.project(), call.params.section),
    gatewayPut: (call) => config.putGateway(call.project(), call.params.section, call.body),
    deviceGet: (call) => config.getDevice(call.project(), call.params.sn, call.params.section),
    devicePut: (call) => config.putDevice(call.project(), call.params.sn, call.params.section, call.body),
    history: (call) => config.history(call.project(), call.query),
    revert: (call) => config.revert(call.project(), call.params.changeId),
  };
}
