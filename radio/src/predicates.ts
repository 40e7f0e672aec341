// Robust orientation predicate (docs/radio.md, "Exactness"): the sign of the determinant is exact
// for any finite double coordinates. A floating-point filter (Shewchuk's first error bound)
// answers almost every call; the rest are decided with exact integer arithmetic on the doubles'
// binary expansions, so collinear and touching cases are never misjudged by rounding.

const EPSILON = 2 ** -53;
const CCW_ERRBOUND_A = (3 + 16 * EPSILON) * EPSILON;

/**
 * Twice the signed area of triangle (a, b, c): > 0 when a → b → c turns counter-clockwise
 * (in a y-up frame), < 0 clockwise, 0 exactly when the three points are collinear. Only the
 * sign is exact; the magnitude is the floating-point estimate.
 */
export function orient(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  const detLeft = (ax - cx) * (by - cy);
  const detRight = (ay - cy) * (bx - cx);
  const det = detLeft - detRight;
  let detSum: number;
  if (detLeft > 0) {
    if (detRight <= 0) return det;
    detSum = detLeft + detRight;
  } else if (detLeft < 0) {
    if (detRight >= 0) return det;
    detSum = -detLeft - detRight;
  } else {
    return det;
  }
  const bound = CCW_ERRBOUND_A * detSum;
  if (det >= bound || -det >= bound) return det;
  return orientExact(ax, ay, bx, by, cx, cy);
}

const view = new DataView(new ArrayBuffer(8));

/** A finite double as `mantissa · 2^exponent` with an integer mantissa. */
function decompose(x: number): { mantissa: bigint; exponent: number } {
  view.setFloat64(0, x);
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const biased = (hi >>> 20) & 0x7ff;
  let mantissa = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let exponent: number;
  if (biased === 0) {
    exponent = -1074;
  } else {
    mantissa |= 1n << 52n;
    exponent = biased - 1075;
  }
  return { mantissa: hi >>> 31 ? -mantissa : mantissa, exponent };
}

/** The exact sign of the orientation determinant, returned as -1, 0 or 1. */
export function orientExact(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  const parts = [ax, ay, bx, by, cx, cy].map(decompose);
  const base = Math.min(...parts.map((p) => p.exponent));
  const [iax, iay, ibx, iby, icx, icy] = parts.map((p) => p.mantissa << BigInt(p.exponent - base)) as [bigint, bigint, bigint, bigint, bigint, bigint];
  const det = (iax - icx) * (iby - icy) - (iay - icy) * (ibx - icx);
  return det > 0n ? 1 : det < 0n ? -1 : 0;
}
