// Handlers of contracts' audit endpoints (API.audit): the access step has run, each calls the service.
import type { Handlers } from '../../http/endpoints.js';
import type { AuditService } from './audit.service.js';

export function auditHandlers(audit: AuditService): Handlers['audit'] {
  return {
    list: (call) => audit.list(call.project(), call.query),
    mine: (call) => audit.mine(call.principal(), call.query),
  };
}
