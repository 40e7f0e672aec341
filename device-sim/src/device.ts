// The simulated hardware behind one agent: radios, SSIDs, Wi-Fi clients, Ethernet ports, wired
// hosts and counters, and how they drift over time. The TR-181 view of it is in tr181.ts.
import { modelTraits, type DeviceSpec } from './specs.js';
import { hash32, Random } from './random.js';

export type Band = '2.4GHz' | '5GHz';

export interface Radio {
  band: Band;
  channel: number;
  /** percent of the maximum (TR-181 TransmitPower) */
  power: number;
  /** dBm a controller set (X_AIRLOOM_TransmitPowerdBm); overrides `power` */
  dbm?: number;
  /** MHz (TR-181 OperatingChannelBandwidth) */
  widthMhz?: number;
  /** dBm at 100 % (the radio's regulatory maximum) */
  maxPowerDbm: number;
  /** dBm, wobbles around `baseNoise` */
  noise: number;
  baseNoise: number;
  /** TR-181 Radio.{i}.Stats counters, from its clients' traffic */
  bytesSent: number;
  bytesReceived: number;
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
  /** index into ssids (the device's own SSIDs) */
  ssid: number;
  /** the SSID instance of a controller's Wi-Fi it joined instead (`Device.WiFi.SSID.5.`; see Wlan) */
  wlan?: string;
  /** bytes/s it moves */
  rate: number;
  /** bytes the AP sent it / received from it since it associated (TR-181 AssociatedDevice.{i}.Stats.) */
  bytesSent: number;
  bytesReceived: number;
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
  /** TR-181 Ethernet.Interface.{i}.Stats counters */
  bytesSent: number;
  bytesReceived: number;
}

/** A mesh secondary's wireless link towards the primary, as it measures it. */
export interface Backhaul {
  parentSn: string;
  hops: number;
  /** dBm of the parent's signal */
  signal: number;
  /** Mbit/s of the last data rate towards the parent */
  rate: number;
  /** the mesh's main Wi-Fi it joined with (X_AIRLOOM_MeshBackhaul.SSID); unset until a re-networking */
  ssid?: string;
}

/**
 * A Wi-Fi network a controller configured on the device (a wireless policy on one band: one
 * `Device.WiFi.SSID.{i}.` and its `AccessPoint.{i}.`, docs/wireless.md). Clients join and leave it like
 * the device's own SSIDs, within its MaxAssociatedDevices; nobody joins it while it is off or hidden.
 */
export interface Wlan {
  /** its SSID instance, `Device.WiFi.SSID.5.` */
  ssidPath: string;
  /** its AccessPoint instance, `Device.WiFi.AccessPoint.5.` */
  apPath: string;
  /** index into radios */
  radio: number;
  name: string;
  /** Enable of the SSID and of its AccessPoint */
  enabled: boolean;
  /** SSIDAdvertisementEnabled false */
  hidden: boolean;
  maxClients: number;
  /** X_AIRLOOM_ShutdownSchedule: `HH:MM-HH:MM` periods, comma-separated, during which it is off */
  schedule: string;
  /** enabled and outside its shutdown periods right now: it transmits */
  on: boolean;
}

/** Minutes since midnight UTC (the simulated devices' clock runs on UTC; docs/decisions/wireless.md). */
function minuteOfDay(now: number): number {
  const d = new Date(now);
  return d.getUTCHours() * 60 + d.getUTCMinutes();
}

/** Whether `now` falls in one of the shutdown periods (`08:00-10:00,12:00-13:00`; a period ends before its end minute). */
export function inShutdown(schedule: string, now: number): boolean {
  const m = minuteOfDay(now);
  const toMin = (hhmm: string) => {
    const [h, mm] = hhmm.split(':').map(Number);
    return (h ?? 0) * 60 + (mm ?? 0);
  };
  return schedule
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .some((p) => {
      const [a, b] = p.split('-');
      if (!a || !b) return false;
      const start = toMin(a);
      const end = toMin(b);
      return start <= end ? m >= start && m < end : m >= start || m < end;
    });
}

