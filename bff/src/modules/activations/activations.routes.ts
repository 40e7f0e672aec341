// Handlers of contracts' activation endpoints (API.activations): each calls the service with the caller.
import { ANSWERED, type Handlers } from '../../http/endpoints.js';
import type { ActivationsService } from './activations.service.js';

export function activationHandlers(activations: ActivationsService): Handlers['activations'] {
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
  };
}
