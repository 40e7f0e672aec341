// Fixed paths of issue 2 §4: GET|POST /api/v1/projects, GET|PATCH|DELETE /api/v1/projects/:id.
import { ProjectCreateRequestSchema, ProjectIdParamSchema, ProjectUpdateRequestSchema } from '@airloom/contracts';
import { Router } from 'express';
import { parseInput, sendData } from '../../http/envelope.js';
import { currentSession, requireSession } from '../../http/session.js';
import type { AuthService } from '../auth/auth.service.js';
import type { ProjectsService } from './projects.service.js';

export function createProjectsRouter(auth: AuthService, projects: ProjectsService): Router {
  const router = Router();
  const session = requireSession(auth);

  router.get('/', session, async (_req, res) => {
    const list = await projects.list(currentSession(res).principal);
    res.type('application/json').send(list.envelope);
  });

  router.post('/', session, async (req, res) => {
    const input = parseInput(ProjectCreateRequestSchema, req.body);
    sendData(res, await projects.create(currentSession(res).principal, input), 201);
  });

  router.get('/:id', session, async (req, res) => {
    const { id } = parseInput(ProjectIdParamSchema, req.params);
    sendData(res, await projects.get(currentSession(res).principal, id));
  });

  router.patch('/:id', session, async (req, res) => {
    const { id } = parseInput(ProjectIdParamSchema, req.params);
    const patch = parseInput(ProjectUpdateRequestSchema, req.body);
    sendData(res, await projects.update(currentSession(res).principal, id, patch));
  });

  router.delete('/:id', session, async (req, res) => {
    const { id } = parseInput(ProjectIdParamSchema, req.params);
    await projects.remove(currentSession(res).principal, id);
    sendData(res, null);
  });

  return router;
}
