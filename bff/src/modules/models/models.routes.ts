// Handlers of the model catalogue (API.models): the catalogue is contracts' table of models
// (domain/models.ts), the same rows the configuration engine and the simulator read.
import { searchModels } from '@airloom/contracts/config';
import type { Handlers } from '../../http/endpoints.js';

export function modelHandlers(): Handlers['models'] {
  return {
    list: ({ query, res }) => {
      res.setHeader('Cache-Control', 'private, max-age=300');
      const list = searchModels(query.q, query.type).map((m) => ({ ...m, bands: [...m.bands], maxClients: { ...m.maxClients } }));
      return { list, total: list.length };
    },
  };
}
