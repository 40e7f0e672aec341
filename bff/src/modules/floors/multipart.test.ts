// The upload body reader on a real HTTP server (docs/uploads.md): a body declared over the cap is
// refused before it is read, even when the rest never comes; one that passes the cap while read is
// refused at once and nothing more is kept; the client still sending gets the answer, not a reset.
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MultipartError, readBody } from './multipart.js';

const CAP = 256 * 1024;

function post(port: number, path: string, chunks: Buffer[], headers: Record<string, string>, end = true): Promise<{ status: number; body: string; sent: number }> {
  return new Promise((resolve, reject) => {
    const agent = new http.Agent({ keepAlive: true });
    const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', headers, agent });
    let sent = 0;
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => {
        req.destroy();
        agent.destroy();
        resolve({ status: res.statusCode ?? 0, body, sent });
      });
    });
    req.on('error', (err) => (answered ? undefined : reject(err)));
    void (async () => {
      for (const c of chunks) {
        if (answered || req.destroyed) return;
        sent += c.length;
        if (!req.write(c)) await new Promise<void>((r) => { const go = () => { req.off('drain', go).off('close', go); r(); }; req.on('drain', go).on('close', go); });
      }
      if (end && !answered) req.end();
    })();
  });
}

describe('readBody', () => {
  let server: Server;
  let port: number;
  const kept: number[] = [];

  beforeAll(async () => {
    const app = express();
    app.post('/check', async (req, res) => {
      try {
        const body = await readBody(req, CAP, { check: (head) => (head.length >= 4 ? head.subarray(0, 4).toString() === 'GOOD' : null) });
        kept.push(body.length);
        res.json({ code: 0, size: body.length });
      } catch (err) {
        res.status(400).json({ code: 400, reason: err instanceof MultipartError ? err.reason : String(err) });
      }
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  const chunks = (n: number, first = 'GOOD') => [Buffer.from(first), ...Array.from({ length: n }, () => Buffer.alloc(64 * 1024))];

  it('keeps a body within the cap', async () => {
    const answer = await post(port, '/check', chunks(2), { 'content-length': String(4 + 2 * 64 * 1024) });
    expect(JSON.parse(answer.body)).toEqual({ code: 0, size: 4 + 2 * 64 * 1024 });
  });

  it('refuses a declared length over the cap before the body comes, even when it never does', async () => {
    // declares 4 MB, sends 4 bytes and waits: the answer does not wait for the rest
    const answer = await post(port, '/check', [Buffer.from('GOOD')], { 'content-length': String(4 * 1024 * 1024) }, false);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ reason: 'too-large' });
  });

  it('refuses a chunked body as it passes the cap, answering the client that is still sending', async () => {
    const answer = await post(port, '/check', chunks(64), { 'transfer-encoding': 'chunked' });
    expect(JSON.parse(answer.body)).toMatchObject({ reason: 'too-large' });
    // the answer came while 4 MB were still to be sent
    expect(answer.sent).toBeLessThan(64 * 64 * 1024);
  });

  it('refuses from the first bytes when the check says so', async () => {
    const before = kept.length;
    const answer = await post(port, '/check', chunks(3, 'EVIL'), { 'content-length': String(4 + 3 * 64 * 1024) });
    expect(JSON.parse(answer.body)).toMatchObject({ reason: 'wrong-content' });
    expect(kept.length).toBe(before);
  });
});
