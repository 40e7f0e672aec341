// Every duration the runtime waits for, derived from TIME_SCALE (spec §9 device timings are scaled
// by it in tests and the simulator). The floors keep a loaded 2-core test machine from turning a
// slow answer into a false timeout or a false offline.

export interface GatewayTimings {
  /** a device's answer to a request */
  requestTimeoutMs: number;
  /** how long an instance holds an outbox row it is sending */
  claimLeaseMs: number;
  /** wait before an unanswered operation is sent again (same command_key) */
  resendAfterMs: number;
  /** the status event period devices report at (PeriodicNotifInterval 30 s) */
  statusPeriodMs: number;
  /** no traffic for this long → offline (3 missed status periods) */
  offlineAfterMs: number;
  sweepEveryMs: number;
  /** a running reboot whose device never came back is given up (about 10 × the 1-minute reboot) */
  rebootGiveUpMs: number;
  /** desired state and outbox poll (a lost nudge only delays this much) */
  pollEveryMs: number;
  /** reported telemetry is coalesced per device and written at most this often */
  flushEveryMs: number;
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
    rebootGiveUpMs: Math.max(600_000 * timeScale, 60_000),
    pollEveryMs: 1_000,
    flushEveryMs: 500,
  };
}
