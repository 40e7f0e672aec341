// Handlers of contracts' activation endpoints (API.activations): each calls the service with the caller.
import { ANSWERED, type Handlers } from '../../http/endpoints.js';
import type { Request } from 'express';
import type { AuthenticatedSession } from '../auth/auth.service.js';
import type { ActivationHub } from './activations.events.js';
import type { ActivationsService } from './activations.service.js';

export function activationHandlers(
  activations: ActivationsService,
  live: { hub: ActivationHub; authenticate(req: Request): Promise<AuthenticatedSession> },
): Handlers['activations'] {
  return {
    summary: (call) => activations.summary(call.principal(), call.query),
    list: (call) => activations.list(call.principal(), call.query),
    export: async (call) => {
      const { res } = call;
      res.status(200);
      res.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      res.setHeader('Content-Disposition', 'attachment; filename="activations.xlsx"');
      await activations.exportXlsx(call.principal(), call.query, res);
      if (!res.writableEnded) res.end();
      return ANSWERED;
    },
    events: async (call) => {
      const { req } = call;
      const scope = await activations.liveScopeOf(call.principal());
      live.hub.open(
        {
          res: call.res,
          // the stream outlives the request: the caller and its projects are read again as it runs
          async rescope() {
            try {
              return await activations.liveScopeOf((await live.authenticate(req)).principal);
            } catch {
              return null;
            }
          },
        },
        scope,
      );
      return ANSWERED;
    },
  };
}
