// What a simulated device reports in its own words: the vendor event `Device.X_AIRLOOM_Event!`
// (docs/devices.md) with a short `Code`, a `Severity` and an English `Text`. A few things that happen
// to real hardware of its kind — a PoE port drawing too much current on a switch, a device running
// hot and cooling down again — now and then, rate-limited per code so a demo fleet does not flood the run log.
import type { SimDevice } from './device.js';
import { Random } from './random.js';

export const DEVICE_EVENT_SEVERITIES = ['info', 'warning', 'critical'] as const;
export type DeviceEventSeverity = (typeof DEVICE_EVENT_SEVERITIES)[number];

/** the happenings the simulator knows */
export const DEVICE_EVENT_CODES = ['PoEOverCurrent', 'HighTemperature', 'TemperatureCritical', 'TemperatureNormal'] as const;
export type DeviceEventCode = (typeof DEVICE_EVENT_CODES)[number];

export interface DeviceEvent {
  code: DeviceEventCode;
  severity: DeviceEventSeverity;
  /** an English sentence */
  text: string;
}

/** chance that a status step brings a happening (one in 2,000: about one a day per device at 30 s) */
export const DEVICE_EVENT_CHANCE = 0.0005;
/** chance that a status step of a hot device brings it back to normal */
export const COOL_DOWN_CHANCE = 0.05;
/** the same code is reported at most once in this long (seconds × timeScale) */
export const DEVICE_EVENT_GAP_SECONDS = 3_600;

/** The codes that can happen to this device: PoE only where a port gives power. */
export function possibleEvents(device: SimDevice): DeviceEventCode[] {
  const codes: DeviceEventCode[] = ['HighTemperature', 'TemperatureCritical', 'TemperatureNormal'];
  if (device.poeBudget > 0 && device.ports.some((p) => p.poe && p.up)) codes.unshift('PoEOverCurrent');
  return codes;
}

/** The event of a code on this device (its port, its temperature), or null when it cannot happen here. */
export function describeEvent(device: SimDevice, code: DeviceEventCode, rng: Random): DeviceEvent | null {
  switch (code) {
    case 'PoEOverCurrent': {
      const ports = device.ports.map((p, i) => ({ p, i })).filter(({ p }) => p.poe && p.up && device.poeBudget > 0);
      if (ports.length === 0) return null;
      const { p } = rng.pick(ports);
      return { code, severity: 'warning', text: `PoE port ${p.name} drew more current than allowed; its power was cut and restored` };
    }
    case 'HighTemperature':
      return { code, severity: 'warning', text: `Temperature ${rng.int(75, 84)} °C is above the normal range; check the ventilation` };
    case 'TemperatureCritical':
      return { code, severity: 'critical', text: `Temperature ${rng.int(90, 96)} °C is critical; the device may shut down to protect itself` };
    case 'TemperatureNormal':
      return { code, severity: 'info', text: `Temperature back to normal at ${rng.int(48, 62)} °C` };
  }
}

/**
 * One device's happenings: `roll` draws whether one happens at a status step (its own random
 * sequence, so the device's clients and noise stay as they were), `allow` keeps each code to one
 * report per gap.
 */
export class DeviceEvents {
  private readonly rng: Random;
  private readonly last = new Map<DeviceEventCode, number>();
  /** it reported running hot and has not cooled down yet */
  private hot = false;

  constructor(
    seed: string,
    private readonly gapMs: number,
    private readonly chance = DEVICE_EVENT_CHANCE,
  ) {
    this.rng = new Random(`${seed}:events`);
  }

  /** a happening at this step, or null (most steps); not yet checked against the gap */
  roll(device: SimDevice): DeviceEvent | null {
    if (this.hot) return this.rng.chance(COOL_DOWN_CHANCE) ? describeEvent(device, 'TemperatureNormal', this.rng) : null;
    if (!this.rng.chance(this.chance)) return null;
    // critical is the rare end of running hot
    const code = this.rng.chance(0.1) ? 'TemperatureCritical' : this.rng.pick(possibleEvents(device).filter((c) => c === 'PoEOverCurrent' || c === 'HighTemperature'));
    return describeEvent(device, code, this.rng);
  }

  /** an event of this code on this device, for a test or the CLI; null when it cannot happen here */
  make(device: SimDevice, code: DeviceEventCode): DeviceEvent | null {
    return describeEvent(device, code, this.rng);
  }

  /** whether the code may be reported now (then it counts as reported) */
  allow(code: DeviceEventCode, now = Date.now()): boolean {
    const last = this.last.get(code);
    if (last !== undefined && now - last < this.gapMs) return false;
    this.last.set(code, now);
    if (code === 'HighTemperature' || code === 'TemperatureCritical') this.hot = true;
    if (code === 'TemperatureNormal') this.hot = false;
    return true;
  }
}
