// The recommendation engine (docs/solutions.md): what an installer reads on each line, and the
// spec §5 limits answered with their codes.
import { ErrorCode, type RecommendRequest } from '@airloom/contracts';
import { describe, expect, it } from 'vitest';
import { recommend, SolutionDesignError } from './engine.js';

const gw = { clients: 0, lines: 1, bandwidthMbps: 300, functions: [] };
const line = (r: ReturnType<typeof recommend>, type: string) => r.lines.find((l) => l.type === type);
const hall = { name: 'Hall', profile: { defaults: { floors: 1, installHeightM: 3, clientsPerRoom: 0 }, wallLossDb: 0, wallSpacingM: 100, concurrency: 1 } };

function refusal(req: RecommendRequest, ctx = {}): SolutionDesignError {
  try {
    recommend(req, ctx);
  } catch (e) {
    if (e instanceof SolutionDesignError) return e;
    throw e;
  }
  throw new Error('the design was not refused');
}

describe('recommend', () => {
  it('sizes a supermarket by coverage: shelves every 3 m limit each AP to a cell of ~18 m', () => {
    const r = recommend({ scenario: 'supermarket', inputs: { areaM2: 3000, floors: 1, installHeightM: 4.5 }, gateway: { ...gw, clients: 100 } });
    expect(r.summary.bound).toBe('coverage');
    expect(r.summary.coverageRadiusM).toBeGreaterThan(15);
    expect(r.summary.coverageRadiusM).toBeLessThan(20);
    const aps = line(r, 'ap')!;
    expect(aps.quantity).toBe(Math.ceil(3000 / r.summary.areaPerApM2));
    expect(aps.quantity).toBeGreaterThan(r.summary.apsForCapacity);
    expect(aps.reason).toMatch(new RegExp(`^${aps.quantity} APs: coverage-bound, 3,000 m² over 1 floor / [0-9,]+ m² per AP`));
    expect(aps.reason).toContain('capacity alone needs 2');
  });

  it('sizes a busy hall by capacity: 420 clients / 30 per AP = 14 APs', () => {
    const r = recommend({ scenario: 'custom', inputs: { areaM2: 800 }, gateway: { ...gw, clients: 420 }, models: { ap: 'AL-AP620' } }, { custom: hall });
    const aps = line(r, 'ap')!;
    expect(aps).toMatchObject({ model: 'AL-AP620', quantity: 14 });
    expect(aps.reason).toMatch(/^14 APs: capacity-bound, 420 clients online at once \/ 30 per AP/);
    expect(r.summary).toMatchObject({ bound: 'capacity', apsForCapacity: 14, concurrentClients: 420 });
    expect(r.summary.apsForCoverage).toBeLessThan(14);
  });

  it('fills a hotel from its rooms: defaults, both bounds, switches per floor, a core switch and a gateway', () => {
    const r = recommend({ scenario: 'hotel', inputs: { rooms: 120, floors: 6 }, gateway: { clients: 0, lines: 2, bandwidthMbps: 300, functions: ['captivePortal', 'multiWan'] } });
    expect(r.lines.map((l) => l.type)).toEqual(['gateway', 'accessSwitch', 'coreSwitch', 'ap']);
    expect(line(r, 'gateway')).toMatchObject({ model: 'AL-GW1200', quantity: 1 });
    expect(line(r, 'gateway')!.reason).toContain('2 lines × 300 Mbps = 600 Mbps');
    expect(line(r, 'accessSwitch')!.quantity % 6).toBe(0);
    expect(line(r, 'coreSwitch')).toMatchObject({ model: 'AL-SW3028X', quantity: 1 });
    expect(r.summary.clients).toBe(360);
    expect(r.advice.join(' ')).toMatch(/inside the rooms/);
    expect(r.advantages.length).toBeGreaterThan(2);
  });

  it('lets the PoE budget choose the switch: the same 20 ports need more switch when the APs draw 22 W', () => {
    const req = (ap: string): RecommendRequest => ({ scenario: 'custom', inputs: { areaM2: 100 }, gateway: { ...gw, clients: 0 }, models: { ap } });
    const ctx = { custom: hall };
    // 20 APs on one floor: force the count with clients (20 × 30 = 600 for the small AP, 20 × 60 = 1200 for the big one)
    const small = recommend({ ...req('AL-AP620'), gateway: { ...gw, clients: 600, bandwidthMbps: 100 } }, ctx);
    const big = recommend({ ...req('AL-AP820'), gateway: { ...gw, clients: 1200, bandwidthMbps: 100 } }, ctx);
    expect(line(small, 'ap')!.quantity).toBe(20);
    expect(line(big, 'ap')!.quantity).toBe(20);
    // 20 × 12 W = 240 W fits one AL-SW1024P (370 W, 296 W used)
    expect(line(small, 'accessSwitch')).toMatchObject({ model: 'AL-SW1024P', quantity: 1 });
    expect(line(small, 'accessSwitch')!.reason).toContain('port-bound');
    // 20 × 22 W = 440 W does not: same ports, a bigger PoE budget
    const bigSwitch = line(big, 'accessSwitch')!;
    expect(bigSwitch).toMatchObject({ model: 'AL-SW2052F', quantity: 1 });
    expect(bigSwitch.reason).toMatch(/PoE-bound: 440 W per floor is more than the 296 W usable of the 1 AL-SW1024P the ports alone need/);
    expect(big.summary).toMatchObject({ poeDrawW: 440, poeBudgetW: 740, poePorts: 20 });
  });

  it('keeps PoE devices within budget when a small switch is chosen: more switches, said so', () => {
    const r = recommend({ scenario: 'custom', inputs: { areaM2: 100, cameras: 6 }, gateway: { ...gw, clients: 60 }, models: { ap: 'AL-AP820', accessSwitch: 'AL-SW1008P' } }, { custom: hall });
    // 1 AP × 22 W + 6 cameras × 6 W = 58 W on 7 ports: one 8-port switch (7 usable, 96 W usable)
    expect(line(r, 'accessSwitch')).toMatchObject({ model: 'AL-SW1008P', quantity: 1 });
    const heavy = recommend({ scenario: 'custom', inputs: { areaM2: 100, cameras: 0 }, gateway: { ...gw, clients: 300 }, models: { ap: 'AL-AP820', accessSwitch: 'AL-SW1008P' } }, { custom: hall });
    // 5 APs × 22 W = 110 W > 96 W usable: two switches though 5 ports fit one
    expect(line(heavy, 'accessSwitch')).toMatchObject({ model: 'AL-SW1008P', quantity: 2 });
    expect(line(heavy, 'accessSwitch')!.reason).toMatch(/PoE-bound: 110 W per floor \/ 96 W usable per switch; ports alone need 1 per floor/);
  });

  it('picks the gateway from lines, bandwidth, clients and functions', () => {
    const small = recommend({ scenario: 'restaurant', inputs: {}, gateway: { clients: 40, lines: 1, bandwidthMbps: 200, functions: ['captivePortal'] } });
    expect(line(small, 'gateway')!.model).toBe('AL-WR1800');
    const vpn = recommend({ scenario: 'restaurant', inputs: {}, gateway: { clients: 40, lines: 1, bandwidthMbps: 200, functions: ['vpn'] } });
    expect(line(vpn, 'gateway')!.model).toBe('AL-GW1200');
    const big = recommend({ scenario: 'restaurant', inputs: {}, gateway: { clients: 40, lines: 4, bandwidthMbps: 1000, functions: [] } });
    expect(line(big, 'gateway')!.model).toBe('AL-GW3000');
  });

  describe('spec §5 limits, answered with their codes', () => {
    it('more than 999 APs: 400 (rules.solutionDevices.ap)', () => {
      const e = refusal({ scenario: 'custom', inputs: { areaM2: 100 }, gateway: { ...gw, clients: 30_000 }, models: { ap: 'AL-AP620' } }, { custom: hall });
      expect(e).toMatchObject({ code: ErrorCode.INVALID_PARAMS, rule: 'rules.solutionDevices.ap' });
      expect(e.message).toContain('1,000 × AL-AP620');
    });

    it('more than 99 access switches: 400 (rules.solutionDevices.accessSwitch)', () => {
      const e = refusal({ scenario: 'custom', inputs: { areaM2: 100, floors: 100, cameras: 2000 }, gateway: { ...gw, clients: 30 }, models: { accessSwitch: 'AL-SW1008P' } }, { custom: hall });
      expect(e).toMatchObject({ code: ErrorCode.INVALID_PARAMS, rule: 'rules.solutionDevices.accessSwitch' });
    });

    it('a model twice (one switch as access and core): 411 (rules.solutionDevices.duplicateModel)', () => {
      const e = refusal({ scenario: 'hotel', inputs: { rooms: 120 }, gateway: gw, models: { accessSwitch: 'AL-SW2052F', coreSwitch: 'AL-SW2052F' } });
      expect(e).toMatchObject({ code: ErrorCode.DATA_EXISTS, rule: 'rules.solutionDevices.duplicateModel' });
    });

    it('never more than one gateway and no AC of its own (67 would answer a second one)', () => {
      const r = recommend({ scenario: 'mall', inputs: {}, gateway: { clients: 5000, lines: 8, bandwidthMbps: 1000, functions: [] } });
      expect(r.lines.filter((l) => l.type === 'gateway').map((l) => l.quantity)).toEqual([1]);
      expect(r.lines.some((l) => l.type === 'ac')).toBe(false);
      expect(r.advice.join(' ')).toMatch(/exceed AL-GW3000/);
    });

    it('refuses a model that is not of the kind asked for', () => {
      expect(refusal({ scenario: 'hotel', inputs: {}, gateway: gw, models: { ap: 'AL-SW1024P' } })).toMatchObject({ code: ErrorCode.INVALID_PARAMS });
    });

    it('refuses a site with nothing to cover', () => {
      expect(refusal({ scenario: 'custom', inputs: {}, gateway: gw }, { custom: { name: 'x', profile: { ...hall.profile, defaults: { floors: 1, installHeightM: 3, clientsPerRoom: 0 } } } }))
        .toMatchObject({ code: ErrorCode.INVALID_PARAMS, rule: 'rules.solutionInputs.empty' });
    });
  });

  it('designs a MESH site with mesh nodes and no switch for them', () => {
    const r = recommend({ scenario: 'restaurant', inputs: {}, gateway: { ...gw, clients: 40 }, type: 'mesh' });
    expect(line(r, 'ap')!.model).toBe('AL-MX300');
    expect(line(r, 'accessSwitch')?.reason ?? '').not.toContain('AP');
  });
});
