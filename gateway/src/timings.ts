// Every duration the runtime waits for, derived from TIME_SCALE (spec §9 device timings are scaled
// by it in tests and the simulator) and, for operations, from contracts' capability catalogue. The floors keep a loaded 2-core test machine from turning a
// slow answer into a false timeout or a false offline.

import { OPERATION_KINDS, operationLifetimeMs, type OperationKind } from '@airloom/contracts';

export interface GatewayTimings {
  /** a device's answer to a request */
  requestTimeoutMs: number;
  /** how long an instance holds an outbox row it is sending */
  claimLeaseMs: number;
  /** wait before an unanswered idempotent request is sent again, or a device asked again what became of one that is not */
  resendAfterMs: number;
  /** the status event period devices report at (PeriodicNotifInterval 30 s) */
  statusPeriodMs: number;
  /** no traffic for this long → offline (3 missed status periods) */
  offlineAfterMs: number;
  sweepEveryMs: number;
  /**
   * how long a sent operation may take before it is given up: a running reboot whose device never
   * came back, or one whose answer was lost and whose outcome the device never showed
   * (OPERATION_LIFETIME_FACTOR typical durations of spec §9)
   */
  operationLifetimeMs: Record<OperationKind, number>;
  /** desired state and outbox poll (a lost nudge only delays this much) */
  pollEveryMs: number;
  /** reported telemetry is coalesced per device and written at most this often */
  flushEveryMs: number;
  /** safe apply: how long a device must still answer after a change before the console confirms it */
  safeApplySettleMs: number;
}

export function gatewayTimings(timeScale: number): GatewayTimings {
  const requestTimeoutMs = Math.round(10_000 * Math.max(timeScale, 0.3));
  const statusPeriodMs = 30_000 * timeScale;
  const offlineAfterMs = Math.max(3 * statusPeriodMs, 5_000);
  return {
    requestTimeoutMs,
    claimLeaseMs: requestTimeoutMs + 5_000,
    resendAfterMs: requestTimeoutMs,
    statusPeriodMs,
    offlineAfterMs,
    sweepEveryMs: Math.max(Math.round(offlineAfterMs / 3), 1_000),
    operationLifetimeMs: Object.fromEntries(OPERATION_KINDS.map((k) => [k, Math.max(operationLifetimeMs(k) * timeScale, 60_000)])) as Record<OperationKind, number>,
    pollEveryMs: 1_000,
    flushEveryMs: 500,
    safeApplySettleMs: Math.max(200, 10_000 * timeScale),
  };
}
