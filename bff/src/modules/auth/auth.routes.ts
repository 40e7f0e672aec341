// Handlers of contracts' auth endpoints (API.auth): each calls the service; the session cookie is
// set or cleared here, the HTTP side of a session.
import type { MeResponse } from '@airloom/contracts';
import type { Request, Response } from 'express';
import { clearSessionCookie, setSessionCookie } from '../../http/cookies.js';
import type { Handlers } from '../../http/endpoints.js';
import { sessionToken } from '../../http/session.js';
import type { AuthService, IssuedSession } from './auth.service.js';

function startSession(req: Request, res: Response, issued: IssuedSession): MeResponse {
  setSessionCookie(req, res, issued.token, issued.maxAgeSeconds);
  return issued.me;
}

export function authHandlers(auth: AuthService): Handlers['auth'] {
  return {
    sendCode: ({ body }) => auth.sendCode(body),
    signup: async ({ req, res, body }) => startSession(req, res, await auth.signup(body, sessionToken(req))),
    login: async ({ req, res, body }) => startSession(req, res, await auth.login(body, sessionToken(req))),
    demo: async ({ req, res }) => startSession(req, res, await auth.demoLogin(sessionToken(req))),
    logout: async ({ req, res }) => {
      await auth.logout(sessionToken(req));
      clearSessionCookie(req, res);
      return null;
    },
    me: (call) => call.session().me,
    reset: async ({ body }) => {
      await auth.reset(body);
      return null;
    },
  };
}

/** Handlers of contracts' account endpoints (API.account): the signed-in person's own settings. */
export function accountHandlers(auth: AuthService): Handlers['account'] {
  return {
    profile: (call) => auth.updateProfile(call.principal(), call.body.nick),
    password: async (call) => {
      await auth.changePassword(call.principal(), sessionToken(call.req), call.body.oldPassword, call.body.password);
      return null;
    },
  };
}
