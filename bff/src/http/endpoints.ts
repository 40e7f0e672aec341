// Mounts contracts' endpoint list (ARCHITECTURE §4): for each declaration, its caller check
// (session or manufacturer), its body parser, the parse of params, query and body with the declared
// schemas, the one project-access step for project-scoped endpoints, then its handler — a service
// call. A declaration without a handler is a startup error, so no endpoint is declared and unserved.
import { API, ErrorCode, type Action, type AnyEndpoint, type ApiDomains, type Endpoint, type Principal } from '@airloom/contracts';
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import type { z } from 'zod';
import { AppError } from './app-error.js';
import type { AuthenticatedSession } from '../modules/auth/auth.service.js';
import { auditHook, isAudited, type AuditSink } from './audit-hook.js';
import { parseInput, sendData } from './envelope.js';
import type { AuthorisedProject, ProjectAccess } from './project-access.js';
import { createRouteTable } from './route-table.js';
import { currentSession } from './session.js';

/** A handler's return value when it wrote the answer itself (a stream, a cached envelope). */
export const ANSWERED = Object.freeze({ answered: 'by the handler' } as const);

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler gets: the parsed input, and what the caller check and the access step found. */
export interface Call<E extends AnyEndpoint> {
  readonly req: Request;
  readonly res: Response;
  readonly params: E extends Endpoint<infer P, infer _Q, infer _B, z.ZodType> ? Out<P> : never;
  readonly query: E extends Endpoint<infer _P, infer Q, infer _B, z.ZodType> ? Out<Q> : never;
  readonly body: E extends Endpoint<infer _P, infer _Q, infer B, z.ZodType> ? Out<B> : never;
  /** the signed-in caller (endpoints with `auth: 'session'`); throws 8 elsewhere */
  session(): AuthenticatedSession;
  principal(): Principal;
  /** the project that passed the access step (endpoints with an `action`) */
  project(): AuthorisedProject;
}

export type Handler<E extends AnyEndpoint> = (call: Call<E>) => Promise<z.input<E['response']> | typeof ANSWERED> | z.input<E['response']> | typeof ANSWERED;

/** One handler per declared endpoint, by domain and name, like contracts' `API`. */
export type Handlers = { [D in keyof ApiDomains]: { [N in keyof ApiDomains[D]]: ApiDomains[D][N] extends AnyEndpoint ? Handler<ApiDomains[D][N]> : never } };

export interface MountDeps {
  /** caller checks by the declaration's `auth` */
  guards: { session: RequestHandler; account: RequestHandler; manufacturer: RequestHandler };
  /**
   * After a session's caller check: a company may require two-factor sign-in its engineer has not set
   * up yet; `open` for the endpoints declared `duringTwoFactorSetup`, `closed` (77) for the others.
   */
  twoFactorSetup: { open: RequestHandler; closed: RequestHandler };
  access: ProjectAccess;
  /** every declared write is recorded here once answered (docs/audit-log.md); without it, nothing is */
  audit?: { sink: AuditSink; clock: () => number };
}

const DEFAULT_BODY_LIMIT = '64kb';

/** A declared body limit in bytes: `64kb`, `2mb` (the forms contracts use). */
export function bodyLimitBytes(limit: string): number {
  const m = /^(\d+)(kb|mb)$/.exec(limit);
  if (!m) throw new Error(`body limit ${limit}: expected <n>kb or <n>mb`);
  return Number(m[1]) * (m[2] === 'kb' ? 1024 : 1024 * 1024);
}

/**
 * The JSON body parser of a declaration, with its limit (docs/uploads.md): a body declared larger is
 * refused from its Content-Length before a byte is read, so a length that promises more than ever
 * comes does not hold the answer back; past the limit while read (chunked, or inflated from gzip) it
 * is refused as soon as the count passes it. Either way the endpoint's own code for "too large"
 * answers (an avatar: 251, spec §8), else 400.
 */
function jsonBody(declared: AnyEndpoint, parse: RequestHandler): RequestHandler {
  const max = bodyLimitBytes(declared.bodyLimit ?? DEFAULT_BODY_LIMIT);
  const image = declared.errors?.some((e) => e.code === ErrorCode.IMAGE_TOO_LARGE) ?? false;
  // the parser's own failure (HTTP 413, code 400 in the envelope: error-handler.ts), or 251
  const tooLarge = (parserError?: unknown) =>
    image ? new AppError(ErrorCode.IMAGE_TOO_LARGE) : (parserError ?? Object.assign(new Error('request entity too large'), { status: 413, type: 'entity.too.large' }));
  return (req, res, next) => {
    const header = req.headers['content-length'];
    if (header !== undefined && Number(header) > max) return next(tooLarge());
    let done = false;
    let received = 0;
    const finish = (err?: unknown) => {
      if (done) return;
      done = true;
      req.off('data', count);
      next(err);
    };
    // a chunked body is refused as its count passes the limit, not once the parser has read (and
    // dropped) all the client sends; the parser goes on draining it, its late answer ignored
    const count = (chunk: Buffer) => {
      received += chunk.length;
      if (received > max) finish(tooLarge());
    };
    if (header === undefined) req.on('data', count);
    parse(req, res, (err?: unknown) => finish((err as { type?: unknown } | undefined)?.type === 'entity.too.large' ? tooLarge(err) : err));
  };
}

