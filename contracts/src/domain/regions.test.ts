import { describe, expect, it } from 'vitest';
import { ActivationSummarySchema } from '../api/activations.js';
import { hasRegionShape, regionsOf } from './regions.js';

describe('region map catalogue', () => {
  it("names a country's regions as the GeoIP database codes an activation's state", () => {
    // GeoLite2's first level: Britain's four nations, France's regions, Italy's numbered regions
    expect(regionsOf('GB')).toEqual(['ENG', 'NIR', 'SCT', 'WLS']);
    expect(regionsOf('FR')).toContain('IDF');
    expect(regionsOf('IT')).toEqual(expect.arrayContaining(['25', '45', '62']));
    expect(regionsOf('US')).toHaveLength(51);
    expect(regionsOf('HK')).toContain('HCW');
    expect(regionsOf('ZA')).toContain('GP');
  });

  it('matches a state only in its own country, and never the unknown one', () => {
    expect(hasRegionShape('US', 'CA')).toBe(true);
    expect(hasRegionShape('CA', 'CA')).toBe(false);
    expect(hasRegionShape('DE', '')).toBe(false);
    expect(hasRegionShape('', '')).toBe(false);
    expect(regionsOf('XX')).toEqual([]);
  });

  it('the summary carries every region of the compared countries', () => {
    const base = { range: '15d', from: '2026-11-13', counters: { total: 1, today: 0, last7d: 1, last30d: 1 }, byType: [], byBrand: [], trend: [], trendBrand: [], countries: [], top: [] };
    expect(ActivationSummarySchema.safeParse(base).success).toBe(false);
    expect(ActivationSummarySchema.safeParse({ ...base, regions: [{ country: 'GB', state: 'WLS', count: 0 }] }).success).toBe(true);
    expect(ActivationSummarySchema.safeParse({ ...base, regions: [{ country: 'GB', state: 'WLS', count: -1 }] }).success).toBe(false);
  });
});
