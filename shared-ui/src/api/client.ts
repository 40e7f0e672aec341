// The one API client (STYLE §5): envelope, error code → text, 401 → login, CSRF header.
// Remotes get an instance through MfeProps; nothing else calls fetch.
import { CSRF_HEADER, errorMessage } from '@airloom/contracts';

export { CSRF_HEADER };

/** Client-side failures that have no server code (spec §8 generic messages). */
export const CLIENT_ERROR = {
  network: 'network',
  noReturnCode: 'no-return-code',
  returnFormat: 'return-format',
} as const;

export class ApiError extends Error {
  readonly code: number | (typeof CLIENT_ERROR)[keyof typeof CLIENT_ERROR];
  readonly status: number;
  /** Field path → rules.* i18n key, for validation failures (code 400). */
  readonly fields: Record<string, string>;

  constructor(code: ApiError['code'], message: string, status: number, fields: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.fields = fields;
  }
}

export interface ApiClientOptions {
  /** Prefix for every path, default `/api/v1`. */
  baseUrl?: string;
  /** Called once per 401 answer (session missing or expired), e.g. to go to the login page. */
  onUnauthorized?: () => void;
  fetchImpl?: typeof fetch;
}

export interface ApiClient {
  get<T>(path: string, init?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, init?: RequestOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, init?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, init?: RequestOptions): Promise<T>;
  del<T>(path: string, init?: RequestOptions): Promise<T>;
}

export interface RequestOptions {
  signal?: AbortSignal;
  query?: Record<string, string | number | boolean | undefined>;
}

const GENERIC_TEXT: Record<string, string> = {
  [CLIENT_ERROR.network]: 'network error, please try later',
  [CLIENT_ERROR.noReturnCode]: 'no return code error',
  [CLIENT_ERROR.returnFormat]: 'return format error',
};

function withQuery(url: string, query: RequestOptions['query']): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? '/api/v1';
  const doFetch = options.fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  async function request<T>(method: string, path: string, body: unknown, init: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (method !== 'GET') headers[CSRF_HEADER] = '1';
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await doFetch(withQuery(`${baseUrl}${path}`, init.query), {
        method,
        headers,
        credentials: 'same-origin',
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: init.signal,
      });
    } catch (err) {
      if ((err as Error).name === 'AbortError') throw err;
      throw new ApiError(CLIENT_ERROR.network, GENERIC_TEXT[CLIENT_ERROR.network]!, 0);
    }
    let envelope: unknown;
    try {
      envelope = await response.json();
    } catch {
      throw new ApiError(CLIENT_ERROR.returnFormat, GENERIC_TEXT[CLIENT_ERROR.returnFormat]!, response.status);
    }
    if (typeof envelope !== 'object' || envelope === null || !('code' in envelope) || typeof envelope.code !== 'number') {
      throw new ApiError(CLIENT_ERROR.noReturnCode, GENERIC_TEXT[CLIENT_ERROR.noReturnCode]!, response.status);
    }
    const { code } = envelope as { code: number; data?: T; fields?: Record<string, string> };
    if (code === 0) return (envelope as unknown as { data: T }).data;
    if (response.status === 401) options.onUnauthorized?.();
    const fields = (envelope as { fields?: Record<string, string> }).fields ?? {};
    throw new ApiError(code, errorMessage(code), response.status, fields);
  }

  return {
    get: (path, init) => request('GET', path, undefined, init),
    post: (path, body, init) => request('POST', path, body, init),
    patch: (path, body, init) => request('PATCH', path, body, init),
    put: (path, body, init) => request('PUT', path, body, init),
    del: (path, init) => request('DELETE', path, undefined, init),
  };
}
