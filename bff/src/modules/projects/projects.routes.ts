// Handlers of contracts' project endpoints (API.projects): the access step has run, each calls the service.
import { ANSWERED, type Handlers } from '../../http/endpoints.js';
import type { OverviewService } from '../overview/overview.service.js';
import type { ProjectsService } from './projects.service.js';

export function projectHandlers(projects: ProjectsService, overview: OverviewService): Handlers['projects'] {
  return {
    list: async (call) => {
      // the hottest call: its envelope is serialised once per cached list
      call.res.type('application/json').send((await projects.list(call.principal())).envelope);
      return ANSWERED;
    },
    create: (call) => projects.create(call.principal(), call.body),
    get: (call) => projects.get(call.project()),
    update: (call) => projects.update(call.project(), call.body),
    remove: async (call) => {
      await projects.remove(call.project());
      return null;
    },
    overview: (call) => overview.overview(call.principal()),
  };
}
