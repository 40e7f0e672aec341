import { describe, expect, it } from 'vitest';
import { deviceHistory } from './history.js';
import { demoFleet } from './specs.js';

describe('demo history', () => {
  const now = Date.UTC(2026, 10, 24, 12, 7, 30);
  const ap = demoFleet(500000).find((s) => s.type === 'ap')!;

  it('covers 30 days hourly, 7 days by quarter-hour and the last day by minute, inside plausible ranges', () => {
    const points = deviceHistory(ap, now);
    const of = (res: number) => points.filter((p) => p.res === res);
    for (const [res, span, step] of [[3600, 30 * 86_400_000, 3_600_000], [900, 7 * 86_400_000, 900_000], [0, 86_400_000, 60_000]] as const) {
      const series = of(res);
      expect(series.length).toBeGreaterThan(0);
      expect(series[0]!.t).toBeGreaterThanOrEqual(now - span - step);
      expect(series.at(-1)!.t).toBeLessThanOrEqual(now);
      if (res) expect(series.every((p) => p.t % step === 0)).toBe(true);
    }
    for (const p of points) {
      expect(p.cpu).toBeGreaterThan(0);
      expect(p.cpu).toBeLessThanOrEqual(100);
      expect(p.memory).toBeGreaterThan(0);
      expect(p.memory).toBeLessThan(100);
      expect(p.clients).toBeGreaterThanOrEqual(0);
    }
    // an AP has clients in the afternoon
    expect(Math.max(...of(3600).map((p) => p.clients))).toBeGreaterThan(0);
  });

  it('has each radio and the uplink port, a raw point every 5 minutes as the gateway keeps them', () => {
    const points = deviceHistory(ap, now);
    const raw = points.filter((p) => p.res === 0 && p.ifaces);
    expect(raw.every((p) => p.t % 300_000 === 0)).toBe(true);
    expect(raw.length).toBeGreaterThan(280);
    const hour = points.find((p) => p.res === 3600 && p.clients > 2)!;
    expect(hour.ifaces!.map((x) => x.iface)).toEqual(['2.4GHz', '5GHz', 'port1']);
    // the radios share the device's clients and traffic; the uplink carries all of it
    const radios = hour.ifaces!.filter((x) => x.iface !== 'port1');
    expect(radios.reduce((s, x) => s + x.txRate, 0)).toBeCloseTo(hour.txRate, -1);
    expect(hour.ifaces![2]!.rxRate).toBe(hour.txRate);
    for (const r of radios) {
      expect(r.noise).toBeLessThan(-80);
      expect(r.util).toBeGreaterThan(0);
      expect(r.util).toBeLessThanOrEqual(100);
    }
  });

  it('is the same history for the same device', () => {
    expect(deviceHistory(ap, now)).toEqual(deviceHistory(ap, now));
  });
});
