// The RF channel planner (docs/radio.md, "Channel planner"): weighted graph colouring for one band.
// The objective it minimises and reports is the interference
//   cost = Σ over listed pairs (A, B, dBm) of 10^(dBm/10) · overlap(channel A, channel B)
// where the default overlap is 1 on the same channel and 0 otherwise (co-channel interference only).
import { RadioInputError, requireFinite } from './propagation';
import { seededRandom } from './random';

export interface ChannelPlanAp {
  id: string;
  allowedChannels: readonly number[];
}

/** `[idA, idB, dBm]`: A hears B at dBm. Each entry is one term; A→B and B→A both count when both are listed. */
export type RssiEntry = readonly [string, string, number];

/** How much two radios on channels a and b interfere, as a share of co-channel interference (symmetric, ≥ 0). */
export type ChannelOverlap = (a: number, b: number) => number;

export interface ChannelPlanInput {
  aps: readonly ChannelPlanAp[];
  rssi: readonly RssiEntry[];
  /** Default: co-channel only (1 when equal, else 0). */
  overlap?: ChannelOverlap;
  /** The planner is deterministic for a given seed (default 1). */
  seed?: number;
}

export interface ChannelPlan {
  channels: Record<string, number>;
  cost: number;
}

export const coChannel: ChannelOverlap = (a, b) => (a === b ? 1 : 0);

/**
 * 5 GHz with bonded widths: a radio of `widthMhz` on primary channel c occupies the aligned block
 * of 20 MHz channels containing c (36–144 aligned from 36, 149–177 from 149). Radios whose blocks
 * are the same interfere fully (1); blocks next to each other interfere by `adjacentFactor`
 * (default 0, e.g. 10^(−16/10) for the 16 dB adjacent-channel rejection of 802.11 OFDM).
 */
export function fiveGhzOverlap(widthMhz: 20 | 40 | 80 | 160, adjacentFactor = 0): ChannelOverlap {
  const span = widthMhz / 5; // channel numbers per block
  const block = (c: number) => (c >= 149 ? 1000 + Math.floor((c - 149) / span) : Math.floor((c - 36) / span));
  return (a, b) => {
    const ba = block(a);
    const bb = block(b);
    if (ba === bb) return 1;
    return Math.abs(ba - bb) === 1 ? adjacentFactor : 0;
  };
}

/** The problem in index form: vertices 0..n−1, channels 0..k−1, symmetric weights in CSR. */
export interface Problem {
  ids: string[];
  channels: number[];
  allowed: number[][];
  overlap: Float64Array; // k × k
  start: Int32Array; // CSR row starts, n + 1
  neighbour: Int32Array;
  weight: Float64Array;
}

export function buildProblem(input: ChannelPlanInput): Problem {
  const overlapFn = input.overlap ?? coChannel;
  const index = new Map<string, number>();
  input.aps.forEach((ap, i) => {
    if (typeof ap.id !== 'string' || ap.id === '') throw new RadioInputError(`aps[${i}].id must be a non-empty string`);
    if (index.has(ap.id)) throw new RadioInputError(`aps[${i}].id "${ap.id}" is listed twice`);
    if (!Array.isArray(ap.allowedChannels) || ap.allowedChannels.length === 0) throw new RadioInputError(`aps[${i}].allowedChannels must list at least one channel`);
    for (const c of ap.allowedChannels) if (!Number.isInteger(c) || c < 1) throw new RadioInputError(`aps[${i}].allowedChannels must be positive integers`);
    index.set(ap.id, i);
  });
  const channels = [...new Set(input.aps.flatMap((ap) => ap.allowedChannels))].sort((a, b) => a - b);
  const channelIndex = new Map(channels.map((c, k) => [c, k]));
  const k = channels.length;
  const overlap = new Float64Array(k * k);
  for (let a = 0; a < k; a++) {
    for (let b = 0; b < k; b++) {
      const v = overlapFn(channels[a]!, channels[b]!);
      if (!Number.isFinite(v) || v < 0) throw new RadioInputError(`overlap(${channels[a]}, ${channels[b]}) must be a finite number ≥ 0`);
      overlap[a * k + b] = v;
    }
  }
  for (let a = 0; a < k; a++) {
    for (let b = 0; b < a; b++) if (overlap[a * k + b] !== overlap[b * k + a]) throw new RadioInputError('overlap must be symmetric');
  }
  const n = input.aps.length;
  const merged = new Map<number, number>(); // key i·n + j with i < j
  input.rssi.forEach((entry, e) => {
    const [a, b, dbm] = entry;
    const i = index.get(a);
    const j = index.get(b);
    if (i === undefined || j === undefined) throw new RadioInputError(`rssi[${e}] names an AP that is not in aps`);
    if (i === j) throw new RadioInputError(`rssi[${e}] pairs an AP with itself`);
    requireFinite(dbm, `rssi[${e}] dBm`);
    const key = Math.min(i, j) * n + Math.max(i, j);
    merged.set(key, (merged.get(key) ?? 0) + 10 ** (dbm / 10));
  });
  const degree = new Int32Array(n);
  for (const key of merged.keys()) {
    degree[Math.floor(key / n)]!++;
    degree[key % n]!++;
  }
  const start = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) start[i + 1] = start[i]! + degree[i]!;
  const fill = start.slice(0, n);
  const neighbour = new Int32Array(start[n]!);
  const weight = new Float64Array(start[n]!);
  for (const [key, w] of merged) {
    const i = Math.floor(key / n);
    const j = key % n;
    neighbour[fill[i]!] = j;
    weight[fill[i]!++] = w;
    neighbour[fill[j]!] = i;
    weight[fill[j]!++] = w;
  }
  return {
    ids: input.aps.map((ap) => ap.id),
    channels,
    allowed: input.aps.map((ap) => [...new Set(ap.allowedChannels)].map((c) => channelIndex.get(c)!)),
    overlap,
    start,
    neighbour,
    weight,
  };
}

