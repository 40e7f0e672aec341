// The propagation model (docs/radio.md): COST-231 multi-wall without floor terms.
//   received (dBm) = txPowerDbm + gainDbi − FSPL(d, f) − Σ lossDb of the walls the straight path crosses
//   FSPL = 20·log10(d) + 20·log10(frequencyMhz) − 27.55, d in metres clamped to at least 1 m.
import { orient } from './predicates';

/** A transmitter: position in metres, power in dBm, antenna gain in dBi (default 0), frequency in MHz. */
export interface Ap {
  x: number;
  y: number;
  txPowerDbm: number;
  gainDbi?: number;
  frequencyMhz: number;
}

export interface Point {
  x: number;
  y: number;
}

/** A wall segment in metres with its attenuation in dB (spec §3 obstacle attenuations). */
export interface Wall {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  lossDb: number;
}

/** Thrown for malformed input (non-finite coordinates, a non-positive frequency, …); nothing is computed. */
export class RadioInputError extends RangeError {
  override name = 'RadioInputError';
}

export function requireFinite(value: unknown, what: string): void {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new RadioInputError(`${what} must be a finite number`);
}

export function validateAp(ap: Ap, what = 'ap'): void {
  requireFinite(ap.x, `${what}.x`);
  requireFinite(ap.y, `${what}.y`);
  requireFinite(ap.txPowerDbm, `${what}.txPowerDbm`);
  if (ap.gainDbi !== undefined) requireFinite(ap.gainDbi, `${what}.gainDbi`);
  requireFinite(ap.frequencyMhz, `${what}.frequencyMhz`);
  if (ap.frequencyMhz <= 0) throw new RadioInputError(`${what}.frequencyMhz must be positive`);
}

export function validateWalls(walls: readonly Wall[]): void {
  walls.forEach((w, i) => {
    requireFinite(w.x1, `walls[${i}].x1`);
    requireFinite(w.y1, `walls[${i}].y1`);
    requireFinite(w.x2, `walls[${i}].x2`);
    requireFinite(w.y2, `walls[${i}].y2`);
    requireFinite(w.lossDb, `walls[${i}].lossDb`);
  });
}

/** The power a receiver at distance 0 would see in the log-distance part: txPowerDbm + gainDbi − 20·log10(f) + 27.55. */
export function apEirpTerm(ap: Ap): number {
  return ap.txPowerDbm + (ap.gainDbi ?? 0) - 20 * Math.log10(ap.frequencyMhz) + 27.55;
}

/** Free-space path loss in dB, with d clamped to at least 1 m. */
export function fsplDb(distanceM: number, frequencyMhz: number): number {
  return 20 * Math.log10(Math.max(distanceM, 1)) + 20 * Math.log10(frequencyMhz) - 27.55;
}

/**
 * Whether the straight path from the AP (ax, ay) to the point (px, py) crosses the wall, with the
 * edge cases of docs/radio.md: touching a wall's endpoint counts (once: it is one wall); a wall
 * collinear with the path is grazed, not crossed; a path that ends on a wall, or an AP standing on
 * a wall's line, does not cross it. Equivalently: AP and point lie strictly on opposite sides of the
 * wall's line, and the wall's endpoints are not strictly on the same side of the path's line.
 */
export function crossesWall(ax: number, ay: number, px: number, py: number, w: Wall): boolean {
  const sideAp = orient(w.x1, w.y1, w.x2, w.y2, ax, ay);
  const sidePoint = orient(w.x1, w.y1, w.x2, w.y2, px, py);
  if (!((sideAp > 0 && sidePoint < 0) || (sideAp < 0 && sidePoint > 0))) return false;
  const side1 = orient(ax, ay, px, py, w.x1, w.y1);
  const side2 = orient(ax, ay, px, py, w.x2, w.y2);
  return !((side1 > 0 && side2 > 0) || (side1 < 0 && side2 < 0));
}

/** Σ lossDb of the walls the path from the AP to the point crosses. */
export function wallLossDb(ap: Point, point: Point, walls: readonly Wall[]): number {
  const minX = Math.min(ap.x, point.x), maxX = Math.max(ap.x, point.x);
  const minY = Math.min(ap.y, point.y), maxY = Math.max(ap.y, point.y);
  let loss = 0;
  for (const w of walls) {
    // a wall whose bounding box lies strictly apart from the path's cannot meet it
    if (Math.max(w.x1, w.x2) < minX || Math.min(w.x1, w.x2) > maxX || Math.max(w.y1, w.y2) < minY || Math.min(w.y1, w.y2) > maxY) continue;
    if (crossesWall(ap.x, ap.y, point.x, point.y, w)) loss += w.lossDb;
  }
  return loss;
}

/** Received power in dBm at `point` from `ap` through `walls` (the model above, every wall tested). */
export function receivedPower(input: { ap: Ap; point: Point; walls: readonly Wall[] }): number {
  const { ap, point, walls } = input;
  validateAp(ap);
  requireFinite(point.x, 'point.x');
  requireFinite(point.y, 'point.y');
  validateWalls(walls);
  return freeSpacePower(ap, point) - wallLossDb(ap, point, walls);
}

/** receivedPower without walls, for input already validated. */
export function freeSpacePower(ap: Ap, point: Point): number {
  const d = Math.hypot(point.x - ap.x, point.y - ap.y);
  return ap.txPowerDbm + (ap.gainDbi ?? 0) - fsplDb(d, ap.frequencyMhz);
}

