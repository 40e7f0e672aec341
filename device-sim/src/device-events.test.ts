// What a simulated device reports in its own words (Device.X_AIRLOOM_Event!): which happenings fit
// which device, their severity and sentence, the rate limit per code, and that they stay rare.
import { describe, expect, it } from 'vitest';
import { DeviceEvents, possibleEvents, describeEvent } from './device-events.js';
import { SimDevice } from './device.js';
import { Random } from './random.js';
import { generateFleet } from './specs.js';
import { deviceEventParams } from './tr181.js';

const specs = generateFleet(424_242, { switch: 1, ap: 1 });
const aSwitch = new SimDevice(specs.find((s) => s.type === 'switch')!, 1);
const anAp = new SimDevice(specs.find((s) => s.type === 'ap')!, 1);

describe('device events', () => {
  it('offers PoE over-current only where a port gives power; temperature everywhere', () => {
    expect(possibleEvents(aSwitch)).toContain('PoEOverCurrent');
    expect(possibleEvents(anAp)).not.toContain('PoEOverCurrent');
    expect(possibleEvents(anAp)).toEqual(expect.arrayContaining(['HighTemperature', 'TemperatureCritical', 'TemperatureNormal']));
    expect(describeEvent(anAp, 'PoEOverCurrent', new Random(1))).toBeNull();
    const poe = describeEvent(aSwitch, 'PoEOverCurrent', new Random(1));
    expect(poe).toMatchObject({ code: 'PoEOverCurrent', severity: 'warning', text: expect.stringMatching(/^PoE port Port\d+ drew more current than allowed/) });
    expect(describeEvent(anAp, 'TemperatureCritical', new Random(1))).toMatchObject({ severity: 'critical', text: expect.stringMatching(/^Temperature 9\d °C is critical/) });
    expect(describeEvent(anAp, 'TemperatureNormal', new Random(1))?.severity).toBe('info');
  });

  it('says it as Code, Severity, Text and SentAt', () => {
    expect(deviceEventParams({ code: 'HighTemperature', severity: 'warning', text: 'Hot' }, 1234)).toEqual({ Code: 'HighTemperature', Severity: 'warning', Text: 'Hot', SentAt: '1234' });
  });

  it('reports one code at most once per gap; other codes are not held back', () => {
    const events = new DeviceEvents('x', 60_000);
    expect(events.allow('HighTemperature', 1_000)).toBe(true);
    expect(events.allow('HighTemperature', 30_000)).toBe(false);
    expect(events.allow('PoEOverCurrent', 30_000)).toBe(true);
    expect(events.allow('HighTemperature', 61_000)).toBe(true);
  });

  it('is rare: a day of 30 s status steps of a whole fleet brings a handful, and a hot device cools down', () => {
    const fleet = generateFleet(31_337, { switch: 10, ap: 40 }).map((s) => ({ device: new SimDevice(s, 7), events: new DeviceEvents(`7:${s.sn}`, 3_600_000) }));
    const steps = (24 * 3600) / 30;
    let reported = 0;
    let cooled = 0;
    for (let i = 0; i < steps; i++) {
      const now = i * 30_000;
      for (const { device, events } of fleet) {
        const e = events.roll(device);
        if (e && events.allow(e.code, now)) {
          reported++;
          if (e.code === 'TemperatureNormal') cooled++;
        }
      }
    }
    // 50 devices × 2,880 steps × 0.0005 ≈ 72 happenings, plus as many cool-downs
    expect(reported).toBeGreaterThan(10);
    expect(reported).toBeLessThan(300);
    expect(cooled).toBeGreaterThan(0);
  });
});
