import { describe, expect, it } from 'vitest';
import { estimateCoverage, estimatedPowerDbm } from './estimate';
import { fsplDb, RadioInputError } from './propagation';

const ap = { txPowerDbm: 23, gainDbi: 4, frequencyMhz: 5180, installHeightM: 3, wallLossDb: 12, wallSpacingM: 4 };

describe('estimateCoverage', () => {
  it('stops where the signal falls below −67 dBm, counting one wall per spacing', () => {
    const e = estimateCoverage(ap);
    expect(estimatedPowerDbm(ap, e.radiusM)).toBeGreaterThanOrEqual(-67);
    expect(estimatedPowerDbm(ap, e.radiusM + 0.05)).toBeLessThan(-67);
    // by hand: 27 dBm − FSPL(√(r² + 2²), 5180) − 2·12 dB ≥ −67 up to r ≈ 11.9 m (the third wall at 12 m)
    expect(e.radiusM).toBeCloseTo(11.95, 1);
    expect(e.wallsAtEdge).toBe(2);
    expect(e.areaM2).toBeCloseTo(2.598 * e.radiusM ** 2, 0);
  });

  it('reaches further in an open hall than behind walls, and less far when mounted higher', () => {
    const quiet = { ...ap, txPowerDbm: 10, gainDbi: 0 };
    const open = estimateCoverage({ ...quiet, wallLossDb: 0, wallSpacingM: Infinity });
    const walled = estimateCoverage(quiet);
    expect(open.radiusM).toBeGreaterThan(walled.radiusM * 2);
    // free space: 10 − FSPL(d) = −67 ⇒ FSPL = 77 dB, d ≈ 32.7 m slant
    const slant = Math.hypot(open.radiusM, 2);
    expect(fsplDb(slant, 5180)).toBeCloseTo(77, 0);
    const high = estimateCoverage({ ...quiet, wallLossDb: 0, wallSpacingM: Infinity, installHeightM: 12 });
    expect(high.radiusM).toBeLessThan(open.radiusM);
  });

  it('keeps to the largest radius asked for', () => {
    expect(estimateCoverage({ ...ap, wallLossDb: 0, wallSpacingM: Infinity, maxRadiusM: 20 }).radiusM).toBeCloseTo(20, 1);
  });

  it('refuses a non-positive wall spacing or frequency', () => {
    expect(() => estimateCoverage({ ...ap, wallSpacingM: 0 })).toThrow(RadioInputError);
    expect(() => estimateCoverage({ ...ap, frequencyMhz: 0 })).toThrow(RadioInputError);
  });
});
