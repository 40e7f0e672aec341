// A small round-robin reverse proxy for the local multi-instance layout (docs/deployment.md), on
// node:http and node:net only. What a load balancer in front of Airloom must do, it does:
//  - keep-alive on both sides, and every request (not every connection) goes to the next instance,
//    so a browser's consecutive calls land on different console instances — no sticky sessions;
//  - bodies are streamed, never buffered: a Server-Sent Events answer reaches the browser event by
//    event and stays open as long as the browser keeps it;
//  - WebSocket upgrades (the devices' remote web tunnels) are piped to the chosen instance;
//  - X-Forwarded-For/-Proto/-Host are set and Host is kept, so the console sees the browser's origin.
import http from 'node:http';
import net from 'node:net';

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
  const pick = () => {
    const i = next++ % upstreams.length;
    requests[i] += 1;
    return /** @type {Upstream} */ (upstreams[i]);
  };
  /** every open socket, so close() also ends event streams and tunnels */
  const sockets = new Set();

  const server = http.createServer((req, res) => {
    const target = pick();
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
    });
    upstream.on('error', (err) => {
      log(`proxy: ${req.method} ${req.url} to ${target.host}:${target.port} failed: ${err.message}`);
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' }).end('bad gateway\n');
      else res.destroy();
    });
    // the browser went away (an event stream closed, a page left): so does the upstream request
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  });
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
