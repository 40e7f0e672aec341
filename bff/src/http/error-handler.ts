// The last middleware: every failure becomes the envelope; unexpected ones are logged and answered
// with code 2000 and no detail (STYLE §7: never a stack trace to a client).
import { ErrorCode, errorMessage } from '@airloom/contracts';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from '../logger.js';
import { AppError, httpStatusFor } from './app-error.js';

/** Failures of express' body parser and router that a user can cause by what they send. */
function clientFailure(err: unknown): { status: number } | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const status = (err as { status?: unknown; statusCode?: unknown }).status ?? (err as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return { status };
  return undefined;
}

/** errors of a database that is away for a moment (restarting, failing over, out of connections) */
const DATABASE_AWAY = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'PROTOCOL_CONNECTION_LOST', 'ER_SERVER_SHUTDOWN', 'ER_CON_COUNT_ERROR', 'SQLITE_BUSY']);

/**
 * The database did not answer (a restart, a failover): nothing the request asked for was done, so it
 * is 503 with a Retry-After, which says "try again" to a person, a proxy and an API client alike.
 */
export function databaseAway(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, name } = err as { code?: unknown; name?: unknown };
  return name === 'KnexTimeoutError' || (typeof code === 'string' && DATABASE_AWAY.has(code));
}

export function notFoundHandler(): RequestHandler {
  return (_req, _res, next) => next(new AppError(ErrorCode.DATA_NOT_FOUND));
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) return next(err);
    if (err instanceof AppError) {
      res.locals.answerCode = err.code; // the audit log's outcome (audit-hook.ts)
      res.status(httpStatusFor(err.code)).json({ code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) });
      return;
    }
    const client = clientFailure(err);
    if (client) {
      // e.g. malformed JSON (400), body too large (413), unsupported charset (415), bad URI escape (400)
      const fields = client.status === 400 ? { _: 'errors.generic.invalidInput' } : undefined;
      res.locals.answerCode = ErrorCode.INVALID_PARAMS;
      res.status(client.status).json({ code: ErrorCode.INVALID_PARAMS, message: errorMessage(ErrorCode.INVALID_PARAMS), ...(fields ? { fields } : {}) });
      return;
    }
    if (databaseAway(err)) {
      logger.warn({ err, req: { method: req.method, url: req.originalUrl.split('?')[0] } }, 'the database (or a service the request needed) did not answer: answered 503');
      res.locals.answerCode = ErrorCode.SERVER_ERROR;
      res.status(503).set('Retry-After', '5').json({ code: ErrorCode.SERVER_ERROR, message: errorMessage(ErrorCode.SERVER_ERROR) });
      return;
    }
    logger.error({ err, req: { method: req.method, url: req.originalUrl.split('?')[0] } }, 'unhandled error');
    res.locals.answerCode = ErrorCode.SERVER_ERROR;
    res.status(500).json({ code: ErrorCode.SERVER_ERROR, message: errorMessage(ErrorCode.SERVER_ERROR) });
  };
}

/** One JSON line per request: method, path (no query string), status, duration. Never headers or bodies. */
export function requestLogger(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const level = res.statusCode >= 500 ? 'error' : 'info';
      // the line is only made when it is written (LOG_LEVEL=warn writes failures only)
      if (!logger.isLevelEnabled(level)) return;
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      // a remote web link is a credential: its token is never written down
      const line = { req: { method: req.method, path: req.originalUrl.split('?')[0]!.replace(/^\/remote\/[^/]+/, '/remote/…') }, res: { statusCode: res.statusCode }, ms: Math.round(ms * 10) / 10 };
      logger[level](line, 'request');
    });
    next();
  };
}
