// Coverage estimates for the Wi-Fi map and the solution designer (docs/radio.md, "Coverage").
import { heatmap, validateGrid, type Grid } from './heatmap';
import { RadioInputError, requireFinite, type Ap, type Wall } from './propagation';

export interface CoverageShare {
  thresholdDbm: number;
  /** share of cells (0–1) whose received power is at least the threshold */
  share: number;
}

/** The share of cells at or above each threshold (default −67, −70, −75 dBm). */
export function coverage(map: Float32Array, thresholdsDbm: readonly number[] = [-67, -70, -75]): CoverageShare[] {
  thresholdsDbm.forEach((t, i) => requireFinite(t, `thresholdsDbm[${i}]`));
  if (map.length === 0) return thresholdsDbm.map((thresholdDbm) => ({ thresholdDbm, share: 0 }));
  return thresholdsDbm.map((thresholdDbm) => {
    let covered = 0;
    for (let k = 0; k < map.length; k++) if (map[k]! >= thresholdDbm) covered++;
    return { thresholdDbm, share: covered / map.length };
  });
}

export interface NextApInput {
  aps: readonly Ap[];
  walls: readonly Wall[];
  grid: Grid;
  /** the RSSI a cell needs to count as covered, e.g. −67 dBm */
  targetDbm: number;
  /** radio of the AP to place (its x and y are chosen) */
  radio: Omit<Ap, 'x' | 'y'>;
  /** how many APs to suggest, one after the other (default 1) */
  count?: number;
  /** candidate positions are the centres of every `candidateStep`-th cell (default: about 400 candidates) */
  candidateStep?: number;
}

export interface NextApSuggestion {
  x: number;
  y: number;
  /** cells newly at or above the target thanks to this AP */
  gainedCells: number;
  /** share of cells covered once this AP (and the ones suggested before it) is added */
  coveredShare: number;
}

/**
 * Greedy placement: among candidate positions on the grid, the one that brings the most cells up
 * to the target, then again with it added, `count` times. Greedy maximum coverage is within
 * 1 − 1/e of the best placement of the same count (the covered area is submodular).
 */
export function suggestNextAp(input: NextApInput): NextApSuggestion[] {
  const { grid, walls, radio, targetDbm } = input;
  validateGrid(grid);
  requireFinite(targetDbm, 'targetDbm');
  const count = input.count ?? 1;
  if (!Number.isInteger(count) || count < 1) throw new RadioInputError('count must be a positive integer');
  const step = input.candidateStep ?? Math.max(1, Math.round(Math.sqrt((grid.cols * grid.rows) / 400)));
  if (!Number.isInteger(step) || step < 1) throw new RadioInputError('candidateStep must be a positive integer');
  const current = heatmap({ aps: input.aps, walls, grid });
  const covered = Uint8Array.from(current, (v) => (v >= targetDbm ? 1 : 0));
  let coveredCount = covered.reduce((a, b) => a + b, 0);
  const candidates: { x: number; y: number }[] = [];
  const offset = Math.floor(step / 2);
  for (let j = offset; j < grid.rows; j += step) {
    for (let i = offset; i < grid.cols; i += step) candidates.push({ x: grid.x0 + (i + 0.5) * grid.cellM, y: grid.y0 + (j + 0.5) * grid.cellM });
  }
  // each candidate's own map does not change between rounds: compute it once
  const reach = candidates.map((c) => {
    const map = heatmap({ aps: [{ ...radio, x: c.x, y: c.y }], walls, grid });
    const cells: number[] = [];
    for (let k = 0; k < map.length; k++) if (map[k]! >= targetDbm) cells.push(k);
    return Int32Array.from(cells);
  });
  const out: NextApSuggestion[] = [];
  for (let round = 0; round < count; round++) {
    let best = -1;
    let bestGain = -1;
    reach.forEach((cells, n) => {
      let gain = 0;
      for (const k of cells) gain += 1 - covered[k]!;
      if (gain > bestGain) {
        best = n;
        bestGain = gain;
      }
    });
    if (best < 0) break;
    for (const k of reach[best]!) covered[k] = 1;
    coveredCount += bestGain;
    out.push({ ...candidates[best]!, gainedCells: bestGain, coveredShare: coveredCount / covered.length });
  }
  return out;
}
