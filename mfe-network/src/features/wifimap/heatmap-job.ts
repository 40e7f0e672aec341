// What the heatmap worker computes, as a plain function (tested without a worker): the strongest
// AP's received power at every cell (@airloom/radio's exact multi-wall heatmap), the coverage shares
// at −67 / −70 / −75 dBm, and, when asked, where the next APs would cover most.
import { coverage, heatmap, suggestNextAp, type Ap, type CoverageShare, type Grid, type NextApSuggestion, type Wall } from '@airloom/radio';

export interface HeatmapRequest {
  id: number;
  aps: Ap[];
  walls: Wall[];
  grid: Grid;
  thresholds: number[];
  /** greedy next-AP placement for this target and radio */
  suggest?: { count: number; targetDbm: number; radio: Omit<Ap, 'x' | 'y'> };
}

export interface HeatmapAnswer {
  id: number;
  values: Float32Array;
  coverage: CoverageShare[];
  suggestions: NextApSuggestion[];
  /** time spent computing the heatmap, ms */
  ms: number;
  error?: string;
}

export function runHeatmap(req: HeatmapRequest, now: () => number = () => performance.now()): HeatmapAnswer {
  try {
    const start = now();
    const values = heatmap({ aps: req.aps, walls: req.walls, grid: req.grid });
    const ms = now() - start;
    const suggestions = req.suggest
      ? suggestNextAp({ aps: req.aps, walls: req.walls, grid: req.grid, targetDbm: req.suggest.targetDbm, radio: req.suggest.radio, count: req.suggest.count })
      : [];
    return { id: req.id, values, coverage: coverage(values, req.thresholds), suggestions, ms };
  } catch (err) {
    return { id: req.id, values: new Float32Array(0), coverage: [], suggestions: [], ms: 0, error: (err as Error).message };
  }
}
