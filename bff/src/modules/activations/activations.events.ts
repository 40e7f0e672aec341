// Live activations for the data screen (docs/decisions/datascreen.md). The gateway publishes a
// project's `device` event when a device connects, after writing its activation record; this hub
// listens to the same bus, reads the record of each device it hears of (one primary-key read, only
// while a stream is open) and passes it on to the streams whose scope holds the device's project
// when the record changed since that stream opened. Telemetry also sends `device` events: an
// unchanged record is not sent twice.
// A stream's scope is read again at every ping, at once when a project's shares change on this
// instance (recheck), and when the caller's earliest timed share ends (a timer per stream): a share
// that ends takes its project out of the stream then (spec §4 expiry on every request).
import type { ActivationEvent } from '@airloom/contracts';
import type { Bus } from '@airloom/gateway/public';
import type { Response } from 'express';
import type { Logger } from '../../logger.js';
import type { ActivationRow, ActivationScope } from './activations.repository.js';
import { toActivationItem, type LiveScope } from './activations.service.js';

export const PING_MS = 15_000;
export const RETRY_MS = 2_000;
/** update times remembered per serial number; beyond this many the memory starts over */
const REMEMBERED_MAX = 100_000;

export interface ActivationStream {
  res: Response;
  /** the caller's scope now, or null when it may no longer read activations (session ended) */
  rescope(): Promise<LiveScope | null>;
}

export interface ActivationHubDeps {
  bus: Pick<Bus, 'onEvents'> | undefined;
  record(sn: string): Promise<(ActivationRow & { project_id: number | null }) | undefined>;
  clock: () => number;
  logger: Logger;
  pingMs?: number;
}

interface Open {
  stream: ActivationStream;
  scope: ActivationScope;
  since: number;
  /** fires when the caller's earliest timed share ends */
  expiry?: ReturnType<typeof setTimeout>;
  /** the latest scope read asked for: an older answer arriving after it is dropped */
  asked: number;
}

/** setTimeout's longest wait */
const TIMER_MAX_MS = 2 ** 31 - 1;

const inScope = (scope: ActivationScope, projectId: number | null) =>
  scope.all ? projectId === null || !scope.except.includes(projectId) : projectId !== null && scope.projectIds.includes(projectId);

export function createActivationHub(deps: ActivationHubDeps) {
  const open = new Set<Open>();
  const sent = new Map<string, number>();

  async function heard(sn: string): Promise<void> {
    const row = await deps.record(sn);
    if (!row) return;
    const updated = Number(row.updated_at);
    if (updated <= (sent.get(sn) ?? 0)) return;
    if (sent.size >= REMEMBERED_MAX) sent.clear();
    sent.set(sn, updated);
    const event: ActivationEvent = { type: 'activation', activation: toActivationItem(row), first: Number(row.activated_at) === updated };
    const line = `event: activation\ndata: ${JSON.stringify(event)}\n\n`;
    for (const o of open) if (updated >= o.since && inScope(o.scope, row.project_id)) o.stream.res.write(line);
  }

  const off = deps.bus?.onEvents((_projectId, event) => {
    if (event.type !== 'device' || open.size === 0) return;
    heard(event.device.sn).catch((err: unknown) => deps.logger.warn({ err }, 'activation stream: record not read'));
  });

  function end(o: Open): void {
    clearTimeout(o.expiry);
    open.delete(o);
    o.stream.res.end();
  }

  /** the scope as it is now, and a timer for the next share end behind it */
  function apply(o: Open, live: LiveScope): void {
    o.scope = live.scope;
    clearTimeout(o.expiry);
    o.expiry = undefined;
    if (live.endsAt === null) return;
    const wait = Math.max(0, live.endsAt - deps.clock()) + 50;
    if (wait >= TIMER_MAX_MS) return; // the pings see to a share ending weeks from now
    o.expiry = setTimeout(() => rescope(o), wait);
    o.expiry.unref();
  }

  // projects shared or unshared since: the scope follows; a session that ended ends the stream
  function rescope(o: Open): void {
    const asked = ++o.asked;
    o.stream
      .rescope()
      .then((live) => {
        if (!open.has(o) || asked !== o.asked) return;
        if (live) apply(o, live);
        else end(o);
      })
      .catch((err: unknown) => deps.logger.warn({ err }, 'activation stream: access re-check failed'));
  }

  const pinger = setInterval(() => {
    for (const o of open) {
      o.stream.res.write(': ping\n\n');
      rescope(o);
    }
  }, deps.pingMs ?? PING_MS);
  pinger.unref();

  return {
    open(stream: ActivationStream, live: LiveScope): void {
      const { res } = stream;
      if (res.destroyed || res.req.socket.destroyed) return;
      res.status(200);
      res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
      res.setHeader('Cache-Control', 'no-store, no-transform');
      res.setHeader('Connection', 'keep-alive');
      res.setHeader('X-Accel-Buffering', 'no');
      res.flushHeaders();
      res.write(`retry: ${RETRY_MS}\n\n`);
      const o: Open = { stream, scope: live.scope, since: deps.clock(), asked: 0 };
      apply(o, live);
      open.add(o);
      res.on('close', () => {
        clearTimeout(o.expiry);
        open.delete(o);
      });
    },

    /**
     * The project's shares (or owner) changed: its streams leave it out at once, and read their scope
     * again (which brings it back where access remains), not at the next ping.
     */
    recheck(projectId: number): void {
      for (const o of open) {
        if (o.scope.all || !o.scope.projectIds.includes(projectId)) continue;
        o.scope = { all: false, projectIds: o.scope.projectIds.filter((id) => id !== projectId) };
        rescope(o);
      }
    },

    count: () => open.size,

    close(): void {
      clearInterval(pinger);
      off?.();
      for (const o of open) {
        clearTimeout(o.expiry);
        o.stream.res.end();
      }
      open.clear();
    },
  };
}

export type ActivationHub = ReturnType<typeof createActivationHub>;
