// The one API client (STYLE §5): envelope, error code → text, 401 → login, CSRF header.
// Remotes get an instance through MfeProps; nothing else calls fetch. `call(endpoint, input)` is
// typed from contracts' endpoint list (ARCHITECTURE §4) and names the thing in its error sentences.
import { CSRF_HEADER, endpointErrors, ErrorCode, errorMessage, fillPath, text, type AnyEndpoint, type Endpoint } from '@airloom/contracts';
import type { z } from 'zod';

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
  /**
   * Check every `call` answer against its endpoint's response schema (a mismatch is a
   * `return-format` error). Default: on, except in a production build.
   */
  validateAnswers?: boolean;
  /** Called once per 401 answer (session missing or expired), e.g. to go to the login page. */
  onUnauthorized?: () => void;
  /** Called when the company requires two-factor sign-in the session has not set up yet (77), e.g. to show the setup. */
  onTwoFactorSetupRequired?: () => void;
  fetchImpl?: typeof fetch;
}

type ParamsShape = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

/** What `call` needs for an endpoint: its path parameters, query and body, as the schemas take them. */
export type EndpointInput<E> =
  E extends Endpoint<infer P, infer Q, infer B, z.ZodType>
    ? (P extends ParamsShape ? { params: { [K in keyof z.input<P>]: string | number } } : { params?: undefined }) &
        (Q extends ParamsShape ? { query?: z.input<Q> } : { query?: undefined }) &
        (B extends z.ZodType ? { body: z.input<B> } : { body?: undefined }) & { signal?: AbortSignal }
    : never;

/** What `call` resolves to: the endpoint's response, as its schema hands it out. */
export type EndpointOutput<E> = E extends Endpoint<ParamsShape | undefined, ParamsShape | undefined, z.ZodType | undefined, infer R> ? z.output<R> : never;

/** Sentence for a failed call: the endpoint's own text for the code, filled in from the request. */
export function endpointErrorText(e: AnyEndpoint, code: number, input: { params?: object; query?: object; body?: unknown } = {}): string {
  const entry = endpointErrors(e).find((x) => x.code === code);
  if (!entry) return errorMessage(code);
  const values: Record<string, string | number> = {};
  for (const source of [input.query, input.body, input.params]) {
    if (typeof source !== 'object' || source === null) continue;
    for (const [key, value] of Object.entries(source)) if (typeof value === 'string' || typeof value === 'number') values[key] = value;
  }
  return text(`apiErrors.${entry.text}`, values);
}

export interface ApiClient {
  /** One declared endpoint: path filled, body sent, answer checked (see validateAnswers). */
  call<E extends AnyEndpoint>(endpoint: E, ...input: Record<string, never> extends EndpointInput<E> ? [EndpointInput<E>?] : [EndpointInput<E>]): Promise<EndpointOutput<E>>;
}

export interface RequestOptions {
  signal?: AbortSignal;
  query?: Record<string, string | number | boolean | undefined>;
}

const GENERIC_TEXT: Record<string, string> = {
  [CLIENT_ERROR.noReturnCode]: 'no return code error',
  [CLIENT_ERROR.returnFormat]: 'return format error',
};

declare const process: { env: { NODE_ENV?: string } };

/** The bundler writes the mode in place of `process.env.NODE_ENV`; elsewhere there is none. */
function isProductionBuild(): boolean {
  try {
    return process.env.NODE_ENV === 'production';
  } catch {
    return false;
  }
}

function withQuery(url: string, query: RequestOptions['query']): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? '/api/v1';
  const validate = options.validateAnswers ?? !isProductionBuild();
  const doFetch = options.fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  interface Sent {
    /** the endpoint's own sentences for its codes */
    explain: (code: number) => string;
    /** the answer is the body itself, not the envelope */
    raw?: boolean;
  }

  async function request<T>(method: string, path: string, body: unknown, init: RequestOptions, sent: Sent): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (method !== 'GET') headers[CSRF_HEADER] = '1';
    // a FormData body is an upload (multipart/form-data): the browser writes its boundary
    const upload = typeof FormData !== 'undefined' && body instanceof FormData;
    if (body !== undefined && !upload) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await doFetch(withQuery(path.startsWith('//') ? path.slice(1) : `${baseUrl}${path}`, init.query), {
        method,
        headers,
        credentials: 'same-origin',
        body: body === undefined ? undefined : upload ? (body as FormData) : JSON.stringify(body),
        signal: init.signal,
      });
    } catch (err) {
      if ((err as Error).name === 'AbortError') throw err;
      throw new ApiError(CLIENT_ERROR.network, text('apiErrors.common.network'), 0);
    }
    let envelope: unknown;
    try {
      envelope = await response.json();
    } catch {
      throw new ApiError(CLIENT_ERROR.returnFormat, GENERIC_TEXT[CLIENT_ERROR.returnFormat]!, response.status);
    }
    if (sent.raw && response.ok) return envelope as T;
    if (typeof envelope !== 'object' || envelope === null || !('code' in envelope) || typeof envelope.code !== 'number') {
      throw new ApiError(CLIENT_ERROR.noReturnCode, GENERIC_TEXT[CLIENT_ERROR.noReturnCode]!, response.status);
    }
    const { code } = envelope as { code: number; data?: T; fields?: Record<string, string> };
    if (code === 0) return (envelope as unknown as { data: T }).data;
    if (response.status === 401) options.onUnauthorized?.();
    if (code === ErrorCode.TWO_FACTOR_SETUP_REQUIRED) options.onTwoFactorSetupRequired?.();
    const fields = (envelope as { fields?: Record<string, string> }).fields ?? {};
    throw new ApiError(code, sent.explain(code), response.status, fields);
  }

  return {
    async call(endpoint, ...[input]) {
      // a stream is read with an EventSource (the remote kit's useProjectEvents), not one answer
      if (endpoint.stream) throw new Error(`${endpoint.path} is a Server-Sent Events stream: open it with an EventSource`);
      const given = (input ?? {}) as { params?: Record<string, string | number>; query?: RequestOptions['query']; body?: unknown; signal?: AbortSignal };
      // root paths (health, the remotes manifest) are not under the API prefix: '//' marks them
      const path = `${endpoint.root ? '/' : ''}${fillPath(endpoint.path, given.params)}`;
      const data = await request<unknown>(endpoint.method.toUpperCase(), path, given.body, { signal: given.signal, query: given.query }, {
        explain: (code) => endpointErrorText(endpoint, code, given),
        raw: endpoint.raw,
      });
      if (!validate) return data as EndpointOutput<typeof endpoint>;
      const checked = endpoint.response.safeParse(data);
      if (!checked.success) throw new ApiError(CLIENT_ERROR.returnFormat, text('apiErrors.common.returnFormat'), 200);
      return checked.data as EndpointOutput<typeof endpoint>;
    },
  };
}
