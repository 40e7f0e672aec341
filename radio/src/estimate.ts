// Coverage estimate for the solution designer (docs/radio.md "Coverage estimate", docs/solutions.md):
// how far from an AP mounted at some height the signal stays above a threshold when the scenario's
// typical wall stands every `wallSpacingM` metres. The same propagation model as the heatmap
// (txPower + gain − FSPL − Σ wall losses), with the distance measured from the ceiling-mounted AP
// to a device held at 1 m, and one wall crossed per `wallSpacingM` of horizontal distance.
import { fsplDb, RadioInputError, requireFinite } from './propagation';

export interface CoverageEstimateInput {
  txPowerDbm: number;
  gainDbi?: number;
  frequencyMhz: number;
  /** AP mounting height in metres */
  installHeightM: number;
  /** dB lost through one typical wall */
  wallLossDb: number;
  /** metres between two typical walls along a path; Infinity for an open hall */
  wallSpacingM: number;
  /** the signal a client must still see, dBm (default −67, the usual voice/video threshold) */
  thresholdDbm?: number;
  /** the designer's largest cell radius, metres (default 150, the search limit) */
  maxRadiusM?: number;
}

export interface CoverageEstimate {
  /** horizontal radius in metres where the signal falls to the threshold */
  radiusM: number;
  /**
   * floor area one AP covers in m² when APs are laid out in a hexagonal grid (the hexagon inscribed in
   * the circle: 3√3/2 · r²), so neighbouring cells overlap at their edges as roaming needs
   */
  areaM2: number;
  /** walls crossed at the edge of the cell */
  wallsAtEdge: number;
}

/** The height a client device is held at, metres. */
export const CLIENT_HEIGHT_M = 1;
const STEP_M = 0.05;
const MAX_RADIUS_M = 150;

/** The received power at horizontal distance `d` (m) from the AP, in the estimate's model. */
export function estimatedPowerDbm(input: CoverageEstimateInput, d: number): number {
  const vertical = Math.max(input.installHeightM - CLIENT_HEIGHT_M, 0);
  const slant = Math.hypot(d, vertical);
  const walls = Number.isFinite(input.wallSpacingM) ? Math.floor(d / input.wallSpacingM) : 0;
  return input.txPowerDbm + (input.gainDbi ?? 0) - fsplDb(slant, input.frequencyMhz) - walls * input.wallLossDb;
}

export function estimateCoverage(input: CoverageEstimateInput): CoverageEstimate {
  requireFinite(input.txPowerDbm, 'txPowerDbm');
  if (input.gainDbi !== undefined) requireFinite(input.gainDbi, 'gainDbi');
  requireFinite(input.frequencyMhz, 'frequencyMhz');
  requireFinite(input.installHeightM, 'installHeightM');
  requireFinite(input.wallLossDb, 'wallLossDb');
  if (input.frequencyMhz <= 0) throw new RadioInputError('frequencyMhz must be positive');
  if (input.installHeightM < 0) throw new RadioInputError('installHeightM must not be negative');
  if (input.wallLossDb < 0) throw new RadioInputError('wallLossDb must not be negative');
  if (!(input.wallSpacingM > 0)) throw new RadioInputError('wallSpacingM must be positive');
  const threshold = input.thresholdDbm ?? -67;
  requireFinite(threshold, 'thresholdDbm');
  // walk outwards; the power only falls with distance (FSPL grows, walls add up), so the first step
  // below the threshold ends the cell
  const maxRadius = Math.min(input.maxRadiusM ?? MAX_RADIUS_M, MAX_RADIUS_M);
  let radius = 0;
  for (let d = STEP_M; d <= maxRadius + 1e-9; d += STEP_M) {
    if (estimatedPowerDbm(input, d) < threshold) break;
    radius = d;
  }
  radius = Math.round(radius * 100) / 100;
  const wallsAtEdge = Number.isFinite(input.wallSpacingM) ? Math.floor(radius / input.wallSpacingM) : 0;
  return { radiusM: radius, areaM2: ((3 * Math.sqrt(3)) / 2) * radius * radius, wallsAtEdge };
}
