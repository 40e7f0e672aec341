// The session cookie (ARCHITECTURE §4): HttpOnly, SameSite=Lax, Path=/, Secure behind TLS, lifetime
// in seconds from the caller (spec §9) or a browser-session cookie.
import type { Request, Response } from 'express';

export const SESSION_COOKIE = 'airloom_session';

/** Reads one cookie from the Cookie header without a parser dependency. */
export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export function setSessionCookie(req: Request, res: Response, token: string, maxAgeSeconds: number | undefined): void {
  res.cookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: req.secure,
    // express takes milliseconds and writes both Max-Age and Expires; absent → browser session.
    ...(maxAgeSeconds !== undefined ? { maxAge: maxAgeSeconds * 1000 } : {}),
  });
}

export function clearSessionCookie(req: Request, res: Response): void {
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/', secure: req.secure });
}
