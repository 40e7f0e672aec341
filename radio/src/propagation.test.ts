import { describe, expect, it } from 'vitest';
import { receivedPower, RadioInputError, type Ap, type Wall } from './propagation';
import { referencePower } from './exact-reference';

const ap: Ap = { x: 0, y: 0, txPowerDbm: 20, frequencyMhz: 2400 };
// The formula of docs/radio.md written out for a free path of d metres at 2,400 MHz and 20 dBm.
const free = (d: number) => 20 - (20 * Math.log10(Math.max(d, 1)) + 20 * Math.log10(2400) - 27.55);
const wall = (x1: number, y1: number, x2: number, y2: number, lossDb = 12): Wall => ({ x1, y1, x2, y2, lossDb });
const at = (x: number, y: number, walls: Wall[] = []) => receivedPower({ ap, point: { x, y }, walls });

describe('receivedPower', () => {
  it('is transmit power plus gain minus free-space loss on a free path', () => {
    expect(at(10, 0)).toBeCloseTo(free(10), 10);
    expect(at(30, 40)).toBeCloseTo(free(50), 10);
    expect(free(10)).toBeCloseTo(-40.05, 2); // 20 − (20 + 67.60 − 27.55)
    expect(receivedPower({ ap: { ...ap, gainDbi: 3 }, point: { x: 10, y: 0 }, walls: [] })).toBeCloseTo(free(10) + 3, 10);
  });

  it('clamps the distance to 1 m, also at the AP itself', () => {
    expect(at(0.5, 0)).toBeCloseTo(free(1), 10);
    expect(at(0, 0)).toBeCloseTo(free(1), 10);
    expect(at(1, 0)).toBeCloseTo(free(1), 10);
  });

  it('subtracts the loss of each wall the straight path crosses, and only those', () => {
    const walls = [wall(5, -1, 5, 1, 12), wall(7, -1, 7, 1, 20), wall(5, 2, 8, 2, 28)];
    expect(at(10, 0, walls)).toBeCloseTo(free(10) - 32, 10);
    expect(at(6, 0, walls)).toBeCloseTo(free(6) - 12, 10);
    expect(at(3, 0, walls)).toBeCloseTo(free(3), 10);
  });

  it('counts a wall touched at its endpoint, once', () => {
    expect(at(10, 0, [wall(5, 0, 5, 3)])).toBeCloseTo(free(10) - 12, 10);
    expect(at(10, 0, [wall(5, -3, 5, 0)])).toBeCloseTo(free(10) - 12, 10);
    // a diagonal path through the endpoint
    expect(at(10, 10, [wall(5, 5, 9, 1)])).toBeCloseTo(free(Math.hypot(10, 10)) - 12, 10);
  });

  it('does not count a wall collinear with the path (grazing along it)', () => {
    expect(at(10, 0, [wall(2, 0, 6, 0)])).toBeCloseTo(free(10), 10);
    expect(at(10, 0, [wall(8, 0, 14, 0)])).toBeCloseTo(free(10), 10);
    expect(at(10, 10, [wall(-2, -2, 20, 20)])).toBeCloseTo(free(Math.hypot(10, 10)), 10);
  });

  it('does not count a wall the path ends on, nor one the AP stands on', () => {
    expect(at(5, 0, [wall(5, -1, 5, 1)])).toBeCloseTo(free(5), 10);
    expect(at(5 + 1e-9, 0, [wall(5, -1, 5, 1)])).toBeCloseTo(free(5 + 1e-9) - 12, 10);
    expect(at(10, 0, [wall(0, -1, 0, 1)])).toBeCloseTo(free(10), 10);
  });

  it('equals the formula computed independently (exact rational crossing) on random near-degenerate paths', () => {
    let seed = 99;
    const rnd = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
    const snap = (v: number) => Math.round(v * 4) / 4; // a quarter-metre lattice makes touches and grazes common
    for (let n = 0; n < 400; n++) {
      const a: Ap = { x: snap(rnd() * 20), y: snap(rnd() * 20), txPowerDbm: 8 + rnd() * 21, gainDbi: rnd() * 5, frequencyMhz: n % 2 ? 2437 : 5500 };
      const walls = Array.from({ length: 12 }, () => wall(snap(rnd() * 20), snap(rnd() * 20), snap(rnd() * 20), snap(rnd() * 20), snap(rnd() * 28)));
      const point = { x: snap(rnd() * 20), y: snap(rnd() * 20) };
      expect(Math.abs(receivedPower({ ap: a, point, walls }) - referencePower(a, point, walls))).toBeLessThan(0.01);
    }
  });

  it('refuses malformed input with a clear error', () => {
    expect(() => receivedPower({ ap: { ...ap, x: Number.NaN }, point: { x: 1, y: 1 }, walls: [] })).toThrow(new RadioInputError('ap.x must be a finite number'));
    expect(() => receivedPower({ ap: { ...ap, frequencyMhz: 0 }, point: { x: 1, y: 1 }, walls: [] })).toThrow(RadioInputError);
    expect(() => receivedPower({ ap, point: { x: 1, y: 1 }, walls: [wall(0, 0, Infinity, 1)] })).toThrow('walls[0].x2 must be a finite number');
  });
});
