// Signing in with an OpenID Connect provider, and binding it to an account (spec §1 social login
// binding; docs/decisions/accounts-projects.md). The provider is configured on the server
// (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_NAME); nothing is offered without it.
// The browser goes to /auth/oidc/start, the provider sends it back to /auth/oidc/callback, and the
// console then opens /static/wechatTransfer with the result.
import { z } from 'zod';
import { ErrorCode } from '../errors.js';
import { apiRuleKey } from './en-api-rules.js';
import { endpoint } from './endpoint.js';

export const OIDC_INTENTS = ['login', 'bind'] as const;
export type OidcIntent = (typeof OIDC_INTENTS)[number];

/**
 * What /static/wechatTransfer is told: `signed-in` or `bound`, else the spec's code of the refusal
 * (138 the identity is another account's, 142 this account has one of this provider already, 158 no
 * account is bound to it, 161 the sign-in was not completed: refused, expired or not genuine), or
 * `disabled`: the account is an engineer account its company has disabled. `two-factor`: the
 * account has two-factor sign-in; the page asks for the code with the challenge given in the
 * address's fragment (`#challenge=…`) and answers it at POST /auth/login/two-factor.
 */
export const OidcResultSchema = z.enum(['signed-in', 'two-factor', 'bound', 'disabled', '138', '142', '158', '161']);
export type OidcResult = z.output<typeof OidcResultSchema>;

export const SignInProvidersSchema = z.object({
  /** the configured OpenID Connect provider, by the name people know it by; null when none is */
  oidc: z.object({ name: z.string() }).nullable(),
});
export type SignInProviders = z.output<typeof SignInProvidersSchema>;

export const OidcStartQuerySchema = z.object({
  intent: z.enum(OIDC_INTENTS, { error: apiRuleKey('oidcIntent', 'value') }).default('login'),
  /** where to go after signing in (a path of this console) */
  next: z.string().max(512).optional(),
});

export const OidcCallbackQuerySchema = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(256).optional(),
  error: z.string().max(256).optional(),
});

export const SignInMethodsSchema = z.object({
  password: z.boolean(),
  identities: z.array(z.object({
    id: z.number().int(),
    provider: z.string(),
    /** what the provider calls the person: e-mail or name */
    label: z.string(),
    /** UTC, ISO 8601 */
    boundAt: z.string(),
  })),
});
export type SignInMethods = z.output<typeof SignInMethodsSchema>;

export const IdentityParamsSchema = z.object({
  identityId: z.string({ error: apiRuleKey('identityId', 'format') }).regex(/^[1-9][0-9]{0,9}$/, { error: apiRuleKey('identityId', 'format') }).transform(Number),
});

const redirect = z.string().meta({ description: '302 to the provider, or to /static/wechatTransfer?result=… (result=two-factor carries #challenge=…)' });

export const oidcEndpoints = {
  providers: endpoint({
    method: 'get', path: '/auth/providers', tag: 'auth', auth: 'none',
    summary: 'The sign-in providers this console offers besides the password', response: SignInProvidersSchema,
  }),
  start: endpoint({
    method: 'get', path: '/auth/oidc/start', tag: 'auth', auth: 'none', raw: true,
    summary: 'Go to the OpenID Connect provider to sign in (intent=login) or to bind it to the signed-in account (intent=bind)',
    description: 'Authorization code flow with PKCE (S256), state and nonce. A bind needs a browser session.',
    query: OidcStartQuerySchema, response: redirect,
  }),
  callback: endpoint({
    method: 'get', path: '/auth/oidc/callback', tag: 'auth', auth: 'none', raw: true, writes: true,
    summary: "The provider's answer: the code is exchanged, the ID token checked (signature with the provider's keys, issuer, audience, nonce), then /static/wechatTransfer",
    query: OidcCallbackQuerySchema, response: redirect,
  }),
  methods: endpoint({
    method: 'get', path: '/account/sign-in-methods', tag: 'account', auth: 'account',
    summary: 'How this account can sign in: its password and the provider identities bound to it', response: SignInMethodsSchema,
  }),
  unbind: endpoint({
    method: 'delete', path: '/account/sign-in-methods/:identityId', tag: 'account', auth: 'account',
    summary: "Unbind a provider identity (not the account's last way to sign in)",
    params: IdentityParamsSchema, response: z.null(),
    errors: [
      { code: ErrorCode.SOCIAL_BINDING_CONFLICT_160, text: 'auth.lastSignInMethod' },
      { code: ErrorCode.DATA_NOT_FOUND, text: 'auth.identityNotFound' },
    ],
  }),
};
