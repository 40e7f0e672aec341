// What the runtime's parts share: one database, one USP transport, one event publisher.
import type { Knex } from 'knex';
import type { LiveEvents } from './live-events.js';
import type { RuntimeLogger } from './logger.js';
import type { RunLogWriter } from './run-log-writer.js';
import type { TelemetryWriter } from './telemetry.js';
import type { GatewayTimings } from './timings.js';
import type { UspController } from './usp-controller.js';

export interface RuntimeContext {
  db: Knex;
  logger: RuntimeLogger;
  controller: UspController;
  events: LiveEvents;
  telemetry: TelemetryWriter;
  /** the run log (absent in tests of other parts) */
  runLog?: RunLogWriter;
  timings: GatewayTimings;
  gatewayId: string;
  now(): number;
  /**
   * Devices this instance has heard on its current broker connection (a session is open), with
   * when that session began. A command that runs at most once goes only to them: sent to a device
   * that is not connected, it is lost, and nobody could tell whether it arrived. And one sent
   * before the session began can no longer arrive (QoS 0 is neither resent nor queued for a new
   * connection), so the device's own state then tells whether it ran.
   */
  live: Map<string, number>;
}

/** A device as the runtime knows it from its endpoint ID. */
export interface KnownDevice {
  sn: string;
  ep: string;
}

/** Runs tasks with the same key one after the other (a device's messages in arrival order). */
export function createSerialQueue(onError: (err: unknown, key: string) => void) {
  const tails = new Map<string, Promise<void>>();
  return (key: string, task: () => Promise<void>): Promise<void> => {
    const previous = tails.get(key) ?? Promise.resolve();
    const next = previous.then(task).catch((err: unknown) => onError(err, key));
    tails.set(key, next);
    void next.then(() => {
      if (tails.get(key) === next) tails.delete(key);
    });
    return next;
  };
}

/** Limits how many tasks run at once (5,000 devices connecting must not send 15,000 requests at once). */
export function createLimiter(max: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    // a finishing task hands its slot straight to the next waiter
    if (active >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    else active++;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}
