import { describe, expect, it } from 'vitest';
import { heatmap, type Grid } from './heatmap';
import { receivedPower, RadioInputError, type Ap, type Wall } from './propagation';
import { referenceHeatmap } from './exact-reference';
import { seededRandom } from './random';

const TOLERANCE_DB = 0.01;

function maxDifference(got: Float32Array, want: ArrayLike<number>): number {
  expect(got.length).toBe(want.length);
  let worst = 0;
  for (let k = 0; k < got.length; k++) {
    const w = want[k]!;
    const g = got[k]!;
    if (w === g) continue; // also -Infinity
    worst = Math.max(worst, Math.abs(g - w));
  }
  return worst;
}

function randomScene(seed: number, options: { aps: number; walls: number; width: number; height: number; snap?: number }) {
  const rnd = seededRandom(seed);
  const snap = (v: number) => (options.snap ? Math.round(v / options.snap) * options.snap : v);
  const aps: Ap[] = Array.from({ length: options.aps }, (_, k) => ({
    x: snap(rnd() * options.width), y: snap(rnd() * options.height),
    txPowerDbm: 8 + Math.floor(rnd() * 22), gainDbi: k % 3 === 0 ? 2 : undefined, frequencyMhz: k % 2 ? 2437 : 5200,
  }));
  const walls: Wall[] = Array.from({ length: options.walls }, () => {
    const x = rnd() * options.width;
    const y = rnd() * options.height;
    const angle = rnd() * Math.PI;
    const length = 0.5 + rnd() * 8;
    return { x1: snap(x), y1: snap(y), x2: snap(x + length * Math.cos(angle)), y2: snap(y + length * Math.sin(angle)), lossDb: [5, 6.5, 12, 20, 23, 28][Math.floor(rnd() * 6)]! };
  });
  return { aps, walls };
}

