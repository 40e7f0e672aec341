// Physically consistent neighbour scans for the simulator (docs/radio.md): each AP hears every other
// AP at the received power of the propagation model, plus its own antenna gain.
import { crossesWall, freeSpacePower, validateAp, validateWalls, RadioInputError, type Ap, type Point, type Wall } from './propagation';
import type { RssiEntry } from './planner';

export interface PlacedAp extends Ap {
  id: string;
}

/**
 * Walls bucketed in square cells (each wall in every cell its bounding box overlaps), so a path
 * tests only the walls of the cells it passes. The cells a path passes are taken per column of
 * cells with a little slack, a superset; the crossing test itself is the exact one.
 */
class WallIndex {
  private readonly size: number;
  private readonly x0: number;
  private readonly y0: number;
  private readonly cols: number;
  private readonly rows: number;
  private readonly cells: number[][];
  private readonly seen: Uint32Array;
  private stamp = 0;

  constructor(private readonly walls: readonly Wall[], points: readonly Point[]) {
    const xs = [...walls.flatMap((w) => [w.x1, w.x2]), ...points.map((p) => p.x)];
    const ys = [...walls.flatMap((w) => [w.y1, w.y2]), ...points.map((p) => p.y)];
    this.x0 = Math.min(...xs);
    this.y0 = Math.min(...ys);
    const width = Math.max(...xs) - this.x0;
    const height = Math.max(...ys) - this.y0;
    this.size = Math.max(1e-3, Math.sqrt((width * height) / Math.max(1, walls.length)), Math.max(width, height) / 512);
    this.cols = Math.floor(width / this.size) + 1;
    this.rows = Math.floor(height / this.size) + 1;
    this.cells = Array.from({ length: this.cols * this.rows }, () => []);
    this.seen = new Uint32Array(walls.length);
    walls.forEach((w, k) => {
      const [c0, c1] = this.span(Math.min(w.x1, w.x2), Math.max(w.x1, w.x2), this.x0, this.cols);
      const [r0, r1] = this.span(Math.min(w.y1, w.y2), Math.max(w.y1, w.y2), this.y0, this.rows);
      for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) this.cells[r * this.cols + c]!.push(k);
    });
  }

  private span(lo: number, hi: number, origin: number, count: number): [number, number] {
    const slack = this.size * 1e-6;
    const from = Math.max(0, Math.floor((lo - slack - origin) / this.size));
    const to = Math.min(count - 1, Math.floor((hi + slack - origin) / this.size));
    return [from, to];
  }

  /** Σ lossDb of the walls the path a → b crosses. */
  loss(a: Point, b: Point): number {
    if (++this.stamp === 0xffffffff) {
      this.seen.fill(0);
      this.stamp = 1;
    }
    const minX = Math.min(a.x, b.x), maxX = Math.max(a.x, b.x);
    const slope = a.x === b.x ? 0 : (b.y - a.y) / (b.x - a.x);
    const slack = this.size * 1e-6;
    const c0 = Math.max(0, Math.floor((minX - slack - this.x0) / this.size));
    const c1 = Math.min(this.cols - 1, Math.floor((maxX + slack - this.x0) / this.size));
    let loss = 0;
    for (let c = c0; c <= c1; c++) {
      // the path's y over this column of cells (clamped to the path), with the slack
      let yLo: number;
      let yHi: number;
      if (a.x === b.x) {
        yLo = Math.min(a.y, b.y);
        yHi = Math.max(a.y, b.y);
      } else {
        const y1 = a.y + (Math.max(minX, this.x0 + c * this.size) - a.x) * slope;
        const y2 = a.y + (Math.min(maxX, this.x0 + (c + 1) * this.size) - a.x) * slope;
        yLo = Math.min(y1, y2);
        yHi = Math.max(y1, y2);
      }
      const r0 = Math.max(0, Math.floor((yLo - slack - this.y0) / this.size));
      const r1 = Math.min(this.rows - 1, Math.floor((yHi + slack - this.y0) / this.size));
      for (let r = r0; r <= r1; r++) {
        for (const k of this.cells[r * this.cols + c]!) {
          if (this.seen[k] === this.stamp) continue;
          this.seen[k] = this.stamp;
          const w = this.walls[k]!;
          if (crossesWall(a.x, a.y, b.x, b.y, w)) loss += w.lossDb;
        }
      }
    }
    return loss;
  }
}

/**
 * `[observer, source, dBm]` for every ordered pair whose signal is at least `floorDbm` (default −95,
 * about the sensitivity of a 20 MHz receiver): the source's received power at the observer's
 * position (same model as the heatmap), plus the observer's antenna gain. Symmetric when the two APs
 * transmit at the same power with the same gains; directional otherwise, as real scans are.
 */
export function neighbourRssi(aps: readonly PlacedAp[], walls: readonly Wall[], options: { floorDbm?: number } = {}): RssiEntry[] {
  const floor = options.floorDbm ?? -95;
  aps.forEach((ap, k) => {
    validateAp(ap, `aps[${k}]`);
    if (aps.findIndex((other) => other.id === ap.id) !== k) throw new RadioInputError(`aps[${k}].id "${ap.id}" is listed twice`);
  });
  validateWalls(walls);
  // walls only weaken a signal (when no loss is negative): a pair below the floor in free space stays below it
  const canSkip = walls.every((w) => w.lossDb >= 0);
  const index = new WallIndex(walls, aps);
  const out: RssiEntry[] = [];
  for (const observer of aps) {
    for (const source of aps) {
      if (source === observer) continue;
      const free = freeSpacePower(source, observer) + (observer.gainDbi ?? 0);
      if (canSkip && free < floor) continue;
      const dbm = free - index.loss(source, observer);
      if (dbm >= floor) out.push([observer.id, source.id, dbm]);
    }
  }
  return out;
}
