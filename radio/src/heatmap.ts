// The heatmap: the strongest AP's received power at every cell centre of a grid (docs/radio.md).
//
// Testing every wall on every AP → cell path is 96,000 × 30 × 400 ≈ 1.2 billion segment tests.
// Instead, for one AP and one wall, the cells whose path crosses the wall are the wall's "shadow":
// the cone from the AP through the wall's endpoints, beyond the wall's line. It is convex, so on one
// grid row it is one run of cells. Each (AP, wall, row) yields that run from three linear
// inequalities along the row, added to a per-row difference array; one prefix sum then gives every
// cell's wall loss. Where a run's end falls within a rounding margin of a cell centre, that cell is
// decided with the exact predicate `crossesWall`, so the result is identical to testing every wall.
import { orient } from './predicates';
import { apEirpTerm, crossesWall, requireFinite, validateAp, validateWalls, RadioInputError, type Ap, type Wall } from './propagation';

/** A grid of `cols × rows` square cells of `cellM` metres whose corner is (x0, y0). */
export interface Grid {
  x0: number;
  y0: number;
  cellM: number;
  cols: number;
  rows: number;
}

export function validateGrid(grid: Grid): void {
  requireFinite(grid.x0, 'grid.x0');
  requireFinite(grid.y0, 'grid.y0');
  requireFinite(grid.cellM, 'grid.cellM');
  if (grid.cellM <= 0) throw new RadioInputError('grid.cellM must be positive');
  for (const key of ['cols', 'rows'] as const) {
    if (!Number.isInteger(grid[key]) || grid[key] < 1) throw new RadioInputError(`grid.${key} must be a positive integer`);
  }
}

/** The cell-centre coordinates `start + (k + 0.5)·cellM`, the exact doubles the formula is evaluated at. */
export function cellCentres(start: number, cellM: number, count: number): Float64Array {
  const out = new Float64Array(count);
  for (let k = 0; k < count; k++) out[k] = start + (k + 0.5) * cellM;
  return out;
}

// Per (AP, wall) shadow, flattened for speed: row span, loss in dB and as a factor, wall index, the AP's side of the
// wall, then three inequalities on the cell index t along a row (see putConstraint; the first
// strict):
//   1. beyond the wall: strictly on the other side of its line from the AP;
//   2., 3. inside the cone AP→(x1, y1) … AP→(x2, y2), its edges included (an endpoint touch counts).
const ROW_LO = 0, ROW_HI = 1, LOSS = 2, FACTOR = 3, WALL = 4, SIDE = 5, FIRST = 6, PER_CONSTRAINT = 4, STRIDE = FIRST + 3 * PER_CONSTRAINT;

interface PreparedAp {
  ap: Ap;
  eirp: number;
  count: number;
  shadows: Float64Array;
  /** the shadows by their first row, so a row visits only those it lies in */
  order: Int32Array;
}

// Rounding margin, relative to the squared coordinate scale: float roots of the inequalities are
// off by ~1e-15 of it at most; anything within 1e-9 is re-decided exactly (docs/radio.md).
const MARGIN = 1e-9;

// Below this much loss on a row, a product of 10^(−loss/10) factors stays far from underflow (1e-308).
const SAFE_PRODUCT_DB = 2500;

const UNBOUNDED = 2;

/**
 * Writes the inequality `mult·orient(a, b, P) ≥ 0` (P the cell centre) at `at` as the bound it puts
 * on the cell index t along row y: kind 1 `t ≥ r0 + r1·y`, kind −1 `t ≤ r0 + r1·y`, kind 0 the same
 * answer for every cell of a row, kind UNBOUNDED no usable bound; then its rounding margin in cells.
 */
