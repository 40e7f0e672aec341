// The simulated hardware behind one agent: radios, SSIDs, Wi-Fi clients, Ethernet ports, wired
// hosts and counters, and how they drift over time. The TR-181 view of it is in tr181.ts.
import { modelTraits, type DeviceSpec } from './specs.js';
import { Random } from './random.js';

export type Band = '2.4GHz' | '5GHz';

export interface Radio {
  band: Band;
  channel: number;
  /** percent of the maximum (TR-181 TransmitPower) */
  power: number;
  /** dBm at 100 % (the radio's regulatory maximum) */
  maxPowerDbm: number;
  /** dBm, wobbles around `baseNoise` */
  noise: number;
  baseNoise: number;
}

export interface WifiClient {
  /** instance number, stable while the client stays (TR-181 instance numbers are not reused) */
  id: number;
  mac: string;
  ip: string;
  hostName: string;
  /** dBm */
  signal: number;
  /** index into radios */
  radio: number;
  /** index into ssids */
  ssid: number;
  /** bytes/s it moves */
  rate: number;
}

export interface WiredHost {
  id: number;
  mac: string;
  ip: string;
  hostName: string;
  /** index into ports */
  port: number;
  rate: number;
}

export interface Port {
  name: string;
  up: boolean;
  /** Mbit/s when up */
  maxBitRate: number;
  /** gives PoE; what it draws depends on the device cabled to it and the port's settings (settings.ts) */
  poe: boolean;
}

/** A mesh secondary's wireless link towards the primary, as it measures it. */
export interface Backhaul {
  parentSn: string;
  hops: number;
  /** dBm of the parent's signal */
  signal: number;
  /** Mbit/s of the last data rate towards the parent */
  rate: number;
}

/** Transmit power in dBm for a percentage of the radio's maximum (power halves every 3 dB). */
export function powerDbm(radio: Pick<Radio, 'power' | 'maxPowerDbm'>): number {
  return Math.round(radio.maxPowerDbm + 10 * Math.log10(Math.max(radio.power, 1) / 100));
}

// a rough 802.11ac 2x2 rate for a signal strength: what a backhaul link reports
function rateFor(signal: number): number {
  if (signal >= -55) return 867;
  if (signal >= -62) return 585;
  if (signal >= -68) return 390;
  if (signal >= -74) return 195;
  return 65;
}

const HOST_NAMES = [
  'iPhone', 'Galaxy-S24', 'Pixel-8', 'ThinkPad', 'MacBook-Air', 'iPad', 'Surface', 'Printer-HP',
  'Echo-Dot', 'Chromecast', 'PS5', 'SmartTV', 'Desk-PC', 'Xiaomi-13', 'Kindle', 'Fridge', 'AC-Unit',
];

/** How many clients a device of this kind has around on an ordinary day. */
const CLIENT_MEAN: Record<string, number> = { ap: 8, router: 5, wrouter: 5, v7: 6, mesh: 4, cpe: 1 };

const SSIDS_BY_TYPE: Record<string, string[]> = {
  mesh: ['Airloom-Home'],
  cpe: ['Airloom-Bridge'],
};
const DEFAULT_SSIDS = ['Airloom-Office', 'Airloom-Guest'];

export class SimDevice {
  readonly spec: DeviceSpec;
  readonly softwareVersion: string;
  readonly ip: string;
  readonly ssids: string[];
  readonly radios: Radio[] = [];
  readonly ports: Port[] = [];
  /** W its PoE ports may draw together; 0 without PoE */
  readonly poeBudget: number;
  /** how a mesh secondary reaches the primary; null otherwise */
  readonly backhaul: Backhaul | null;
  clients: WifiClient[] = [];
  wired: WiredHost[] = [];
  bytesSent = 0;
  bytesReceived = 0;
  /** Date.now() of the last boot, and the uptime the device already had then (first boot only) */
  private bootedAt: number;
  private uptimeAtBoot: number;
  private lastAdvance: number;
  private nextId = 1;
  private readonly rng: Random;
  private readonly clientMean: number;