function projectStep(access: ProjectAccess, endpoint: AnyEndpoint, principal: () => Principal, params: unknown): Promise<AuthorisedProject> | undefined {
  const action: Action | undefined = endpoint.action;
  if (!action) return undefined;
  const { id } = params as { id: number };
  return access.authorise(principal(), id, action);
}

function route(endpoint: AnyEndpoint, handler: Handler<AnyEndpoint>, access: ProjectAccess): RequestHandler {
  return async (req, res) => {
    const params = endpoint.params ? parseInput(endpoint.params, req.params) : undefined;
    const query = endpoint.query ? parseInput(endpoint.query, req.query) : undefined;
    const body = endpoint.body ? parseInput(endpoint.body, req.body) : undefined;
    const session = () => currentSession(res);
    const principal = () => session().principal;
    const authorised = await projectStep(access, endpoint, principal, params);
    const call: Call<AnyEndpoint> = {
      req, res, params, query, body, session, principal,
      project() {
        if (!authorised) throw new Error(`${endpoint.method} ${endpoint.path} declares no action: it has no project`);
        return authorised;
      },
    } as Call<AnyEndpoint>;
    const result = await handler(call);
    if (result === ANSWERED) return;
    // the audit log reads who signed in, or which project was made, from the answer (audit-hook.ts)
    res.locals.answer = result;
    const status = endpoint.status ?? 200;
    if (endpoint.raw) res.status(status).json(result);
    else sendData(res, result, status);
  };
}

/**
 * Mounts every declared endpoint: API ones on `api` (under /api/v1), root ones on `root`. A route
 * table serves them (route-table.ts); each is an Express route too, behind it, for what the table
 * leaves to Express (OPTIONS) and for the tests that read the app's routes.
 */
export function mountEndpoints(targets: { api: Router; root: Router }, handlers: Handlers, deps: MountDeps): void {
  const tables = { api: createRouteTable(), root: createRouteTable() };
  targets.api.use(tables.api.dispatch);
  targets.root.use(tables.root.dispatch);
  const parsers = new Map<string, RequestHandler>();
  const parser = (limit: string) => {
    let p = parsers.get(limit);
    if (!p) parsers.set(limit, (p = express.json({ limit })));
    return p;
  };
  for (const [domain, group] of Object.entries(API)) {
    for (const [name, declared] of Object.entries(group as Record<string, AnyEndpoint>)) {
      const handler = (handlers as unknown as Record<string, Record<string, Handler<AnyEndpoint> | undefined>>)[domain]?.[name];
      if (!handler) throw new Error(`endpoint ${domain}.${name} is declared but has no handler`);
      const chain: RequestHandler[] = [];
      const audit = deps.audit && isAudited(declared) ? auditHook(`${domain}.${name}`, declared, deps.audit.sink, deps.audit.clock) : undefined;
      // first, so a call refused by the caller check is recorded too
      if (audit) chain.push(audit.start);
      // a computation declared to change nothing is open to a read-only API key (api-keys.routes.ts)
      if (declared.changesNothing) chain.push((_req, res, next) => { res.locals.changesNothing = true; next(); });
      if (declared.auth !== 'none') chain.push(deps.guards[declared.auth]);
      if (declared.auth === 'session' || declared.auth === 'account') chain.push(declared.duringTwoFactorSetup ? deps.twoFactorSetup.open : deps.twoFactorSetup.closed);
      // parsed after the caller is known: a manufacturer's batch is large
      if (declared.body) chain.push(jsonBody(declared, parser(declared.bodyLimit ?? DEFAULT_BODY_LIMIT)));
      if (audit) chain.push(audit.scope);
      chain.push(route(declared, handler, deps.access));
      const table = declared.root ? tables.root : tables.api;
      table.add(declared.method, declared.path, chain);
      (declared.root ? targets.root : targets.api)[declared.method](declared.path, table.skipDispatched, ...chain);
    }
  }
}
