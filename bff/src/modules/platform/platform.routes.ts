// Handlers of the platform endpoints (API.platform): health, the remotes manifest, the OpenAPI document.
import { ErrorCode, type RemotesManifest } from '@airloom/contracts';
import type { Knex } from 'knex';
import { ANSWERED, type Handlers } from '../../http/endpoints.js';
import type { Logger } from '../../logger.js';

export function platformHandlers(deps: { db: Knex; logger: Logger; manifest: RemotesManifest; openApiDocument: () => Record<string, unknown> }): Handlers['platform'] {
  return {
    health: ({ res }) => {
      res.setHeader('Cache-Control', 'no-store');
      return { status: 'up' };
    },
    ready: async ({ res }) => {
      res.setHeader('Cache-Control', 'no-store');
      try {
        await deps.db.raw('select 1');
        return { status: 'ready' };
      } catch (err) {
        deps.logger.warn({ err }, 'database not ready');
        res.status(503).json({ code: ErrorCode.SERVER_ERROR, message: 'database not ready' });
        return ANSWERED;
      }
    },
    remotes: ({ res }) => {
      res.setHeader('Cache-Control', 'no-cache');
      return deps.manifest;
    },
    openapi: ({ res }) => {
      res.setHeader('Cache-Control', 'no-cache');
      return deps.openApiDocument();
    },
  };
}
