// Production serving from one port: each remote's dist at /remotes/<name>/, the shell's dist at /
// with SPA fallback to its index.html. /remotes.json is a declared endpoint (API.platform.remotes).
import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { Router, type Response } from 'express';
import type { LocalRemote } from './remotes.js';

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
// rspack names hashed assets like main.3f9a1c2b.js or 123.3f9a1c2b.css
const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+(\.map)?$/i;

/** Long cache for content-hashed files; everything else (index.html, manifests, remoteEntry.js) revalidates. */
export function cacheControlFor(filePath: string): string {
  const base = path.basename(filePath);
  if (base.endsWith('.html') || base === 'mf-manifest.json' || base === 'remotes.json') return NO_CACHE;
  return HASHED.test(base) ? IMMUTABLE : NO_CACHE;
}

const staticOptions = {
  index: false,
  setHeaders: (res: Response, filePath: string) => res.setHeader('Cache-Control', cacheControlFor(filePath)),
};

/** Paths the SPA fallback never answers: they are the server's own. */
const RESERVED = /^\/(api|remotes)(\/|$)|^\/(healthz|readyz|remotes\.json)$/;

export function createWebRouter(options: { staticRoot: string; localRemotes: readonly LocalRemote[] }): Router {
  const router = Router();
  const shellDist = path.join(options.staticRoot, 'shell', 'dist');
  const shellIndex = path.join(shellDist, 'index.html');

  for (const remote of options.localRemotes) {
    router.use(`/remotes/${remote.name}`, express.static(remote.dist, staticOptions));
  }

  router.use(express.static(shellDist, staticOptions));

  // Deep links survive a reload: any other GET gets the shell.
  router.use((req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || RESERVED.test(req.path)) return next();
    if (!existsSync(shellIndex)) {
      res.status(404).type('text/plain').send('The console is not built: run `npm run build` first.');
      return;
    }
    res.setHeader('Cache-Control', NO_CACHE);
    res.sendFile(shellIndex);
  });

  return router;
}
