// Live activations for the data screen (docs/decisions/datascreen.md). The gateway publishes a
// project's `device` event when a device connects, after writing its activation record; this hub
// listens to the same bus, reads the record of each device it hears of (one primary-key read, only
// while a stream is open) and passes it on to the streams whose scope holds the device's project
// when the record changed since that stream opened. Telemetry also sends `device` events: an
// unchanged record is not sent twice.
import type { ActivationEvent } from '@airloom/contracts';
import type { Bus } from '@airloom/gateway/public';
import type { Response } from 'express';
import type { Logger } from '../../logger.js';
import type { ActivationRow, ActivationScope } from './activations.repository.js';
import { toActivationItem } from './activations.service.js';

export const PING_MS = 15_000;
export const RETRY_MS = 2_000;
/** update times remembered per serial number; beyond this many the memory starts over */
const REMEMBERED_MAX = 100_000;

export interface ActivationStream {
  res: Response;
  /** the caller's scope now, or null when it may no longer read activations (session ended) */
  rescope(): Promise<ActivationScope | null>;
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
}

const inScope = (scope: ActivationScope, projectId: number | null) => scope.all || (projectId !== null && scope.projectIds.includes(projectId));

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
    open.delete(o);
    o.stream.res.end();
  }

  const pinger = setInterval(() => {
    for (const o of open) {
      o.stream.res.write(': ping\n\n');
      // projects shared or unshared since: the scope follows; a session that ended ends the stream
      o.stream
        .rescope()
        .then((scope) => (scope ? (o.scope = scope) : end(o)))
        .catch((err: unknown) => deps.logger.warn({ err }, 'activation stream: access re-check failed'));
    }
  }, deps.pingMs ?? PING_MS);
  pinger.unref();

  return {
    open(stream: ActivationStream, scope: ActivationScope): void {
      const { res } = stream;
      if (res.destroyed || res.req.socket.destroyed) return;
      res.status(200);
      res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
      res.setHeader('Cache-Control', 'no-store, no-transform');
      res.setHeader('Connection', 'keep-alive');
      res.setHeader('X-Accel-Buffering', 'no');
      res.flushHeaders();
      res.write(`retry: ${RETRY_MS}\n\n`);
      const o: Open = { stream, scope, since: deps.clock() };
      open.add(o);
      res.on('close', () => open.delete(o));
    },

    count: () => open.size,

    close(): void {
      clearInterval(pinger);
      off?.();
      for (const o of open) o.stream.res.end();
      open.clear();
    },
  };
}

export type ActivationHub = ReturnType<typeof createActivationHub>;
