// The deny list on a simulated AP (the console's blacklist): a denied client that left never comes
// back, however long the AP runs, while clients that left without being denied do come back now and
// then (the same MAC, a new association) — what makes the blacklist observable at all.
import { describe, expect, it } from 'vitest';
import { SimDevice } from './device.js';
import { demoFleet } from './specs.js';

const apSpec = demoFleet(500000).find((d) => d.type === 'ap')!;
const T0 = Date.UTC(2026, 10, 26, 10, 0);
const STEP = 30_000;

/** runs the AP for `steps` status periods; returns every MAC seen joining after `from` */
function run(device: SimDevice, steps: number, start: number): { joined: Set<string>; end: number } {
  const joined = new Set<string>();
  let now = start;
  let before = new Set(device.clients.map((c) => c.mac));
  for (let i = 0; i < steps; i++) {
    now += STEP;
    device.advance(now);
    for (const c of device.clients) if (!before.has(c.mac)) joined.add(c.mac);
    before = new Set(device.clients.map((c) => c.mac));
  }
  return { joined, end: now };
}

describe('a simulated AP with a deny list', () => {
  it('lets clients that left come back, but never a denied one', () => {
    const free = new SimDevice(apSpec, 11, T0);
    const warm = run(free, 200, T0);
    const gone = new Set(free.departed.map((d) => d.mac));
    expect(gone.size).toBeGreaterThan(0);
    // without a deny list, some of those that left come back
    expect([...run(free, 600, warm.end).joined].some((mac) => gone.has(mac))).toBe(true);

    const kept = new SimDevice(apSpec, 11, T0);
    const warmed = run(kept, 200, T0);
    const denied = new Set([...kept.departed.map((d) => d.mac), ...kept.clients.map((c) => c.mac)]);
    kept.deny(denied);
    // denied clients on the air are disconnected at once
    kept.advance(warmed.end + STEP);
    expect(kept.clients.filter((c) => denied.has(c.mac))).toEqual([]);
    // and none of them joins again
    expect([...run(kept, 600, warmed.end + STEP).joined].filter((mac) => denied.has(mac))).toEqual([]);
  });
});
