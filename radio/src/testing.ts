// References for tests and benchmarks (docs/radio.md, "Channel planner"), written apart from the
// planner so they can judge it: an exhaustive oracle for small sites, a long simulated annealing for
// large ones, and random sites whose RSSI comes from the propagation model. Same objective as
// planChannels: Σ over listed pairs on overlapping channels of 10^(dBm/10) · overlap.
import { neighbourRssi, type PlacedAp } from './neighbours';
import { coChannel, planChannels, type ChannelPlan, type ChannelPlanInput } from './planner';
import { seededRandom } from './random';
import type { Wall } from './propagation';

interface Pairs {
  n: number;
  /** weight[i][j] summed over both directions, 0 when not listed */
  weight: Float64Array;
  /** for each AP, the APs it shares a term with */
  neighbours: number[][];
}

function pairs(input: ChannelPlanInput): Pairs {
  const n = input.aps.length;
  const at = new Map(input.aps.map((ap, i) => [ap.id, i]));
  const weight = new Float64Array(n * n);
  for (const [a, b, dbm] of input.rssi) {
    const i = at.get(a)!;
    const j = at.get(b)!;
    weight[i * n + j] = weight[i * n + j]! + 10 ** (dbm / 10);
    weight[j * n + i] = weight[j * n + i]! + 10 ** (dbm / 10);
  }
  const neighbours = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => j).filter((j) => weight[i * n + j]! > 0));
  return { n, weight, neighbours };
}

function toPlan(input: ChannelPlanInput, chosen: ArrayLike<number>, cost: number): ChannelPlan {
  const channels: Record<string, number> = {};
  input.aps.forEach((ap, i) => (channels[ap.id] = chosen[i]!));
  return { channels, cost };
}

/**
 * The optimal plan, by depth-first search over every assignment (3^12 = 531,441 plans for 12 APs on
 * 1/6/11). A branch stops as soon as its partial cost reaches the best complete plan: every term is
 * ≥ 0, so nothing below it can be better, and the optimum is never cut.
 */
export function exhaustivePlan(input: ChannelPlanInput): ChannelPlan {
  const overlap = input.overlap ?? coChannel;
  const { n, weight } = pairs(input);
  const chosen = new Array<number>(n).fill(0);
  let bestCost = Infinity;
  let best: number[] = [];
  const visit = (i: number, cost: number) => {
    if (cost >= bestCost) return;
    if (i === n) {
      bestCost = cost;
      best = [...chosen];
      return;
    }
    for (const c of input.aps[i]!.allowedChannels) {
      let added = 0;
      for (let j = 0; j < i; j++) {
        const w = weight[i * n + j]!;
        if (w > 0) added += w * overlap(c, chosen[j]!);
      }
      chosen[i] = c;
      visit(i + 1, cost + added);
    }
  };
  visit(0, 0);
  return toPlan(input, best, bestCost);
}

/** The same objective for a plan given by channel numbers, summed pair by pair. */
export function planCost(input: ChannelPlanInput, channels: Record<string, number>): number {
  const overlap = input.overlap ?? coChannel;
  let cost = 0;
  for (const [a, b, dbm] of input.rssi) cost += 10 ** (dbm / 10) * overlap(channels[a]!, channels[b]!);
  return cost;
}

/**
 * Simulated annealing from a random plan: `moves` single-AP channel changes, accepted with the
 * Metropolis rule under a temperature falling geometrically from the strongest pair's weight to a
 * thousandth of the weakest. The best plan met is returned.
 */
