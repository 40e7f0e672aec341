// What a simulated AP hears when it scans (TR-181 Device.WiFi.NeighboringWiFiDiagnostic()): every
// other AP of its site that is on the air, on each band both have, at the signal strength the radio
// model gives for the site's *true* layout (docs/radio.md "Neighbour scans"). The true layout is the
// fleet's (specs.ts `rf`), not what anybody drew on a map: the console compares the two. A site also
// carries foreign networks (a café's Wi-Fi next door): scans hear them like the site's own APs.
import { neighbourRssi, type PlacedAp, type Wall } from '@airloom/radio';
import { powerDbm, type Band, type Radio } from './device.js';
import { hash32 } from './random.js';
import type { DeviceSpec } from './specs.js';

/** The true radio site a fleet's APs share: walls in metres with their real losses. */
export interface RfSite {
  id: string;
  walls: readonly Wall[];
  /** ± dB of deterministic per-pair deviation (antenna pattern, furniture); 0 for none */
  jitterDb: number;
  /** networks on the air that are no device of the fleet (neighbours' Wi-Fi); none when absent */
  foreign?: readonly ForeignNetwork[];
}

/**
 * A network of somebody else that the site's APs hear: on a fixed channel the console cannot change.
 * Either placed (`x`, `y` in metres, `txPowerDbm`, default 20: heard through the site's walls at the
 * radio model's RSSI, like an AP of the site) or heard at a fixed `rssiDbm` by every AP of the site.
 */
export type ForeignNetwork = {
  bssid: string;
  ssid: string;
  band: Band;
  channel: number;
} & ({ x: number; y: number; txPowerDbm?: number; rssiDbm?: undefined } | { rssiDbm: number; x?: undefined; y?: undefined; txPowerDbm?: undefined });

/** A device's place on its site, in metres. */
export interface RfPlace {
  site: RfSite;
  x: number;
  y: number;
}

/** One AP heard by a scan: a Result.{i}. row of NeighboringWiFiDiagnostic. */
export interface HeardAp {
  sn: string;
  bssid: string;
  ssid: string;
  band: Band;
  channel: number;
  /** dBm, whole (TR-181 SignalStrength is an int) */
  signalStrength: number;
  /** the observer's radio that heard it (1-based instance) */
  radio: number;
  /** a network of the site's `foreign` list (its `sn` is its BSSID) */
  foreign?: true;
}

/** What the scan needs to know of one AP of the site. */
export interface AirPeer {
  spec: Pick<DeviceSpec, 'sn' | 'mac' | 'rf'>;
  radios: readonly Radio[];
  ssids: readonly string[];
  /** transmitting now (online, not rebooting) */
  onAir: boolean;
}

/** Channel centre in MHz: 2407 + 5·ch on 2.4 GHz (2484 for 14), 5000 + 5·ch on 5 GHz. */
export function channelMhz(band: Band, channel: number): number {
  if (band === '2.4GHz') return channel === 14 ? 2484 : 2407 + 5 * channel;
  return 5000 + 5 * channel;
}

/** The deterministic deviation of one directed pair on one band, in [−jitter, +jitter] dB. */
export function pairJitterDb(site: RfSite, observerSn: string, sourceSn: string, band: Band): number {
  if (site.jitterDb === 0) return 0;
  const u = hash32(`${site.id}:${observerSn}<${sourceSn}:${band}`) / 0xffffffff;
  return (2 * u - 1) * site.jitterDb;
}

const FOREIGN = 'foreign:';

/** The APs `observer` hears, strongest first, down to −95 dBm (neighbourRssi's floor): the site's own and its foreign networks. */
export function scanNeighbours(observer: AirPeer, peers: readonly AirPeer[]): HeardAp[] {
  const place = observer.spec.rf;
  if (!place) return [];
  const heard: HeardAp[] = [];
  observer.radios.forEach((own, r) => {
    const sources = peers.filter((p) => p !== observer && p.onAir && p.spec.rf?.site === place.site && p.spec.sn !== observer.spec.sn);
    const aps: PlacedAp[] = [{ id: observer.spec.sn, x: place.x, y: place.y, txPowerDbm: powerDbm(own), frequencyMhz: channelMhz(own.band, own.channel) }];
    const bySn = new Map<string, { peer: AirPeer; radio: Radio }>();
    for (const peer of sources) {
      const radio = peer.radios.find((x) => x.band === own.band);
      if (!radio) continue;
      bySn.set(peer.spec.sn, { peer, radio });
      aps.push({ id: peer.spec.sn, x: peer.spec.rf!.x, y: peer.spec.rf!.y, txPowerDbm: powerDbm(radio), frequencyMhz: channelMhz(radio.band, radio.channel) });
    }
    const foreign = new Map<string, ForeignNetwork>();
    for (const f of place.site.foreign ?? []) {
      if (f.band !== own.band) continue;
      if (f.rssiDbm !== undefined) {
        heard.push({ sn: f.bssid, bssid: f.bssid, ssid: f.ssid, band: f.band, channel: f.channel, signalStrength: Math.round(f.rssiDbm), radio: r + 1, foreign: true });
        continue;
      }
      foreign.set(FOREIGN + f.bssid, f);
      aps.push({ id: FOREIGN + f.bssid, x: f.x, y: f.y, txPowerDbm: f.txPowerDbm ?? 20, frequencyMhz: channelMhz(f.band, f.channel) });
    }
    for (const [observerSn, sourceSn, dbm] of neighbourRssi(aps, place.site.walls)) {
      if (observerSn !== observer.spec.sn) continue;
      const f = foreign.get(sourceSn);
      if (f) {
        const signalStrength = Math.round(dbm + pairJitterDb(place.site, observerSn, f.bssid, own.band));
        heard.push({ sn: f.bssid, bssid: f.bssid, ssid: f.ssid, band: f.band, channel: f.channel, signalStrength, radio: r + 1, foreign: true });
        continue;
      }
      const { peer, radio } = bySn.get(sourceSn)!;
      heard.push({
        sn: sourceSn,
        bssid: peer.spec.mac,
        ssid: peer.ssids[0] ?? '',
        band: own.band,
        channel: radio.channel,
        signalStrength: Math.round(dbm + pairJitterDb(place.site, observerSn, sourceSn, own.band)),
        radio: r + 1,
      });
    }
  });
  return heard.sort((a, b) => b.signalStrength - a.signalStrength || a.sn.localeCompare(b.sn));
}

