// The Wi-Fi map's plain data (spec §1 "Wi-Fi map", §3 obstacle attenuations): a floor (geometry in
// the plan's pixels) becomes the radio model's scene in metres, per band; the grid the heatmap is
// computed on; the colour of a received power; the scale from a calibration line.
import { OBSTACLE_ATTENUATION_DB, type DeviceDetail, type Floor, type FloorAp, type Wall } from '@airloom/contracts';
import type { Ap, Grid, Wall as RadioWall } from '@airloom/radio';

export const BANDS = ['2.4', '5'] as const;
export type Band = (typeof BANDS)[number];

/** the heatmap's cells per floor at most (a 40 × 24 m floor at 25 cm: 15,360 cells) */
export const MAX_CELLS = 40_000;
export const MIN_CELL_M = 0.25;
export const COVERAGE_THRESHOLDS = [-67, -70, -75] as const;

/** Centre frequency (MHz) of a Wi-Fi channel: 2.4 GHz 1–13 (14 is 2484), 5 GHz 36–177. */
export function channelFrequencyMhz(band: Band, channel: number): number {
  if (band === '2.4') return channel === 14 ? 2484 : 2407 + 5 * channel;
  return 5000 + 5 * channel;
}

/** The loss a wall of this material has (spec §3), or its own for `custom`. */
export function materialLossDb(material: Wall['material'], custom: number): number {
  return material === 'custom' ? custom : OBSTACLE_ATTENUATION_DB[material];
}

/** A real AP's radio on a band, as the device reports it (`band` "2.4GHz" / "5GHz"). */
export function reportedRadio(detail: Pick<DeviceDetail, 'radios'> | undefined, band: Band): { channel: number; power: number } | null {
  const radio = detail?.radios.find((r) => r.band.startsWith(band === '2.4' ? '2.4' : '5'));
  return radio ? { channel: radio.channel, power: radio.power } : null;
}

export interface SceneInput {
  floor: Pick<Floor, 'width' | 'height' | 'metresPerPixel' | 'walls' | 'aps'>;
  band: Band;
  /** the details of the floor's real APs, by SN (radios); an AP whose device is offline is left out */
  devices: ReadonlyMap<string, Pick<DeviceDetail, 'radios'> & { online: boolean }>;
  /** ghost APs (suggestions) drawn too */
  extra?: readonly FloorAp[];
}

export interface Scene {
  aps: Ap[];
  /** the floor's APs the scene has, in the same order (for labels) */
  apIds: string[];
  walls: RadioWall[];
  grid: Grid;
}

/** A grid over the whole floor, cells at least 25 cm and at most MAX_CELLS of them. */
export function floorGrid(widthM: number, heightM: number): Grid {
  const cellM = Math.max(MIN_CELL_M, Math.sqrt((widthM * heightM) / MAX_CELLS));
  return { x0: 0, y0: 0, cellM, cols: Math.max(1, Math.ceil(widthM / cellM)), rows: Math.max(1, Math.ceil(heightM / cellM)) };
}

export function floorScene({ floor, band, devices, extra = [] }: SceneInput): Scene {
  const m = floor.metresPerPixel;
  const aps: Ap[] = [];
  const apIds: string[] = [];
  for (const ap of [...floor.aps, ...extra]) {
    let power = ap.txPowerDbm;
    let channel = band === '2.4' ? ap.channel24 : ap.channel5;
    if (ap.sn) {
      // a bound AP is what its device says: its channel and power; offline, it sends nothing
      const device = devices.get(ap.sn);
      if (device && !device.online) continue;
      const radio = reportedRadio(device, band);
      if (device && !radio) continue; // the device has no radio on this band
      if (radio) {
        power = radio.power;
        channel = radio.channel;
      }
    }
    aps.push({ x: ap.x * m, y: ap.y * m, txPowerDbm: power, frequencyMhz: channelFrequencyMhz(band, channel) });
    apIds.push(ap.id);
  }
  const walls = floor.walls.map((w) => ({ x1: w.x1 * m, y1: w.y1 * m, x2: w.x2 * m, y2: w.y2 * m, lossDb: w.lossDb }));
  return { aps, apIds, walls, grid: floorGrid(floor.width * m, floor.height * m) };
}

/** metres per pixel from a line of `pixels` drawn over a known `metres` */
export function calibrate(pixels: number, metres: number): number | null {
  if (!(pixels > 0) || !(metres > 0) || !Number.isFinite(metres)) return null;
  return metres / pixels;
}

/**
 * The colour of a received power (RGBA): strong green, through yellow and orange (−67 / −75 dBm) to
 * red, and nothing drawn below −90 dBm.
 */
export function signalColour(dbm: number): [number, number, number, number] {
  if (!(dbm >= -90)) return [0, 0, 0, 0];
  const stops: Array<[number, [number, number, number]]> = [
    [-45, [0, 150, 60]],
    [-60, [80, 190, 60]],
    [-67, [230, 210, 40]],
    [-75, [240, 130, 30]],
    [-90, [200, 40, 40]],
  ];
  if (dbm >= stops[0]![0]) return [...stops[0]![1], 150];
  for (let i = 1; i < stops.length; i++) {
    const [hi, a] = stops[i - 1]!;
    const [lo, b] = stops[i]!;
    if (dbm >= lo) {
      const t = (hi - dbm) / (hi - lo);
      return [Math.round(a[0] + (b[0] - a[0]) * t), Math.round(a[1] + (b[1] - a[1]) * t), Math.round(a[2] + (b[2] - a[2]) * t), 150];
    }
  }
  return [...stops[stops.length - 1]![1], 150];
}

/** A new planned AP's id, unique on the floor. */
export function plannedId(aps: readonly FloorAp[]): string {
  let n = aps.length + 1;
  while (aps.some((a) => a.id === `plan-${n}`)) n++;
  return `plan-${n}`;
}

export function plannedAp(aps: readonly FloorAp[], x: number, y: number): FloorAp {
  const id = plannedId(aps);
  return { id, sn: null, name: `Planned ${id.slice(5)}`, x, y, txPowerDbm: 20, channel24: 6, channel5: 36 };
}
