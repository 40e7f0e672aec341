// The pure part of an RF optimisation: the planner's overlap per band (co-channel worse than adjacent
// on 5 GHz), foreign networks as neighbours fixed on their channel, and the record's counts.
import { PLANNER_CHANNELS, type RadioSettings } from '@airloom/contracts/config';
import { channelPlanCost } from '@airloom/radio';
import { describe, expect, it } from 'vitest';
import { ADJACENT_CHANNEL_FACTOR, bandOverlap, countNeighbours, planKey, planRadios, strongestHeard, type Heard, type PlanRadio } from './rf-plan.js';

const radio = (sn: string, band: '2.4GHz' | '5GHz', channel: number, widthMhz = 20): PlanRadio => ({
  sn,
  settings: { band, channel, widthMhz, txPowerDbm: 20, accessThresholdDbm: -80 } as RadioSettings,
});
/** a and b hear each other at dBm */
const pair = (a: string, b: string, band: string, dbm: number, channelOfB: number | null = null): Heard[] => [
  { observerSn: a, sourceSn: b, band, rssiDbm: dbm, channel: channelOfB },
  { observerSn: b, sourceSn: a, band, rssiDbm: dbm, channel: null },
];

describe('bandOverlap', () => {
  it('on 5 GHz a neighbour on the same channel costs more than one on the adjacent channel, which costs more than one further away', () => {
    const overlap = bandOverlap('5GHz', [radio('A', '5GHz', 36), radio('B', '5GHz', 36)]);
    const input = { aps: ['A', 'B'].map((id) => ({ id, allowedChannels: PLANNER_CHANNELS['5GHz'] })), rssi: [['A', 'B', -60], ['B', 'A', -60]] as const, overlap };
    const co = channelPlanCost(input, { A: 36, B: 36 });
    const adjacent = channelPlanCost(input, { A: 36, B: 40 });
    const apart = channelPlanCost(input, { A: 36, B: 48 });
    expect(co).toBeCloseTo(2 * 10 ** (-60 / 10), 12);
    expect(adjacent).toBeCloseTo(co * ADJACENT_CHANNEL_FACTOR, 12);
    expect(co).toBeGreaterThan(adjacent);
    expect(adjacent).toBeGreaterThan(apart);
    expect(apart).toBe(0);
    expect(ADJACENT_CHANNEL_FACTOR).toBeGreaterThan(0);
    expect(ADJACENT_CHANNEL_FACTOR).toBeLessThan(1);
  });

  it('on 5 GHz at 40 MHz the blocks are 36–40 and 44–48: 36 and 40 share one, 44 is the adjacent block', () => {
    const overlap = bandOverlap('5GHz', [radio('A', '5GHz', 36, 40), radio('B', '5GHz', 36, 20)]);
    expect([overlap(36, 40), overlap(36, 44), overlap(36, 149)]).toEqual([1, ADJACENT_CHANNEL_FACTOR, 0]);
  });

  it('on 2.4 GHz the plan channels 1/6/11 do not overlap each other; closer channels do, in proportion', () => {
    const overlap = bandOverlap('2.4GHz', []);
    expect([overlap(1, 6), overlap(6, 11), overlap(1, 11), overlap(6, 6)]).toEqual([0, 0, 0, 1]);
    expect(overlap(3, 1)).toBeGreaterThan(overlap(3, 6));
    expect(overlap(3, 6)).toBeGreaterThan(0);
  });
});

describe('planRadios', () => {
  it('keeps the radios off the channel of a strong foreign AP, as off a neighbour that cannot move', () => {
    const radios = [radio('A', '2.4GHz', 6), radio('B', '2.4GHz', 6)];
    const own = pair('A', 'B', '2.4GHz', -80);
    // without the foreign AP channel 6 is as good as any: the plan separates A and B, one of them may take 6
    const cafe: Heard[] = ['A', 'B'].map((sn) => ({ observerSn: sn, sourceSn: 'A4:2B:B0:11:22:01', band: '2.4GHz', rssiDbm: -45, channel: 6, foreign: true }));
    const plan = planRadios(radios, [...own, ...cafe]);
    const a = plan.get(planKey('A', '2.4GHz'))!.channel;
    const b = plan.get(planKey('B', '2.4GHz'))!.channel;
    expect([a, b]).not.toContain(6);
    expect(a).not.toBe(b);
    // and the same for each channel the foreign AP could be on
    for (const channel of [1, 11]) {
      const moved = planRadios(radios, [...own, ...cafe.map((h) => ({ ...h, channel }))]);
      expect([moved.get(planKey('A', '2.4GHz'))!.channel, moved.get(planKey('B', '2.4GHz'))!.channel]).not.toContain(channel);
    }
  });

  it('shares a channel between two own APs that barely hear each other rather than with a loud foreign AP', () => {
    const radios = [radio('A', '2.4GHz', 1), radio('B', '2.4GHz', 1), radio('C', '2.4GHz', 1)];
    const heard: Heard[] = [
      ...pair('A', 'B', '2.4GHz', -60),
      ...pair('B', 'C', '2.4GHz', -60),
      ...pair('A', 'C', '2.4GHz', -90),
      ...['A', 'B', 'C'].map((sn) => ({ observerSn: sn, sourceSn: 'E0:28:6D:4A:7B:3C', band: '2.4GHz', rssiDbm: -50, channel: 11, foreign: true })),
    ];
    const plan = planRadios(radios, heard);
    const ch = (sn: string) => plan.get(planKey(sn, '2.4GHz'))!.channel;
    expect([ch('A'), ch('B'), ch('C')]).not.toContain(11);
    expect(ch('A')).toBe(ch('C'));
    expect(ch('B')).not.toBe(ch('A'));
  });

  it('on 5 GHz puts two APs that hear each other loudly neither on one channel nor on adjacent ones', () => {
    const plan = planRadios([radio('A', '5GHz', 36), radio('B', '5GHz', 36)], pair('A', 'B', '5GHz', -50));
    const a = plan.get(planKey('A', '5GHz'))!.channel;
    const b = plan.get(planKey('B', '5GHz'))!.channel;
    expect(Math.abs(a - b)).toBeGreaterThan(4);
  });
});

describe('countNeighbours and strongestHeard', () => {
  it('count foreign networks like the project’s APs; the RSSI is the strongest AP of the project', () => {
    const heard: Heard[] = [
      { observerSn: 'A', sourceSn: 'B', band: '2.4GHz', rssiDbm: -70, channel: 6 },
      { observerSn: 'A', sourceSn: 'A4:2B:B0:11:22:01', band: '2.4GHz', rssiDbm: -48, channel: 6, foreign: true },
      { observerSn: 'A', sourceSn: '3C:37:86:5E:90:10', band: '2.4GHz', rssiDbm: -84, channel: 4, foreign: true },
      { observerSn: 'A', sourceSn: 'C', band: '5GHz', rssiDbm: -75, channel: 36 },
    ];
    expect(countNeighbours('A', '2.4GHz', 6, heard)).toEqual({ coChannel: 2, nearChannel: 1, total: 3 });
    expect(countNeighbours('A', '2.4GHz', 1, heard)).toEqual({ coChannel: 0, nearChannel: 1, total: 3 });
    expect(strongestHeard('A', '2.4GHz', heard)).toBe(-70);
  });
});
