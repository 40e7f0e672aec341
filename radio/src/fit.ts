// Fitting the propagation model to what the APs measure (docs/radio.md "Predicted versus measured"):
// least squares over the walls' losses per group (a material) and, when asked, the path-loss
// exponent. The model is linear in both, so one small normal-equation solve gives the optimum.
import { crossesWall, requireFinite, RadioInputError, validateAp, validateWalls, type Wall } from './propagation';
import type { PlacedAp } from './neighbours';
import type { RssiEntry } from './planner';

/** A wall whose loss may be fitted: walls with the same `group` (e.g. their material) share one loss; no group, kept as is. */
export interface FitWall extends Wall {
  group?: string;
}

export interface FitInput {
  aps: readonly PlacedAp[];
  walls: readonly FitWall[];
  /** `[observer, source, dBm]`: the source heard at the observer (a neighbour scan) */
  measurements: readonly RssiEntry[];
  /** also fit the path-loss exponent n of `10·n·log10(d)` (free space: 2) */
  fitExponent?: boolean;
}

export interface FitError {
  /** mean of |measured − predicted| (dB) */
  meanAbsDb: number;
  /** root mean square of measured − predicted (dB) */
  rmsDb: number;
}

export type FitResult =
  | {
      ok: true;
      /** the fitted loss of each group that some measured path crosses (dB, 0–100) */
      lossDb: Record<string, number>;
      /** the path-loss exponent (2 when not fitted) */
      exponent: number;
      before: FitError;
      after: FitError;
      /** measurements used (pairs naming an unknown AP are left out) */
      used: number;
    }
  | { ok: false; reason: 'too-few-measurements'; needed: number; have: number; message: string };

const LOSS_MAX_DB = 100;
// pulls a loss no measurement decides (two materials always crossed together) toward its current value
const PRIOR_WEIGHT = 1e-3;

interface Path {
  measured: number;
  /** the model's part that does not depend on the unknowns: tx + gains − 20·log10 f + 27.55 */
  fixed: number;
  /** 10·log10(max(d, 1)) */
  logD: number;
  /** crossed walls of each fitted group (count) */
  counts: Map<string, number>;
  /** Σ loss of the crossed walls without a group */
  fixedLoss: number;
}

function errorOf(residuals: readonly number[]): FitError {
  if (residuals.length === 0) return { meanAbsDb: 0, rmsDb: 0 };
  const abs = residuals.reduce((s, r) => s + Math.abs(r), 0) / residuals.length;
  const rms = Math.sqrt(residuals.reduce((s, r) => s + r * r, 0) / residuals.length);
  return { meanAbsDb: abs, rmsDb: rms };
}

/** Solves A x = b (n × n, symmetric positive definite here) by Gaussian elimination with partial pivoting. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[p]![c]!)) p = r;
    [m[c], m[p]] = [m[p]!, m[c]!];
    const pivot = m[c]![c]!;
    for (let r = c + 1; r < n; r++) {
      const f = m[r]![c]! / pivot;
      for (let k = c; k <= n; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = m[r]![n]!;
    for (let k = r + 1; k < n; k++) s -= m[r]![k]! * x[k]!;
    x[r] = s / m[r]![r]!;
  }
  return x;
}

/**
 * Least-squares fit of the walls' losses per group (and optionally the path-loss exponent) to
 * measured AP-to-AP signal strengths. The model (docs/radio.md) is
 * `measured ≈ tx + gains − 10·n·log10(d) − 20·log10(f) + 27.55 − Σ_groups loss_g · crossings_g − fixed losses`,
 * linear in the losses and n. A group no measured path crosses is not in the answer. Needs at least
 * one measurement more than unknowns; fewer gives `ok: false` with a message saying how many.
 */
