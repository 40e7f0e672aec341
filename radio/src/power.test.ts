import { describe, expect, it } from 'vitest';
import { planPower } from './power';
import { RadioInputError } from './propagation';

describe('planPower', () => {
  it('sets each AP so its third-strongest neighbour hears it at about −70 dBm', () => {
    // a heard by b, c, d, e at 20 dBm: path losses 70, 80, 85, 95 dB; the third is 85 → −70 + 85 = 15 dBm
    const power = planPower({
      aps: ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, txPowerDbm: 20 })),
      rssi: [['b', 'a', -50], ['c', 'a', -60], ['d', 'a', -65], ['e', 'a', -75]],
    });
    expect(power.a).toBe(15);
  });

  it('uses the reverse direction when only the AP itself heard the neighbour, and the mean of both', () => {
    const power = planPower({
      aps: [{ id: 'a', txPowerDbm: 20 }, { id: 'b', txPowerDbm: 10 }, { id: 'c', txPowerDbm: 20 }, { id: 'd', txPowerDbm: 20 }],
      // a heard b (10 dBm) at −60: loss 70; c heard a at −60 and a heard c at −64: loss (80 + 84)/2 = 82; d heard a at −68: loss 88
      rssi: [['a', 'b', -60], ['c', 'a', -60], ['a', 'c', -64], ['d', 'a', -68]],
    });
    expect(power.a).toBe(18); // −70 + 88
  });

  it('clamps to 8–29 dBm (spec §5) and to the model limits; few neighbours mean full power', () => {
    const aps = ['a', 'b', 'c', 'd'].map((id) => ({ id, txPowerDbm: 20 }));
    const close = planPower({ aps, rssi: [['b', 'a', -20], ['c', 'a', -25], ['d', 'a', -30]] });
    expect(close.a).toBe(8);
    const far = planPower({ aps, rssi: [['b', 'a', -90], ['c', 'a', -92], ['d', 'a', -95]] });
    expect(far.a).toBe(29);
    expect(planPower({ aps: aps.map((ap) => ({ ...ap, maxDbm: 23 })), rssi: [['b', 'a', -90], ['c', 'a', -92], ['d', 'a', -95]] }).a).toBe(23);
    const lonely = planPower({ aps, rssi: [['b', 'a', -40]] });
    expect(lonely).toEqual({ a: 29, b: 29, c: 29, d: 29 });
  });

  it('refuses malformed input with a clear error', () => {
    expect(() => planPower({ aps: [{ id: 'a', txPowerDbm: 20 }], rssi: [['a', 'z', -50]] })).toThrow(new RadioInputError('rssi[0] names an AP that is not in aps'));
    expect(() => planPower({ aps: [{ id: 'a', txPowerDbm: Number.NaN }], rssi: [] })).toThrow('aps[0].txPowerDbm must be a finite number');
    expect(() => planPower({ aps: [], rssi: [], rank: 0 })).toThrow('rank must be a positive integer');
  });
});
