// The transmit-power rule (docs/radio.md, "Transmit power"): each AP is set so that its
// third-strongest neighbour would hear it at about −70 dBm, within 8–29 dBm (spec §5: transmit power
// is an integer 8 to 29). Enough overlap for roaming, not so much that every AP hears every other.
import { RadioInputError, requireFinite } from './propagation';
import type { RssiEntry } from './planner';

export const MIN_TX_POWER_DBM = 8;
export const MAX_TX_POWER_DBM = 29;

export interface PowerPlanAp {
  id: string;
  /** the power the scans were taken at */
  txPowerDbm: number;
  /** the model's own limits, within 8–29 */
  minDbm?: number;
  maxDbm?: number;
}

export interface PowerPlanInput {
  aps: readonly PowerPlanAp[];
  /** `[observer, source, dBm]`: observer heard source at dBm while source sent at its txPowerDbm */
  rssi: readonly RssiEntry[];
  /** default −70 dBm */
  targetDbm?: number;
  /** which neighbour, by strength, should hear the target (default 3) */
  rank?: number;
}

/**
 * Power per AP. The path loss to a neighbour is the AP's power minus what the neighbour heard
 * (or, from the AP's own scan, the neighbour's power minus what the AP heard: paths are
 * reciprocal); with both, their mean. Sorted from the smallest loss, the rank-th neighbour's loss
 * L gives power = round(targetDbm + L), clamped to the AP's limits. An AP with fewer neighbours
 * than `rank` gets its maximum: nothing near enough to disturb, coverage first.
 */
export function planPower(input: PowerPlanInput): Record<string, number> {
  const target = input.targetDbm ?? -70;
  const rank = input.rank ?? 3;
  requireFinite(target, 'targetDbm');
  if (!Number.isInteger(rank) || rank < 1) throw new RadioInputError('rank must be a positive integer');
  const byId = new Map<string, PowerPlanAp>();
  input.aps.forEach((ap, i) => {
    if (byId.has(ap.id)) throw new RadioInputError(`aps[${i}].id "${ap.id}" is listed twice`);
    requireFinite(ap.txPowerDbm, `aps[${i}].txPowerDbm`);
    byId.set(ap.id, ap);
  });
  // losses[a][b]: path-loss estimates between a and b
  const losses = new Map<string, Map<string, number[]>>();
  const note = (a: string, b: string, loss: number) => {
    const row = losses.get(a) ?? new Map<string, number[]>();
    losses.set(a, row);
    row.set(b, [...(row.get(b) ?? []), loss]);
  };
  input.rssi.forEach(([observer, source, dbm], e) => {
    const sender = byId.get(source);
    if (!sender || !byId.has(observer)) throw new RadioInputError(`rssi[${e}] names an AP that is not in aps`);
    if (observer === source) throw new RadioInputError(`rssi[${e}] pairs an AP with itself`);
    requireFinite(dbm, `rssi[${e}] dBm`);
    const loss = sender.txPowerDbm - dbm;
    note(source, observer, loss);
    note(observer, source, loss);
  });
  const out: Record<string, number> = {};
  for (const ap of input.aps) {
    const min = Math.max(MIN_TX_POWER_DBM, Math.ceil(ap.minDbm ?? MIN_TX_POWER_DBM));
    const max = Math.min(MAX_TX_POWER_DBM, Math.floor(ap.maxDbm ?? MAX_TX_POWER_DBM));
    if (min > max) throw new RadioInputError(`aps of ${ap.id}: minDbm exceeds maxDbm`);
    const sorted = [...(losses.get(ap.id)?.values() ?? [])].map((l) => l.reduce((a, b) => a + b, 0) / l.length).sort((a, b) => a - b);
    const loss = sorted[rank - 1];
    out[ap.id] = loss === undefined ? max : Math.min(max, Math.max(min, Math.round(target + loss)));
  }
  return out;
}
