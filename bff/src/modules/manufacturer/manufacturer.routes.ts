// POST /api/v1/manufacturer/devices (issue 4): a manufacturer's session, or a tool holding the
// manufacturer key (`Authorization: Bearer <key>`, env AIRLOOM_MANUFACTURER_KEY).
import { createHash, timingSafeEqual } from 'node:crypto';
import { AccountRole, DeviceRegisterRequestSchema, ErrorCode } from '@airloom/contracts';
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { AppError } from '../../http/app-error.js';
import { parseInput, sendData } from '../../http/envelope.js';
import { requireSession } from '../../http/session.js';
import type { AuthService } from '../auth/auth.service.js';
import type { ManufacturerService } from './manufacturer.service.js';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Constant-time comparison of a presented key with the configured one (hashes: equal lengths). */
function keyMatches(presented: string, key: string | undefined): boolean {
  return key !== undefined && key.length > 0 && timingSafeEqual(digest(presented), digest(key));
}

export function createManufacturerRouter(auth: AuthService, manufacturer: ManufacturerService, manufacturerKey: string | undefined): Router {
  const router = Router();
  const session = requireSession(auth);

  async function allowed(req: Request, res: Response, next: NextFunction): Promise<void> {
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
  }

  // mounted before the API's 64 kB body parser: a batch of 500 devices is larger, and is parsed
  // only once the caller is known
  router.post('/manufacturer/devices', allowed, express.json({ limit: '512kb' }), async (req, res) => {
    const request = parseInput(DeviceRegisterRequestSchema, req.body);
    sendData(res, await manufacturer.register(request));
  });

  return router;
}
