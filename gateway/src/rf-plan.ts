// The pure part of an RF optimisation (docs/wireless.md "RF optimisation"): from the APs' scans and
// their radio settings, the new channel and power of each radio (the planner and the power rule of
// @airloom/radio), and the per-radio counts a record compares before and after. Foreign networks (no
// device of the project) heard in the scans count in the record and weigh in the plan as neighbours
// fixed on their channel: the console cannot move them, so its radios move away from them.
import { PLANNER_CHANNELS, type RadioBand, type RadioSettings } from '@airloom/contracts/config';
import type { RfCounts } from '@airloom/contracts';
import { fiveGhzOverlap, planChannels, planPower, type ChannelOverlap, type RssiEntry } from '@airloom/radio';

/** one scan row: `observer` heard `source` on `band` at `rssiDbm`, on `channel` */
export interface Heard {
  observerSn: string;
  /** an AP of the project's serial number, or a foreign network's BSSID */
  sourceSn: string;
  band: string;
  rssiDbm: number;
  channel: number | null;
  /** a network that is no device of the project (fixed on its channel) */
  foreign?: boolean;
}

/** an AP's radio as the plan starts from it */
export interface PlanRadio {
  sn: string;
  settings: RadioSettings;
}

/** the new channel and power per AP and band */
export type RadioPlan = Map<string, { channel: number; txPowerDbm: number }>;
export const planKey = (sn: string, band: string) => `${sn}:${band}`;

/**
 * Adjacent-channel interference as a share of co-channel: 802.11 OFDM's adjacent-channel rejection is
 * at least 16 dB (10^(−16/10) ≈ 0.025), so a neighbour on the next 5 GHz block costs a fortieth of one
 * on the same block, and one further away nothing.
 */
export const ADJACENT_CHANNEL_FACTOR = 10 ** (-16 / 10);

/**
 * 2.4 GHz: the share of two channels' ~22 MHz spectra that overlap, 1 − 5 MHz × gap / 22 MHz (none from
 * 5 channels apart). The plan's own channels 1/6/11 never overlap, so between the project's APs this
 * is the co-channel objective; it weighs a foreign network on channel 3 against channels 1 and 6.
 */
export const twoFourGhzOverlap: ChannelOverlap = (a, b) => Math.max(0, 1 - (5 * Math.abs(a - b)) / 22);

/**
 * The planner's overlap on a band. 5 GHz: radios that share a bonded block (the widest width in use)
 * interfere fully, blocks next to each other by ADJACENT_CHANNEL_FACTOR (co-channel worse than adjacent).
 */
export function bandOverlap(band: RadioBand, radios: readonly PlanRadio[]): ChannelOverlap {
  if (band === '2.4GHz') return twoFourGhzOverlap;
  const width = Math.max(20, ...radios.map((r) => r.settings.widthMhz));
  return fiveGhzOverlap(width >= 80 ? 80 : width >= 40 ? 40 : 20, ADJACENT_CHANNEL_FACTOR);
}

const FOREIGN = 'foreign:';

/**
 * Channels per band by the planner (interference from the scans), then power by the −70 dBm rule. A
 * foreign network heard by the project's APs is one more node of the graph whose only allowed channel
 * is the one it was heard on: a channel used by a strong foreign AP costs like a co-channel neighbour
 * that cannot move. Power follows the project's own APs only (the foreign ones do not adapt).
 */
export function planRadios(radios: readonly PlanRadio[], heard: readonly Heard[]): RadioPlan {
  const out: RadioPlan = new Map();
  for (const band of ['2.4GHz', '5GHz'] as const) {
    const onBand = radios.filter((r) => r.settings.band === band);
    if (onBand.length === 0) continue;
    const ids = new Set(onBand.map((r) => r.sn));
    const rssi: RssiEntry[] = heard
      .filter((h) => h.band === band && !h.foreign && ids.has(h.observerSn) && ids.has(h.sourceSn) && h.observerSn !== h.sourceSn)
      .map((h) => [h.observerSn, h.sourceSn, h.rssiDbm] as const);
    const foreign = new Map<string, number>();
    const foreignRssi: RssiEntry[] = [];
    for (const h of heard) {
      if (h.band !== band || !h.foreign || h.channel === null || !ids.has(h.observerSn)) continue;
      const id = FOREIGN + h.sourceSn;
      foreign.set(id, foreign.get(id) ?? h.channel);
      foreignRssi.push([h.observerSn, id, h.rssiDbm]);
    }
    const { channels } = planChannels({
      aps: [
        ...onBand.map((r) => ({ id: r.sn, allowedChannels: PLANNER_CHANNELS[band] })),
        ...[...foreign].map(([id, channel]) => ({ id, allowedChannels: [channel] })),
      ],
      rssi: [...rssi, ...foreignRssi],
      overlap: bandOverlap(band, onBand),
    });
    const powers = planPower({ aps: onBand.map((r) => ({ id: r.sn, txPowerDbm: r.settings.txPowerDbm })), rssi });
    for (const r of onBand) out.set(planKey(r.sn, band), { channel: channels[r.sn]!, txPowerDbm: powers[r.sn] ?? r.settings.txPowerDbm });
  }
  return out;
}

/**
 * What one radio heard in one scan: neighbours on its own channel (co-channel), on an overlapping one
 * (2.4 GHz: fewer than 5 channels apart; 5 GHz: the adjacent 20 MHz channel), and everything it heard
 * on the band (total) — the project's APs and foreign networks alike.
 */
export function countNeighbours(sn: string, band: string, channel: number, heard: readonly Heard[]): RfCounts {
  const mine = heard.filter((h) => h.observerSn === sn && h.band === band);
  let coChannel = 0;
  let nearChannel = 0;
  for (const h of mine) {
    if (h.channel === null) continue;
    const gap = Math.abs(h.channel - channel);
    if (gap === 0) coChannel++;
    else if (band === '2.4GHz' ? gap < 5 : gap <= 4) nearChannel++;
  }
  return { coChannel, nearChannel, total: mine.length };
}

/** the strongest AP of the project a radio heard (what the power rule works against), or null */
export function strongestHeard(sn: string, band: string, heard: readonly Heard[]): number | null {
  const mine = heard.filter((h) => h.observerSn === sn && h.band === band && !h.foreign).map((h) => h.rssiDbm);
  return mine.length ? Math.max(...mine) : null;
}
