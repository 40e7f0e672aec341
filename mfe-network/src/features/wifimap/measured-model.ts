// Predicted versus measured (docs/radio.md): each AP-to-AP signal the APs measured in their neighbour
// scans beside what the map's walls and AP positions predict for it, the mean error, and the fit of
// the walls' losses per material to the measurements.
import type { NeighbourMeasurement, Wall } from '@airloom/contracts';
import { fitToMeasurements, receivedPower, type FitResult, type FitWall, type PlacedAp } from '@airloom/radio';
import { floorScene, type Band, type SceneInput } from './wifimap-model';

export interface PairRow {
  observerSn: string;
  sourceSn: string;
  measuredDbm: number;
  /** null when the source is not on the map's scene now (offline, or no radio on the band) */
  predictedDbm: number | null;
  /** measured − predicted */
  errorDb: number | null;
  measuredAt: string;
}

export interface Comparison {
  rows: PairRow[];
  /** mean |measured − predicted| over the rows that have both; null for none */
  meanAbsErrorDb: number | null;
}

type ModelInput = Omit<SceneInput, 'extra' | 'band'> & { band: Band; measurements: readonly NeighbourMeasurement[] };

const bandOf = (band: Band): NeighbourMeasurement['band'] => (band === '2.4' ? '2.4GHz' : '5GHz');

/** The floor's bound APs as the radio model's transmitters (ids are serial numbers), and where each stands. */
function placedAps({ floor, band, devices }: Omit<ModelInput, 'measurements'>) {
  const scene = floorScene({ floor, band, devices });
  const onAir = new Map<string, PlacedAp>();
  const at = new Map<string, { x: number; y: number }>();
  const m = floor.metresPerPixel;
  floor.aps.forEach((ap) => {
    if (!ap.sn) return;
    at.set(ap.sn, { x: ap.x * m, y: ap.y * m });
    const k = scene.apIds.indexOf(ap.id);
    if (k >= 0) onAir.set(ap.sn, { ...scene.aps[k]!, id: ap.sn });
  });
  return { scene, onAir, at };
}

/** Each measurement of the band with its prediction from the map, sorted by largest error first. */
export function comparePairs(input: ModelInput): Comparison {
  const { scene, onAir, at } = placedAps(input);
  const rows: PairRow[] = [];
  for (const r of input.measurements) {
    if (r.band !== bandOf(input.band)) continue;
    const observer = at.get(r.observerSn);
    if (!observer || !at.has(r.sourceSn)) continue;
    const source = onAir.get(r.sourceSn);
    const predicted = source ? receivedPower({ ap: source, point: observer, walls: scene.walls }) : null;
    rows.push({
      observerSn: r.observerSn,
      sourceSn: r.sourceSn,
      measuredDbm: r.rssiDbm,
      predictedDbm: predicted,
      errorDb: predicted === null ? null : r.rssiDbm - predicted,
      measuredAt: r.measuredAt,
    });
  }
  rows.sort((a, b) => Math.abs(b.errorDb ?? 0) - Math.abs(a.errorDb ?? 0) || a.observerSn.localeCompare(b.observerSn) || a.sourceSn.localeCompare(b.sourceSn));
  const withError = rows.filter((r) => r.errorDb !== null);
  const meanAbsErrorDb = withError.length ? withError.reduce((s, r) => s + Math.abs(r.errorDb!), 0) / withError.length : null;
  return { rows, meanAbsErrorDb };
}

/**
 * Least-squares fit of one loss per wall material to the band's measurements (docs/radio.md); custom
 * walls keep their own loss. Only pairs whose source is on the map's scene count.
 */
export function fitWalls(input: ModelInput): FitResult {
  const { scene, onAir, at } = placedAps(input);
  const aps: PlacedAp[] = [...onAir.values()];
  // an observer off the air still has its place (its own power does not enter what it hears)
  for (const [sn, p] of at) if (!onAir.has(sn)) aps.push({ id: sn, x: p.x, y: p.y, txPowerDbm: 0, frequencyMhz: 1 });
  const walls: FitWall[] = input.floor.walls.map((w, k) => ({ ...scene.walls[k]!, ...(w.material === 'custom' ? {} : { group: w.material }) }));
  const measurements = input.measurements
    .filter((r) => r.band === bandOf(input.band) && onAir.has(r.sourceSn) && at.has(r.observerSn))
    .map((r) => [r.observerSn, r.sourceSn, r.rssiDbm] as const);
  return fitToMeasurements({ aps, walls, measurements });
}

/** The floor's walls with the fitted losses (rounded to 0.1 dB) applied to their materials. */
export function applyFittedLosses(walls: readonly Wall[], lossDb: Readonly<Record<string, number>>): Wall[] {
  return walls.map((w) => {
    const fitted = w.material === 'custom' ? undefined : lossDb[w.material];
    return fitted === undefined ? w : { ...w, lossDb: Math.round(fitted * 10) / 10 };
  });
}