function putConstraint(out: Float64Array, at: number, ax: number, ay: number, bx: number, by: number, mult: number, xFirst: number, grid: Grid, scale: number): void {
  const cx = -mult * (by - ay);
  const cy = mult * (bx - ax);
  const c0 = mult * ((by - ay) * ax - (bx - ax) * ay);
  const slope = cx * grid.cellM;
  out[at] = Math.sign(slope);
  out[at + 1] = slope === 0 ? 0 : -(c0 + cx * xFirst) / slope;
  out[at + 2] = slope === 0 ? 0 : -cy / slope;
  out[at + 3] = slope === 0 ? 0 : (MARGIN * scale * scale) / Math.abs(slope) + (MARGIN * scale) / grid.cellM + MARGIN;
  // a slope so small that the bound overflows (coordinates 1e-300 apart): every cell is decided exactly
  if (!Number.isFinite(out[at + 1]! + out[at + 2]! + out[at + 3]!)) out[at] = UNBOUNDED;
}

/** Exactly whether inequality k (0, 1, 2 as above) of a shadow holds at (x, y). */
function holdsExactly(k: number, ap: Ap, w: Wall, side: number, x: number, y: number): boolean {
  if (k === 0) return -side * orient(w.x1, w.y1, w.x2, w.y2, x, y) > 0;
  if (k === 1) return side * orient(ap.x, ap.y, w.x1, w.y1, x, y) >= 0;
  return side * orient(w.x2, w.y2, ap.x, ap.y, x, y) >= 0;
}

/** Clips a convex polygon (flat x, y pairs) to the half-plane `sign·(coordinate − limit) ≤ 0`. */
function clip(points: number[], axis: 0 | 1, limit: number, sign: 1 | -1): number[] {
  const out: number[] = [];
  const n = points.length / 2;
  for (let k = 0; k < n; k++) {
    const px = points[2 * k]!, py = points[2 * k + 1]!;
    const q = ((k + 1) % n) * 2;
    const qx = points[q]!, qy = points[q + 1]!;
    const pv = sign * ((axis === 0 ? px : py) - limit);
    const qv = sign * ((axis === 0 ? qx : qy) - limit);
    if (pv <= 0) out.push(px, py);
    if ((pv < 0 && qv > 0) || (pv > 0 && qv < 0)) {
      const t = pv / (pv - qv);
      out.push(px + t * (qx - px), py + t * (qy - py));
    }
  }
  return out;
}

/**
 * The rows [from, to] the wall's shadow can reach inside the grid (a superset, padded by a row):
 * the shadow cut at a distance beyond every cell is a quadrilateral, clipped to the cell centres'
 * box. When the AP is nearly on the wall's line the far edge would be too far for float clipping,
 * and the rows come from the directions of the rays alone.
 */
function shadowRows(ap: Ap, wall: Wall, xs: Float64Array, ys: Float64Array): [number, number] {
  const rows = ys.length;
  const xMin = xs[0]!, xMax = xs[xs.length - 1]!, yMin = ys[0]!, yMax = ys[rows - 1]!;
  const reach = Math.max(Math.hypot(xMin - ap.x, yMin - ap.y), Math.hypot(xMax - ap.x, yMin - ap.y), Math.hypot(xMin - ap.x, yMax - ap.y), Math.hypot(xMax - ap.x, yMax - ap.y)) + 1;
  // twice the float area of (wall, AP): its rounding error is far below the 1e-6 cut-off
  const area2 = (wall.x2 - wall.x1) * (ap.y - wall.y1) - (wall.y2 - wall.y1) * (ap.x - wall.x1);
  const toLine = Math.abs(area2) / Math.hypot(wall.x2 - wall.x1, wall.y2 - wall.y1);
  const stretch = (2 * reach) / toLine;
  let low: number;
  let high: number;
  if (stretch < 1e6) {
    let poly = [
      wall.x1, wall.y1, wall.x2, wall.y2,
      wall.x2 + stretch * (wall.x2 - ap.x), wall.y2 + stretch * (wall.y2 - ap.y),
      wall.x1 + stretch * (wall.x1 - ap.x), wall.y1 + stretch * (wall.y1 - ap.y),
    ];
    poly = clip(clip(clip(clip(poly, 0, xMax, 1), 0, xMin, -1), 1, yMax, 1), 1, yMin, -1);
    if (poly.length === 0) return [1, 0];
    low = Infinity;
    high = -Infinity;
    for (let k = 1; k < poly.length; k += 2) {
      low = Math.min(low, poly[k]!);
      high = Math.max(high, poly[k]!);
    }
  } else {
    const dy1 = wall.y1 - ap.y;
    const dy2 = wall.y2 - ap.y;
    low = dy1 < 0 || dy2 < 0 ? -Infinity : Math.min(wall.y1, wall.y2);
    high = dy1 > 0 || dy2 > 0 ? Infinity : Math.max(wall.y1, wall.y2);
  }
  const cellM = ys.length > 1 ? ys[1]! - ys[0]! : 1;
  const from = Number.isFinite(low) ? Math.floor((low - yMin) / cellM) - 1 : 0;
  const to = Number.isFinite(high) ? Math.ceil((high - yMin) / cellM) + 1 : rows - 1;
  return [Math.max(0, from), Math.min(rows - 1, to)];
}

