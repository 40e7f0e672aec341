// Handlers of contracts' OpenID Connect endpoints (API.oidc): the browser is sent to the provider and
// back, a session is started for a sign-in, and /static/wechatTransfer shows the result.
import type { Principal } from '@airloom/contracts';
import type { Request } from 'express';
import type { OidcConfig } from '../../config.js';
import { auditAccount } from '../../http/audit-hook.js';
import { setSessionCookie } from '../../http/cookies.js';
import { ANSWERED, type Handlers } from '../../http/endpoints.js';
import { sessionToken } from '../../http/session.js';
import type { AuthService } from '../auth/auth.service.js';
import type { OidcOutcome, OidcService } from './oidc.service.js';

const RESULT_PAGE = '/static/wechatTransfer';
const CALLBACK = '/api/v1/auth/oidc/callback';

/** the callback URL: the registered one, else this request's own origin (the provider checks it against its list) */
function redirectUri(req: Request, config: OidcConfig | undefined): string {
  return config?.redirectUri ?? `${req.protocol}://${req.get('host')}${CALLBACK}`;
}

/** a path of this console only (no scheme, no //host): never an open redirect */
function safeNext(next: string | undefined): string | undefined {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.includes('\\') ? next : undefined;
}

/**
 * The result page's address. A two-factor challenge goes in the fragment: the browser keeps it for
 * the page but sends it to no server and in no Referer, and the page takes it out of the address.
 */
function resultUrl(outcome: OidcOutcome, challenge?: string): string {
  const q = new URLSearchParams({ result: outcome.result });
  const next = safeNext(outcome.next);
  if (next) q.set('next', next);
  return `${RESULT_PAGE}?${q.toString()}${challenge ? `#${new URLSearchParams({ challenge }).toString()}` : ''}`;
}

export interface OidcHandlerDeps {
  oidc: OidcService;
  auth: AuthService;
  config: OidcConfig | undefined;
  /** the company requires two-factor sign-in the account has not set up: it binds nothing until it has */
  twoFactorSetupMissing: (principal: Principal) => Promise<boolean>;
}

export function oidcHandlers(deps: OidcHandlerDeps): Handlers['oidc'] {
  const { oidc, auth } = deps;
  return {
    providers: () => ({ oidc: oidc.configured() ? { name: oidc.name()! } : null }),
    start: async ({ req, res, query }) => {
      if (!oidc.configured()) {
        res.redirect(302, resultUrl({ result: '161' }));
        return ANSWERED;
      }
      // binding is for the signed-in person (a browser session); without one it is refused on the result page
      let accountId: number | null = null;
      if (query.intent === 'bind') {
        try {
          const session = await auth.authenticate(sessionToken(req));
          const held = session.principal.demo || (await deps.twoFactorSetupMissing(session.principal));
          accountId = held ? null : session.principal.accountId;
        } catch {
          accountId = null;
        }
        if (accountId === null) {
          res.redirect(302, resultUrl({ result: '161' }));
          return ANSWERED;
        }
      }
      res.redirect(302, await oidc.start(query.intent, accountId, safeNext(query.next), redirectUri(req, deps.config)));
      return ANSWERED;
    },
    callback: async ({ req, res, query }) => {
      const url = new URL(`${redirectUri(req, deps.config).split('?')[0]}?${new URLSearchParams(req.query as Record<string, string>).toString()}`);
      const outcome: OidcOutcome = query.error ? { result: '161' } : await oidc.callback(url, query.state);
      if (outcome.result === 'signed-in' && outcome.accountId !== undefined) {
        auditAccount(res, outcome.accountId);
        const answer = await auth.signInAs(outcome.accountId, sessionToken(req));
        if ('challenge' in answer) {
          // two-factor sign-in: no session until the result page has the code
          res.redirect(302, resultUrl({ result: 'two-factor', next: outcome.next }, answer.challenge.challenge));
          return ANSWERED;
        }
        setSessionCookie(req, res, answer.session.token, answer.session.maxAgeSeconds);
      }
      res.redirect(302, resultUrl(outcome));
      return ANSWERED;
    },
    methods: (call) => oidc.methods(call.principal().accountId),
    unbind: async (call) => {
      await oidc.unbind(call.principal().accountId, call.params.identityId);
      return null;
    },
  };
}
