import { describe, expect, it } from 'vitest';
import { orient, orientExact } from './predicates';
import { seededRandom } from './random';

const sign = (v: number) => (v > 0 ? 1 : v < 0 ? -1 : 0);

describe('orient', () => {
  it('is exactly zero for collinear points and tells the side of points 2^-48 off the line', () => {
    expect(orient(0.5, 0.5, 12, 12, 24, 24)).toBe(0);
    expect(orient(0.5, 0.5, 12, 12, 24, 24 + 2 ** -48)).toBeGreaterThan(0);
    expect(orient(0.5, 0.5, 12, 12, 24, 24 - 2 ** -48)).toBeLessThan(0);
  });

  it('tells the side of points one ulp off a line, where the float determinant is wrong (Kettner et al.)', () => {
    // The classic failure grid: p = (0.5 + i·u, 0.5 + j·u) against the line (12, 12) → (24, 24).
    const u = 2 ** -53;
    let naiveWrong = 0;
    for (let i = 0; i < 64; i++) {
      for (let j = 0; j < 64; j++) {
        const px = 0.5 + i * u;
        const py = 0.5 + j * u;
        const truth = orientExact(px, py, 12, 12, 24, 24);
        expect(sign(orient(px, py, 12, 12, 24, 24))).toBe(truth);
        const naive = (px - 24) * (12 - 24) - (py - 24) * (12 - 24);
        if (sign(naive) !== truth) naiveWrong++;
      }
    }
    expect(naiveWrong).toBeGreaterThan(0); // the grid does exercise the exact path
  });

  it('agrees with the exact sign on random and near-degenerate triples', () => {
    const rnd = seededRandom(7);
    for (let n = 0; n < 2000; n++) {
      const ax = rnd() * 100, ay = rnd() * 100, bx = rnd() * 100, by = rnd() * 100;
      const t = rnd();
      const cx = ax + t * (bx - ax) + (n % 2 ? 0 : (rnd() - 0.5) * 1e-13);
      const cy = ay + t * (by - ay);
      expect(sign(orient(ax, ay, bx, by, cx, cy))).toBe(orientExact(ax, ay, bx, by, cx, cy));
    }
  });
});
