// The declared endpoints as one lookup (ARCHITECTURE §4): a router that finds a request's endpoint by
// its method and first path segment, then runs the endpoint's chain, instead of one Express layer
// per endpoint that Express tries in turn (its per-layer matching and dispatch were a measurable part
// of every API call: docs/performance.md, the device list). Matching follows Express's routes:
// case-insensitive, one trailing slash allowed, `:name` parameters URL-decoded (a bad escape is a
// 400), HEAD served by the GET endpoint. A request it has no endpoint for goes on to the next layer.
import type { NextFunction, Request, RequestHandler, Response } from 'express';

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';

/** One `/`-separated part of a declared path: a literal (lower case) or a `:name` parameter. */
type Part = { literal: string } | { param: string };

interface Entry {
  method: Method;
  parts: Part[];
  chain: RequestHandler[];
}

const DISPATCHED = Symbol('airloom.route-table.dispatched');

function partsOf(path: string): Part[] {
  if (!path.startsWith('/')) throw new Error(`route ${path}: must start with /`);
  const body = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return body
    .slice(1)
    .split('/')
    .map((s) => {
      if (s.startsWith(':')) {
        const param = s.slice(1);
        if (!/^\w+$/.test(param)) throw new Error(`route ${path}: parameter ${s} is not a plain name`);
        return { param };
      }
      if (/[:*?{}()]/.test(s)) throw new Error(`route ${path}: only literal parts and :name parameters are supported`);
      return { literal: s.toLowerCase() };
    });
}

/** Express's decoding of a path parameter: a bad escape is the client's fault (400). */
function decodeParam(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch (err) {
    if (err instanceof URIError) Object.assign(err, { message: `Failed to decode param '${value}'`, status: 400, statusCode: 400 });
    throw err;
  }
}

/** The parameters when `segments` (the request path split at `/`) is this entry's path, else undefined. */
function matchParts(parts: readonly Part[], segments: readonly string[]): Record<string, string> | undefined {
  if (parts.length !== segments.length) return undefined;
  let params: Record<string, string> | undefined;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const segment = segments[i]!;
    if ('literal' in part) {
      if (segment.length !== part.literal.length || (segment !== part.literal && segment.toLowerCase() !== part.literal)) return undefined;
    } else {
      if (segment.length === 0) return undefined;
      (params ??= {})[part.param] = segment;
    }
  }
  const decoded: Record<string, string> = {};
  if (params) for (const name of Object.keys(params)) decoded[name] = decodeParam(params[name]!);
  return decoded;
}

/** Runs an Express handler chain as Express's route does: errors and rejected promises go to `done(err)`. */
function runChain(chain: readonly RequestHandler[], req: Request, res: Response, done: (err?: unknown) => void): void {
  let i = 0;
  const next: NextFunction = (err?: unknown) => {
    if (err === 'route' || err === 'router') return done(err);
    if (err) return done(err);
    const handler = chain[i++];
    if (!handler) return done();
    try {
      const returned: unknown = handler(req, res, next);
      if (returned instanceof Promise) returned.then(undefined, (e: unknown) => next(e ?? new Error('Rejected promise')));
    } catch (e) {
      next(e);
    }
  };
  next();
}

export interface RouteTable {
  add(method: Method, path: string, chain: RequestHandler[]): void;
  /** The middleware that serves the table's endpoints. */
  readonly dispatch: RequestHandler;
  /**
   * Put first in an endpoint's chain where Express mounts it too (the route list tests read, and the
   * OPTIONS answer Express makes): a request the table served does not run it twice.
   */
  readonly skipDispatched: RequestHandler;
}

export function createRouteTable(): RouteTable {
  /** entries by first literal segment, in declaration order; `*`: those that begin with a parameter */
  const byFirst = new Map<string, Entry[]>();
  const wildcard: Entry[] = [];
  const all: Entry[] = [];

  const candidates = (first: string): readonly Entry[] => byFirst.get(first) ?? byFirst.get(first.toLowerCase()) ?? wildcard;

  const dispatch: RequestHandler = (req, res, next) => {
    const method = req.method;
    // OPTIONS (the Allow answer) and anything unusual are left to Express's own routes
    const wanted = method === 'GET' || method === 'HEAD' ? 'get' : method === 'POST' ? 'post' : method === 'PATCH' ? 'patch' : method === 'PUT' ? 'put' : method === 'DELETE' ? 'delete' : undefined;
    if (!wanted) return next();
    const url = req.url;
    const query = url.indexOf('?');
    let path = query < 0 ? url : url.slice(0, query);
    // what Express's URL parsing would change (a fragment, a space, a full URL): leave it to Express
    if (path.charCodeAt(0) !== 47 /* / */ || /[#\s]/.test(path)) return next();
    if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
    const segments = path.slice(1).split('/');
    const list = candidates(segments[0]!);
    let start = 0;
    const tryFrom = (err?: unknown): void => {
      if (err === 'router') return next('router');
      if (err && err !== 'route') return next(err);
      for (let k = start; k < list.length; k++) {
        const entry = list[k]!;
        if (entry.method !== wanted) continue;
        let params: Record<string, string> | undefined;
        try {
          params = matchParts(entry.parts, segments);
        } catch (e) {
          return next(e);
        }
        if (!params) continue;
        start = k + 1;
        req.params = params;
        (req as unknown as Record<symbol, boolean>)[DISPATCHED] = true;
        return runChain(entry.chain, req, res, tryFrom);
      }
      next();
    };
    tryFrom();
  };

  return {
    add(method, path, chain) {
      const entry: Entry = { method, parts: partsOf(path), chain };
      all.push(entry);
      const first = entry.parts[0]!;
      if ('param' in first) {
        wildcard.push(entry);
        for (const list of byFirst.values()) list.push(entry);
      } else {
        const list = byFirst.get(first.literal);
        if (list) list.push(entry);
        else byFirst.set(first.literal, all.filter((e) => e === entry || 'param' in e.parts[0]!));
      }
    },
    dispatch,
    skipDispatched: (req, _res, next) => ((req as unknown as Record<symbol, boolean>)[DISPATCHED] ? next('route') : next()),
  };
}
