// Reads one file from a multipart/form-data upload (RFC 7578) with a hard size cap, without a
// dependency (the floor plan, the firmware image and the device import use it). Bytes past the cap
// are not kept; the caller answers its code (spec §8: 251 image over 10 MB).
import type { Request } from 'express';

export interface UploadedFile {
  fieldName: string;
  fileName: string;
  data: Buffer;
}

export type MultipartFailure = 'not-multipart' | 'too-large' | 'wrong-content' | 'malformed' | 'no-file';

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

export interface ReadBodyOptions {
  /**
   * Looks at what has arrived so far, until it gives a verdict: false refuses the body at once
   * (`wrong-content`: its first bytes are not what the endpoint takes), true stops asking, null asks
   * again with more.
   */
  check?: (head: Buffer, declaredBytes: number | null) => boolean | null;
}

/**
 * The request body, refused past `maxBytes`: from its declared Content-Length before a byte of it is
 * read, else as soon as the count passes the cap. A refusal is answered at once (docs/uploads.md):
 * nothing more is kept, and what the client still sends is read and dropped by Node's HTTP server
 * (the stream keeps flowing), so a client that is still sending sees the answer, not a reset, and a
 * Content-Length that promises more than ever comes does not hold the answer back.
 */
export function readBody(req: Request, maxBytes: number, options: ReadBodyOptions = {}): Promise<Buffer> {
  const header = req.headers['content-length'];
  const declared = header === undefined ? null : Number(header);
  if (declared !== null && Number.isFinite(declared) && declared > maxBytes) return Promise.reject(new MultipartError('too-large'));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let check = options.check;
    const stop = (err: MultipartError | Error | null) => {
      req.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
      chunks.length = 0;
      if (err) reject(err);
    };
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total > maxBytes) return stop(new MultipartError('too-large'));
      chunks.push(chunk);
      if (check) {
        const verdict = check(chunks.length === 1 ? chunk : Buffer.concat(chunks, total), declared);
        if (verdict === false) return stop(new MultipartError('wrong-content'));
        if (verdict === true) check = undefined;
      }
    };
    const onEnd = () => {
      const body = Buffer.concat(chunks, total);
      stop(null);
      resolve(body);
    };
    const onError = (err: Error) => stop(err);
    // the client went away before the end: nothing to answer, nothing kept
    const onClose = () => stop(new MultipartError('malformed'));
    req.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
  });
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
