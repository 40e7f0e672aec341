import { describe, expect, it } from 'vitest';
import { channelPlanCost, fiveGhzOverlap, planChannels, type ChannelPlanInput } from './planner';
import { RadioInputError } from './propagation';
import { annealPlan, compareWithOracle, exhaustivePlan, planCost, randomSite } from './testing';

const on = (channels: number[]) => (id: string) => ({ id, allowedChannels: channels });
const mw = (dbm: number) => 10 ** (dbm / 10);

describe('planChannels', () => {
  it('separates APs that hear each other and reports the co-channel interference left', () => {
    const plan = planChannels({ aps: ['a', 'b', 'c'].map(on([1, 6, 11])), rssi: [['a', 'b', -40], ['b', 'c', -50], ['a', 'c', -60]] });
    expect(new Set(Object.values(plan.channels)).size).toBe(3);
    expect(plan.cost).toBe(0);
    // four APs all hearing each other on three channels: the weakest pair shares a channel
    const four: ChannelPlanInput = {
      aps: ['a', 'b', 'c', 'd'].map(on([1, 6, 11])),
      rssi: [['a', 'b', -40], ['a', 'c', -45], ['a', 'd', -50], ['b', 'c', -55], ['b', 'd', -60], ['c', 'd', -80], ['d', 'c', -82]],
    };
    const plan4 = planChannels(four);
    expect(plan4.channels.c).toBe(plan4.channels.d);
    expect(plan4.cost).toBeCloseTo(mw(-80) + mw(-82), 15); // both directions of the pair are terms
  });

  it('reports exactly the objective of the plan it returns, on allowed channels only', () => {
    const { input } = randomSite({ aps: 40, seed: 5 });
    const restricted: ChannelPlanInput = { ...input, aps: input.aps.map((ap, i) => (i % 7 === 0 ? { ...ap, allowedChannels: [6] } : ap)) };
    const plan = planChannels(restricted);
    restricted.aps.forEach((ap) => expect(ap.allowedChannels).toContain(plan.channels[ap.id]));
    expect(plan.cost).toBeCloseTo(planCost(restricted, plan.channels), 15);
    expect(channelPlanCost(restricted, plan.channels)).toBeCloseTo(plan.cost, 15);
  });

  it('gives the same plan for the same seed', () => {
    const { input } = randomSite({ aps: 60, seed: 9 });
    expect(planChannels({ ...input, seed: 3 })).toEqual(planChannels({ ...input, seed: 3 }));
  });

  it('the exhaustive oracle equals plain enumeration of every plan', () => {
    for (const seed of [21, 22, 23]) {
      const { input } = randomSite({ aps: 7, seed, m2PerAp: 60 });
      let best = Infinity;
      for (let code = 0; code < 3 ** 7; code++) {
        const channels: Record<string, number> = {};
        input.aps.forEach((ap, i) => (channels[ap.id] = [1, 6, 11][Math.floor(code / 3 ** i) % 3]!));
        best = Math.min(best, planCost(input, channels));
      }
      expect(exhaustivePlan(input).cost).toBeCloseTo(best, 15);
    }
  });

  it('matches the exhaustive optimum on at least 95 % of 200 random 12-AP sites (channels 1/6/11, seeds 1–200)', () => {
    const { optimal, worstRatio } = compareWithOracle(200);
    console.log(`planner optimal on ${optimal}/200 12-AP sites (${optimal / 2} %), worst ratio to the optimum ${worstRatio.toFixed(4)}`);
    expect(optimal).toBeGreaterThanOrEqual(190);
  });

  it('is within 5 % of a long simulated annealing on a 200-AP site', () => {
    const { input } = randomSite({ aps: 200, seed: 1200 });
    const plan = planChannels(input);
    const reference = annealPlan(input, { moves: 2_000_000 });
    console.log(`200 APs: planner ${plan.cost.toExponential(4)} mW, annealing ${reference.cost.toExponential(4)} mW, ratio ${(plan.cost / reference.cost).toFixed(4)}`);
    expect(plan.cost).toBeLessThanOrEqual(reference.cost * 1.05);
  });

  it('with 40 MHz on 5 GHz, keeps APs that hear each other in different bonded blocks', () => {
    const overlap = fiveGhzOverlap(40, 10 ** (-16 / 10));
    expect(overlap(36, 40)).toBe(1);
    expect(overlap(36, 44)).toBeCloseTo(0.0251, 4);
    expect(overlap(36, 52)).toBe(0);
    expect(overlap(149, 153)).toBe(1);
    expect(overlap(144, 149)).toBe(0);
    const input: ChannelPlanInput = { aps: ['a', 'b'].map(on([36, 40, 44, 48])), rssi: [['a', 'b', -40]], overlap };
    const plan = planChannels(input);
    expect(overlap(plan.channels.a!, plan.channels.b!)).toBeLessThan(1);
    expect(plan.cost).toBeCloseTo(mw(-40) * 10 ** (-16 / 10), 15);
    expect(plan.cost).toBeCloseTo(exhaustivePlan(input).cost, 15);
  });

  it('refuses malformed input with a clear error', () => {
    const aps = ['a', 'b'].map(on([1, 6]));
    expect(() => planChannels({ aps, rssi: [['a', 'x', -50]] })).toThrow(new RadioInputError('rssi[0] names an AP that is not in aps'));
    expect(() => planChannels({ aps, rssi: [['a', 'a', -50]] })).toThrow('rssi[0] pairs an AP with itself');
    expect(() => planChannels({ aps: [...aps, { id: 'c', allowedChannels: [] }], rssi: [] })).toThrow('aps[2].allowedChannels must list at least one channel');
    expect(() => planChannels({ aps: [...aps, aps[0]!], rssi: [] })).toThrow('listed twice');
    expect(() => planChannels({ aps, rssi: [], overlap: (x, y) => (x < y ? 1 : 0) })).toThrow('overlap must be symmetric');
    expect(planChannels({ aps: [], rssi: [] })).toEqual({ channels: {}, cost: 0 });
  });
});
