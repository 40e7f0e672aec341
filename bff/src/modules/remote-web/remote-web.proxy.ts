// The person's link `/remote/<token>/…` (docs/maintenance.md): each request goes through the device's
// tunnel to its own web page. The page is served under the console's origin, so it is sandboxed
// (CSP `sandbox` without allow-same-origin: an opaque origin that cannot read the console's cookies or
// call its API as the person), the console's cookies and credentials never reach the device, and the
// device cannot set cookies on the console's origin.
import { Router, type NextFunction, type Request, type Response } from 'express';
import { ErrorCode } from '@airloom/contracts';
import { AppError } from '../../http/app-error.js';
import type { RemoteWebService } from './remote-web.service.js';

/** the largest request body sent on to a device (a form post) */
const MAX_BODY = 1024 * 1024;
/** request headers a device's page needs; everything else (Cookie, Authorization, X-Airloom-*, Origin, Referer…) stays here */
const REQUEST_HEADERS = new Set(['accept', 'accept-language', 'content-type', 'user-agent', 'if-none-match', 'if-modified-since']);
/** response headers passed back; Set-Cookie, the device's own CSP, CORS and HSTS headers never are */
const RESPONSE_HEADERS = new Set(['content-type', 'content-language', 'last-modified', 'etag', 'location']);
/** spec-free choice (docs/decisions/maintenance.md): scripts and forms may run, nothing is same-origin with the console */
export const REMOTE_WEB_CSP = "sandbox allow-forms allow-scripts; default-src 'self' data: 'unsafe-inline'; frame-ancestors 'none'; form-action 'self'; base-uri 'none'";

/**
 * A form post's body, at most MAX_BODY: refused from its declared length before it is read, else as
 * soon as the count passes it; either way answered (400), never a reset connection, and what the
 * client still sends is read and dropped, not kept (docs/uploads.md).
 */
function readBody(req: Request): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_BODY) return Promise.reject(new AppError(ErrorCode.INVALID_PARAMS));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off('data', onData).off('end', onEnd).off('error', onError);
      chunks.length = 0;
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        stop();
        reject(new AppError(ErrorCode.INVALID_PARAMS));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      const body = Buffer.concat(chunks);
      stop();
      resolve(body);
    };
    const onError = (err: Error) => {
      stop();
      reject(err);
    };
    req.on('data', onData).on('end', onEnd).on('error', onError);
  });
}

export function remoteWebRouter(remoteWeb: Pick<RemoteWebService, 'forward'>): Router {
  const router = Router();
  router.use('/remote/:token', (req: Request, res: Response, next: NextFunction) => {
    void (async () => {
      const token = String(req.params.token);
      const prefix = `/remote/${token}`;
      // the page uses relative links: its root must end with a slash
      if (req.originalUrl === prefix || req.originalUrl.startsWith(`${prefix}?`)) {
        res.redirect(301, `${prefix}/${req.originalUrl.slice(prefix.length)}`);
        return;
      }
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (REQUEST_HEADERS.has(k) && typeof v === 'string') headers[k] = v;
      const body = req.method === 'GET' || req.method === 'HEAD' ? Buffer.alloc(0) : await readBody(req);
      const answer = await remoteWeb.forward(token, { method: req.method, path: req.url || '/', headers, body });
      res.status(answer.status);
      for (const [k, v] of Object.entries(answer.headers)) {
        if (!RESPONSE_HEADERS.has(k)) continue;
        // a redirect to the device's own root stays under the link
        res.setHeader(k, k === 'location' && v.startsWith('/') && !v.startsWith('//') ? `${prefix}${v}` : v);
      }
      res.setHeader('Content-Security-Policy', REMOTE_WEB_CSP);
      // the link is the credential: it must not leave in a Referer, nor be cached
      res.setHeader('Referrer-Policy', 'no-referrer');
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('X-Frame-Options', 'DENY');
      res.removeHeader('Set-Cookie');
      res.end(req.method === 'HEAD' ? undefined : answer.body);
    })().catch(next);
  });
  return router;
}
