// Handlers of contracts' API-key endpoints (API.apiKeys), and the guard that lets a key stand in for
// a browser session on every `auth: 'session'` endpoint.
import { API_KEY_PREFIX, ErrorCode } from '@airloom/contracts';
import type { Request, RequestHandler } from 'express';
import { AppError } from '../../http/app-error.js';
import type { Handlers } from '../../http/endpoints.js';
import { requireSession, sessionToken } from '../../http/session.js';
import type { AuthenticatedSession, AuthService } from '../auth/auth.service.js';
import { RateLimited, type ApiKeysService } from './api-keys.service.js';

export function apiKeyHandlers(keys: ApiKeysService): Handlers['apiKeys'] {
  return {
    list: (call) => keys.list(call.principal()),
    create: (call) => keys.create(call.principal(), call.body),
    revoke: async (call) => {
      await keys.revoke(call.principal(), call.params.keyId);
      return null;
    },
  };
}

/** The API key a request carries (`Authorization: Bearer alk_…`), if any. */
export function bearerKey(req: Request): string | undefined {
  const header = req.get('authorization') ?? '';
  return header.startsWith(`Bearer ${API_KEY_PREFIX}`) ? header.slice('Bearer '.length).trim() : undefined;
}

/**
 * Who is calling: the API key when the request carries one (judged by the key alone, never by a
 * cookie), else the session cookie. Streams call it again as they run.
 */
export function requestAuth(auth: AuthService, keys: ApiKeysService) {
  const authenticate = (req: Request): Promise<AuthenticatedSession> => {
    const key = bearerKey(req);
    return key ? keys.authenticate(key) : auth.authenticate(sessionToken(req));
  };
  const cookieOnly = requireSession(auth);
  const session: RequestHandler = async (req, res, next) => {
    if (!bearerKey(req)) return cookieOnly(req, res, next);
    try {
      const caller = await authenticate(req);
      // a read-only key writes nothing, whatever the endpoint (can() says so for project endpoints), but may ask
      // for a computation declared to change nothing
      if (caller.principal.apiKey?.access === 'r' && req.method !== 'GET' && res.locals.changesNothing !== true) throw new AppError(ErrorCode.READ_ONLY_PROJECT);
      res.locals.auth = caller;
      next();
    } catch (err) {
      if (err instanceof RateLimited) res.setHeader('Retry-After', String(err.retryAfterSeconds));
      next(err);
    }
  };
  return { authenticate, session, account: cookieOnly };
}
