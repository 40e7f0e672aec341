// OpenID Connect sign-in and binding (issue 16, spec §1 social login; docs/decisions/accounts-projects.md).
// The authorization code flow with PKCE (S256), state and nonce, through openid-client: the ID token's
// signature is checked with the provider's published keys, and its issuer, audience, expiry and nonce.
// Identities are the provider's (issuer, subject); one per provider and account.
//
// - login: a bound identity signs its account in. An unknown one whose provider vouches for its e-mail
//   (email_verified) and whose e-mail no account uses gets a new account without a password; an
//   e-mail that an account already uses is refused (158): that person signs in with the password and
//   binds the provider in Account settings, so nobody takes an account over through a provider.
// - bind: the signed-in account gets the identity; one that is another account's answers 138, a second
//   identity of the same provider 142.
// - An account's last way to sign in (no password, one identity) cannot be unbound (160).
import { ErrorCode, type OidcIntent, type OidcResult, type SignInMethods } from '@airloom/contracts';
import type { Knex } from 'knex';
import * as oidc from 'openid-client';
import type { OidcConfig } from '../../config.js';
import { AppError } from '../../http/app-error.js';
import type { Logger } from '../../logger.js';

const FLOW_MS = 10 * 60_000;

export interface OidcDeps {
  db: Knex;
  config: OidcConfig | undefined;
  clock: () => number;
  logger: Logger;
  /** a new account for a provider-vouched e-mail: no password */
  createAccount(email: string, nick: string): Promise<number>;
}

interface FlowRow {
  state: string;
  verifier: string;
  nonce: string;
  intent: OidcIntent;
  account_id: number | null;
  next_path: string | null;
  expires_at: number;
}

/** where the browser goes after the callback */
export interface OidcOutcome {
  result: OidcResult;
  /** the account to sign in (result signed-in) */
  accountId?: number;
  next?: string;
}

export function createOidcService(deps: OidcDeps) {
  const { db, config, clock, logger } = deps;
  let discovered: Promise<oidc.Configuration> | undefined;

  function provider(): Promise<oidc.Configuration> {
    if (!config) throw new AppError(ErrorCode.DATA_NOT_FOUND);
    // The ID token's signature is checked with the keys the provider publishes (its jwks_uri):
    // openid-client leaves that to TLS unless non-repudiation checks are on. An http:// issuer is only
    // for a provider on this machine (tests, a lab).
    const execute = [oidc.enableNonRepudiationChecks, ...(config.issuer.startsWith('http://') ? [oidc.allowInsecureRequests] : [])];
    discovered ??= oidc.discovery(new URL(config.issuer), config.clientId, config.clientSecret, undefined, { execute }).catch((err: unknown) => {
      discovered = undefined; // try again on the next sign-in
      throw err;
    });
    return discovered;
  }

  const refused = (result: OidcResult, next?: string): OidcOutcome => ({ result, next });

  async function identityOf(issuer: string, subject: string) {
    return (await db('account_identities').where({ issuer, subject }).first()) as { id: number; account_id: number } | undefined;
  }

  return {
    configured: () => config !== undefined,
    name: () => config?.name ?? null,

    /** the provider's authorization URL for this intent; the flow is kept until the callback */
    async start(intent: OidcIntent, accountId: number | null, next: string | undefined, redirectUri: string): Promise<string> {
      const cfg = await provider();
      const verifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      await db('oidc_flows').where('expires_at', '<', clock()).delete();
      await db('oidc_flows').insert({ state, verifier, nonce, intent, account_id: accountId, next_path: next ?? null, expires_at: clock() + FLOW_MS });
      return oidc
        .buildAuthorizationUrl(cfg, {
          redirect_uri: redirectUri,
          scope: 'openid email profile',
          code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
          code_challenge_method: 'S256',
          state,
          nonce,
        })
        .toString();
    },

    /** the provider's answer (the full callback URL as the browser requested it) */
    async callback(currentUrl: URL, state: string | undefined): Promise<OidcOutcome> {
      const flow = state ? ((await db('oidc_flows').where({ state }).first()) as FlowRow | undefined) : undefined;
      if (!flow || Number(flow.expires_at) <= clock()) return refused('161');
      // a flow is answered once
      await db('oidc_flows').where({ state: flow.state }).delete();
      const next = flow.next_path ?? undefined;
      let claims: oidc.IDToken;
      try {
        const tokens = await oidc.authorizationCodeGrant(await provider(), currentUrl, {
          pkceCodeVerifier: flow.verifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims()!;
      } catch (err) {
        logger.warn({ err }, 'OpenID Connect sign-in not completed');
        return refused('161', next);
      }
      const issuer = claims.iss;
      const subject = claims.sub;
      const email = typeof claims.email === 'string' && claims.email_verified === true ? claims.email.toLowerCase() : null;
      const label = email ?? (typeof claims.name === 'string' ? claims.name : subject);
      const known = await identityOf(issuer, subject);

      if (flow.intent === 'bind') {
        if (flow.account_id === null) return refused('161', next);
        if (known) return known.account_id === Number(flow.account_id) ? { result: 'bound', next } : refused('138', next);
        const other = await db('account_identities').where({ account_id: flow.account_id, issuer }).first('id');
        if (other) return refused('142', next);
        await db('account_identities').insert({ account_id: flow.account_id, issuer, subject, label: label.slice(0, 254), created_at: clock() });
        logger.info({ event: 'identity-bound', accountId: Number(flow.account_id) }, 'OpenID Connect identity bound');
        return { result: 'bound', next };
      }

      if (known) {
        // an engineer account its company disabled signs in no way at all
        const disabled = await db('sub_accounts').where({ account_id: known.account_id }).whereNotNull('disabled_at').first('account_id');
        return disabled ? refused('disabled', next) : { result: 'signed-in', accountId: Number(known.account_id), next };
      }
      // an identity nobody has bound: a new account, only for an e-mail the provider vouches for and nobody uses
      if (!email || (await db('accounts').where({ account: email }).first('id'))) return refused('158', next);
      const nick = typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim().slice(0, 64) : email.slice(0, email.indexOf('@'));
      const accountId = await deps.createAccount(email, nick);
      await db('account_identities').insert({ account_id: accountId, issuer, subject, label: email, created_at: clock() });
      logger.info({ event: 'signup', accountId, via: 'oidc' }, 'account created through OpenID Connect');
      return { result: 'signed-in', accountId, next };
    },

    async methods(accountId: number): Promise<SignInMethods> {
      const account = (await db('accounts').where({ id: accountId }).first('password_hash')) as { password_hash: string | null } | undefined;
      const rows = (await db('account_identities').where({ account_id: accountId }).orderBy('id')) as { id: number; label: string; created_at: number }[];
      return {
        password: Boolean(account?.password_hash),
        identities: rows.map((r) => ({ id: Number(r.id), provider: config?.name ?? 'OpenID Connect', label: r.label, boundAt: new Date(Number(r.created_at)).toISOString() })),
      };
    },

    async unbind(accountId: number, identityId: number): Promise<void> {
      const methods = await this.methods(accountId);
      if (!methods.identities.some((i) => i.id === identityId)) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      if (!methods.password && methods.identities.length === 1) throw new AppError(ErrorCode.SOCIAL_BINDING_CONFLICT_160);
      await db('account_identities').where({ id: identityId, account_id: accountId }).delete();
    },
  };
}

export type OidcService = ReturnType<typeof createOidcService>;
