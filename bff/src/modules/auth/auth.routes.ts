// Handlers of contracts' auth endpoints (API.auth): each calls the service; the session cookie is
// set or cleared here, the HTTP side of a session.
import type { MeResponse } from '@airloom/contracts';
import type { Request, Response } from 'express';
import { clearSessionCookie, setSessionCookie } from '../../http/cookies.js';
import type { Handlers } from '../../http/endpoints.js';
import { sessionToken } from '../../http/session.js';
import type { AuthService, IssuedSession } from './auth.service.js';
import type { TwoFactor } from './two-factor.js';

function startSession(req: Request, res: Response, issued: IssuedSession): MeResponse {
  setSessionCookie(req, res, issued.token, issued.maxAgeSeconds);
  return issued.me;
}

export function authHandlers(auth: AuthService): Handlers['auth'] {
  return {
    sendCode: ({ body }) => auth.sendCode(body),
    signup: async ({ req, res, body }) => startSession(req, res, await auth.signup(body, sessionToken(req))),
    login: async ({ req, res, body }) => {
      const outcome = await auth.login(body, sessionToken(req));
      return 'session' in outcome ? startSession(req, res, outcome.session) : outcome.challenge;
    },
    loginTwoFactor: async ({ req, res, body }) => startSession(req, res, await auth.loginTwoFactor(body.challenge, body.code, sessionToken(req))),
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

/** Handlers of the signed-in person's two-factor sign-in (API.twoFactor). */
export function twoFactorHandlers(twoFactor: TwoFactor): Handlers['twoFactor'] {
  return {
    status: (call) => twoFactor.status(call.principal()),
    setup: (call) => twoFactor.setup(call.principal(), call.session().me.account),
    enable: (call) => twoFactor.enable(call.principal(), call.body.code),
    disable: async (call) => {
      await twoFactor.disable(call.principal(), call.body);
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