  /** `now`: when it powers on (ms UTC) */
  constructor(spec: DeviceSpec, seed = 1, now = Date.now()) {
    this.spec = spec;
    this.bootedAt = now;
    this.lastAdvance = now;
    this.rng = new Random(`${seed}:${spec.sn}`);
    const traits = modelTraits(spec.type, spec.model);
    this.softwareVersion = traits.softwareVersion;
    this.ip = spec.ip ?? `192.168.${this.rng.int(0, 254)}.${this.rng.int(2, 254)}`;
    this.ssids = traits.bands.length ? (SSIDS_BY_TYPE[spec.type] ?? DEFAULT_SSIDS) : [];
    for (const band of traits.bands) {
      const baseNoise = band === '2.4GHz' ? this.rng.int(-92, -85) : this.rng.int(-97, -90);
      this.radios.push({
        band,
        channel: band === '2.4GHz' ? this.rng.pick([1, 6, 11]) : this.rng.pick([36, 44, 149, 157]),
        power: this.rng.pick([50, 75, 100]),
        maxPowerDbm: band === '2.4GHz' ? 20 : 23,
        noise: baseNoise,
        baseNoise,
      });
    }
    for (let i = 0; i < traits.ports; i++) this.ports.push(this.makePort(i, traits.poe));
    this.poeBudget = traits.poeBudget;
    // each hop further from the primary hears its parent a little worse
    const signal = spec.backhaul ? this.rng.int(-60, -48) - 6 * (spec.backhaul.hops - 1) : 0;
    this.backhaul = spec.backhaul ? { ...spec.backhaul, signal, rate: rateFor(signal) } : null;
    this.clientMean = CLIENT_MEAN[spec.type] ?? 0;
    // a demo device has been running for a while before the console first sees it
    this.uptimeAtBoot = this.rng.int(3_600, 30 * 86_400);
    this.populate();
  }

  /** Seconds since boot (real seconds: TIME_SCALE compresses device timings, not the clock). */
  uptime(now = Date.now()): number {
    return this.uptimeAtBoot + Math.floor((now - this.bootedAt) / 1000);
  }

  /** A reboot: counters and uptime start over, clients reassociate. */
  reboot(now = Date.now()): void {
    this.bootedAt = now;
    this.lastAdvance = now;
    this.uptimeAtBoot = 0;
    this.bytesSent = 0;
    this.bytesReceived = 0;
    this.populate();
  }

  /** KiB of memory the device has */
  get memoryTotal(): number {
    return this.radios.length ? 262_144 : 131_072;
  }

  /** Percent of CPU in use: a base load plus what its clients and their traffic cost (no dice, so the other draws stay as they were). */
  cpuUsage(): number {
    const rate = this.clients.reduce((s, c) => s + c.rate, 0) + this.wired.reduce((s, h) => s + h.rate, 0);
    return Math.min(100, Math.round(6 + this.clients.length * 1.5 + this.wired.length * 0.5 + rate / 2_000_000 + (this.radios[0] ? this.radios[0].noise - this.radios[0].baseNoise + 3 : 0)));
  }

  /** KiB free: the system takes about a third, each client's state a little more. */
  memoryFree(): number {
    const used = Math.round(this.memoryTotal * 0.34) + (this.clients.length + this.wired.length) * 640;
    return Math.max(0, this.memoryTotal - used);
  }

