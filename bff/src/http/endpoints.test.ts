// ARCHITECTURE §4: every route the app serves is declared in contracts' endpoint list, and every
// declared endpoint has its route. The routes are read from the Express app itself.
import { ENDPOINTS } from '@airloom/contracts';
import type { Express } from 'express';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from '../test/test-env.js';
import { ANSWERED, mountEndpoints, type Handlers } from './endpoints.js';

interface Layer {
  rawPath?: string;
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** `METHOD /full/path` of every route in the app, following mounted routers. */
function routesOf(app: Express): string[] {
  const found: string[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const method of Object.keys(layer.route.methods)) found.push(`${method.toUpperCase()} ${prefix}${layer.route.path}`);
      } else if (layer.handle?.stack) {
        const mount = layer.rawPath && layer.rawPath !== '/' ? layer.rawPath : '';
        walk(layer.handle.stack, prefix + mount);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  return found.sort();
}

const declared = ENDPOINTS.map(({ endpoint: e }) => `${e.method.toUpperCase()} ${e.root ? '' : '/api/v1'}${e.path}`).sort();

// The browsable documentation page is HTML and its script, not an API endpoint (docs.routes.ts).
const DOCUMENTATION_PAGE = ['GET /api/v1/docs', 'GET /api/v1/docs/init.js'];

describe('routes and declarations', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv('sqlite');
  });
  afterAll(async () => {
    await env?.close();
  });

  it('serves exactly the declared endpoints (plus the documentation page)', () => {
    expect(routesOf(env.app)).toEqual([...declared, ...DOCUMENTATION_PAGE].sort());
  });

  it('the walk sees a route added outside the list, so the check above can fail', () => {
    const app = express();
    const api = express.Router();
    api.get('/undeclared', (_req, res) => void res.end());
    app.use('/api/v1', api);
    expect(routesOf(app)).toEqual(['GET /api/v1/undeclared']);
  });

  it('refuses to start with a declared endpoint that has no handler', () => {
    const handlers = { auth: {}, projects: {}, devices: {}, manufacturer: {}, platform: { health: () => ANSWERED } } as unknown as Handlers;
    const noop = (_req: unknown, _res: unknown, next: () => void) => next();
    expect(() =>
      mountEndpoints({ api: express.Router(), root: express.Router() }, handlers, {
        guards: { session: noop, account: noop, manufacturer: noop },
        twoFactorSetup: { open: noop, closed: noop },
        access: { authorise: async () => { throw new Error('unused'); } },
      }),
    ).toThrow(/declared but has no handler/);
  });
});
