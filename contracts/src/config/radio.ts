// Radio sections of an access point (spec §3 RF optimisation record fields, §5 transmit power and
// access threshold): `radio` — channel, width, transmit power and access threshold per radio, the
// values RF optimisation writes; `roaming` — per band the minimum RSSI clients are kept at and the
// 802.11k/v/r and band-steering switches (the roaming tuner). Both are per-device sections.
import { z } from 'zod';
import type { DeviceModel } from '../domain/models.js';
import { accessThreshold, txPower } from '../rules/wireless.js';
import { radioKey } from './en-radio.js';

export const RADIO_BANDS = ['2.4GHz', '5GHz'] as const;
export type RadioBand = (typeof RADIO_BANDS)[number];

import { CHANNELS_24, CHANNELS_5 } from '../domain/channels.js';

export { CHANNELS_24, CHANNELS_5 };
/** channels that need radar detection (DFS): RF optimisation leaves them out */
export const DFS_CHANNELS: readonly number[] = [52, 56, 60, 64, 100, 104, 108, 112, 116, 120, 124, 128, 132, 136, 140, 144];
/** what RF optimisation plans with: 1/6/11, and the 5 GHz channels without DFS */
export const PLANNER_CHANNELS: Readonly<Record<RadioBand, readonly number[]>> = {
  '2.4GHz': [1, 6, 11],
  '5GHz': CHANNELS_5.filter((c) => !DFS_CHANNELS.includes(c)),
};

export const WIDTHS: Readonly<Record<RadioBand, readonly number[]>> = { '2.4GHz': [20, 40], '5GHz': [20, 40, 80] };

export const radioSettings = z
  .object({
    band: z.enum(RADIO_BANDS, { error: radioKey('radio', 'band') }),
    channel: z.number({ error: radioKey('radio', 'channel') }).int({ error: radioKey('radio', 'channel') }),
    widthMhz: z.number({ error: radioKey('radio', 'width') }).int({ error: radioKey('radio', 'width') }),
    txPowerDbm: txPower,
    accessThresholdDbm: accessThreshold,
  })
  .superRefine((r, ctx) => {
    const channels: readonly number[] = r.band === '2.4GHz' ? CHANNELS_24 : CHANNELS_5;
    if (!channels.includes(r.channel)) ctx.addIssue({ code: 'custom', path: ['channel'], message: radioKey('radio', 'channel'), input: r });
    if (!WIDTHS[r.band].includes(r.widthMhz)) ctx.addIssue({ code: 'custom', path: ['widthMhz'], message: radioKey('radio', 'width'), input: r });
  });
export type RadioSettings = z.infer<typeof radioSettings>;

export const radioSection = z.object({ radios: z.array(radioSettings) });
export type RadioSection = z.infer<typeof radioSection>;

/** one entry per band the model has, each band once */
export const radioSectionFor = (model: DeviceModel) =>
  radioSection.superRefine((s, ctx) => {
    const seen = new Set<string>();
    s.radios.forEach((r, i) => {
      if (!model.bands.includes(r.band) || seen.has(r.band)) ctx.addIssue({ code: 'custom', path: ['radios', i, 'band'], message: radioKey('radio', 'band'), input: s });
      seen.add(r.band);
    });
  });

/** Factory settings: 2.4 GHz on 6 at 20 MHz, 5 GHz on 36 at 80 MHz, 20 dBm, access threshold −90 (off in practice). */
export function defaultRadioSection(model: Pick<DeviceModel, 'bands'>): RadioSection {
  return {
    radios: model.bands.map((band) => ({
      band,
      channel: band === '2.4GHz' ? 6 : 36,
      widthMhz: band === '2.4GHz' ? 20 : 80,
      txPowerDbm: 20,
      accessThresholdDbm: -90,
    })),
  };
}

// ---- roaming ---------------------------------------------------------------------------------
/** spec §5 access threshold range: a client heard below this is asked to roam (disconnected) */
export const roamingBand = z.object({
  band: z.enum(RADIO_BANDS, { error: radioKey('radio', 'band') }),
  minRssiDbm: accessThreshold,
  /** 802.11k: the AP tells clients its neighbour list (faster scans) */
  k: z.boolean(),
  /** 802.11v: BSS transition management, the AP suggests a better AP */
  v: z.boolean(),
  /** 802.11r: fast BSS transition, keys carried over (no full re-authentication) */
  r: z.boolean(),
});
export const roamingSection = z.object({
  bands: z.array(roamingBand),
  /** dual-band clients are steered to 5 GHz */
  bandSteering: z.boolean(),
});
export type RoamingSection = z.infer<typeof roamingSection>;

export const roamingSectionFor = (model: DeviceModel) =>
  roamingSection.superRefine((s, ctx) => {
    const seen = new Set<string>();
    s.bands.forEach((b, i) => {
      if (!model.bands.includes(b.band) || seen.has(b.band)) ctx.addIssue({ code: 'custom', path: ['bands', i, 'band'], message: radioKey('radio', 'band'), input: s });
      seen.add(b.band);
    });
    if (s.bandSteering && !(model.bands.includes('2.4GHz') && model.bands.includes('5GHz'))) {
      ctx.addIssue({ code: 'custom', path: ['bandSteering'], message: radioKey('roaming', 'bandSteering'), input: s });
    }
  });

export function defaultRoamingSection(model: Pick<DeviceModel, 'bands'>): RoamingSection {
  return { bands: model.bands.map((band) => ({ band, minRssiDbm: -90, k: false, v: false, r: false })), bandSteering: false };
}

/** TR-181 instance of a band's radio on a device of this model: the model's bands in order (Radio.1, Radio.2). */
export function radioInstance(model: Pick<DeviceModel, 'bands'>, band: RadioBand): number {
  return model.bands.indexOf(band) + 1;
}
