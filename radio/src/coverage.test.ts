import { describe, expect, it } from 'vitest';
import { coverage, suggestNextAp } from './coverage';
import { heatmap, type Grid } from './heatmap';
import { RadioInputError, type Ap, type Wall } from './propagation';

describe('coverage', () => {
  it('gives the share of cells at or above −67, −70 and −75 dBm', () => {
    const map = Float32Array.from([-60, -67, -68, -70, -72, -75, -80, -Infinity]);
    expect(coverage(map)).toEqual([
      { thresholdDbm: -67, share: 2 / 8 },
      { thresholdDbm: -70, share: 4 / 8 },
      { thresholdDbm: -75, share: 6 / 8 },
    ]);
    expect(coverage(map, [-50])).toEqual([{ thresholdDbm: -50, share: 0 }]);
  });
});

describe('suggestNextAp', () => {
  const grid: Grid = { x0: 0, y0: 0, cellM: 1, cols: 60, rows: 20 };
  const radio = { txPowerDbm: 14, frequencyMhz: 5200 };

  it('puts the next AP where the floor is not covered yet, and says how much it adds', () => {
    const aps: Ap[] = [{ ...radio, x: 5, y: 10 }];
    const before = heatmap({ aps, walls: [], grid });
    const [next] = suggestNextAp({ aps, walls: [], grid, targetDbm: -55, radio, candidateStep: 2 });
    expect(next!.x).toBeGreaterThan(25); // −55 dBm reaches ~13 m: away from the AP already there, in the uncovered part
    const after = heatmap({ aps: [...aps, { ...radio, x: next!.x, y: next!.y }], walls: [], grid });
    const share = (m: Float32Array) => coverage(m, [-55])[0]!.share;
    expect(next!.coveredShare).toBeCloseTo(share(after), 10);
    expect(next!.gainedCells).toBe(Math.round((share(after) - share(before)) * grid.cols * grid.rows));
  });

  it('is greedy: each further AP gains the most among the candidates given the ones before', () => {
    const walls: Wall[] = [{ x1: 30, y1: 0, x2: 30, y2: 20, lossDb: 28 }];
    const picks = suggestNextAp({ aps: [], walls, grid, targetDbm: -67, radio, count: 2, candidateStep: 4 });
    expect(picks).toHaveLength(2);
    // a bearing wall splits the floor: one AP on each side
    expect(Math.sign(picks[0]!.x - 30)).not.toBe(Math.sign(picks[1]!.x - 30));
    expect(picks[1]!.coveredShare).toBeGreaterThan(picks[0]!.coveredShare);
    // no other candidate position would have gained more for the first pick
    for (let j = 1; j < grid.rows; j += 4) {
      for (let i = 1; i < grid.cols; i += 4) {
        const alone = heatmap({ aps: [{ ...radio, x: i + 0.5, y: j + 0.5 }], walls, grid });
        expect(coverage(alone, [-67])[0]!.share * grid.cols * grid.rows).toBeLessThanOrEqual(picks[0]!.gainedCells + 1e-9);
      }
    }
  });

  it('refuses malformed input with a clear error', () => {
    expect(() => suggestNextAp({ aps: [], walls: [], grid, targetDbm: Number.NaN, radio })).toThrow(RadioInputError);
    expect(() => suggestNextAp({ aps: [], walls: [], grid, targetDbm: -67, radio, count: 0 })).toThrow('count must be a positive integer');
  });
});