export function fitToMeasurements(input: FitInput): FitResult {
  const { aps, walls, measurements } = input;
  aps.forEach((ap, k) => validateAp(ap, `aps[${k}]`));
  validateWalls(walls);
  measurements.forEach((m, k) => requireFinite(m[2], `measurements[${k}][2]`));
  const byId = new Map(aps.map((ap) => [ap.id, ap]));

  const paths: Path[] = [];
  for (const [observerId, sourceId, dbm] of measurements) {
    const observer = byId.get(observerId);
    const source = byId.get(sourceId);
    if (!observer || !source || observer === source) continue;
    const counts = new Map<string, number>();
    let fixedLoss = 0;
    for (const w of walls) {
      if (!crossesWall(source.x, source.y, observer.x, observer.y, w)) continue;
      if (w.group === undefined) fixedLoss += w.lossDb;
      else counts.set(w.group, (counts.get(w.group) ?? 0) + 1);
    }
    const d = Math.max(1, Math.hypot(observer.x - source.x, observer.y - source.y));
    paths.push({
      measured: dbm,
      fixed: source.txPowerDbm + (source.gainDbi ?? 0) + (observer.gainDbi ?? 0) - 20 * Math.log10(source.frequencyMhz) + 27.55,
      logD: 10 * Math.log10(d),
      counts,
      fixedLoss,
    });
  }

  // the current loss of each group: the mean of its walls' (they normally share one)
  const current = new Map<string, { sum: number; n: number }>();
  for (const w of walls) {
    if (w.group === undefined) continue;
    const c = current.get(w.group) ?? { sum: 0, n: 0 };
    c.sum += w.lossDb;
    c.n++;
    current.set(w.group, c);
  }
  const groups = [...new Set(paths.flatMap((p) => [...p.counts.keys()]))].sort();
  const fitExponent = input.fitExponent === true;
  const unknowns = groups.length + (fitExponent ? 1 : 0);
  const needed = Math.max(2, unknowns + 1);
  if (paths.length < needed) {
    return {
      ok: false,
      reason: 'too-few-measurements',
      needed,
      have: paths.length,
      message: `${paths.length} measurement${paths.length === 1 ? '' : 's'} between placed APs; fitting ${unknowns} value${unknowns === 1 ? '' : 's'} needs at least ${needed}`,
    };
  }
  const prior = (g: string) => {
    const c = current.get(g)!;
    return c.sum / c.n;
  };
  const predict = (p: Path, loss: (g: string) => number, n: number) => {
    let walled = p.fixedLoss;
    for (const [g, count] of p.counts) walled += loss(g) * count;
    return p.fixed - n * p.logD - walled;
  };
  const before = errorOf(paths.map((p) => p.measured - predict(p, prior, 2)));

  // unknowns: x = [loss of each group…, n?]; residual = (measured − fixed + fixedLoss) + Σ loss·count + n·logD
  const size = unknowns;
  const ata = Array.from({ length: size }, () => new Array<number>(size).fill(0));
  const atb = new Array<number>(size).fill(0);
  for (const p of paths) {
    const row = new Array<number>(size).fill(0);
    groups.forEach((g, k) => (row[k] = -(p.counts.get(g) ?? 0)));
    let target = p.measured - p.fixed + p.fixedLoss;
    if (fitExponent) row[size - 1] = -p.logD;
    else target += 2 * p.logD;
    for (let i = 0; i < size; i++) {
      if (row[i] === 0) continue;
      atb[i]! += row[i]! * target;
      for (let j = 0; j < size; j++) ata[i]![j]! += row[i]! * row[j]!;
    }
  }
  groups.forEach((g, k) => {
    ata[k]![k]! += PRIOR_WEIGHT;
    atb[k]! += PRIOR_WEIGHT * prior(g);
  });
  if (fitExponent) {
    ata[size - 1]![size - 1]! += PRIOR_WEIGHT;
    atb[size - 1]! += PRIOR_WEIGHT * 2;
  }
  const x = solve(ata, atb);
  if (x.some((v) => !Number.isFinite(v))) throw new RadioInputError('the measurements give no solution');
  const lossDb: Record<string, number> = {};
  groups.forEach((g, k) => (lossDb[g] = Math.min(LOSS_MAX_DB, Math.max(0, x[k]!))));
  const exponent = fitExponent ? x[size - 1]! : 2;
  const after = errorOf(paths.map((p) => p.measured - predict(p, (g) => lossDb[g] ?? prior(g), exponent)));
  return { ok: true, lossDb, exponent, before, after, used: paths.length };
}