function prepareAp(ap: Ap, walls: readonly Wall[], grid: Grid, xs: Float64Array, ys: Float64Array, scale: number): PreparedAp {
  const xFirst = xs[0]!;
  const shadows = new Float64Array(walls.length * STRIDE);
  let count = 0;
  walls.forEach((wall, index) => {
    const side = orient(wall.x1, wall.y1, wall.x2, wall.y2, ap.x, ap.y);
    // an AP on the wall's line (or a zero-length wall) is never blocked by it
    if (side === 0 || wall.lossDb === 0) return;
    const s = side > 0 ? 1 : -1;
    const [rowLo, rowHi] = shadowRows(ap, wall, xs, ys);
    if (rowLo > rowHi) return;
    const at = count++ * STRIDE;
    shadows[at + ROW_LO] = rowLo;
    shadows[at + ROW_HI] = rowHi;
    shadows[at + LOSS] = wall.lossDb;
    shadows[at + FACTOR] = 10 ** (-wall.lossDb / 10);
    shadows[at + WALL] = index;
    shadows[at + SIDE] = s;
    putConstraint(shadows, at + FIRST, wall.x1, wall.y1, wall.x2, wall.y2, -s, xFirst, grid, scale);
    putConstraint(shadows, at + FIRST + PER_CONSTRAINT, ap.x, ap.y, wall.x1, wall.y1, s, xFirst, grid, scale);
    putConstraint(shadows, at + FIRST + 2 * PER_CONSTRAINT, wall.x2, wall.y2, ap.x, ap.y, s, xFirst, grid, scale);
  });
  const order = Int32Array.from({ length: count }, (_, n) => n).sort((a, b) => shadows[a * STRIDE + ROW_LO]! - shadows[b * STRIDE + ROW_LO]!);
  return { ap, eirp: apEirpTerm(ap), count, shadows, order };
}

/**
 * Adds the loss of every wall among `active` (the shadows whose rows include row y) that the AP's
 * paths to row y cross into `diff` (run start +loss, after its end −loss) and its linear factor into
 * `factor` (run start ×10^(−loss/10), after its end the inverse), and how many dB met at each cell into
 * `churn` (so many that its factor could have left the float range there); returns the sum of the losses added.
 * Float bounds with a margin give the cells surely in a run; cells within the margin of a bound are
 * decided with `crossesWall`. A run is contiguous because the shadow is convex.
 */
