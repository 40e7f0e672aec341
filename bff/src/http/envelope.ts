// ARCHITECTURE §4 envelope: `{code:0,data}` on success, `{code:N,message}` otherwise.
import { ErrorCode } from '@airloom/contracts';
import type { Response } from 'express';
import type { z } from 'zod';
import { AppError } from './app-error.js';

/**
 * `{code:0,data}` as express's `res.json` writes it (the app sets no JSON replacer, spaces or escape),
 * without its per-call setting lookups, charset parsing and copy of the body into a buffer. Where
 * express would do more (HEAD, a conditional request, a handler's own type or validators) it writes.
 */
export function sendData(res: Response, data: unknown, status = 200): void {
  const req = res.req;
  if (
    req.method === 'HEAD' ||
    req.headers['if-none-match'] !== undefined ||
    req.headers['if-modified-since'] !== undefined ||
    res.hasHeader('Content-Type') ||
    res.hasHeader('ETag') ||
    res.hasHeader('Last-Modified') ||
    res.hasHeader('Transfer-Encoding')
  ) {
    res.status(status).json({ code: ErrorCode.OK, data });
    return;
  }
  const body = JSON.stringify({ code: ErrorCode.OK, data });
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}

/** Field path ("a.b.0") → the issue's message, which contracts' rules set to an i18n key. */
export function fieldsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    // Rules carry i18n keys; zod's own texts (e.g. a body that is not an object) become the generic one.
    fields[key] ??= issue.message.startsWith('rules.') ? issue.message : 'errors.generic.invalidInput';
  }
  return fields;
}

/** Parses untrusted input with a contracts schema; failure → 400 INVALID_PARAMS with the fields. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw new AppError(ErrorCode.INVALID_PARAMS, fieldsOf(result.error));
  return result.data;
}
