// Fixed paths of issue 2 §4 under /api/v1/auth. Routes parse with contracts' schemas and call the service.
import { CodeRequestSchema, LoginRequestSchema, ResetRequestSchema, SignupRequestSchema } from '@airloom/contracts';
import { Router, type Request, type Response } from 'express';
import { clearSessionCookie, setSessionCookie } from '../../http/cookies.js';
import { parseInput, sendData } from '../../http/envelope.js';
import { currentSession, requireSession, sessionToken } from '../../http/session.js';
import type { AuthService, IssuedSession } from './auth.service.js';

function startSession(req: Request, res: Response, issued: IssuedSession): void {
  setSessionCookie(req, res, issued.token, issued.maxAgeSeconds);
  sendData(res, issued.me);
}

export function createAuthRouter(auth: AuthService): Router {
  const router = Router();

  router.post('/code', async (req, res) => {
    sendData(res, await auth.sendCode(parseInput(CodeRequestSchema, req.body)));
  });

  router.post('/signup', async (req, res) => {
    startSession(req, res, await auth.signup(parseInput(SignupRequestSchema, req.body), sessionToken(req)));
  });

  router.post('/login', async (req, res) => {
    startSession(req, res, await auth.login(parseInput(LoginRequestSchema, req.body), sessionToken(req)));
  });

  router.post('/demo', async (req, res) => {
    startSession(req, res, await auth.demoLogin(sessionToken(req)));
  });

  router.post('/logout', async (req, res) => {
    await auth.logout(sessionToken(req));
    clearSessionCookie(req, res);
    sendData(res, null);
  });

  router.get('/me', requireSession(auth), (_req, res) => {
    sendData(res, currentSession(res).me);
  });

  router.post('/reset', async (req, res) => {
    await auth.reset(parseInput(ResetRequestSchema, req.body));
    sendData(res, null);
  });

  return router;
}
