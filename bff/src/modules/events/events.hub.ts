// One bus subscription per BFF process, fanned out to every open event stream of a project
// (docs/decisions/gateway.md). Streams re-check their access at every ping, so a share ended on
// another instance or an ended session stops receiving within one ping period, and at once when the
// project's shares change on this instance (recheck). When the bus comes back after a break, the events
// published meanwhile never arrived: every stream is ended, so each browser reconnects and reads its
// list again (shared-ui's project-events: a stream back after a break reloads) instead of showing a
// state that is no longer true.
import type { ProjectEvent } from '@airloom/contracts';
import type { Bus } from '@airloom/gateway/public';
import type { Response } from 'express';
import type { Logger } from '../../logger.js';

export const PING_MS = 15_000;
export const RETRY_MS = 2_000;

export interface EventStream {
  res: Response;
  /** false when the caller may no longer see the project */
  stillAllowed(): Promise<boolean>;
  /** when the viewer's share ends (epoch ms), if it does: the stream is checked again at that moment */
  shareEndsAt?: number | null;
}

export function createEventHub(bus: Pick<Bus, 'onEvents' | 'onReconnected'> | undefined, logger: Logger, pingMs = PING_MS) {
  const streams = new Map<number, Set<EventStream>>();
  const alsoClose: (() => void)[] = [];

  function send(stream: EventStream, event: ProjectEvent): void {
    stream.res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
  }

  const off = bus?.onEvents((projectId, event) => {
    const open = streams.get(projectId);
    if (open) for (const s of open) send(s, event);
  });

  const offReconnected = bus?.onReconnected(() => {
    const n = [...streams.values()].reduce((sum, open) => sum + open.size, 0);
    if (n > 0) logger.info({ streams: n }, 'event streams ended: the bus was away, their browsers read again');
    for (const open of streams.values()) for (const s of open) s.res.end();
    streams.clear();
  });

  function remove(projectId: number, stream: EventStream): void {
    const open = streams.get(projectId);
    if (!open) return;
    open.delete(stream);
    if (open.size === 0) streams.delete(projectId);
  }

  /** Ends the stream if its viewer may no longer see the project (share ended, session gone). */
  function recheck(projectId: number, stream: EventStream): void {
    stream
      .stillAllowed()
      .then((ok) => {
        if (!ok) {
          remove(projectId, stream);
          stream.res.end();
        }
      })
      .catch((err: unknown) => logger.warn({ err }, 'event stream: access re-check failed'));
  }

  const pinger = setInterval(() => {
    for (const [projectId, open] of streams) {
      for (const stream of open) {
        stream.res.write(': ping\n\n');
        recheck(projectId, stream);
      }
    }
  }, pingMs);
  pinger.unref();

  return {
    /** Starts the stream on `res` and keeps it until the client goes away. */
    open(projectId: number, stream: EventStream): void {
      const { res } = stream;
      // the browser may have left while access was checked: its 'close' is already past
      if (res.destroyed || res.req.socket.destroyed) return;
      res.status(200);
      res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
      res.setHeader('Cache-Control', 'no-store, no-transform');
      res.setHeader('Connection', 'keep-alive');
      res.setHeader('X-Accel-Buffering', 'no'); // a proxy in front must not buffer the stream
      res.flushHeaders();
      res.write(`retry: ${RETRY_MS}\n\n`);
      let open = streams.get(projectId);
      if (!open) streams.set(projectId, (open = new Set()));
      open.add(stream);
      // a share that runs out mid-stream ends it then, not at the next ping (spec §4 expiry)
      const endsIn = stream.shareEndsAt == null ? undefined : stream.shareEndsAt - Date.now();
      const expiry = endsIn !== undefined && endsIn < 2 ** 31 - 1 ? setTimeout(() => recheck(projectId, stream), Math.max(0, endsIn) + 50) : undefined;
      expiry?.unref();
      res.on('close', () => {
        clearTimeout(expiry);
        remove(projectId, stream);
      });
    },

    /** The project's shares changed: each of its streams checks its access now, not at the next ping. */
    recheck(projectId: number): void {
      for (const stream of streams.get(projectId) ?? []) recheck(projectId, stream);
    },

    /** Open streams, for tests and health. */
    count(): number {
      let n = 0;
      for (const open of streams.values()) n += open.size;
      return n;
    },

    /** Other streams of the app (the data screen's) end with these. */
    onClose(stop: () => void): void {
      alsoClose.push(stop);
    },

    /** Ends every stream (shutdown). */
    close(): void {
      for (const stop of alsoClose.splice(0)) stop();
      clearInterval(pinger);
      off?.();
      offReconnected?.();
      for (const open of streams.values()) for (const s of open) s.res.end();
      streams.clear();
    },
  };
}

export type EventHub = ReturnType<typeof createEventHub>;
