// One timer for many agents: 5,000 simulated devices each with a status period, a life step and
// notify retries would otherwise be tens of thousands of Node timers. Entries sit in a min-heap by
// due time and a single setTimeout is armed for the earliest one.
import { performance } from 'node:perf_hooks';

export interface ScheduledTask {
  cancel(): void;
}

interface Entry extends ScheduledTask {
  due: number;
  seq: number;
  fn: () => void;
  cancelled: boolean;
}

export class Scheduler {
  private readonly heap: Entry[] = [];
  private timer: NodeJS.Timeout | undefined;
  private armedFor = Infinity;
  private seq = 0;

  /** `onError` hears what a task threw (default: a process warning); the other tasks still run. */
  constructor(private readonly onError: (err: unknown) => void = warn) {}

  now(): number {
    return performance.now();
  }

  /** Runs `fn` once after `delayMs`. */
  after(delayMs: number, fn: () => void): ScheduledTask {
    const entry: Entry = {
      due: this.now() + Math.max(0, delayMs),
      seq: this.seq++,
      fn,
      cancelled: false,
      cancel: () => {
        entry.cancelled = true;
      },
    };
    this.push(entry);
    if (entry.due < this.armedFor) this.arm();
    return entry;
  }

  /** Drops every pending task (the fleet's shutdown). */
  clear(): void {
    for (const e of this.heap) e.cancelled = true;
    this.heap.length = 0;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.armedFor = Infinity;
  }

  get size(): number {
    return this.heap.length;
  }

  private arm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.armedFor = Infinity;
    while (this.heap.length && this.heap[0]!.cancelled) this.pop();
    const first = this.heap[0];
    if (!first) return;
    this.armedFor = first.due;
    this.timer = setTimeout(() => this.run(), Math.max(0, first.due - this.now()));
    // the scheduler alone never keeps a process alive: sockets and the CLI do
    this.timer.unref();
  }

  private run(): void {
    this.timer = undefined;
    this.armedFor = Infinity;
    const now = this.now();
    while (this.heap.length && this.heap[0]!.due <= now) {
      const entry = this.pop()!;
      if (entry.cancelled) continue;
      entry.cancelled = true;
      try {
        entry.fn();
      } catch (err) {
        this.onError(err);
      }
    }
    this.arm();
  }

  private push(entry: Entry): void {
    const h = this.heap;
    h.push(entry);
    let i = h.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(h[i]!, h[parent]!)) break;
      [h[i], h[parent]] = [h[parent]!, h[i]!];
      i = parent;
    }
  }

  private pop(): Entry | undefined {
    const h = this.heap;
    const top = h[0];
    const last = h.pop();
    if (h.length && last) {
      h[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < h.length && before(h[l]!, h[m]!)) m = l;
        if (r < h.length && before(h[r]!, h[m]!)) m = r;
        if (m === i) break;
        [h[i], h[m]] = [h[m]!, h[i]!];
        i = m;
      }
    }
    return top;
  }
}

function warn(err: unknown): void {
  process.emitWarning(err instanceof Error ? err : new Error(String(err)), 'AirloomSimTask');
}

function before(a: Entry, b: Entry): boolean {
  return a.due < b.due || (a.due === b.due && a.seq < b.seq);
}
