// Resolves the session cookie into a principal for routes that need one.
import { ErrorCode } from '@airloom/contracts';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { AuthenticatedSession, AuthService } from '../modules/auth/auth.service.js';
import { AppError } from './app-error.js';
import { clearSessionCookie, readCookie, SESSION_COOKIE } from './cookies.js';

export function sessionToken(req: Request): string | undefined {
  return readCookie(req, SESSION_COOKIE) || undefined;
}

export function requireSession(auth: AuthService): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      res.locals.auth = await auth.authenticate(sessionToken(req));
      next();
    } catch (err) {
      // A stale cookie is removed so the browser stops sending it.
      if (err instanceof AppError && err.code === ErrorCode.TOKEN_EXPIRED) clearSessionCookie(req, res);
      next(err);
    }
  };
}

/** The session set by requireSession. */
export function currentSession(res: Response): AuthenticatedSession {
  const auth = res.locals.auth as AuthenticatedSession | undefined;
  if (!auth) throw new AppError(ErrorCode.TOKEN_MISSING);
  return auth;
}
