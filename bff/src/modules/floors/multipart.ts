// Reads one file from a multipart/form-data upload (RFC 7578) with a hard size cap, without a
// dependency: the plan image is the console's only multipart upload. Bytes past the cap are not
// kept; the caller answers 251 (spec §8: image over 10 MB).
import type { Request } from 'express';

export interface UploadedFile {
  fieldName: string;
  fileName: string;
  data: Buffer;
}

export type MultipartFailure = 'not-multipart' | 'too-large' | 'malformed' | 'no-file';

export class MultipartError extends Error {
  constructor(readonly reason: MultipartFailure) {
    super(`multipart upload refused: ${reason}`);
  }
}

/** The boundary of a `multipart/form-data; boundary=…` content type, or null. */
export function boundaryOf(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\b/i.test(contentType)) return null;
  const m = /boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(contentType);
  return m ? (m[1] ?? m[2] ?? null) : null;
}

/** The request body, refused past `maxBytes` (the rest is read and dropped so the answer can be sent). */
export async function readBody(req: Request, maxBytes: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  const chunks: Buffer[] = [];
  let total = 0;
  let over = Number.isFinite(declared) && declared > maxBytes;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxBytes) over = true;
    if (!over) chunks.push(chunk);
  }
  if (over) throw new MultipartError('too-large');
  return Buffer.concat(chunks, total);
}

/** The first part of `body` that carries a file (has a filename), or the part named `field`. */
export function parseFilePart(body: Buffer, boundary: string, field: string): UploadedFile {
  const delimiter = Buffer.from(`--${boundary}`);
  let start = body.indexOf(delimiter);
  if (start < 0) throw new MultipartError('malformed');
  while (start >= 0) {
    const afterDelimiter = start + delimiter.length;
    if (body.subarray(afterDelimiter, afterDelimiter + 2).toString() === '--') break; // closing delimiter
    const headerEnd = body.indexOf('\r\n\r\n', afterDelimiter);
    if (headerEnd < 0) throw new MultipartError('malformed');
    const headers = body.subarray(afterDelimiter, headerEnd).toString('utf8');
    const next = body.indexOf(Buffer.from(`\r\n--${boundary}`), headerEnd + 4);
    if (next < 0) throw new MultipartError('malformed');
    const disposition = /content-disposition:\s*form-data;([^\r\n]*)/i.exec(headers)?.[1] ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    const fileName = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
    if (name === field && fileName !== undefined) return { fieldName: name, fileName, data: body.subarray(headerEnd + 4, next) };
    start = next + 2;
  }
  throw new MultipartError('no-file');
}
