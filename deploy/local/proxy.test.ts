// The local proxy (proxy.mjs) on its own, with two bare HTTP servers as the instances: what the chaos
// test found (docs/deployment.md "Chaos test"). No database or broker needed.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error a plain Node script without type declarations
import { startProxy as start } from './proxy.mjs';

const startProxy = start as (options: { upstreams: { host: string; port: number }[] }) => Promise<{ url: string; close(): Promise<void> }>;

type Closer = () => Promise<void>;
const closers: Closer[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** an instance that answers every request with an event stream, writing one event at once */
async function streamingInstance(): Promise<{ port: number; kill(): void }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write('event: device\ndata: {"n":1}\n\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return {
    port: (server.address() as AddressInfo).port,
    // what kill -9 does to its connections: they are reset, nothing more is written
    kill: () => server.closeAllConnections(),
  };
}

describe('the local proxy', () => {
  it('cuts a browser event stream when the instance holding it dies, so the browser sees the break and reconnects', async () => {
    const instance = await streamingInstance();
    const proxy = await startProxy({ upstreams: [{ host: '127.0.0.1', port: instance.port }] });
    closers.push(() => proxy.close());

    const ended = await new Promise<{ first: string; how: string }>((resolve, reject) => {
      const req = http.get(`${proxy.url}/api/v1/projects/1/events`, (res) => {
        let first = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (!first) {
            first = chunk;
            instance.kill();
          }
        });
        res.on('end', () => resolve({ first, how: 'ended' }));
        res.on('error', () => resolve({ first, how: 'cut' }));
        res.on('close', () => resolve({ first, how: 'closed' }));
      });
      req.on('error', reject);
      setTimeout(() => reject(new Error('the stream stayed open after its instance died')), 5_000).unref();
    });
    expect(ended.first).toContain('event: device');
    expect(['cut', 'closed']).toContain(ended.how);
  });
});
