// Handlers of contracts' statistics endpoints (API.stats): parse (done by the mount) and call the service.
import type { Handlers } from '../../http/endpoints.js';
import type { DevicesRepository } from '../devices/devices.repository.js';
import { createStatsService } from './stats.service.js';

export function statsHandlers(devices: DevicesRepository): Handlers['stats'] {
  const stats = createStatsService(devices);
  return {
    device: (call) => stats.device(call.project().row.id, call.params.sn, call.query.metric, call.query.window),
    interfaces: (call) => stats.interfaces(call.project().row.id, call.params.sn, call.query.metric, call.query.window),
    project: (call) => stats.project(call.project().row.id, call.query.metric, call.query.window),
    online: (call) => stats.online(call.project().row.id, call.query.window),
  };
}
