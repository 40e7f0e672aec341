// The device side of remote web management (docs/maintenance.md): on Device.X_AIRLOOM_RemoteWeb.Open()
// the device dials OUT to the console (URL, a ws:// or wss:// address, with the one-time Token) and
// serves its small local web page through that tunnel. The console sends HTTP requests as JSON
// frames `{type:'request', id, method, path, headers, body}` (body base64) and the device answers
// `{type:'response', id, status, headers, body}`. Nothing listens on the device: no port is opened.
import { WebSocket } from 'ws';

/** what the local page shows and checks (the agent supplies it) */
export interface LocalWebDevice {
  sn: string;
  model: string;
  softwareVersion: () => string;
  name: () => string;
  acceptsAdminPassword: (password: string) => boolean;
}

export interface LocalRequest {
  method: string;
  /** path and query under the device's root, e.g. `/` or `/login` */
  path: string;
  headers: Record<string, string>;
  body: Buffer;
}
export interface LocalResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): LocalResponse {
  // relative links only: the page is reached under /remote/<token>/ of the console
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<link rel="stylesheet" href="style.css"></head><body>${body}</body></html>`;
  return { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: Buffer.from(html) };
}

/** The device's own web server, as a function (the tunnel calls it; tests may too). */
export function localWeb(device: LocalWebDevice, request: LocalRequest): LocalResponse {
  const [pathname] = request.path.split('?');
  if (request.method === 'GET' && pathname === '/style.css') {
    return { status: 200, headers: { 'content-type': 'text/css' }, body: Buffer.from('body{font-family:sans-serif;margin:2rem}dt{font-weight:bold}') };
  }
  if (request.method === 'GET' && (pathname === '/' || pathname === '/index.html')) {
    return page(
      `${device.name()} — local management`,
      `<h1>${escape(device.name())}</h1>
<dl><dt>Serial number</dt><dd id="sn">${escape(device.sn)}</dd><dt>Model</dt><dd id="model">${escape(device.model)}</dd>` +
        `<dt>Firmware</dt><dd id="firmware">${escape(device.softwareVersion())}</dd></dl>
<form method="post" action="login"><label>Local administrator password <input type="password" name="password"></label> <button type="submit">Sign in</button></form>`,
    );
  }
  if (request.method === 'POST' && pathname === '/login') {
    const password = new URLSearchParams(request.body.toString('utf8')).get('password') ?? '';
    return device.acceptsAdminPassword(password)
      ? page('Signed in', `<h1>Signed in to ${escape(device.sn)}</h1><p id="result">Local administration of ${escape(device.model)}.</p><a href="./">Back</a>`)
      : { ...page('Wrong password', `<h1>Wrong password</h1><p id="result">The local administrator password is not right.</p><a href="./">Back</a>`), status: 401 };
  }
  return { status: 404, headers: { 'content-type': 'text/plain' }, body: Buffer.from('not found') };
}

interface RequestFrame {
  type: 'request';
  id: number;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** One open tunnel of the device to the console. */
export class RemoteWebTunnel {
  readonly token: string;
  private readonly socket: WebSocket;
  /** requests answered through it, and the last one as it arrived (tests read them) */
  served = 0;
  lastRequest: LocalRequest | undefined;

  private constructor(token: string, socket: WebSocket, device: LocalWebDevice) {
    this.token = token;
    this.socket = socket;
    socket.on('message', (data) => {
      let frame: RequestFrame;
      try {
        frame = JSON.parse(data.toString()) as RequestFrame;
      } catch {
        return;
      }
      if (frame.type !== 'request' || typeof frame.id !== 'number') return;
      const request: LocalRequest = { method: frame.method, path: frame.path, headers: frame.headers ?? {}, body: Buffer.from(frame.body ?? '', 'base64') };
      this.lastRequest = request;
      const response = localWeb(device, request);
      this.served++;
      socket.send(JSON.stringify({ type: 'response', id: frame.id, status: response.status, headers: response.headers, body: response.body.toString('base64') }));
    });
  }

  get open(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  onClose(listener: () => void): void {
    this.socket.once('close', listener);
  }

  close(): void {
    this.socket.close();
  }

  /** Dials the console; rejects when it cannot be reached or refuses the token within `timeoutMs`. */
  static dial(url: string, token: string, device: LocalWebDevice, timeoutMs = 5_000): Promise<RemoteWebTunnel> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, { headers: { authorization: `Bearer ${token}` }, handshakeTimeout: timeoutMs, maxPayload: 4 * 1024 * 1024 });
      socket.once('open', () => resolve(new RemoteWebTunnel(token, socket, device)));
      socket.once('error', (err) => reject(err));
      socket.once('unexpected-response', (_req, res) => {
        socket.terminate();
        reject(new Error(`the console refused the tunnel: HTTP ${res.statusCode}`));
      });
    });
  }
}
