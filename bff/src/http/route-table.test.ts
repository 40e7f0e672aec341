// The route table matches as Express's routes would: what a client sends reaches the same endpoint.
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createRouteTable } from './route-table.js';

function appWith(routes: [method: 'get' | 'post' | 'delete', path: string][]) {
  const table = createRouteTable();
  const api = express.Router();
  api.use(table.dispatch);
  for (const [method, path] of routes) {
    const answer: RequestHandler = (req, res) => void res.json({ route: `${method} ${path}`, params: req.params });
    table.add(method, path, [answer]);
    api[method](path, table.skipDispatched, answer);
  }
  const app = express();
  app.use('/api/v1', api);
  app.use((_req, res) => void res.status(404).json({ route: null }));
  const onError: ErrorRequestHandler = (err: { status?: number }, _req, res, _next) => void res.status(err.status ?? 500).json({ error: true });
  app.use(onError);
  return app;
}

const app = appWith([
  ['get', '/projects/summary'],
  ['get', '/projects/:id'],
  ['delete', '/projects/:id'],
  ['get', '/projects/:id/devices/:sn'],
  ['post', '/auth/login'],
]);

describe('route table', () => {
  it('takes the first declared endpoint that matches, literal parts case-insensitively, one trailing slash allowed', async () => {
    expect((await request(app).get('/api/v1/projects/summary')).body.route).toBe('get /projects/summary');
    expect((await request(app).get('/api/v1/Projects/7/')).body).toEqual({ route: 'get /projects/:id', params: { id: '7' } });
    expect((await request(app).get('/api/v1/projects/7//')).body.route).toBeNull();
    expect((await request(app).get('/api/v1/projects/7?x=1')).body.params).toEqual({ id: '7' });
    expect((await request(app).delete('/api/v1/projects/7')).body.route).toBe('delete /projects/:id');
    expect((await request(app).post('/api/v1/projects/7')).body.route).toBeNull();
  });

  it('decodes parameters, and answers a bad escape with 400', async () => {
    expect((await request(app).get('/api/v1/projects/1/devices/a%2Fb')).body.params).toEqual({ id: '1', sn: 'a/b' });
    expect((await request(app).get('/api/v1/projects/1/devices/%E0%A4%A')).status).toBe(400);
  });

  it('serves HEAD by the GET endpoint, and leaves OPTIONS to Express', async () => {
    const head = await request(app).head('/api/v1/projects/7');
    expect(head.status).toBe(200);
    const options = await request(app).options('/api/v1/projects/7');
    expect(options.headers.allow).toBe('DELETE, GET, HEAD');
  });
});
