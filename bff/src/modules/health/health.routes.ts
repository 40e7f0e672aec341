// GET /healthz (the process answers) and GET /readyz (the database answers too).
import { ErrorCode } from '@airloom/contracts';
import { Router } from 'express';
import type { Knex } from 'knex';
import { sendData } from '../../http/envelope.js';
import type { Logger } from '../../logger.js';

export function createHealthRouter(db: Knex, logger: Logger): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    sendData(res, { status: 'up' });
  });
  router.get('/readyz', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    try {
      await db.raw('select 1');
      sendData(res, { status: 'ready' });
    } catch (err) {
      logger.warn({ err }, 'database not ready');
      res.status(503).json({ code: ErrorCode.SERVER_ERROR, message: 'database not ready' });
    }
  });
  return router;
}
