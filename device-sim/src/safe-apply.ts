// Safe apply, the device side (vendor extension Device.X_AIRLOOM_SafeApply, docs/devices.md):
// Timeout > 0 arms (snapshot of the configuration, rollback timer), 0 confirms; the timer restores
// the snapshot. The agent runs the timer; this file decides what each step does to the configuration.
import { TR181 } from '@airloom/usp';
import { snapshotOf, type ConfigSnapshot } from './settings.js';

export const SAFE_APPLY_TIMEOUT = TR181.safeApplyTimeout;

export type SafeApplyStatus = 'Idle' | 'Armed' | 'Confirmed' | 'RolledBack';

export interface SafeApplyState {
  status: SafeApplyStatus;
  /** seconds, as set (before TIME_SCALE) */
  timeout: number;
  /** the configuration to go back to while armed */
  snapshot?: ConfigSnapshot;
}

/** What the configuration looks like now, for arming: name, settings, table instances, instance counters. */
export interface Configured {
  name: string;
  params?: Map<string, string>;
  objects?: Map<string, Record<string, string>>;
  nextInstance?: Map<string, number>;
  safeApply?: SafeApplyState;
}

const current = (c: Configured): ConfigSnapshot => ({
  name: c.name,
  params: c.params ?? new Map(),
  objects: c.objects ?? new Map(),
  nextInstance: c.nextInstance ?? new Map(),
});

/**
 * A Set of Timeout: > 0 arms (the first arming takes the snapshot; arming again keeps it), 0
 * confirms while armed (the new configuration stays) or just says Idle. Returns whether the device
 * is newly armed (the caller starts the timer) or was disarmed (the caller stops it).
 */
export function setSafeApplyTimeout(c: Configured, seconds: number): 'armed' | 'disarmed' | 'unchanged' {
  const was = c.safeApply?.status === 'Armed';
  if (seconds > 0) {
    if (was) {
      c.safeApply!.timeout = seconds;
      return 'unchanged';
    }
    c.safeApply = { status: 'Armed', timeout: seconds, snapshot: snapshotOf(current(c)) };
    return 'armed';
  }
  c.safeApply = { status: was ? 'Confirmed' : 'Idle', timeout: 0 };
  return was ? 'disarmed' : 'unchanged';
}

/** The timer fired while armed: the snapshot comes back whole. False when there was nothing to restore. */
export function rollBack(c: Configured): boolean {
  const snap = c.safeApply?.status === 'Armed' ? c.safeApply.snapshot : undefined;
  if (!snap) return false;
  const back = snapshotOf(snap);
  c.name = back.name;
  c.params = back.params;
  c.objects = back.objects;
  c.nextInstance = back.nextInstance;
  c.safeApply = { status: 'RolledBack', timeout: 0 };
  return true;
}
