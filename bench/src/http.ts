// A tiny cookie-carrying client for driving the API from benchmarks (Node's fetch).
export interface ApiSession {
  call<T>(method: string, path: string, body?: unknown): Promise<{ status: number; code: number; data: T }>;
  cookie: string;
}

export function apiSession(baseUrl: string): ApiSession {
  let cookie = '';
  return {
    get cookie() { return cookie; },
    async call<T>(method: string, path: string, body?: unknown) {
      const res = await fetch(`${baseUrl}/api/v1${path}`, {
        method,
        headers: {
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...(method === 'GET' ? {} : { 'X-Airloom-Csrf': '1' }),
          ...(cookie ? { Cookie: cookie } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const setCookie = res.headers.get('set-cookie');
      if (setCookie) cookie = setCookie.split(';')[0] ?? '';
      const envelope = (await res.json()) as { code: number; data: T };
      return { status: res.status, code: envelope.code, data: envelope.data };
    },
  };
}

/** Signs up a fresh account through the real flow (verification code read from the dev outbox). */
export async function signUp(baseUrl: string, outbox: () => Array<Record<string, unknown>>, account: string, password: string): Promise<ApiSession> {
  const session = apiSession(baseUrl);
  const sent = await session.call('POST', '/auth/code', { account, purpose: 'signup' });
  if (sent.code !== 0) throw new Error(`send code failed: ${JSON.stringify(sent)}`);
  const message = [...outbox()].reverse().find((m) => m.to === account);
  const code = message?.code;
  if (typeof code !== 'string') throw new Error(`no verification code in the outbox for ${account}`);
  const created = await session.call('POST', '/auth/signup', { account, code, password, confirm: password });
  if (created.code !== 0) throw new Error(`sign-up failed: ${JSON.stringify(created)}`);
  return session;
}
