// Benchmarks time: they start once the machine is quiet. CI runs them right after the test suites,
// whose databases, brokers and browsers take a while to wind down (load 3–5 was printed during the
// first benchmarks, and the heatmap's CPU time rose from 125 to 171 ms against a run alone).
import { existsSync, readFileSync } from 'node:fs';

/** Busy and total CPU time of the whole machine so far, in clock ticks (Linux's /proc/stat). */
function cpuTicks(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: total - idle, total };
}

/**
 * Waits until the whole machine has been busy less than `maxShare` of its CPU for three seconds in a
 * row, at most `timeoutMs`; returns how long it waited and how busy the last second was. Without
 * /proc/stat (not Linux) it does not wait.
 */
export async function quietMachine(maxShare = 0.1, timeoutMs = 120_000): Promise<{ waitedMs: number; busyShare: number }> {
  const started = Date.now();
  if (!existsSync('/proc/stat')) return { waitedMs: 0, busyShare: 0 };
  let quietSeconds = 0;
  let share = 1;
  for (let before = cpuTicks(); quietSeconds < 3 && Date.now() - started < timeoutMs; ) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = cpuTicks();
    share = (now.busy - before.busy) / Math.max(now.total - before.total, 1);
    quietSeconds = share < maxShare ? quietSeconds + 1 : 0;
    before = now;
  }
  return { waitedMs: Date.now() - started, busyShare: share };
}