/** Transmit power in dBm for a percentage of the radio's maximum (power halves every 3 dB). */
export function powerDbm(radio: Pick<Radio, 'power' | 'maxPowerDbm' | 'dbm'>): number {
  if (radio.dbm !== undefined) return radio.dbm;
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

/**
 * Where a client is, as people name their things in a hotel or an office: a room number or the AP's
 * place ("Room-214-iPhone", "Lobby-Galaxy-S24", "Front-desk-PC"). From the MAC's hash, so the
 * simulation's random draws stay as they were.
 */
function placedName(hostName: string, mac: string, deviceName: string): string {
  const h = hash32(mac);
  const place = deviceName.replace(/^AP-/, '').replace(/[^A-Za-z0-9-]/g, '') || 'Office';
  const prefix = h % 3 === 0 ? place : h % 3 === 1 ? `Room-${100 * (1 + ((h >>> 4) % 4)) + ((h >>> 8) % 30) + 1}` : h % 2 ? 'Front-desk' : 'Staff';
  return `${prefix}-${hostName}`.slice(0, 64);
}

/** how many clients that left a device it remembers (they may come back) */
const DEPARTED_MAX = 16;

/** kbit/s a client's last data frames ran at, for its signal (a rough 802.11ac 1x1/2x2 mix) */
function dataRateKbps(signal: number, uplink: boolean): number {
  const mbit = rateFor(signal) / (uplink ? 2 : 1);
  return Math.round(mbit * 1000);
}

/** How many clients a device of this kind has around on an ordinary day. */
const CLIENT_MEAN: Record<string, number> = { ap: 8, router: 5, wrouter: 5, v7: 6, mesh: 4, cpe: 1 };

const SSIDS_BY_TYPE: Record<string, string[]> = {
  mesh: ['Airloom-Home'],
  cpe: ['Airloom-Bridge'],
};
const DEFAULT_SSIDS = ['Airloom-Office', 'Airloom-Guest'];

export class SimDevice {
  readonly spec: DeviceSpec;
  /**
   * TR-181 Device.DeviceInfo.FirmwareImage.{i}: two images (A/B banks, the USP firmware-management
   * appendix); the device runs `activeImage` (1-based) and reports its Version as SoftwareVersion
   */
  readonly firmwareImages: { version: string; status: 'Available' | 'NoImage' | 'Downloading' | 'Validating' | 'DownloadFailed' | 'ValidationFailed' }[];
  activeImage = 1;
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
  /** clients that left (or were sent away): some come back later with the same MAC */
  departed: WifiClient[] = [];
  /** the controller's Wi-Fi networks on this device (setWlans) */
  wlans: Wlan[] = [];
  /** MACs no AccessPoint of this device lets associate (vendor X_AIRLOOM_DeniedMACAddress) */
  denied: ReadonlySet<string> = new Set();
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
    this.firmwareImages = [{ version: traits.softwareVersion, status: 'Available' }, { version: '', status: 'NoImage' }];
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
        bytesSent: 0,
        bytesReceived: 0,
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

  /** the version of the image it runs (Device.DeviceInfo.SoftwareVersion) */
  get softwareVersion(): string {
    return this.firmwareImages[this.activeImage - 1]?.version ?? '';
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
    for (const x of [...this.radios, ...this.ports]) {
      x.bytesSent = 0;
      x.bytesReceived = 0;
    }
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

  /**
   * Percent of the time the radio's channel is busy (TR-181 Radio.{i}.ChannelUtilization): its own
   * clients' airtime and what the noise above its floor says of the neighbours (no dice).
   */
  channelUtilization(radio: number): number {
    const r = this.radios[radio];
    if (!r) return 0;
    const mine = this.clients.filter((c) => c.radio === radio);
    const rate = mine.reduce((s, c) => s + c.rate, 0);
    return Math.min(100, Math.round(5 + mine.length * 3 + rate / 40_000 + (r.noise - r.baseNoise + 3) * 2));
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
    for (const c of this.clients) {
      c.bytesSent += Math.round(c.rate * 0.8 * seconds);
      c.bytesReceived += Math.round(c.rate * 0.2 * seconds);
    }
    // the same bytes by where they pass: a client's radio, a wired host's port, and all of it on the uplink (port 1)
    this.radios.forEach((radio, i) => {
      const r = this.clients.filter((c) => c.radio === i).reduce((s, c) => s + c.rate, 0);
      radio.bytesSent += Math.round(r * 0.8 * seconds);
      radio.bytesReceived += Math.round(r * 0.2 * seconds);
    });
    this.ports.forEach((port, i) => {
      if (!port.up) return;
      const r = i === 0 ? rate : this.wired.filter((h) => h.port === i).reduce((s, h) => s + h.rate, 0);
      // towards the uplink the device receives what its clients download
      port.bytesSent += Math.round(r * (i === 0 ? 0.2 : 0.8) * seconds);
      port.bytesReceived += Math.round(r * (i === 0 ? 0.8 : 0.2) * seconds);
    });

    // a shutdown period that began or ended since the last step
    if (this.wlans.length) this.setWlans(this.wlans, now);
    if (this.radios.length) {
      const n = this.clients.length;
      const r = this.rng.next();
      if (r < 0.3 && n < this.clientMean * 3) {
        const joining = this.newClient();
        // now and then one that left comes back instead (same MAC and name, a new association), to a network that takes it
        const back = joining.id % 3 === 0 ? this.departed.findIndex((d) => !this.denied.has(d.mac) && (!d.wlan || this.openWlan(d.wlan))) : -1;
        if (back >= 0) {
          const [again] = this.departed.splice(back, 1);
          this.clients.push({ ...again!, id: joining.id, signal: joining.signal, bytesSent: 0, bytesReceived: 0 });
        } else if (!this.denied.has(joining.mac)) this.clients.push(joining);
      } else if (r < 0.6 && n > 0 && (n > this.clientMean || this.rng.chance(0.4))) {
        this.depart(this.clients.splice(this.rng.int(0, n - 1), 1));
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

  /**
   * The controller's Wi-Fi networks as its configuration now says (and the clock: shutdown periods).
   * Clients of a network that is gone, renamed, disabled, hidden or in a shutdown period leave it
   * (they are remembered and may come back once it takes them again); a full one takes nobody new.
   */
  setWlans(next: readonly Omit<Wlan, 'on'>[], now = Date.now()): void {
    const before = new Map(this.wlans.map((w) => [w.ssidPath, w]));
    this.wlans = next.map((w) => ({ ...w, on: w.enabled && !inShutdown(w.schedule, now) }));
    const byPath = new Map(this.wlans.map((w) => [w.ssidPath, w]));
    const out = this.clients.filter((c) => {
      if (!c.wlan) return false;
      const w = byPath.get(c.wlan);
      const was = before.get(c.wlan);
      return !w || !w.on || w.hidden || w.radio !== c.radio || (was !== undefined && was.name !== w.name);
    });
    if (out.length) {
      this.clients = this.clients.filter((c) => !out.includes(c));
      this.depart(out);
    }
  }

  /** a controller's network a client may join now: on the air, broadcast and not full */
  private openWlan(ssidPath: string): Wlan | undefined {
    const w = this.wlans.find((x) => x.ssidPath === ssidPath);
    if (!w || !w.on || w.hidden) return undefined;
    return this.clients.filter((c) => c.wlan === ssidPath).length < w.maxClients ? w : undefined;
  }

  /**
   * Disassociates a client (a force offline: vendor Disassociate()); on `apRadio`/`apSsid` only when
   * given. It is remembered and may come back later unless denied. Returns whether it was there.
   */
  disassociate(mac: string, ap?: { radio: number; ssid: number } | { wlan: string }): boolean {
    const i = this.clients.findIndex((c) => c.mac === mac && (!ap || ('wlan' in ap ? c.wlan === ap.wlan : !c.wlan && c.radio === ap.radio && c.ssid === ap.ssid)));
    if (i < 0) return false;
    this.depart(this.clients.splice(i, 1));
    return true;
  }

  /** The deny list (the blacklist the console delivers): denied clients are disconnected at once and cannot join. */
  deny(macs: ReadonlySet<string>): void {
    this.denied = macs;
    const out = this.clients.filter((c) => macs.has(c.mac));
    if (out.length) {
      this.clients = this.clients.filter((c) => !macs.has(c.mac));
      this.depart(out);
    }
  }

  /** The TR-181 data rates of a client: LastDataDownlinkRate / LastDataUplinkRate, kbit/s. */
  static dataRates(c: Pick<WifiClient, 'signal'>): { down: number; up: number } {
    return { down: dataRateKbps(c.signal, false), up: dataRateKbps(c.signal, true) };
  }

  private depart(gone: WifiClient[]): void {
    this.departed.push(...gone);
    if (this.departed.length > DEPARTED_MAX) this.departed.splice(0, this.departed.length - DEPARTED_MAX);
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
    return { name, up, maxBitRate, poe, bytesSent: 0, bytesReceived: 0 };
  }

  private populate(): void {
    this.clients = [];
    const initial = this.radios.length ? this.rng.int(Math.floor(this.clientMean / 2), Math.ceil(this.clientMean * 1.5)) : 0;
    for (let i = 0; i < initial; i++) this.clients.push(this.newClient());
    this.clients = this.clients.filter((c) => !this.denied.has(c.mac));
    this.wired = [];
    // what sits behind a LAN port: APs and cameras on a switch, PCs on a router
    this.ports.forEach((port, index) => {
      // port 1 is the uplink towards the site's gateway
      if (!port.up || index === 0 || this.spec.links?.some((l) => l.port === index)) return;
      const mac = this.randomMac();
      this.wired.push({ id: this.nextId++, mac, ip: this.clientIp(), hostName: placedName(this.rng.pick(HOST_NAMES), mac, this.spec.name), port: index, rate: this.rng.int(2_000, 400_000) });
    });
  }

  private newClient(): WifiClient {
    const radio = this.rng.int(0, this.radios.length - 1);
    const id = this.nextId++;
    const mac = this.randomMac();
    const ip = this.clientIp();
    const hostName = placedName(this.rng.pick(HOST_NAMES), mac, this.spec.name);
    const signal = this.rng.int(-80, -38);
    const ssid = this.rng.int(0, this.ssids.length - 1);
    const rate = this.rng.int(1_000, 250_000);
    // with the controller's networks on the air, a client picks one of them or one of the device's own
    // (one more draw only then, so a device without them lives as it did)
    const open = this.wlans.filter((w) => w.radio === radio && this.openWlan(w.ssidPath));
    const pick = open.length ? this.rng.int(0, open.length + this.ssids.length - 1) : -1;
    const wlan = pick >= 0 && pick < open.length ? open[pick]!.ssidPath : undefined;
    // it was around for a while before this report: what it moved meanwhile (from the MAC, no draw)
    const earlier = (hash32(`${mac}:bytes`) % 600) * rate;
    return { id, mac, ip, hostName, signal, radio, ssid: this.ssids.length ? ssid : 0, ...(wlan ? { wlan } : {}), rate, bytesSent: Math.round(earlier * 0.8), bytesReceived: Math.round(earlier * 0.2) };
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
