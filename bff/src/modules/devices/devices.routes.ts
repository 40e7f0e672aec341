// Handlers of contracts' device endpoints (API.devices): the access step has run, each calls the service.
import { ANSWERED, type Handlers } from '../../http/endpoints.js';
import type { Request } from 'express';
import type { AuthenticatedSession } from '../auth/auth.service.js';
import type { EventHub } from '../events/events.hub.js';
import type { DevicesService } from './devices.service.js';
import type { ProjectAccess } from '../../http/project-access.js';
import { requestOrigin } from '../../http/security.js';

export function deviceHandlers(deps: {
  devices: DevicesService;
  /** who the request's caller is now: its session cookie or API key */
  authenticate(req: Request): Promise<AuthenticatedSession>;
  access: ProjectAccess;
  hub: EventHub;
}): Handlers['devices'] {
  const { devices } = deps;
  return {
    list: (call) => devices.list(call.project(), call.query),
    summary: (call) => devices.summary(call.project()),
    add: (call) => devices.add(call.project(), call.body),
    detail: (call) => devices.detail(call.project(), call.params.sn),
    rename: (call) => devices.rename(call.project(), call.params.sn, call.body.name),
    remove: async (call) => {
      await devices.remove(call.project(), call.params.sn);
      return null;
    },
    operate: (call) => devices.operate(call.project(), call.params.sn, call.body, requestOrigin(call.req)),
    operation: (call) => devices.operation(call.project(), call.params.opId),
    events: (call) => {
      const { id } = call.params;
      const { req } = call;
      deps.hub.open(id, {
        res: call.res,
        shareEndsAt: call.project().row.share_expires_at,
        // the stream outlives the request: the session and the share are checked again as it runs
        async stillAllowed() {
          try {
            const { principal } = await deps.authenticate(req);
            await deps.access.authorise(principal, id, 'project.view');
            return true;
          } catch {
            return false;
          }
        },
      });
      return ANSWERED;
    },
    unverified: async (call) => {
      const items = await devices.unverified(call.principal());
      return { items, total: items.length };
    },
  };
}
