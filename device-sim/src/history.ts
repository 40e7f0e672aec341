// Past figures of a simulated device, for a demo console that opens with charts already drawn: a
// daily rhythm (busy afternoons, quiet nights) with a little noise, per resolution of the console's
// time series (docs/data.md): 1-hour buckets for 30 days, 15-minute ones for 7 days, a point a minute
// for the last day. Deterministic per serial number.
import { Random } from './random.js';
import { modelTraits, type DeviceSpec } from './specs.js';

/** One radio's (by band) or port's figures at a history point. */
export interface HistoryIface {
  iface: string;
  txRate: number;
  rxRate: number;
  clients: number | null;
  noise: number | null;
  util: number | null;
}

export interface HistoryPoint {
  /** seconds per bucket, 0 = a raw point */
  res: number;
  t: number;
  cpu: number;
  /** percent in use */
  memory: number;
  clients: number;
  /** bytes/s */
  txRate: number;
  rxRate: number;
  /** seconds */
  uptime: number;
  /** radios and the uplink port; raw points every 5 minutes only, as the gateway keeps them */
  ifaces?: HistoryIface[];
}

const CLIENTS: Record<string, number> = { ap: 8, router: 5, wrouter: 5, v7: 6, mesh: 4, cpe: 1 };
const HOUR = 3_600_000;

export function deviceHistory(spec: DeviceSpec, now = Date.now()): HistoryPoint[] {
  const rng = new Random(`history:${spec.sn}`);
  const mean = CLIENTS[spec.type] ?? 0;
  const bootedAt = now - rng.int(3, 40) * 86_400_000;
  const phase = rng.next() * 2;
  // its own dice, so the device's figures stay what they were
  const ifaceRng = new Random(`history-ifaces:${spec.sn}`);
  const bands = modelTraits(spec.type, spec.model).bands;
  const ifacesAt = (clients: number, txRate: number, rxRate: number): HistoryIface[] => {
    const out: HistoryIface[] = bands.map((band) => {
      // the 5 GHz radio carries most of the clients of a dual-band device
      const share = bands.length === 1 ? 1 : band === '5GHz' ? 0.6 : 0.4;
      const mine = Math.round(clients * share);
      const rate = (txRate + rxRate) * share;
      return {
        iface: band,
        txRate: Math.round(txRate * share),
        rxRate: Math.round(rxRate * share),
        clients: mine,
        noise: (band === '5GHz' ? -95 : -89) + ifaceRng.int(-2, 2),
        util: Math.min(100, Math.round((5 + mine * 3 + rate / 40_000 + ifaceRng.next() * 4) * 100) / 100),
      };
    });
    // the uplink: what the clients download comes in, what they upload goes out
    out.push({ iface: 'port1', txRate: rxRate, rxRate: txRate, clients: null, noise: null, util: null });
    return out;
  };
  const at = (t: number, res: number): HistoryPoint => {
    const hour = new Date(t).getUTCHours() + new Date(t).getUTCMinutes() / 60;
    // busiest around 15:00 UTC, quietest before dawn
    const day = 0.55 + 0.45 * Math.cos(((hour - 15 - phase) / 24) * 2 * Math.PI);
    const clients = Math.max(0, Math.round(mean * 2 * day + (rng.next() - 0.5) * 2));
    const rate = clients * (40_000 + rng.next() * 60_000);
    return {
      res,
      t,
      cpu: Math.round((6 + clients * 1.5 + rate / 2_000_000 + rng.next() * 3) * 100) / 100,
      memory: Math.round((34 + clients * 0.25 + rng.next()) * 100) / 100,
      clients,
      txRate: Math.round(rate * 0.8),
      rxRate: Math.round(rate * 0.2),
      uptime: Math.max(0, Math.floor((t - bootedAt) / 1000)),
      ...(res > 0 || t % 300_000 === 0 ? { ifaces: ifacesAt(clients, Math.round(rate * 0.8), Math.round(rate * 0.2)) } : {}),
    };
  };
  const out: HistoryPoint[] = [];
  const series = (res: number, spanMs: number, stepMs: number) => {
    const last = Math.floor(now / stepMs) * stepMs - (res ? stepMs : 0);
    for (let t = Math.max(bootedAt, last - spanMs + stepMs); t <= last; t += stepMs) out.push(at(t - (res ? t % stepMs : 0), res));
  };
  series(3600, 30 * 24 * HOUR, HOUR);
  series(900, 7 * 24 * HOUR, 15 * 60_000);
  series(0, 24 * HOUR, 60_000);
  return out;
}