function addRowLosses(prepared: PreparedAp, walls: readonly Wall[], active: Int32Array, activeCount: number, y: number, xs: Float64Array, diff: Float64Array, factor: Float64Array, churn: Float64Array): number {
  const { ap, shadows } = prepared;
  let total = 0;
  const last = xs.length - 1;
  for (let a = 0; a < activeCount; a++) {
    const at = active[a]! * STRIDE;
    let lowIn = -Infinity;
    let lowMaybe = -Infinity;
    let highIn = Infinity;
    let highMaybe = Infinity;
    let empty = false;
    for (let k = 0, c = at + FIRST; k < 3; k++, c += PER_CONSTRAINT) {
      const kind = shadows[c]!;
      if (kind === 0) {
        // the inequality does not depend on x along this row
        if (!holdsExactly(k, ap, walls[shadows[at + WALL]!]!, shadows[at + SIDE]!, xs[0]!, y)) { empty = true; break; }
        continue;
      }
      if (kind === UNBOUNDED) {
        lowIn = Infinity; // no cell is surely inside: the row's candidates are all checked exactly
        continue;
      }
      const root = shadows[c + 1]! + shadows[c + 2]! * y;
      const margin = shadows[c + 3]!;
      if (kind > 0) {
        if (root + margin > lowIn) lowIn = root + margin;
        if (root - margin > lowMaybe) lowMaybe = root - margin;
      } else {
        if (root - margin < highIn) highIn = root - margin;
        if (root + margin < highMaybe) highMaybe = root + margin;
      }
    }
    if (empty) continue;
    const maybeFrom = lowMaybe > 0 ? Math.ceil(lowMaybe) : 0;
    const maybeTo = highMaybe < last ? Math.floor(highMaybe) : last;
    if (maybeFrom > maybeTo) continue;
    const inFrom = lowIn > maybeFrom ? Math.ceil(lowIn) : maybeFrom;
    const inTo = highIn < maybeTo ? Math.floor(highIn) : maybeTo;
    let first: number;
    let end: number;
    if (inFrom <= inTo && inFrom - maybeFrom + maybeTo - inTo === 0) {
      first = inFrom;
      end = inTo;
    } else {
      const wall = walls[shadows[at + WALL]!]!;
      if (inFrom <= inTo) {
        first = inFrom;
        end = inTo;
        while (first > maybeFrom && crossesWall(ap.x, ap.y, xs[first - 1]!, y, wall)) first--;
        while (end < maybeTo && crossesWall(ap.x, ap.y, xs[end + 1]!, y, wall)) end++;
      } else {
        // no cell is surely inside: the run lies among the few uncertain ones
        first = -1;
        end = -1;
        for (let i = maybeFrom; i <= maybeTo; i++) {
          if (crossesWall(ap.x, ap.y, xs[i]!, y, wall)) {
            if (first < 0) first = i;
            end = i;
          }
        }
        if (first < 0) continue;
      }
    }
    const loss = shadows[at + LOSS]!;
    diff[first] = diff[first]! + loss;
    diff[end + 1] = diff[end + 1]! - loss;
    factor[first] = factor[first]! * shadows[at + FACTOR]!;
    factor[end + 1] = factor[end + 1]! / shadows[at + FACTOR]!;
    const size = Math.abs(loss);
    churn[first] = churn[first]! + size;
    churn[end + 1] = churn[end + 1]! + size;
    total += size;
  }
  return total;
}

/**
 * The received power (dBm) of the strongest AP at each cell centre `(x0 + (i + 0.5)·cellM,
 * y0 + (j + 0.5)·cellM)`, row-major (`j·cols + i`). Equal to `receivedPower` at every cell. With no
 * AP every cell is -Infinity.
 */
