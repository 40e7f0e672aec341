// The platform's own endpoints: health, the OpenAPI document and the remotes manifest
// (ARCHITECTURE §2, §3, §4), declared like every other (endpoint.ts).
import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { RemotesManifestSchema } from './remotes.js';

const tag = 'platform';

export const platformEndpoints = {
  health: endpoint({
    method: 'get', path: '/healthz', root: true, tag, auth: 'none',
    summary: 'The process answers', response: z.object({ status: z.literal('up') }),
  }),
  ready: endpoint({
    method: 'get', path: '/readyz', root: true, tag, auth: 'none',
    summary: 'The process and its database answer (503 with code 2000 while the database does not)',
    response: z.object({ status: z.literal('ready') }),
  }),
  remotes: endpoint({
    method: 'get', path: '/remotes.json', root: true, raw: true, tag, auth: 'none',
    summary: 'The remotes manifest: one `{ name, entry }` per deployed remote (ARCHITECTURE §3)',
    response: RemotesManifestSchema,
  }),
  openapi: endpoint({
    method: 'get', path: '/openapi.json', raw: true, tag, auth: 'none',
    summary: 'This document (OpenAPI 3.1), generated from the endpoint list; browsable at /api/v1/docs',
    response: z.record(z.string(), z.unknown()),
  }),
};
