// The manufacturer's caller check and handler (API.manufacturer): a manufacturer's session, or a
// tool holding the manufacturer key (`Authorization: Bearer <key>`, env AIRLOOM_MANUFACTURER_KEY).
import { createHash, timingSafeEqual } from 'node:crypto';
import { AccountRole, ErrorCode } from '@airloom/contracts';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppError } from '../../http/app-error.js';
import type { Handlers } from '../../http/endpoints.js';
import { requireSession } from '../../http/session.js';
import type { AuthService } from '../auth/auth.service.js';
import type { ManufacturerService } from './manufacturer.service.js';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Constant-time comparison of a presented key with the configured one (hashes: equal lengths). */
function keyMatches(presented: string, key: string | undefined): boolean {
  return key !== undefined && key.length > 0 && timingSafeEqual(digest(presented), digest(key));
}

/** The `auth: 'manufacturer'` check: the key when one is presented, else a manufacturer's session. */
export function manufacturerGuard(auth: AuthService, manufacturerKey: string | undefined): RequestHandler {
  const session = requireSession(auth);
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const header = req.get('authorization');
    if (header !== undefined) {
      const match = /^Bearer (.+)$/.exec(header);
      return next(match && keyMatches(match[1]!, manufacturerKey) ? undefined : new AppError(ErrorCode.SIGNATURE));
    }
    await session(req, res, (err?: unknown) => {
      if (err) return next(err);
      const { principal } = res.locals.auth as { principal: { role: number; demo: boolean } };
      next(principal.role === AccountRole.MANUFACTURER && !principal.demo ? undefined : new AppError(ErrorCode.SIGNATURE));
    });
  };
}

export function manufacturerHandlers(manufacturer: ManufacturerService): Handlers['manufacturer'] {
  return { register: ({ body }) => manufacturer.register(body) };
}
