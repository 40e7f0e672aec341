// A small round-robin reverse proxy for the local multi-instance layout (docs/deployment.md), on
// node:http and node:net only. What a load balancer in front of Airloom must do, it does:
//  - keep-alive on both sides, and every request (not every connection) goes to the next instance,
//    so a browser's consecutive calls land on different console instances — no sticky sessions;
//  - bodies are streamed, never buffered: a Server-Sent Events answer reaches the browser event by
//    event and stays open as long as the browser keeps it, and is cut when the instance dies, so the
//    browser reconnects (to another instance) rather than wait on a stream nobody writes to;
//  - WebSocket upgrades (the devices' remote web tunnels) are piped to the chosen instance;
//  - X-Forwarded-For/-Proto/-Host are set and Host is kept, so the console sees the browser's origin;
//  - an instance that refuses the connection (stopped, killed, starting) gets nothing for a moment, and
//    the request it refused goes to the next one: nothing of it had reached the instance, so even a
//    POST is safe to pass on (what nginx's `proxy_next_upstream error` does). Only a request whose
//    body is small enough to keep (API calls, not firmware uploads) can be passed on.
import http from 'node:http';
import net from 'node:net';

/** request bodies up to this size are kept, so a refused request can go to another instance */
const REPLAYABLE_BYTES = 1024 * 1024;
/** an instance that refused a connection is left out this long before it is tried again */
const DOWN_MS = 2_000;

/** headers of one connection, not of the message (RFC 9110 §7.6.1) */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'proxy-authorization', 'proxy-authenticate']);

/** @param {http.IncomingHttpHeaders} headers */
function endToEnd(headers) {
  const named = String(headers.connection ?? '').toLowerCase().split(',').map((h) => h.trim()).filter(Boolean);
  /** @type {http.OutgoingHttpHeaders} */
  const out = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || named.includes(name)) continue;
    out[name] = value;
  }
  return out;
}

/** @param {http.IncomingMessage} req */
function forwarded(req) {
  const client = req.socket.remoteAddress ?? '';
  const prior = req.headers['x-forwarded-for'];
  return {
    'x-forwarded-for': prior ? `${prior}, ${client}` : client,
    'x-forwarded-proto': 'http',
    'x-forwarded-host': req.headers.host ?? '',
  };
}

/**
 * @typedef {{ host: string; port: number }} Upstream
 * @typedef {{ url: string; port: number; requests: number[]; close(): Promise<void> }} Proxy
 */

/**
 * Listens on `port` (0: a free one) and spreads requests over `upstreams` in turn.
 * @param {{ upstreams: Upstream[]; port?: number; host?: string; log?: (message: string) => void }} options
 * @returns {Promise<Proxy>}
 */
export async function startProxy({ upstreams, port = 0, host = '127.0.0.1', log = () => {} }) {
  if (upstreams.length === 0) throw new Error('the proxy needs at least one upstream');
  const agent = new http.Agent({ keepAlive: true });
  /** requests (and upgrades) sent to each upstream, in the order given */
  const requests = upstreams.map(() => 0);
  let next = 0;
  /** until when (ms) each upstream is left out after it refused a connection */
  const downUntil = upstreams.map(() => 0);
  /** the next upstream in turn, skipping those that refused lately and those in `tried` (all left out: the next in turn anyway) */
  const pickIndex = (tried = new Set()) => {
    const now = Date.now();
    let i = next++ % upstreams.length;
    for (let k = 0; k < upstreams.length; k++) {
      const j = (i + k) % upstreams.length;
      if (!tried.has(j) && downUntil[j] <= now) {
        i = j;
        break;
      }
    }
    requests[i] += 1;
    return i;
  };
  const pick = () => /** @type {Upstream} */ (upstreams[pickIndex()]);
  /** every open socket, so close() also ends event streams and tunnels */
  const sockets = new Set();

  const server = http.createServer(async (req, res) => {
    const length = Number(req.headers['content-length'] ?? 0);
    const replayable = req.headers['transfer-encoding'] === undefined && Number.isFinite(length) && length <= REPLAYABLE_BYTES;
    if (!replayable) {
      stream(req, res, pick());
      return;
    }
    const chunks = [];
    try {
      for await (const chunk of req) chunks.push(chunk);
    } catch {
      return; // the browser went away before it had sent its request
    }
    const body = Buffer.concat(chunks);
    const tried = new Set();
    const attempt = () => {
      const i = pickIndex(tried);
      tried.add(i);
      const target = /** @type {Upstream} */ (upstreams[i]);
      const upstream = forward(req, res, target);
      upstream.on('error', (err) => {
        if (/** @type {NodeJS.ErrnoException} */ (err).code === 'ECONNREFUSED') {
          downUntil[i] = Date.now() + DOWN_MS;
          if (tried.size < upstreams.length && !res.headersSent) {
            log(`proxy: ${target.host}:${target.port} refused ${req.method} ${req.url}; passed to the next instance`);
            attempt();
            return;
          }
        }
        failed(req, res, target, err);
      });
      if (body.length > 0) upstream.end(body);
      else upstream.end();
    };
    attempt();
  });

  /** a request whose body goes on as it arrives (a large upload): sent to `target` only */
  function stream(req, res, target) {
    const upstream = forward(req, res, target);
    upstream.on('error', (err) => failed(req, res, target, err));
    req.pipe(upstream);
  }

  /** 502 when nothing was answered yet, else the answer is cut */
  function failed(req, res, target, err) {
    log(`proxy: ${req.method} ${req.url} to ${target.host}:${target.port} failed: ${err.message}`);
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' }).end('bad gateway\n');
    else res.destroy();
  }

  /** the request to `target`, its answer piped to `res`; the caller sends the body and handles errors */
  function forward(req, res, target) {
    const upstream = http.request({
      host: target.host,
      port: target.port,
      method: req.method,
      path: req.url,
      headers: { ...endToEnd(req.headers), ...forwarded(req) },
      agent,
    });
    upstream.on('response', (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEnd(answer.headers));
      // an event stream's headers go out now, not with its first event
      res.flushHeaders();
      answer.pipe(res);
      // the instance died mid-answer (kill -9 while it held an event stream): the browser's connection is
      // cut too, so it sees the break and reconnects, instead of waiting on a stream nobody writes to
      answer.on('error', () => res.destroy());
      answer.on('close', () => {
        if (!answer.complete) res.destroy();
      });
    });
    // the browser went away (an event stream closed, a page left): so does the upstream request
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    return upstream;
  }
  // an event stream is a request that never ends: no timeout may cut it
  server.requestTimeout = 0;
  server.headersTimeout = 30_000;
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  server.on('upgrade', (req, socket, head) => {
    const target = pick();
    const upstream = net.connect(target.port, target.host, () => {
      const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        const name = /** @type {string} */ (req.rawHeaders[i]);
        if (!/^x-forwarded-/i.test(name)) lines.push(`${name}: ${req.rawHeaders[i + 1]}`);
      }
      for (const [name, value] of Object.entries(forwarded(req))) lines.push(`${name}: ${value}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => {
      sockets.delete(upstream);
      socket.destroy();
    });
    upstream.on('error', (err) => {
      log(`proxy: upgrade ${req.url} to ${target.host}:${target.port} failed: ${err.message}`);
      socket.destroy();
    });
    socket.on('error', () => upstream.destroy());
    socket.on('close', () => upstream.destroy());
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = /** @type {net.AddressInfo} */ (server.address());
  return {
    url: `http://${host}:${address.port}`,
    port: address.port,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
        agent.destroy();
      }),
  };
}
