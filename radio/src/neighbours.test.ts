import { describe, expect, it } from 'vitest';
import { neighbourRssi, type PlacedAp } from './neighbours';
import { receivedPower, type Wall } from './propagation';
import { randomSite } from './testing';

describe('neighbourRssi', () => {
  it('hears each AP at the model\'s received power plus the observer\'s antenna gain, down to the floor', () => {
    const aps: PlacedAp[] = [
      { id: 'a', x: 0, y: 0, txPowerDbm: 20, frequencyMhz: 2437 },
      { id: 'b', x: 10, y: 0, txPowerDbm: 14, gainDbi: 3, frequencyMhz: 2437 },
      { id: 'c', x: 1000, y: 0, txPowerDbm: 8, frequencyMhz: 2437 },
    ];
    const walls: Wall[] = [{ x1: 5, y1: -2, x2: 5, y2: 2, lossDb: 20 }];
    const scans = neighbourRssi(aps, walls, { floorDbm: -80 });
    const heard = Object.fromEntries(scans.map(([o, s, dbm]) => [`${o}<${s}`, dbm]));
    expect(Object.keys(heard).sort()).toEqual(['a<b', 'b<a']); // c is 1 km away: below −80 dBm both ways
    expect(heard['b<a']).toBeCloseTo(receivedPower({ ap: aps[0]!, point: aps[1]!, walls }) + 3, 10);
    expect(heard['a<b']).toBeCloseTo(receivedPower({ ap: aps[1]!, point: aps[0]!, walls }), 10);
    expect(heard['b<a']! - heard['a<b']!).toBeCloseTo(20 - 14, 10); // the same path both ways
  });

  it('equals receivedPower (every wall tested) for every pair of a random site', () => {
    const { placed, walls } = randomSite({ aps: 60, seed: 31 });
    const scans = neighbourRssi(placed, walls, { floorDbm: -Infinity });
    expect(scans).toHaveLength(60 * 59);
    const byId = new Map(placed.map((ap) => [ap.id, ap]));
    for (const [observer, source, dbm] of scans) {
      expect(dbm).toBeCloseTo(receivedPower({ ap: byId.get(source)!, point: byId.get(observer)!, walls }), 9);
    }
  });

  it('equals receivedPower on a lattice, where paths run along walls, through their ends and straight up', () => {
    const aps: PlacedAp[] = [];
    for (let i = 0; i < 5; i++) for (let j = 0; j < 5; j++) aps.push({ id: `ap${i}-${j}`, x: i * 10, y: j * 10, txPowerDbm: 20, frequencyMhz: 5200 });
    const walls: Wall[] = [
      { x1: 5, y1: 0, x2: 5, y2: 40, lossDb: 12 }, // between two columns of APs
      { x1: 0, y1: 20, x2: 40, y2: 20, lossDb: 20 }, // through a row of APs: those paths graze it
      { x1: 30, y1: 30, x2: 40, y2: 40, lossDb: 28 }, // on a diagonal, ending on APs
      { x1: 10, y1: 0, x2: 10, y2: 10, lossDb: 5 }, // from one AP to the next, straight up
    ];
    const byId = new Map(aps.map((ap) => [ap.id, ap]));
    const scans = neighbourRssi(aps, walls, { floorDbm: -Infinity });
    expect(scans).toHaveLength(25 * 24);
    for (const [observer, source, dbm] of scans) {
      expect(dbm).toBeCloseTo(receivedPower({ ap: byId.get(source)!, point: byId.get(observer)!, walls }), 9);
    }
  });
});