/** The objective for an assignment of channel indices. */
export function problemCost(p: Problem, assignment: ArrayLike<number>): number {
  const k = p.channels.length;
  let cost = 0;
  for (let i = 0; i < p.ids.length; i++) {
    for (let e = p.start[i]!; e < p.start[i + 1]!; e++) {
      const j = p.neighbour[e]!;
      if (j > i) cost += p.weight[e]! * p.overlap[assignment[i]! * k + assignment[j]!]!;
    }
  }
  return cost;
}

/** The objective of a plan given by channel numbers (every AP must have one of its allowed channels). */
export function channelPlanCost(input: ChannelPlanInput, channels: Record<string, number>): number {
  const p = buildProblem(input);
  const assignment = p.ids.map((id, i) => {
    const k = p.channels.indexOf(channels[id] ?? Number.NaN);
    if (k < 0 || !p.allowed[i]!.includes(k)) throw new RadioInputError(`channel of ${id} is not one of its allowed channels`);
    return k;
  });
  return problemCost(p, assignment);
}

/**
 * Local-search state: the assignment and, per AP and channel, the interference it would have there
 * from its neighbours' current channels (`pressure`), so a move's effect is one subtraction.
 */
class Search {
  readonly n: number;
  readonly k: number;
  readonly assignment: Int32Array;
  readonly pressure: Float64Array;
  /** per AP, the least improvement worth a move: far above the rounding of its running pressure sums */
  readonly tolerance: Float64Array;
  cost = 0;

  constructor(readonly p: Problem) {
    this.n = p.ids.length;
    this.k = p.channels.length;
    this.assignment = new Int32Array(this.n).fill(-1);
    this.pressure = new Float64Array(this.n * this.k);
    this.tolerance = new Float64Array(this.n);
    for (let i = 0; i < this.n; i++) {
      let strength = 0;
      for (let e = p.start[i]!; e < p.start[i + 1]!; e++) strength += p.weight[e]!;
      this.tolerance[i] = strength * 1e-12;
    }
  }

  /** Puts AP i on channel c (−1: unassigned), keeping pressure and cost current. */
  move(i: number, c: number): void {
    const { p, k, pressure, assignment } = this;
    const old = assignment[i]!;
    if (old === c) return;
    if (old >= 0) this.cost -= pressure[i * k + old]!;
    if (c >= 0) this.cost += pressure[i * k + c]!;
    assignment[i] = c;
    for (let e = p.start[i]!; e < p.start[i + 1]!; e++) {
      const j = p.neighbour[e]!;
      const w = p.weight[e]!;
      const row = j * k;
      for (let x = 0; x < k; x++) {
        pressure[row + x] = pressure[row + x]! + w * ((c >= 0 ? p.overlap[c * k + x]! : 0) - (old >= 0 ? p.overlap[old * k + x]! : 0));
      }
    }
  }

  /** The allowed channel of AP i with the least pressure; ties go to the earliest in `tieOrder`. */
  bestChannel(i: number, tieOrder: number): number {
    const allowed = this.p.allowed[i]!;
    const row = i * this.k;
    let best = -1;
    let bestValue = Infinity;
    for (let m = 0; m < allowed.length; m++) {
      const c = allowed[(m + tieOrder) % allowed.length]!;
      const v = this.pressure[row + c]!;
      if (best < 0 || v < bestValue - this.tolerance[i]!) {
        best = c;
        bestValue = v;
      }
    }
    return best;
  }

