import { describe, expect, it } from 'vitest';
import type { Floor, NeighbourMeasurement } from '@airloom/contracts';
import { neighbourRssi, receivedPower } from '@airloom/radio';
import { applyFittedLosses, comparePairs, fitWalls } from './measured-model';
import { floorScene } from './wifimap-model';

// a 40 × 20 m floor (5 cm a pixel), four APs in four rooms, brick and glass between them
const floor: Pick<Floor, 'width' | 'height' | 'metresPerPixel' | 'walls' | 'aps'> = {
  width: 800,
  height: 400,
  metresPerPixel: 0.05,
  walls: [
    { x1: 400, y1: 0, x2: 400, y2: 400, material: 'brick', lossDb: 20 },
    { x1: 0, y1: 200, x2: 800, y2: 200, material: 'common-glass', lossDb: 12 },
    { x1: 200, y1: 0, x2: 200, y2: 150, material: 'custom', lossDb: 7 },
  ],
  aps: [
    { id: 'A', sn: 'A', name: 'A', x: 100, y: 100, txPowerDbm: 20, channel24: 6, channel5: 36 },
    { id: 'B', sn: 'B', name: 'B', x: 600, y: 100, txPowerDbm: 20, channel24: 6, channel5: 36 },
    { id: 'C', sn: 'C', name: 'C', x: 100, y: 300, txPowerDbm: 20, channel24: 6, channel5: 36 },
    { id: 'D', sn: 'D', name: 'D', x: 600, y: 300, txPowerDbm: 20, channel24: 6, channel5: 36 },
    { id: 'plan-1', sn: null, name: 'Planned', x: 300, y: 300, txPowerDbm: 20, channel24: 6, channel5: 36 },
  ],
};
const radios = [{ band: '5GHz', channel: 36, power: 20, noise: -95 }];
const devices = new Map(['A', 'B', 'C', 'D'].map((sn) => [sn, { radios, online: true }]));

/** what the APs measure when brick really loses 26 dB and the glass 9 dB */
function measured(): NeighbourMeasurement[] {
  const truth = floorScene({ floor: { ...floor, walls: applyFittedLosses(floor.walls, { brick: 26, 'common-glass': 9 }) }, band: '5', devices });
  const aps = truth.aps.flatMap((ap, k) => (truth.apIds[k] === 'plan-1' ? [] : [{ ...ap, id: truth.apIds[k]! }]));
  return neighbourRssi(aps, truth.walls, { floorDbm: -Infinity }).map(([o, s, dbm]) => ({ observerSn: o, sourceSn: s, band: '5GHz', rssiDbm: Math.round(dbm), measuredAt: '2026-11-26T01:00:00.000Z' }));
}

describe('predicted versus measured', () => {
  it('puts the map\'s prediction beside each measurement of the band, largest error first, with the mean error', () => {
    const measurements = [...measured(), { observerSn: 'A', sourceSn: 'B', band: '2.4GHz' as const, rssiDbm: -50, measuredAt: '2026-11-26T01:00:00.000Z' }];
    const { rows, meanAbsErrorDb } = comparePairs({ floor, band: '5', devices, measurements });
    expect(rows).toHaveLength(12); // 4 × 3 pairs on 5 GHz; the 2.4 GHz one is another band's
    const scene = floorScene({ floor, band: '5', devices });
    const ab = rows.find((r) => r.observerSn === 'A' && r.sourceSn === 'B')!;
    expect(ab.predictedDbm).toBeCloseTo(receivedPower({ ap: scene.aps[1]!, point: { x: 5, y: 5 }, walls: scene.walls }), 9);
    expect(ab.errorDb).toBeCloseTo(ab.measuredDbm - ab.predictedDbm!, 9);
    // A–B crosses the brick only: it really loses 6 dB more than the map says
    expect(ab.errorDb).toBeCloseTo(-6, 0);
    expect(Math.abs(rows[0]!.errorDb!)).toBeGreaterThanOrEqual(Math.abs(rows[11]!.errorDb!));
    expect(meanAbsErrorDb).toBeCloseTo(rows.reduce((s, r) => s + Math.abs(r.errorDb!), 0) / 12, 9);
  });

  it('has no prediction for an AP that is off the air now, and leaves it out of the mean', () => {
    const offline = new Map(devices);
    offline.set('D', { radios, online: false });
    const { rows, meanAbsErrorDb } = comparePairs({ floor, band: '5', devices: offline, measurements: measured() });
    expect(rows.filter((r) => r.sourceSn === 'D').every((r) => r.predictedDbm === null && r.errorDb === null)).toBe(true);
    expect(meanAbsErrorDb).not.toBeNull();
  });

  it('fits brick and glass to the measurements, keeps the custom wall, and the error drops once applied', () => {
    const measurements = measured();
    const fit = fitWalls({ floor, band: '5', devices, measurements });
    if (!fit.ok) throw new Error(fit.message);
    expect(fit.lossDb.brick).toBeCloseTo(26, 0);
    expect(fit.lossDb['common-glass']).toBeCloseTo(9, 0);
    expect(fit.lossDb.custom).toBeUndefined();
    expect(fit.after.meanAbsDb).toBeLessThan(fit.before.meanAbsDb);
    const walls = applyFittedLosses(floor.walls, fit.lossDb);
    expect(walls.map((w) => [w.material, w.lossDb])).toEqual([['brick', Math.round(fit.lossDb.brick! * 10) / 10], ['common-glass', Math.round(fit.lossDb['common-glass']! * 10) / 10], ['custom', 7]]);
    const before = comparePairs({ floor, band: '5', devices, measurements }).meanAbsErrorDb!;
    const after = comparePairs({ floor: { ...floor, walls }, band: '5', devices, measurements }).meanAbsErrorDb!;
    expect(before).toBeGreaterThan(3);
    expect(after).toBeLessThan(0.5); // what is left is the measurements' rounding to whole dBm
  });

  it('says when there are too few measurements to fit', () => {
    const fit = fitWalls({ floor, band: '5', devices, measurements: measured().slice(0, 2) });
    expect(fit).toMatchObject({ ok: false, reason: 'too-few-measurements', have: 2 });
  });
});