/** The OperationComplete output arguments of NeighboringWiFiDiagnostic() (TR-181 Result.{i}. parameters). */
export function scanOutputArgs(heard: readonly HeardAp[]): Record<string, string> {
  const args: Record<string, string> = { Status: 'Complete', ResultNumberOfEntries: String(heard.length) };
  heard.forEach((h, i) => {
    const at = `Result.${i + 1}.`;
    args[`${at}Radio`] = `Device.WiFi.Radio.${h.radio}`;
    args[`${at}SSID`] = h.ssid;
    args[`${at}BSSID`] = h.bssid;
    args[`${at}Mode`] = 'Infrastructure';
    args[`${at}Channel`] = String(h.channel);
    args[`${at}SignalStrength`] = String(h.signalStrength);
    args[`${at}OperatingFrequencyBand`] = h.band;
  });
  return args;
}

// ------------------------------------------------------------------------ the demo hotel's truth

/**
 * The demo hotel's ground floor as it really is (project 500000), in metres: the walls the console's
 * demo map draws (bff/src/runtime/demo-floors.ts, 5 cm a pixel) but not quite — the concrete outer
 * walls and the bearing wall lose more than the spec's table says, the corridor's brick less, and
 * a glass partition in the meeting room is missing on the map. So measured differs from predicted,
 * and fitting the materials' losses visibly closes most of the gap.
 */
const px = (v: number) => v * 0.05;
const w = (lossDb: number, x1: number, y1: number, x2: number, y2: number): Wall => ({ x1: px(x1), y1: px(y1), x2: px(x2), y2: px(y2), lossDb });

export const DEMO_HOTEL_SITE: RfSite = {
  id: 'demo-hotel',
  jitterDb: 1.5,
  walls: [
    // outside walls: concrete that loses 25 dB, not the table's 20
    w(25, 20, 20, 980, 20), w(25, 980, 20, 980, 580), w(25, 980, 580, 20, 580), w(25, 20, 580, 20, 20),
    // the corridor's brick: 17 dB, not 20
    ...[[20, 110], [170, 350], [410, 590], [650, 830], [890, 980]].map(([a, b]) => w(17, a!, 250, b!, 250)),
    ...[[20, 130], [190, 430], [490, 760], [820, 980]].map(([a, b]) => w(17, a!, 350, b!, 350)),
    w(5, 260, 20, 260, 250), // plasterboard, as drawn
    w(32, 500, 20, 500, 250), // the bearing wall: 32 dB, not 28
    w(12, 740, 20, 740, 250), // common glass, as drawn
    w(6.5, 300, 350, 300, 580), // wood, as drawn
    w(20, 620, 350, 620, 580), // coated glass, as drawn
    w(23, 820, 450, 980, 450), // papered wall, as drawn
    w(12, 560, 150, 680, 150), // a glass partition in the meeting room that the map does not show
  ],
  // the neighbours' Wi-Fi the hotel's APs hear (BSSIDs of other makers, never a hotel device's MAC)
  foreign: [
    // the café next door, its router behind the west wall by the lobby, on channel 6 and 36
    { bssid: 'A4:2B:B0:11:22:01', ssid: 'Cafe Aroma Free WiFi', band: '2.4GHz', channel: 6, x: px(-60), y: px(140), txPowerDbm: 20 },
    { bssid: 'A4:2B:B0:11:22:02', ssid: 'Cafe Aroma Free WiFi', band: '5GHz', channel: 36, x: px(-60), y: px(140), txPowerDbm: 20 },
    // the pharmacy across the yard, heard faintly by all
    { bssid: '3C:37:86:5E:90:10', ssid: 'Apotheke-Office', band: '2.4GHz', channel: 11, rssiDbm: -84 },
    // the flat behind the kitchen's outer wall: a home router on channel 1
    { bssid: 'E0:28:6D:4A:7B:3C', ssid: 'FRITZ!Box 7590 KL', band: '2.4GHz', channel: 1, x: px(720), y: px(640), txPowerDbm: 17 },
  ],
};

/** Where the demo hotel's APs really hang (the rooms the demo map places them in), in plan pixels. */
export const DEMO_HOTEL_AP_PLACES: Readonly<Record<string, readonly [number, number]>> = {
  'AP-Lobby': [140, 135],
  'AP-Office-1': [380, 135],
  'AP-Meeting': [620, 135],
  'AP-Warehouse': [860, 135],
  'AP-Reception': [160, 465],
  'AP-Office-2': [460, 465],
  'AP-Kitchen': [720, 465],
  'AP-Terrace': [900, 520],
};

/** The true place of a demo hotel device by its name, or undefined. */
export function demoHotelPlace(name: string): RfPlace | undefined {
  const at = DEMO_HOTEL_AP_PLACES[name];
  return at ? { site: DEMO_HOTEL_SITE, x: px(at[0]), y: px(at[1]) } : undefined;
}
