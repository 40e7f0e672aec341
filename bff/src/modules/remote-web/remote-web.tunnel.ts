// The console's end of remote web tunnels (docs/maintenance.md): the WebSocket each device dials out
// to, kept in this instance's memory, and the HTTP requests sent through it. Frames are JSON:
// `{type:'request', id, method, path, headers, body}` to the device, `{type:'response', id, status,
// headers, body}` back (bodies base64). Who may open or use a tunnel is the service's business.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';

export interface TunnelRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer;
}
export interface TunnelResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** the largest frame either side may send (a device page, a form post) */
export const TUNNEL_MAX_PAYLOAD = 8 * 1024 * 1024;

interface Pending {
  resolve: (response: TunnelResponse) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}
interface Tunnel {
  socket: WebSocket;
  pending: Map<number, Pending>;
  nextId: number;
  /** ms: the last request through it */
  lastActivity: number;
}

export class TunnelClosedError extends Error {}
export class TunnelTimeoutError extends Error {}

export function createTunnelHub(options: { clock: () => number; requestTimeoutMs: number; onClosed: (sessionId: number) => void }) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: TUNNEL_MAX_PAYLOAD });
  const tunnels = new Map<number, Tunnel>();

  function drop(sessionId: number, tunnel: Tunnel): void {
    if (tunnels.get(sessionId) !== tunnel) return;
    tunnels.delete(sessionId);
    for (const p of tunnel.pending.values()) {
      clearTimeout(p.timer);
      p.reject(new TunnelClosedError('the tunnel closed'));
    }
    tunnel.pending.clear();
    options.onClosed(sessionId);
  }

  return {
    /** Completes the WebSocket handshake of a device the service let in, as the tunnel of `sessionId`. */
    accept(sessionId: number, req: IncomingMessage, socket: Duplex, head: Buffer): void {
      wss.handleUpgrade(req, socket, head, (ws) => {
        const previous = tunnels.get(sessionId);
        if (previous) previous.socket.terminate();
        const tunnel: Tunnel = { socket: ws, pending: new Map(), nextId: 1, lastActivity: options.clock() };
        tunnels.set(sessionId, tunnel);
        ws.on('message', (data) => {
          let frame: { type?: string; id?: number; status?: number; headers?: Record<string, string>; body?: string };
          try {
            frame = JSON.parse(data.toString()) as typeof frame;
          } catch {
            return;
          }
          if (frame.type !== 'response' || typeof frame.id !== 'number') return;
          const pending = tunnel.pending.get(frame.id);
          if (!pending) return;
          tunnel.pending.delete(frame.id);
          clearTimeout(pending.timer);
          const status = Number.isInteger(frame.status) && frame.status! >= 100 && frame.status! <= 599 ? frame.status! : 502;
          const headers: Record<string, string> = {};
          for (const [k, v] of Object.entries(frame.headers ?? {})) if (typeof v === 'string') headers[k.toLowerCase()] = v;
          pending.resolve({ status, headers, body: Buffer.from(typeof frame.body === 'string' ? frame.body : '', 'base64') });
        });
        ws.on('close', () => drop(sessionId, tunnel));
        ws.on('error', () => ws.terminate());
      });
    },

    has(sessionId: number): boolean {
      return tunnels.has(sessionId);
    },

    /** the sessions whose tunnels this instance holds */
    ids(): number[] {
      return [...tunnels.keys()];
    },

    /** ms of the last request through the tunnel; undefined when there is none here */
    lastActivity(sessionId: number): number | undefined {
      return tunnels.get(sessionId)?.lastActivity;
    },

    /** Sends one HTTP request to the device's page and waits for its answer. */
    forward(sessionId: number, request: TunnelRequest): Promise<TunnelResponse> {
      const tunnel = tunnels.get(sessionId);
      if (!tunnel) return Promise.reject(new TunnelClosedError('no tunnel'));
      tunnel.lastActivity = options.clock();
      const id = tunnel.nextId++;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          tunnel.pending.delete(id);
          reject(new TunnelTimeoutError('the device did not answer'));
        }, options.requestTimeoutMs);
        tunnel.pending.set(id, { resolve, reject, timer });
        tunnel.socket.send(JSON.stringify({ type: 'request', id, method: request.method, path: request.path, headers: request.headers, body: request.body.toString('base64') }));
      });
    },

    /** Closes the tunnel of `sessionId` (the device sees its WebSocket close). */
    close(sessionId: number): void {
      const tunnel = tunnels.get(sessionId);
      if (!tunnel) return;
      drop(sessionId, tunnel);
      tunnel.socket.close(1000, 'closed by the console');
      setTimeout(() => tunnel.socket.terminate(), 1_000).unref();
    },

    stop(): void {
      for (const id of [...tunnels.keys()]) this.close(id);
      wss.close();
    },
  };
}

export type TunnelHub = ReturnType<typeof createTunnelHub>;
