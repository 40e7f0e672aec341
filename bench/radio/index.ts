// Radio benchmarks (docs/radio.md): the heatmap at the Wi-Fi map's size and the channel planner
// against its references. Times are CPU time of this single-threaded process (process.cpuUsage),
// so agents sharing the machine's two cores do not inflate them; wall times are printed beside
// (docs/decisions/radio.md).
import { heatmap, planChannels, receivedPower, suggestNextAp, type Ap, type Wall } from '@airloom/radio';
import { annealPlan, compareWithOracle, randomSite } from '@airloom/radio/testing';
import type { Figure } from '../src/stats.js';

const BENCH = 'radio';

/** Runs fn, returning its result with the CPU and wall milliseconds it took. */
function measure<T>(fn: () => T): { result: T; cpuMs: number; wallMs: number } {
  const cpu = process.cpuUsage();
  const wall = performance.now();
  const result = fn();
  const used = process.cpuUsage(cpu);
  return { result, cpuMs: (used.user + used.system) / 1000, wallMs: performance.now() - wall };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A 100 × 60 m floor: 400 × 240 cells of 25 cm (96,000), 30 APs, 400 walls of 1–10 m with spec §3 losses. */
export function floor(seed: number) {
  let state = seed;
  const random = () => (state = (state * 48271) % 2147483647) / 2147483647;
  const aps: Ap[] = Array.from({ length: 30 }, (_, k) => ({ x: random() * 100, y: random() * 60, txPowerDbm: 8 + Math.floor(random() * 22), gainDbi: 3, frequencyMhz: k % 2 ? 2437 : 5200 }));
  const losses = [5, 6.5, 12, 20, 20, 20, 23, 28];
  const walls: Wall[] = Array.from({ length: 400 }, () => {
    const x = random() * 100, y = random() * 60, angle = random() * Math.PI, length = 1 + random() * 9;
    return { x1: x, y1: y, x2: x + length * Math.cos(angle), y2: y + length * Math.sin(angle), lossDb: losses[Math.floor(random() * losses.length)]! };
  });
  return { aps, walls, grid: { x0: 0, y0: 0, cellM: 0.25, cols: 400, rows: 240 } };
}

function heatmapFigures(short: boolean): Figure[] {
  const scene = floor(2026);
  // warm-up: the optimising compiler takes a few full runs to settle, as in the browser's worker
  for (let i = 0; i < 3; i++) heatmap(scene);
  const runs = Array.from({ length: short ? 7 : 15 }, () => measure(() => heatmap(scene)));
  const map = runs[0]!.result;
  // equality with the naive computation (receivedPower: every wall tested on every path): the full
  // mode compares every cell of the grid (2.9 million paths × 400 walls, seconds of CPU); the short mode
  // (CI) a sample of 500 cells
  let state = 7;
  const random = () => (state = (state * 48271) % 2147483647) / 2147483647;
  let worst = 0;
  const { cols, rows, cellM } = scene.grid;
  const cells = short
    ? Array.from({ length: 500 }, () => Math.floor(random() * rows) * cols + Math.floor(random() * cols))
    : Array.from({ length: cols * rows }, (_, k) => k);
  const naiveRun = measure(() => {
    for (const k of cells) {
      const point = { x: ((k % cols) + 0.5) * cellM, y: (Math.floor(k / cols) + 0.5) * cellM };
      let naive = -Infinity;
      for (const ap of scene.aps) naive = Math.max(naive, receivedPower({ ap, point, walls: scene.walls }));
      worst = Math.max(worst, Math.abs(naive - map[k]!));
    }
  });
  const compared = short ? `${cells.length} sampled cells` : `all ${cells.length.toLocaleString('en')} cells`;
  const page = pageScene(scene);
  const suggestion = measure(() => suggestNextAp({ ...page, targetDbm: -67, radio: { txPowerDbm: 20, frequencyMhz: 5180 }, count: 1 }));
  return [
    { bench: BENCH, metric: 'heatmap 96k cells × 30 APs × 400 walls, median CPU time', value: median(runs.map((r) => r.cpuMs)), unit: 'ms', budget: { max: 100 } },
    { bench: BENCH, metric: 'heatmap 96k cells × 30 APs × 400 walls, median wall time (shared machine)', value: median(runs.map((r) => r.wallMs)), unit: 'ms' },
    { bench: BENCH, metric: `heatmap vs naive (every wall on every path) on ${compared}, largest difference`, value: worst * 1000, unit: 'mdB', budget: { max: 10 } },
    { bench: BENCH, metric: `the naive computation on ${compared}, CPU time`, value: naiveRun.cpuMs, unit: 'ms' },
    { bench: BENCH, metric: `"Suggest next AP" on the page's largest grid (${(page.grid.cols * page.grid.rows).toLocaleString('en')} cells, 30 APs, 400 walls, ${suggestion.result.length ? 'one AP suggested' : 'none'}), CPU time`, value: suggestion.cpuMs, unit: 'ms' },
  ];
}

/** The bench floor as the Wi-Fi map page grids it (wifimap-model's floorGrid: about 40,000 cells of at least 25 cm). */
function pageScene(scene: ReturnType<typeof floor>) {
  const cellM = Math.max(0.25, Math.sqrt((100 * 60) / 40_000));
  return { aps: scene.aps, walls: scene.walls, grid: { x0: 0, y0: 0, cellM, cols: Math.ceil(100 / cellM), rows: Math.ceil(60 / cellM) } };
}

function smallSiteFigures(): Figure[] {
  const { optimal, worstRatio } = compareWithOracle(200);
  return [
    { bench: BENCH, metric: 'planner, 200 sites of 12 APs on 1/6/11: share NOT matching the exhaustive optimum', value: (100 * (200 - optimal)) / 200, unit: '%', budget: { max: 5 } },
    { bench: BENCH, metric: 'planner, 200 sites of 12 APs: worst cost as a share of the optimum', value: 100 * worstRatio, unit: '%' },
  ];
}

function largeSiteFigures(aps: number, annealMoves: number, timeBudgetMs?: number): Figure[] {
  const { input } = randomSite({ aps, seed: 1000 + aps });
  planChannels({ ...input, aps: input.aps.slice(0, 10), rssi: [] }); // warm-up (JIT)
  const { result: plan, cpuMs, wallMs } = measure(() => planChannels(input));
  const reference = annealPlan(input, { moves: annealMoves });
  return [
    { bench: BENCH, metric: `planner, ${aps} APs (${input.rssi.length} scan entries): CPU time`, value: cpuMs, unit: 'ms', ...(timeBudgetMs ? { budget: { max: timeBudgetMs } } : {}) },
    { bench: BENCH, metric: `planner, ${aps} APs: wall time (shared machine)`, value: wallMs, unit: 'ms' },
    { bench: BENCH, metric: `planner, ${aps} APs: cost as a share of a ${(annealMoves / 1e6).toFixed(0)}M-move annealing's`, value: (100 * plan.cost) / reference.cost, unit: '%', budget: { max: 105 } },
  ];
}

/** Short mode (CI): fewer heatmap runs and samples, 50 and 200 APs with shorter annealing; full adds 1,000 APs. */
export function radioBench(short: boolean): Figure[] {
  return [
    ...heatmapFigures(short),
    ...smallSiteFigures(),
    ...largeSiteFigures(50, short ? 1_000_000 : 5_000_000, 1000),
    ...largeSiteFigures(200, short ? 2_000_000 : 20_000_000, 1000),
    ...(short ? [] : largeSiteFigures(1000, 50_000_000, 10_000)),
  ];
}