export function annealPlan(input: ChannelPlanInput, options: { moves: number; seed?: number }): ChannelPlan {
  const overlap = input.overlap ?? coChannel;
  const { n, weight, neighbours } = pairs(input);
  const random = seededRandom(options.seed ?? 7);
  const allowed = input.aps.map((ap) => ap.allowedChannels);
  const chosen = allowed.map((list) => list[Math.floor(random() * list.length)]!);
  const delta = (i: number, c: number) => {
    let d = 0;
    for (const j of neighbours[i]!) d += weight[i * n + j]! * (overlap(c, chosen[j]!) - overlap(chosen[i]!, chosen[j]!));
    return d;
  };
  let cost = 0;
  for (let i = 0; i < n; i++) for (const j of neighbours[i]!) if (j > i) cost += weight[i * n + j]! * overlap(chosen[i]!, chosen[j]!);
  let bestCost = cost;
  let best = [...chosen];
  const weights = [...weight].filter((w) => w > 0).sort((a, b) => a - b);
  if (weights.length === 0) return toPlan(input, chosen, 0);
  const hot = weights[weights.length - 1]!;
  const cold = weights[0]! * 1e-3;
  for (let m = 0; m < options.moves; m++) {
    const temperature = hot * (cold / hot) ** (m / options.moves);
    const i = Math.floor(random() * n);
    const list = allowed[i]!;
    if (list.length < 2) continue;
    const c = list[Math.floor(random() * list.length)]!;
    if (c === chosen[i]) continue;
    const d = delta(i, c);
    if (d <= 0 || random() < Math.exp(-d / temperature)) {
      chosen[i] = c;
      cost += d;
      if (cost < bestCost) {
        bestCost = cost;
        best = [...chosen];
      }
    }
  }
  const plan = toPlan(input, best, 0);
  return { ...plan, cost: planCost(input, plan.channels) };
}

/**
 * A random site of `aps` APs on one floor (about `m2PerAp` square metres each) with two interior
 * walls per AP, all on 2.4 GHz at 8–29 dBm; the RSSI of every pair heard above −90 dBm comes from
 * the propagation model (neighbourRssi), and every AP may use `channels`.
 */
export function randomSite(options: { aps: number; seed: number; m2PerAp?: number; channels?: number[] }): { input: ChannelPlanInput; placed: PlacedAp[]; walls: Wall[] } {
  const random = seededRandom(options.seed);
  const area = options.aps * (options.m2PerAp ?? 150);
  const width = Math.sqrt(area * 1.6);
  const height = area / width;
  const placed: PlacedAp[] = Array.from({ length: options.aps }, (_, i) => ({
    id: `ap${i}`, x: random() * width, y: random() * height, txPowerDbm: 8 + Math.floor(random() * 22), frequencyMhz: 2437,
  }));
  const losses = [5, 6.5, 12, 20, 20, 20, 23, 28];
  const walls: Wall[] = Array.from({ length: 2 * options.aps }, () => {
    const x = random() * width;
    const y = random() * height;
    const horizontal = random() < 0.5;
    const length = 3 + random() * 12;
    return { x1: x, y1: y, x2: horizontal ? x + length : x, y2: horizontal ? y : y + length, lossDb: losses[Math.floor(random() * losses.length)]! };
  });
  const channels = options.channels ?? [1, 6, 11];
  return {
    input: { aps: placed.map((ap) => ({ id: ap.id, allowedChannels: channels })), rssi: neighbourRssi(placed, walls, { floorDbm: -90 }) },
    placed,
    walls,
  };
}

/**
 * The planner against the exhaustive optimum on the random 12-AP sites of seeds 1…`sites`
 * (channels 1/6/11): how many it solves optimally, and its worst cost as a multiple of the optimum.
 */
export function compareWithOracle(sites: number): { optimal: number; worstRatio: number } {
  let optimal = 0;
  let worstRatio = 1;
  for (let seed = 1; seed <= sites; seed++) {
    const { input } = randomSite({ aps: 12, seed });
    const oracle = exhaustivePlan(input);
    const plan = planChannels(input);
    if (plan.cost <= oracle.cost * (1 + 1e-9)) optimal++;
    worstRatio = Math.max(worstRatio, plan.cost / oracle.cost);
  }
  return { optimal, worstRatio };
}
