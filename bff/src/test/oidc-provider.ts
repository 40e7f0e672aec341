// Test helper: a real OpenID Connect provider (the npm package oidc-provider) on a free local port,
// with one client for the console, and a person-in-a-browser who signs in on its development login
// page and consents — driven over HTTP with a cookie jar, as a browser would.
import { generateKeyPairSync, sign } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export const OIDC_CLIENT = { id: 'airloom-console', secret: 'console-secret-for-the-test-provider' };

/**
 * How the ID token the provider's token endpoint answers with is forged on its way out (a stand-in for
 * somebody between the console and the provider): `foreign-key` re-signs it with a key the provider
 * never published, under the provider's own key id; `unknown-key` does that under a key id its key set
 * does not have. Everything else in the token (issuer, audience, nonce, expiry) stays genuine.
 */
export type IdTokenForgery = 'foreign-key' | 'unknown-key';

export interface TestProvider {
  issuer: string;
  /** set to forge the ID tokens handed out from now on; undefined hands out the genuine ones */
  forgeIdToken: IdTokenForgery | undefined;
  close(): Promise<void>;
}

const FOREIGN_KEY = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;

/** the JWS `token` signed again with a key that is not the provider's (RS256, like the genuine one) */
function forged(token: string, how: IdTokenForgery): string {
  const [header, payload] = token.split('.') as [string, string];
  const head = JSON.parse(Buffer.from(header, 'base64url').toString()) as Record<string, unknown>;
  const newHeader = how === 'unknown-key' ? Buffer.from(JSON.stringify({ ...head, alg: 'RS256', kid: 'not-in-the-provider-key-set' })).toString('base64url') : header;
  const signingInput = `${newHeader}.${payload}`;
  return `${signingInput}.${sign('sha256', Buffer.from(signingInput), FOREIGN_KEY).toString('base64url')}`;
}

/** rewrites the id_token of the token endpoint's JSON answer as it is sent */
function forgeTokenAnswer(res: http.ServerResponse, how: IdTokenForgery): void {
  const end = res.end.bind(res) as (...args: unknown[]) => http.ServerResponse;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (chunk === undefined || typeof chunk === 'function' || res.statusCode !== 200) return end(chunk, ...rest);
    const body = JSON.parse(Buffer.isBuffer(chunk) ? chunk.toString() : String(chunk)) as { id_token?: string };
    if (body.id_token) body.id_token = forged(body.id_token, how);
    const text = JSON.stringify(body);
    if (!res.headersSent) res.setHeader('content-length', Buffer.byteLength(text));
    return end(text, ...rest);
  }) as typeof res.end;
}

/** a provider whose person `login` has subject `login` and the verified e-mail `login@idp.example` */
export async function startTestProvider(redirectUri: string): Promise<TestProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [{ client_id: OIDC_CLIENT.id, client_secret: OIDC_CLIENT.secret, redirect_uris: [redirectUri], grant_types: ['authorization_code'], response_types: ['code'] }],
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: async () => ({ sub, email: `${sub}@idp.example`, email_verified: true, name: `Person ${sub}` }),
    }),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // the e-mail in the ID token itself, as the big providers do
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    cookies: { keys: ['test-provider-cookie-key'] },
  });
  const handle = provider.callback();
  const answer: TestProvider = {
    issuer,
    forgeIdToken: undefined,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (answer.forgeIdToken && req.method === 'POST' && req.url?.startsWith('/token')) forgeTokenAnswer(res, answer.forgeIdToken);
    void handle(req, res);
  });
  return answer;
}

/**
 * Follows the provider's pages from the authorization URL as a browser would: signs in as `login`,
 * consents, and answers the URL the provider finally sends the browser to (the console's callback).
 */
export async function signInAtProvider(authorizationUrl: string, login: string, stopAt: string): Promise<string> {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
  };
  let url = authorizationUrl;
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 20; hop++) {
    if (url.startsWith(stopAt)) return url;
    const res = await fetch(url, { method: body ? 'POST' : 'GET', body, headers: { cookie: cookie(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) }, redirect: 'manual' });
    keep(res);
    body = undefined;
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url).toString();
      continue;
    }
    const html = await res.text();
    const action = /action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`the provider answered ${res.status} without a form: ${html.slice(0, 200)}`);
    url = new URL(action.replace(/&amp;/g, '&'), url).toString();
    body = html.includes('name="login"') ? new URLSearchParams({ prompt: 'login', login, password: 'any' }) : new URLSearchParams({ prompt: 'consent' });
  }
  throw new Error('the provider sent the browser round in circles');
}
