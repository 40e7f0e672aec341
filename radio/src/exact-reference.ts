// Test-only: the propagation formula of docs/radio.md written a second time, independently of
// propagation.ts and predicates.ts, to check them. Crossing is decided by solving the two segments'
// parametric intersection in exact rational arithmetic (every double is an exact binary fraction):
// the path A + t·(P − A), the wall W1 + u·(W2 − W1); crossed iff the lines are not parallel,
// 0 < t < 1 (an AP on the wall's line, or a path ending on the wall, is not crossed) and 0 ≤ u ≤ 1
// (touching a wall's endpoint is crossing it). Parallel or collinear segments are never crossed.
import type { Ap, Point, Wall } from './propagation';

/** Exact integers for a list of doubles, all scaled by the same power of two. */
function scaled(values: number[]): bigint[] {
  const halvings = values.map((v) => {
    let m = v;
    let k = 0;
    while (!Number.isInteger(m)) {
      m *= 2;
      k++;
    }
    return { m, k };
  });
  const top = Math.max(...halvings.map((h) => h.k));
  return halvings.map((h) => BigInt(h.m) << BigInt(top - h.k));
}

export function crossesExactly(a: Point, p: Point, w: Wall): boolean {
  const [ax, ay, px, py, x1, y1, x2, y2] = scaled([a.x, a.y, p.x, p.y, w.x1, w.y1, w.x2, w.y2]) as [bigint, bigint, bigint, bigint, bigint, bigint, bigint, bigint];
  const rx = px - ax, ry = py - ay; // path direction
  const sx = x2 - x1, sy = y2 - y1; // wall direction
  let den = rx * sy - ry * sx;
  if (den === 0n) return false;
  const qx = x1 - ax, qy = y1 - ay;
  let tNum = qx * sy - qy * sx;
  let uNum = qx * ry - qy * rx;
  if (den < 0n) {
    den = -den;
    tNum = -tNum;
    uNum = -uNum;
  }
  return tNum > 0n && tNum < den && uNum >= 0n && uNum <= den;
}

export function referencePower(ap: Ap, point: Point, walls: readonly Wall[]): number {
  const d = Math.sqrt((point.x - ap.x) ** 2 + (point.y - ap.y) ** 2);
  const fspl = 20 * Math.log10(d < 1 ? 1 : d) + 20 * Math.log10(ap.frequencyMhz) - 27.55;
  const loss = walls.filter((w) => crossesExactly(ap, point, w)).reduce((sum, w) => sum + w.lossDb, 0);
  return ap.txPowerDbm + (ap.gainDbi ?? 0) - fspl - loss;
}

export function referenceHeatmap(aps: readonly Ap[], walls: readonly Wall[], grid: { x0: number; y0: number; cellM: number; cols: number; rows: number }): number[] {
  const out: number[] = [];
  for (let j = 0; j < grid.rows; j++) {
    for (let i = 0; i < grid.cols; i++) {
      const point = { x: grid.x0 + (i + 0.5) * grid.cellM, y: grid.y0 + (j + 0.5) * grid.cellM };
      out.push(Math.max(...aps.map((ap) => referencePower(ap, point, walls))));
    }
  }
  return out;
}
