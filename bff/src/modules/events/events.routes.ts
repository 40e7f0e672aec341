// GET /api/v1/projects/:id/events — Server-Sent Events of a project (issue 4): `event: <type>` and
// `data: <ProjectEvent JSON>`, a `: ping` comment every 15 s, `retry: 2000`.
import { ProjectIdParamSchema } from '@airloom/contracts';
import { Router } from 'express';
import { parseInput } from '../../http/envelope.js';
import { currentSession, requireSession, sessionToken } from '../../http/session.js';
import type { AuthService } from '../auth/auth.service.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { EventHub } from './events.hub.js';

export function createEventsRouter(auth: AuthService, projects: ProjectsService, hub: EventHub): Router {
  const router = Router();

  router.get('/projects/:id/events', requireSession(auth), async (req, res) => {
    const { id } = parseInput(ProjectIdParamSchema, req.params);
    await projects.get(currentSession(res).principal, id); // project.view, else the usual error envelope
    const token = sessionToken(req);
    hub.open(id, {
      res,
      async stillAllowed() {
        try {
          const { principal } = await auth.authenticate(token);
          await projects.get(principal, id);
          return true;
        } catch {
          return false;
        }
      },
    });
  });

  return router;
}
