// Security headers on every answer and the CSRF/Origin check of ARCHITECTURE §4.
import { API_KEY_PREFIX, CSRF_HEADER, ErrorCode } from '@airloom/contracts';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppError } from './app-error.js';


/**
 * CSP: scripts only from here and from remotes whose manifest entry is absolute (a CDN).
 * styled-components injects <style> tags, hence 'unsafe-inline' for styles only. No page may be
 * framed, except the pages given `frameAncestors` (the standalone solution designer).
 */
export function contentSecurityPolicy(remoteOrigins: readonly string[], frameAncestors: readonly string[] | null = null): string {
  const extra = remoteOrigins.length ? ` ${remoteOrigins.join(' ')}` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${extra}`,
    `style-src 'self' 'unsafe-inline'${extra}`,
    `connect-src 'self'${extra}`,
    `img-src 'self' data: blob:${extra}`,
    `font-src 'self' data:${extra}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    frameAncestors === null ? "frame-ancestors 'none'" : ['frame-ancestors', "'self'", ...frameAncestors].join(' '),
  ].join('; ');
}

const API_PATH = /^\/api(\/|$)/;

/** The standalone solution designer's page, the one page partner portals may frame (docs/solutions-embedding.md). */
export const EMBEDDABLE_PAGES: readonly string[] = ['/remotes/solutions/index.html'];

/**
 * Security headers; `partnerOrigins` (SOLUTIONS_PARTNER_ORIGINS) may frame the embeddable pages
 * and nothing else, every other answer says `frame-ancestors 'none'` and X-Frame-Options DENY. API
 * answers are `Cache-Control: no-store`.
 */
export function securityHeaders(remoteOrigins: readonly string[], partnerOrigins: readonly string[] = []): RequestHandler {
  const csp = contentSecurityPolicy(remoteOrigins);
  const framedCsp = contentSecurityPolicy(remoteOrigins, partnerOrigins);
  return (req, res, next) => {
    const embeddable = EMBEDDABLE_PAGES.includes(req.path);
    res.setHeader('Content-Security-Policy', embeddable ? framedCsp : csp);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // X-Frame-Options knows no list of origins: the framed page leaves it to the CSP
    if (!embeddable) res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    res.removeHeader('X-Powered-By');
    // every API answer is per caller, refusals too (the CSRF check's, an unknown path's): no cache keeps
    // one (docs/decisions/security.md); an endpoint that may be cached says so itself (the public
    // OpenAPI document, the model catalogue, an avatar)
    if (API_PATH.test(req.path)) res.setHeader('Cache-Control', 'no-store');
    next();
  };
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The server's own origin as the browser sees it (honours X-Forwarded-* when trust proxy is on). */
export function requestOrigin(req: Request): string {
  return `${req.protocol}://${req.host ?? ''}`; // req.host follows X-Forwarded-Host only behind a trusted proxy
}

/**
 * Every state-changing request must carry `X-Airloom-Csrf: 1` (a header a cross-site form cannot
 * add) and, when the browser sends an Origin, come from this origin or an allowed one → else 403
 * with ErrorCode.SIGNATURE.
 */
export function csrfGuard(allowedOrigins: readonly string[]): RequestHandler {
  const allowed = new Set(allowedOrigins.map((o) => o.replace(/\/$/, '').toLowerCase()));
  return (req: Request, _res: Response, next: NextFunction) => {
    if (!STATE_CHANGING.has(req.method)) return next();
    // the manufacturer key on its path, or an account's API key: a browser never adds that header on
    // its own (a cross-site page cannot), and a request carrying it is judged by the key alone, never
    // by the session cookie. Any other Bearer header excuses nothing.
    const authorization = req.get('authorization') ?? '';
    if (authorization.startsWith(`Bearer ${API_KEY_PREFIX}`)) return next();
    if (req.path.startsWith('/api/v1/manufacturer/') && authorization.startsWith('Bearer ')) return next();
    if (req.get(CSRF_HEADER) !== '1') return next(new AppError(ErrorCode.SIGNATURE));
    const origin = req.get('origin');
    if (origin !== undefined) {
      const o = origin.toLowerCase();
      if (o !== requestOrigin(req).toLowerCase() && !allowed.has(o)) return next(new AppError(ErrorCode.SIGNATURE));
    }
    next();
  };
}