  /** Moves APs to their best channel until none improves (each move strictly lowers the cost). */
  descend(queue: number[], queued: Uint8Array): void {
    const { k, pressure, assignment } = this;
    while (queue.length > 0) {
      const i = queue.pop()!;
      queued[i] = 0;
      const cur = assignment[i]!;
      const best = this.bestChannel(i, 0);
      if (pressure[i * k + best]! < pressure[i * k + cur]! - this.tolerance[i]!) {
        this.move(i, best);
        for (let e = this.p.start[i]!; e < this.p.start[i + 1]!; e++) {
          const j = this.p.neighbour[e]!;
          if (!queued[j]) {
            queued[j] = 1;
            queue.push(j);
          }
        }
      }
    }
  }
}

/** Greedy start, DSatur-like: the AP whose best channel is already the most disturbed goes next. */
function greedy(search: Search, random: () => number): void {
  const { p, n, k } = search;
  const strength = new Float64Array(n);
  for (let i = 0; i < n; i++) for (let e = p.start[i]!; e < p.start[i + 1]!; e++) strength[i]! += p.weight[e]!;
  const jitter = Float64Array.from({ length: n }, () => random());
  const done = new Uint8Array(n);
  for (let step = 0; step < n; step++) {
    let pick = -1;
    let pickBest = -1;
    for (let i = 0; i < n; i++) {
      if (done[i]) continue;
      const c = search.bestChannel(i, 0);
      const v = search.pressure[i * k + c]!;
      if (pick < 0 || v > pickBest || (v === pickBest && (strength[i]! > strength[pick]! || (strength[i] === strength[pick] && jitter[i]! > jitter[pick]!)))) {
        pick = i;
        pickBest = v;
      }
    }
    done[pick] = 1;
    search.move(pick, search.bestChannel(pick, Math.floor(random() * p.allowed[pick]!.length)));
  }
}

/**
 * Assigns each AP one of its allowed channels, minimising the interference objective above. A
 * greedy colouring (strongest conflicts first) is improved by local search (each AP to its least
 * disturbed channel), then by iterated local search: a random AP and its strongest neighbours are
 * moved to random channels, the search descends again, and the result is kept when it is no worse.
 * The number of rounds is fixed by the site's size, so the plan depends only on the input and seed.
 */
export function planChannels(input: ChannelPlanInput): ChannelPlan {
  const p = buildProblem(input);
  const n = p.ids.length;
  if (n === 0) return { channels: {}, cost: 0 };
  const random = seededRandom(input.seed ?? 1);
  const search = new Search(p);
  greedy(search, random);
  const queue: number[] = [];
  const queued = new Uint8Array(n);
  const enqueueAll = () => {
    for (let i = 0; i < n; i++) {
      queued[i] = 1;
      queue.push(i);
    }
  };
  enqueueAll();
  search.descend(queue, queued);

  const best = Int32Array.from(search.assignment);
  let bestCost = search.cost;
  const changed: number[] = [];
  const rounds = 200 + 30 * n;
  for (let round = 0; round < rounds; round++) {
    changed.length = 0;
    const v = Math.floor(random() * n);
    const kick = [v];
    // the strongest neighbours of v, most of the time: conflicts are resolved in clusters
    const size = 1 + Math.floor(random() * 3);
    const around: { j: number; w: number }[] = [];
    for (let e = p.start[v]!; e < p.start[v + 1]!; e++) around.push({ j: p.neighbour[e]!, w: p.weight[e]! });
    around.sort((a, b) => b.w - a.w);
    for (const { j } of around.slice(0, size)) if (random() < 0.7) kick.push(j);
    for (const i of kick) {
      const allowed = p.allowed[i]!;
      if (allowed.length < 2) continue;
      let c = allowed[Math.floor(random() * allowed.length)]!;
      if (c === search.assignment[i]) c = allowed[(allowed.indexOf(c) + 1) % allowed.length]!;
      search.move(i, c);
      if (!queued[i]) {
        queued[i] = 1;
        queue.push(i);
      }
      for (let e = p.start[i]!; e < p.start[i + 1]!; e++) {
        const j = p.neighbour[e]!;
        if (!queued[j]) {
          queued[j] = 1;
          queue.push(j);
        }
      }
    }
    search.descend(queue, queued);
    if (search.cost <= bestCost * (1 + 1e-12)) {
      // keep (also sideways: equal-cost plans let the search drift)
      for (let i = 0; i < n; i++) if (best[i] !== search.assignment[i]) best[i] = search.assignment[i]!;
      bestCost = Math.min(bestCost, search.cost);
    } else {
      for (let i = 0; i < n; i++) if (search.assignment[i] !== best[i]) search.move(i, best[i]!);
    }
    // the running cost is a sum of many small updates: refresh it now and then
    if (round % 256 === 255) search.cost = problemCost(p, search.assignment);
  }
  const channels: Record<string, number> = {};
  p.ids.forEach((id, i) => (channels[id] = p.channels[best[i]!]!));
  return { channels, cost: problemCost(p, best) };
}
