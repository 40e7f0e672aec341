// GET /api/v1/overview
import { Router } from 'express';
import { sendData } from '../../http/envelope.js';
import { currentSession, requireSession } from '../../http/session.js';
import type { AuthService } from '../auth/auth.service.js';
import type { OverviewService } from './overview.service.js';

export function createOverviewRouter(auth: AuthService, overview: OverviewService): Router {
  const router = Router();
  router.get('/', requireSession(auth), async (_req, res) => {
    sendData(res, await overview.overview(currentSession(res).principal));
  });
  return router;
}
