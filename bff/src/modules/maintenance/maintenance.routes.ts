// Handlers of contracts' maintenance endpoints (API.maintenance): the access step has run, each calls the service.
import type { Handlers } from '../../http/endpoints.js';
import { requestOrigin } from '../../http/security.js';
import type { MaintenanceService } from './maintenance.service.js';

export function maintenanceHandlers(maintenance: MaintenanceService): Handlers['maintenance'] {
  return {
    bulk: (call) => maintenance.bulk(call.project(), call.body, requestOrigin(call.req)),
  };
}