export function heatmap(input: { aps: readonly Ap[]; walls: readonly Wall[]; grid: Grid }): Float32Array {
  const { aps, walls, grid } = input;
  validateGrid(grid);
  aps.forEach((ap, k) => validateAp(ap, `aps[${k}]`));
  validateWalls(walls);
  const { cols, rows } = grid;
  const out = new Float32Array(cols * rows);
  if (aps.length === 0) return out.fill(-Infinity);

  const xs = cellCentres(grid.x0, grid.cellM, cols);
  const ys = cellCentres(grid.y0, grid.cellM, rows);
  let scale = 1 + Math.max(Math.abs(grid.x0), Math.abs(grid.y0), Math.abs(xs[cols - 1]!), Math.abs(ys[rows - 1]!));
  for (const ap of aps) scale = Math.max(scale, 1 + Math.abs(ap.x), 1 + Math.abs(ap.y));
  for (const w of walls) scale = Math.max(scale, 1 + Math.abs(w.x1), 1 + Math.abs(w.y1), 1 + Math.abs(w.x2), 1 + Math.abs(w.y2));
  const prepared = aps.map((ap) => prepareAp(ap, walls, grid, xs, ys, scale));

  // Strongest power compared in mW: one division per cell and AP. The walls' loss along a row is a
  // running product of their factors. Where a row's walls add up to thousands of dB, the product could
  // leave the float range: there it goes on only where the cell's loss and the dB met at the cell are
  // safe, starts afresh from the loss summed in dB elsewhere, and a cell losing that much is compared in
  // dB. One AP at a time over every row, so its shadows stay in the cache.
  const bestMw = new Float64Array(cols * rows);
  let bestDb: Float64Array | undefined;
  const diff = new Float64Array(cols + 1);
  const factor = new Float64Array(cols + 1);
  const churn = new Float64Array(cols + 1);
  const active = new Int32Array(walls.length);
  for (const apPlan of prepared) {
    const { ap, eirp, shadows, order, count } = apPlan;
    let activeCount = 0;
    let next = 0;
    for (let j = 0; j < rows; j++) {
      // the shadows whose rows include j: those ended leave, those starting join
      let kept = 0;
      for (let a = 0; a < activeCount; a++) if (shadows[active[a]! * STRIDE + ROW_HI]! >= j) active[kept++] = active[a]!;
      activeCount = kept;
      while (next < count && shadows[order[next]! * STRIDE + ROW_LO]! <= j) active[activeCount++] = order[next++]!;
      const y = ys[j]!;
      const row = j * cols;
      diff.fill(0);
      factor.fill(1);
      churn.fill(0);
      const rowLoss = addRowLosses(apPlan, walls, active, activeCount, y, xs, diff, factor, churn);
      const dy = y - ap.y;
      const dy2 = dy * dy;
      if (rowLoss < SAFE_PRODUCT_DB) {
        let mw = 10 ** (eirp / 10);
        for (let i = 0; i < cols; i++) {
          mw *= factor[i]!;
          const dx = xs[i]! - ap.x;
          const atCell = mw / Math.max(dx * dx + dy2, 1);
          if (atCell > bestMw[row + i]!) bestMw[row + i] = atCell;
        }
        continue;
      }
      let loss = 0;
      let mw = 0;
      let fresh = false;
      for (let i = 0; i < cols; i++) {
        loss += diff[i]!;
        const dx = xs[i]! - ap.x;
        const d2 = Math.max(dx * dx + dy2, 1);
        if (loss < SAFE_PRODUCT_DB) {
          if (fresh && churn[i]! < SAFE_PRODUCT_DB) mw *= factor[i]!;
          else {
            mw = 10 ** ((eirp - loss) / 10);
            fresh = true;
          }
          const atCell = mw / d2;
          if (atCell > bestMw[row + i]!) bestMw[row + i] = atCell;
          continue;
        }
        fresh = false;
        const db = eirp - loss - 10 * Math.log10(d2);
        const atCell = 10 ** (db / 10);
        if (atCell > bestMw[row + i]!) bestMw[row + i] = atCell;
        else if (atCell === 0) {
          bestDb ??= new Float64Array(cols * rows).fill(-Infinity);
          if (db > bestDb[row + i]!) bestDb[row + i] = db;
        }
      }
    }
  }
  for (let k = 0; k < out.length; k++) out[k] = bestMw[k]! > 0 ? 10 * Math.log10(bestMw[k]!) : (bestDb?.[k] ?? -Infinity);
  return out;
}
