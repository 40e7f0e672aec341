// ARCHITECTURE §4: every endpoint is declared once, here in contracts: method, path, schemas, the
// can() action of its one project-access step and the error codes it may answer, each with a
// sentence that names the thing (texts in en-api-errors.ts). The BFF mounts the list, the OpenAPI
// document is a loop over it, and shared-ui's client is typed from it.
import type { z } from 'zod';
import { ErrorCode } from '../errors.js';
import type { Action } from '../permissions.js';
import type { ApiErrorKey } from './en-api-errors.js';

export type HttpMethod = 'get' | 'post' | 'patch' | 'put' | 'delete';

/**
 * Who may call: nobody in particular; a session (the browser's cookie, or an API key of the account
 * as `Authorization: Bearer`); `account`, a person's browser session only (managing the account's
 * API keys); or a session of a manufacturer account or the manufacturer key.
 */
export type EndpointAuth = 'none' | 'session' | 'account' | 'manufacturer';

/** A code the endpoint may answer, with the i18n key of the sentence a person reads. */
export interface EndpointError {
  readonly code: number;
  readonly text: ApiErrorKey;
}

type Shape = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

export interface Endpoint<
  P extends Shape | undefined = Shape | undefined,
  Q extends Shape | undefined = Shape | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> {
  readonly method: HttpMethod;
  /** Express-style (`/projects/:id`), under `/api/v1` unless `root` */
  readonly path: string;
  /** served at the site root (health, the remotes manifest), not under `/api/v1` */
  readonly root?: boolean;
  readonly summary: string;
  readonly description?: string;
  /** OpenAPI tag: the domain file it is declared in */
  readonly tag: string;
  readonly auth: EndpointAuth;
  /** project-scoped: `:id` is the project, and the one access step runs can(action) before the service */
  readonly action?: Action;
  readonly params?: P;
  readonly query?: Q;
  readonly body?: B;
  /** the `data` of the `{code:0,data}` answer (the whole answer when `raw`) */
  readonly response: R;
  /** the answer is the response itself, not the envelope (health, the remotes manifest) */
  readonly raw?: boolean;
  /** the answer is a `text/event-stream` whose data lines are `response` */
  readonly stream?: boolean;
  readonly status?: 200 | 201 | 202;
  /** the largest JSON body accepted (default 64 kB) */
  readonly bodyLimit?: string;
  /** codes beyond those every endpoint of its kind may answer (COMMON_ERRORS) */
  readonly errors?: readonly EndpointError[];
  /**
   * Open to a session whose company requires two-factor sign-in it has not set up yet (reading who is
   * signed in, setting it up); every other session endpoint answers it 77 (docs/decisions/accounts-projects.md).
   */
  readonly duringTwoFactorSetup?: true;
  /** A POST that only computes and stores nothing (the solution designer's recommendation): a read-only API key may call it. */
  readonly changesNothing?: true;
  /** A GET that changes state (the sign-in provider's callback opens a session): the audit log records it like a write. */
  readonly writes?: true;
  /** The answer's `id` is a project the call just made: the audit log files the write under it (docs/audit-log.md). */
  readonly createsProject?: true;
}

export type AnyEndpoint = Endpoint<Shape | undefined, Shape | undefined, z.ZodType | undefined, z.ZodType>;

/** Declares an endpoint, keeping its schemas' exact types for the client and the server. */
export function endpoint<P extends Shape | undefined = undefined, Q extends Shape | undefined = undefined, B extends z.ZodType | undefined = undefined, R extends z.ZodType = z.ZodType>(
  e: Endpoint<P, Q, B, R>,
): Endpoint<P, Q, B, R> {
  return e;
}

/** `/projects/:id/devices/:sn` → `/projects/{id}/devices/{sn}` (OpenAPI) */
export function openApiPath(path: string): string {
  return path.replace(/:(\w+)/g, '{$1}');
}

/** A path with its `:name` parts filled in, each URL-encoded. */
export function fillPath(path: string, params: Readonly<Record<string, string | number>> = {}): string {
  return path.replace(/:(\w+)/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : encodeURIComponent(String(value));
  });
}

/** Codes any endpoint may answer, by what it needs: a session, a write, a project. */
export function commonErrors(e: AnyEndpoint): EndpointError[] {
  const list: EndpointError[] = [{ code: ErrorCode.SERVER_ERROR, text: 'common.serverError' }];
  if (e.params || e.query || e.body) list.push({ code: ErrorCode.INVALID_PARAMS, text: 'common.invalidParams' });
  if (e.method !== 'get') list.push({ code: ErrorCode.SIGNATURE, text: 'common.signature' });
  if (e.auth !== 'none') {
    list.push(
      { code: ErrorCode.TOKEN_MISSING, text: 'common.tokenMissing' },
      { code: ErrorCode.TOKEN_EXPIRED, text: 'common.tokenExpired' },
      { code: ErrorCode.PASSWORD_CHANGED, text: 'account.passwordChanged' },
    );
  }
  if ((e.auth === 'session' || e.auth === 'account') && !e.duringTwoFactorSetup) {
    list.push({ code: ErrorCode.TWO_FACTOR_SETUP_REQUIRED, text: 'auth.twoFactorSetupRequired' });
  }
  if (e.action) {
    list.push({ code: ErrorCode.DATA_NOT_FOUND, text: 'common.projectNotFound' });
    if (e.action !== 'project.view' && e.action !== 'device.view') {
      list.push({ code: ErrorCode.READ_ONLY_PROJECT, text: 'common.readOnlyProject' }, { code: ErrorCode.DEMO_PROJECT, text: 'common.demoProject' });
    }
  }
  return list;
}

/** Every code the endpoint may answer with its sentence; the endpoint's own entries come first. */
export function endpointErrors(e: AnyEndpoint): EndpointError[] {
  const own = e.errors ?? [];
  return [...own, ...commonErrors(e).filter((c) => !own.some((o) => o.code === c.code))];
}
