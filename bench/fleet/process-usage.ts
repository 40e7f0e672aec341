// CPU and resident memory of one child process (the gateway), sampled every second with pidusage
// (on Linux: /proc/<pid>/stat deltas). CPU % is of one core, so 2 busy cores read 200 %.
import pidusage from 'pidusage';

export interface UsageWindow {
  /** mean CPU over the window, % of one core */
  cpuAvg: number;
  cpuMax: number;
  rssMaxMb: number;
}

export interface UsageSampler {
  /** Starts a new window (the samples since the last mark are dropped). */
  mark(): void;
  window(): UsageWindow;
  /** resident memory at each sample since the last mark: [ms, MB] */
  rssSeries(): Array<[number, number]>;
  stop(): void;
}

export function sampleUsage(pid: number, everyMs = 1000): UsageSampler {
  let samples: Array<{ at: number; ctime: number; cpu: number; rss: number }> = [];
  let peakRss = 0;
  const timer = setInterval(() => {
    pidusage(pid)
      .then((s) => {
        samples.push({ at: Date.now(), ctime: s.ctime, cpu: s.cpu, rss: s.memory });
        peakRss = Math.max(peakRss, s.memory);
      })
      .catch(() => { /* the process has exited; the run reports that itself */ });
  }, everyMs);
  return {
    mark() {
      samples = [];
      peakRss = 0;
    },
    window() {
      // the mean is CPU time used over wall time between the window's first and last reading
      const first = samples[0];
      const last = samples.at(-1);
      const span = first && last ? last.at - first.at : 0;
      return {
        cpuAvg: span > 0 ? ((last!.ctime - first!.ctime) / span) * 100 : Number.NaN,
        cpuMax: samples.length > 1 ? Math.max(...samples.slice(1).map((s) => s.cpu)) : Number.NaN,
        rssMaxMb: peakRss / 1024 / 1024,
      };
    },
    rssSeries: () => samples.map((s) => [s.at, s.rss / 1024 / 1024]),
    stop() {
      clearInterval(timer);
      pidusage.clear();
    },
  };
}
