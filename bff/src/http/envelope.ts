// ARCHITECTURE §4 envelope: `{code:0,data}` on success, `{code:N,message}` otherwise.
import { ErrorCode } from '@airloom/contracts';
import type { Response } from 'express';
import type { z } from 'zod';
import { AppError } from './app-error.js';

export function sendData(res: Response, data: unknown, status = 200): void {
  res.status(status).json({ code: ErrorCode.OK, data });
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