  /** One step of life: traffic since the last step, a client may join or leave, noise and signals wobble. */
  advance(now = Date.now()): void {
    const seconds = Math.max(0, (now - this.lastAdvance) / 1000);
    this.lastAdvance = now;
    const rate = this.clients.reduce((s, c) => s + c.rate, 0) + this.wired.reduce((s, h) => s + h.rate, 0);
    // clients download more than they upload: the device sends most of the bytes
    this.bytesSent += Math.round(rate * 0.8 * seconds);
    this.bytesReceived += Math.round(rate * 0.2 * seconds);

    if (this.radios.length) {
      const n = this.clients.length;
      const r = this.rng.next();
      if (r < 0.3 && n < this.clientMean * 3) this.clients.push(this.newClient());
      else if (r < 0.6 && n > 0 && (n > this.clientMean || this.rng.chance(0.4))) {
        this.clients.splice(this.rng.int(0, n - 1), 1);
      }
    }
    for (const radio of this.radios) {
      radio.noise = clamp(radio.noise + this.rng.int(-1, 1), radio.baseNoise - 3, radio.baseNoise + 3);
    }
    for (const c of this.clients) c.signal = clamp(c.signal + this.rng.int(-2, 2), -88, -30);
    if (this.backhaul) {
      this.backhaul.signal = clamp(this.backhaul.signal + this.rng.int(-1, 1), -80, -40);
      this.backhaul.rate = rateFor(this.backhaul.signal);
    }
  }

  private makePort(i: number, poe: boolean): Port {
    const type = this.spec.type;
    let name = `LAN${i + 1}`;
    let up = i === 0;
    let maxBitRate = type === 'ipc' || type === 'cpe' ? 100 : 1000;
    if (type === 'switch') {
      name = `Port${i + 1}`;
      up = i < 2 || this.rng.chance(0.6);
    } else if (type === 'router' || type === 'wrouter') {
      name = i === 0 ? 'WAN' : `LAN${i}`;
      up = i === 0 || this.rng.chance(0.5);
    } else if (type === 'mesh') {
      name = i === 0 ? 'WAN' : `LAN${i}`;
      // secondaries reach the primary over the air
      up = i === 0 ? this.spec.meshRole === 'primary' : this.rng.chance(0.4);
    }
    // a cable to another device of the fleet is up at the speed both ends negotiated
    const cable = this.spec.links?.find((l) => l.port === i);
    if (cable) {
      up = true;
      maxBitRate = cable.speed;
    }
    if (!up) maxBitRate = 1000;
    return { name, up, maxBitRate, poe };
  }

  private populate(): void {
    this.clients = [];
    const initial = this.radios.length ? this.rng.int(Math.floor(this.clientMean / 2), Math.ceil(this.clientMean * 1.5)) : 0;
    for (let i = 0; i < initial; i++) this.clients.push(this.newClient());
    this.wired = [];
    // what sits behind a LAN port: APs and cameras on a switch, PCs on a router
    this.ports.forEach((port, index) => {
      // port 1 is the uplink towards the site's gateway
      if (!port.up || index === 0 || this.spec.links?.some((l) => l.port === index)) return;
      this.wired.push({ id: this.nextId++, mac: this.randomMac(), ip: this.clientIp(), hostName: this.rng.pick(HOST_NAMES), port: index, rate: this.rng.int(2_000, 400_000) });
    });
  }

  private newClient(): WifiClient {
    const radio = this.rng.int(0, this.radios.length - 1);
    return {
      id: this.nextId++,
      mac: this.randomMac(),
      ip: this.clientIp(),
      hostName: this.rng.pick(HOST_NAMES),
      signal: this.rng.int(-80, -38),
      radio,
      ssid: this.rng.int(0, this.ssids.length - 1),
      rate: this.rng.int(1_000, 250_000),
    };
  }

  /** phones and laptops use random, locally administered MACs nowadays */
  private randomMac(): string {
    const bytes = [(this.rng.int(0, 63) << 2) | 0x02];
    for (let i = 0; i < 5; i++) bytes.push(this.rng.int(0, 255));
    return bytes.map((b) => b.toString(16).toUpperCase().padStart(2, '0')).join(':');
  }

  private clientIp(): string {
    const prefix = this.ip.split('.').slice(0, 3).join('.');
    return `${prefix}.${this.rng.int(100, 250)}`;
  }
}

function clamp(v: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, v));
}