describe('heatmap', () => {
  it('gives the strongest AP at each cell centre, row-major', () => {
    const grid: Grid = { x0: -2, y0: 10, cellM: 2, cols: 3, rows: 2 };
    const aps: Ap[] = [
      { x: -1, y: 11, txPowerDbm: 20, frequencyMhz: 2412 },
      { x: 3, y: 13, txPowerDbm: 10, frequencyMhz: 2412 },
    ];
    const map = heatmap({ aps, walls: [], grid });
    expect(map).toHaveLength(6);
    // cell (i = 2, j = 1) is centred at (3, 13): on top of the second AP, d clamped to 1 m
    const onSecond = 10 - (20 * Math.log10(2412) - 27.55);
    const fromFirst = 20 - (20 * Math.log10(Math.hypot(4, 2)) + 20 * Math.log10(2412) - 27.55);
    expect(map[1 * 3 + 2]).toBeCloseTo(Math.max(onSecond, fromFirst), 4);
    // cell (0, 0) centred at (-1, 11): on top of the first AP
    expect(map[0]).toBeCloseTo(20 - (20 * Math.log10(2412) - 27.55), 4);
  });

  it('handles the crossing edge cases exactly where walls meet cell centres', () => {
    // Cell centres at k + 0.5 m (exact doubles). The AP sits on a cell centre; walls run through
    // cell centres, along the AP's row and column, and rays through wall endpoints hit cell centres.
    const grid: Grid = { x0: 0, y0: 0, cellM: 1, cols: 24, rows: 20 };
    const aps: Ap[] = [{ x: 4.5, y: 4.5, txPowerDbm: 20, frequencyMhz: 2412 }];
    const walls: Wall[] = [
      { x1: 8.5, y1: 0.5, x2: 8.5, y2: 6.5, lossDb: 12 }, // vertical through cell centres: cells on it are not crossed
      { x1: 1.5, y1: 4.5, x2: 3.5, y2: 4.5, lossDb: 20 }, // collinear with the AP's row: grazed, never crossed
      { x1: 6.5, y1: 6.5, x2: 10.5, y2: 2.5, lossDb: 5 }, // its endpoint lies on the AP's diagonal: touched
      { x1: 4.5, y1: 9.5, x2: 4.5, y2: 12.5, lossDb: 28 }, // along the AP's column: grazed, then the path ends on it
      { x1: 14.5, y1: 10.5, x2: 20.5, y2: 16.5, lossDb: 23 }, // on the AP's diagonal: collinear for those cells
      { x1: 12.5, y1: 0.5, x2: 12.5, y2: 0.5, lossDb: 28 }, // zero-length: never crossed
    ];
    const map = heatmap({ aps, walls, grid });
    expect(maxDifference(map, referenceHeatmap(aps, walls, grid))).toBeLessThan(TOLERANCE_DB);
    const cell = (x: number, y: number) => map[Math.floor(y) * grid.cols + Math.floor(x)]!;
    const power = (x: number, y: number, crossed: Wall[]) => receivedPower({ ap: aps[0]!, point: { x, y }, walls: crossed });
    expect(cell(8.5, 4.5)).toBeCloseTo(power(8.5, 4.5, []), 4); // ends where the vertical and the diagonal wall cross
    expect(cell(9.5, 4.5)).toBeCloseTo(power(9.5, 4.5, [walls[0]!, walls[2]!]), 4); // beyond both
    expect(cell(0.5, 4.5)).toBeCloseTo(power(0.5, 4.5, []), 4); // along the collinear wall
    expect(cell(8.5, 8.5)).toBeCloseTo(power(8.5, 8.5, [walls[2]!]), 4); // through the diagonal wall's endpoint (6.5, 6.5)
    expect(cell(4.5, 15.5)).toBeCloseTo(power(4.5, 15.5, []), 4); // along the column wall
  });

  it('equals the formula computed independently on random scenes, also snapped to the cell lattice', () => {
    const grid: Grid = { x0: 0, y0: 0, cellM: 0.5, cols: 40, rows: 30 };
    for (const seed of [1, 2, 3]) {
      const { aps, walls } = randomScene(seed, { aps: 4, walls: 25, width: 20, height: 15 });
      expect(maxDifference(heatmap({ aps, walls, grid }), referenceHeatmap(aps, walls, grid))).toBeLessThan(TOLERANCE_DB);
    }
    for (const seed of [4, 5, 6]) {
      // walls and APs on the quarter-metre lattice: cell centres (k + 0.5)·0.5 lie on it, so paths
      // touch endpoints, end on walls and graze them all over the grid
      const { aps, walls } = randomScene(seed, { aps: 4, walls: 25, width: 20, height: 15, snap: 0.25 });
      expect(maxDifference(heatmap({ aps, walls, grid }), referenceHeatmap(aps, walls, grid))).toBeLessThan(TOLERANCE_DB);
    }
  });

  it('equals receivedPower (every wall tested) at every cell of larger random scenes', () => {
    const grid: Grid = { x0: -5, y0: 3, cellM: 0.3, cols: 120, rows: 80 };
    for (const seed of [11, 12]) {
      for (const snap of [undefined, 0.15]) {
        const { aps, walls } = randomScene(seed, { aps: 8, walls: 80, width: 36, height: 24, snap });
        const shifted = { aps: aps.map((a) => ({ ...a, x: a.x - 5, y: a.y + 3 })), walls: walls.map((w) => ({ ...w, x1: w.x1 - 5, x2: w.x2 - 5, y1: w.y1 + 3, y2: w.y2 + 3 })) };
        const want: number[] = [];
        for (let j = 0; j < grid.rows; j++) {
          for (let i = 0; i < grid.cols; i++) {
            const point = { x: grid.x0 + (i + 0.5) * grid.cellM, y: grid.y0 + (j + 0.5) * grid.cellM };
            want.push(Math.max(...shifted.aps.map((ap) => receivedPower({ ap, point, walls: shifted.walls }))));
          }
        }
        expect(maxDifference(heatmap({ ...shifted, grid }), want)).toBeLessThan(TOLERANCE_DB);
      }
    }
  });

  it('sums thousands of dB of walls without losing the strongest AP', () => {
    const grid: Grid = { x0: 0, y0: 0, cellM: 1, cols: 10, rows: 1 };
    const aps: Ap[] = [{ x: 0.5, y: 0.5, txPowerDbm: 20, frequencyMhz: 5200 }];
    const walls: Wall[] = Array.from({ length: 150 }, (_, k) => ({ x1: 1 + k / 100, y1: -1, x2: 1 + k / 100, y2: 2, lossDb: 28 }));
    const map = heatmap({ aps, walls, grid });
    expect(maxDifference(map, referenceHeatmap(aps, walls, grid))).toBeLessThan(TOLERANCE_DB);
    expect(map[5]).toBeLessThan(-4000);
  });

  it('keeps the power exact where walls of thousands of dB start and end at the same cell', () => {
    // a wall and its negative twin: no loss behind them, but their factors alone leave the float range
    const grid: Grid = { x0: 0, y0: 0, cellM: 1, cols: 10, rows: 1 };
    const aps: Ap[] = [{ x: 0.5, y: 0.5, txPowerDbm: 20, frequencyMhz: 5200 }];
    const walls: Wall[] = [
      { x1: 3, y1: -1, x2: 3, y2: 2, lossDb: 4000 },
      { x1: 3, y1: -1, x2: 3, y2: 2, lossDb: -4000 },
      // and a stack of ordinary walls further on, thousands of dB in all, ending at the grid's edge
      ...Array.from({ length: 100 }, (_, k): Wall => ({ x1: 7 + k / 200, y1: -1, x2: 7 + k / 200, y2: 2, lossDb: 28 })),
    ];
    const map = heatmap({ aps, walls, grid });
    expect(maxDifference(map, referenceHeatmap(aps, walls, grid))).toBeLessThan(TOLERANCE_DB);
    expect(map[5]).toBeCloseTo(receivedPower({ ap: aps[0]!, point: { x: 5.5, y: 0.5 }, walls: [] }), 4);
    expect(map[8]).toBeLessThan(-2500);
  });

  it('is -Infinity everywhere without APs, and refuses a malformed grid', () => {
    expect([...heatmap({ aps: [], walls: [], grid: { x0: 0, y0: 0, cellM: 1, cols: 2, rows: 2 } })]).toEqual([-Infinity, -Infinity, -Infinity, -Infinity]);
    expect(() => heatmap({ aps: [], walls: [], grid: { x0: 0, y0: 0, cellM: 0, cols: 2, rows: 2 } })).toThrow(RadioInputError);
    expect(() => heatmap({ aps: [], walls: [], grid: { x0: 0, y0: 0, cellM: 1, cols: 2.5, rows: 2 } })).toThrow('grid.cols must be a positive integer');
  });
});
