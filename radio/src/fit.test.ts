import { describe, expect, it } from 'vitest';
import { fitToMeasurements, type FitWall } from './fit';
import { neighbourRssi, type PlacedAp } from './neighbours';
import { seededRandom } from './random';

/** 12 APs on a 60 × 40 m floor with brick, glass and concrete walls: a site whose true losses are known. */
function site(seed: number) {
  const rnd = seededRandom(seed);
  const aps: PlacedAp[] = Array.from({ length: 12 }, (_, k) => ({
    id: `ap${k}`,
    x: 3 + rnd() * 54,
    y: 3 + rnd() * 34,
    txPowerDbm: 14 + Math.round(rnd() * 10),
    frequencyMhz: 2437,
  }));
  const walls: FitWall[] = [];
  const materials = ['brick', 'common-glass', 'concrete'] as const;
  for (let k = 0; k < 24; k++) {
    const vertical = k % 2 === 0;
    const a = rnd() * (vertical ? 60 : 40);
    const from = rnd() * 30;
    walls.push(vertical ? { x1: a, y1: from, x2: a, y2: from + 12, lossDb: 0, group: materials[k % 3] } : { x1: from, y1: a, x2: from + 20, y2: a, lossDb: 0, group: materials[k % 3] });
  }
  return { aps, walls };
}

const TRUE_LOSS: Record<string, number> = { brick: 17, 'common-glass': 9, concrete: 26 };
const withLoss = (walls: FitWall[], loss: (g: string) => number) => walls.map((w) => ({ ...w, lossDb: loss(w.group!) }));

describe('fitToMeasurements', () => {
  it('recovers known attenuations from synthetic measurements within 0.5 dB, and the error drops', () => {
    const { aps, walls } = site(7);
    const truth = withLoss(walls, (g) => TRUE_LOSS[g]!);
    const rnd = seededRandom(99);
    // what the APs measure: the true walls plus up to ±1 dB of noise
    const measurements = neighbourRssi(aps, truth, { floorDbm: -Infinity }).map(([o, s, dbm]) => [o, s, dbm + (rnd() * 2 - 1)] as const);
    // what the map says: the spec's table values
    const drawn = withLoss(walls, (g) => ({ brick: 20, 'common-glass': 12, concrete: 20 })[g]!);
    const fit = fitToMeasurements({ aps, walls: drawn, measurements });
    expect(fit.ok).toBe(true);
    if (!fit.ok) return;
    for (const g of Object.keys(TRUE_LOSS)) expect(Math.abs(fit.lossDb[g]! - TRUE_LOSS[g]!)).toBeLessThan(0.5);
    expect(fit.exponent).toBe(2);
    expect(fit.before.meanAbsDb).toBeGreaterThan(3);
    expect(fit.after.meanAbsDb).toBeLessThan(0.6); // the noise is uniform ±1 dB: its mean magnitude is 0.5
    expect(fit.used).toBe(12 * 11);
  });

  it('recovers the losses and the path-loss exponent together', () => {
    const { aps, walls } = site(11);
    const truth = withLoss(walls, (g) => TRUE_LOSS[g]!);
    // exponent 3: 10 dB more per decade of distance than free space
    const measurements = neighbourRssi(aps, truth, { floorDbm: -Infinity }).map(([o, s, dbm]) => {
      const a = aps.find((x) => x.id === o)!;
      const b = aps.find((x) => x.id === s)!;
      return [o, s, dbm - 10 * Math.log10(Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)))] as const;
    });
    const fit = fitToMeasurements({ aps, walls: withLoss(walls, () => 20), measurements, fitExponent: true });
    if (!fit.ok) throw new Error(fit.message);
    expect(fit.exponent).toBeCloseTo(3, 2);
    for (const g of Object.keys(TRUE_LOSS)) expect(fit.lossDb[g]).toBeCloseTo(TRUE_LOSS[g]!, 1);
    expect(fit.after.rmsDb).toBeLessThan(0.05);
  });

  it('keeps walls without a group as they are and fits only the groups that measured paths cross', () => {
    const aps: PlacedAp[] = [
      { id: 'a', x: 0, y: 0, txPowerDbm: 20, frequencyMhz: 2437 },
      { id: 'b', x: 10, y: 0, txPowerDbm: 20, frequencyMhz: 2437 },
      { id: 'c', x: 0, y: 10, txPowerDbm: 20, frequencyMhz: 2437 },
    ];
    const walls: FitWall[] = [
      { x1: 5, y1: -2, x2: 5, y2: 2, lossDb: 12, group: 'glass' },
      { x1: -2, y1: 5, x2: 2, y2: 5, lossDb: 7 }, // fixed, between a and c
      { x1: 100, y1: 100, x2: 101, y2: 100, lossDb: 20, group: 'far-away' },
    ];
    const truth = walls.map((w) => (w.group === 'glass' ? { ...w, lossDb: 15 } : w));
    const measurements = neighbourRssi(aps, truth, { floorDbm: -Infinity });
    const fit = fitToMeasurements({ aps, walls, measurements });
    if (!fit.ok) throw new Error(fit.message);
    expect(Object.keys(fit.lossDb)).toEqual(['glass']);
    expect(fit.lossDb.glass).toBeCloseTo(15, 2);
    expect(fit.after.meanAbsDb).toBeLessThan(0.01);
  });

  it('says how many measurements it needs when there are too few', () => {
    const { aps, walls } = site(3);
    const one = neighbourRssi(aps, withLoss(walls, () => 10), { floorDbm: -Infinity }).slice(0, 1);
    const fit = fitToMeasurements({ aps, walls, measurements: one, fitExponent: true });
    expect(fit.ok).toBe(false);
    if (fit.ok) return;
    expect(fit.have).toBe(1);
    expect(fit.needed).toBeGreaterThan(1);
    expect(fit.message).toMatch(/^1 measurement between placed APs; fitting \d+ values? needs at least \d+$/);
    // pairs naming an AP that is not placed do not count
    const unknown = fitToMeasurements({ aps, walls, measurements: [['ap0', 'nowhere', -60], ['nowhere', 'ap1', -60]] });
    expect(unknown).toMatchObject({ ok: false, have: 0 });
  });

  it('keeps a fitted loss within 0–100 dB', () => {
    const aps: PlacedAp[] = [
      { id: 'a', x: 0, y: 0, txPowerDbm: 20, frequencyMhz: 2437 },
      { id: 'b', x: 10, y: 0, txPowerDbm: 20, frequencyMhz: 2437 },
    ];
    const walls: FitWall[] = [{ x1: 5, y1: -2, x2: 5, y2: 2, lossDb: 5, group: 'wood' }];
    // louder than free space: the wall would need a negative loss
    const fit = fitToMeasurements({ aps, walls, measurements: [['a', 'b', 0], ['b', 'a', 0]] });
    expect(fit).toMatchObject({ ok: true, lossDb: { wood: 0 } });
  });
});
