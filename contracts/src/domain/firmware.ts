// The firmware part of the device catalogue (ARCHITECTURE §5): the released images per model (the
// one recommended for each is the model catalogue's `recommendedFirmware`), and the image format a
// device accepts. An uploaded `.bin` is checked by
// its content (this header), not only by its extension (spec §5 "in the allowed format"); the
// format is ours (docs/devices.md "Firmware images"), as the spec names none.
import { LIMITS } from '../limits.js';
import { DEVICE_MODELS } from './models.js';

export interface FirmwareRelease {
  model: string;
  /** the SoftwareVersion the device reports after installing it */
  version: string;
  /** UTC date, YYYY-MM-DD */
  released: string;
  notes: string;
  /** bytes of the image file */
  size: number;
  /** SHA-256 of the image file, hex (published with the release; the device checks its download against it) */
  sha256: string;
}

const MIB = 1024 * 1024;

/** Released images of the demo models, oldest first per model (spec §1 "firmware upgrade"). */
export const FIRMWARE_RELEASES: readonly FirmwareRelease[] = [
  { model: 'AL-GW1200', version: 'V3.2.1', released: '2026-03-02', notes: 'Dual-WAN failover within 3 s; PPPoE reconnect fix.', size: Math.round(14.2 * MIB), sha256: 'b15f52c34ebb4091f4100a242f48cc08018b055a3e626a6106f52f9c71d05e0f' },
  { model: 'AL-GW1200', version: 'V3.3.0', released: '2026-09-14', notes: 'Faster VLAN apply; DHCP lease table survives a reboot; security fixes.', size: Math.round(14.8 * MIB), sha256: 'bd47c01862998d7a117b42aa96ba9bcf6edef6f473007085e6d09d3b87ebcebe' },
  { model: 'AL-WR1800', version: 'V3.1.4', released: '2026-02-10', notes: 'Guest Wi-Fi isolation fix.', size: Math.round(11.5 * MIB), sha256: '080f00da97150473be5d0f70244e8bf0fdafecbd1d513ef4b2648c444564e5f0' },
  { model: 'AL-WR1800', version: 'V3.2.0', released: '2026-08-21', notes: 'WPA3 transition mode; band steering tuned for older phones.', size: Math.round(11.9 * MIB), sha256: '52642017247bdd2467bd4bb9a6fadf47d35360eb4bbf7766d02774971cb91b5d' },
  { model: 'AL-AP620', version: 'V2.4.0', released: '2026-01-19', notes: 'Roaming (802.11k/v) enabled by default.', size: Math.round(9.1 * MIB), sha256: '396ff643b07e7e4469d484e49504cc2d558d4a49583b6a863202c074f18b1775' },
  { model: 'AL-AP620', version: 'V2.5.1', released: '2026-10-03', notes: 'Lower 5 GHz noise floor; client count per band up to 128.', size: Math.round(9.4 * MIB), sha256: '71a2916f78622e16c719976f4708aa13f836826d9c132f5d1547ec3618eda349' },
  { model: 'AL-V7', version: 'V7.0.2', released: '2026-04-07', notes: 'First field release.', size: Math.round(12.0 * MIB), sha256: 'a483006989afee3d713a468ae1dd22750fcffe4527c01506877ba4524fa007fe' },
  { model: 'AL-V7', version: 'V7.1.0', released: '2026-10-20', notes: 'Scheduled reboot keeps clients on the other band.', size: Math.round(12.3 * MIB), sha256: 'ac69d46686b696edc28d9d955b40a4de516e2074bb79f902ca2b9a4c3fd9094d' },
  { model: 'AL-MX300', version: 'V1.8.6', released: '2026-03-28', notes: 'Mesh backhaul re-selection after 30 s of weak signal.', size: Math.round(8.2 * MIB), sha256: '3b164042870c64f38ba0405cfe5b18b29a3fd39965f79bb05688db10a8b52f13' },
  { model: 'AL-MX300', version: 'V1.9.0', released: '2026-09-30', notes: 'Cable-free pairing in one press; fewer hops chosen.', size: Math.round(8.6 * MIB), sha256: 'ba0199feee30ff10fb5b5deb81ee5bbadef513009f18169bacfdb2c67dfeff97' },
  { model: 'AL-CPE510', version: 'V1.2.3', released: '2026-02-25', notes: 'Link distance up to 5 km.', size: Math.round(6.4 * MIB), sha256: 'de1022af2dc57da3fff4aeb0a88b9306a0b9d42b2f8a71d297a40c7e109149c7' },
  { model: 'AL-CPE510', version: 'V1.3.0', released: '2026-08-12', notes: 'Automatic channel width on noisy links.', size: Math.round(6.6 * MIB), sha256: 'a768514128a760dd01ab40ff3c777cf65ed320df1267a61ebdfb2cfbe5533163' },
  { model: 'AL-SW1024P', version: 'V2.0.9', released: '2026-05-05', notes: 'PoE budget shown per port.', size: Math.round(7.7 * MIB), sha256: '4a4e94474699ca6d31a63185af983beac0d106fdd23299007d54b0f6da6b1f03' },
  { model: 'AL-SW1024P', version: 'V2.1.2', released: '2026-10-11', notes: 'PoE port power cycling in 2 s; LLDP neighbours.', size: Math.round(7.9 * MIB), sha256: 'e5c980c62fe5a3568e528d9d12f1c7408bed511714987b1372041988406c0f9c' },
  { model: 'AL-SW1008P', version: 'V2.0.9', released: '2026-05-05', notes: 'PoE budget shown per port.', size: Math.round(5.3 * MIB), sha256: 'ebd376b592e9a4e99af19e89503ed2b0d5aae0b60e502d1ee58b62578243c4f7' },
  { model: 'AL-SW1008P', version: 'V2.1.2', released: '2026-10-11', notes: 'PoE port power cycling in 2 s; LLDP neighbours.', size: Math.round(5.5 * MIB), sha256: '7f973536d0c9ae9a4c94736cda2a63409ce8ed85554f82f2f3ad58761b7ad1ee' },
  { model: 'AL-NVR208', version: 'V4.1.0', released: '2026-06-16', notes: 'Disk health in the device details.', size: Math.round(31.0 * MIB), sha256: '62d1ec57e2e98b6ba25d10dfa3030d8f9f5540a42218489739b28d19f1c5fc18' },
  { model: 'AL-IPC410', version: 'V5.3.2', released: '2026-04-30', notes: 'Night mode switching without flicker.', size: Math.round(18.4 * MIB), sha256: '8cf207fa52bcd1b77dd074b0813f041131ec08329e7e1eb4186c464eadb94327' },
  { model: 'AL-GW3000', version: 'V3.2.1', released: '2026-03-02', notes: 'First release with four WAN lines and SFP uplinks.', size: Math.round(16.1 * MIB), sha256: 'c80d1d77864b56635e1f49e61b0867443a9fab4bf826dea277d464472c39b132' },
  { model: 'AL-AP820', version: 'V2.4.0', released: '2026-01-19', notes: 'Roaming (802.11k/v) enabled by default.', size: Math.round(10.2 * MIB), sha256: '796a50c8f843afd69785ff2d6cc08285f5ba066c59cfb3048dad626fa61d3736' },
  { model: 'AL-SW2052F', version: 'V2.0.9', released: '2026-05-05', notes: 'PoE budget shown per port.', size: Math.round(8.8 * MIB), sha256: '3596dc716d274fa9e7ede42518fba6c63e370019509052a6526366dc18f094a8' },
  { model: 'AL-SW3028X', version: 'V2.0.9', released: '2026-05-05', notes: 'SFP+ uplinks at 10 Gbps.', size: Math.round(8.8 * MIB), sha256: 'e6a0a1e0590b687b696b6e61febae4654d58d5588ac2dbce4deb010175e5708f' },
  { model: 'AL-NVR416', version: 'V4.1.0', released: '2026-06-16', notes: 'Disk health in the device details.', size: Math.round(33.5 * MIB), sha256: '4ff445dd786460b21a6e20e39ee14d0e04ee0fd6eed79b8e0e2b7155d0df5a23' },
  { model: 'AL-IPC820', version: 'V5.3.2', released: '2026-04-30', notes: 'Night mode switching without flicker.', size: Math.round(19.6 * MIB), sha256: '30030f3aed10abc68a744289961f11354efd34dabc3b1657e920c3892ab83449' },
  { model: 'AL-BR500', version: 'V1.2.3', released: '2026-02-25', notes: 'Link distance up to 5 km.', size: Math.round(6.9 * MIB), sha256: 'b6f4647701f2b0ee3aa16de24796857db86488f1582d47c7ff1d01effd150a83' },
  { model: 'AL-IPC410', version: 'V5.4.0', released: '2026-10-01', notes: 'H.265+ at the same bit rate.', size: Math.round(18.9 * MIB), sha256: '91bd07114f05d1c0ea6c4792224815df7b850fd0b4d98a0b19401532fded6c45' },
];

/** The model's releases, newest first. */
export function firmwareReleasesOf(model: string): FirmwareRelease[] {
  return FIRMWARE_RELEASES.filter((r) => r.model === model).reverse();
}

/** The release the console proposes for the model (the model catalogue's), or undefined for a model it does not know. */
export function recommendedFirmware(model: string): FirmwareRelease | undefined {
  const version = DEVICE_MODELS.find((m) => m.model === model)?.recommendedFirmware;
  return FIRMWARE_RELEASES.find((r) => r.model === model && r.version === version);
}

/**
 * Compares two `V<major>.<minor>.<patch>` versions: negative when `a` is older. Versions that do
 * not have that shape compare as text, after every well-formed one.
 */
export function compareFirmwareVersions(a: string, b: string): number {
  const parts = (v: string) => /^V?(\d+)\.(\d+)\.(\d+)$/i.exec(v)?.slice(1).map(Number);
  const pa = parts(a);
  const pb = parts(b);
  if (!pa || !pb) return pa ? -1 : pb ? 1 : a.localeCompare(b);
  for (let i = 0; i < 3; i++) if (pa[i]! !== pb[i]!) return pa[i]! - pb[i]!;
  return 0;
}

/** Whether a device on `current` would get a newer image by upgrading to the recommended one. */
export function needsUpgrade(model: string, current: string): boolean {
  const target = recommendedFirmware(model);
  return target !== undefined && compareFirmwareVersions(current, target.version) < 0;
}

/**
 * The image header (64 bytes, docs/devices.md "Firmware images"):
 * 0–3 magic "ALFW", 4 header format 1, 5–7 zero, 8–39 model (ASCII, NUL-padded),
 * 40–55 version (ASCII, NUL-padded), 56–59 payload length (uint32 big-endian), 60–63 zero.
 * The file is the header followed by exactly that many payload bytes.
 */
export const FIRMWARE_HEADER = { magic: 'ALFW', format: 1, size: 64, modelBytes: 32, versionBytes: 16 } as const;

export type FirmwareHeaderCheck =
  | { ok: true; model: string; version: string; payloadBytes: number }
  | { ok: false; reason: 'too-large' | 'too-small' | 'not-firmware' | 'format' | 'length' };

function ascii(bytes: Uint8Array, from: number, length: number): string | null {
  let out = '';
  for (let i = from; i < from + length; i++) {
    const b = bytes[i]!;
    if (b === 0) break;
    if (b < 0x20 || b > 0x7e) return null;
    out += String.fromCharCode(b);
  }
  return out;
}

/**
 * Checks a firmware file from its first bytes and its total size, so an upload can be refused
 * before it is stored: over 40 MB (spec §9), not an image (a zip or an .exe renamed .bin), an
 * unknown header format, or a length that does not match the header.
 */
export function checkFirmwareHeader(head: Uint8Array, totalBytes: number): FirmwareHeaderCheck {
  if (totalBytes >= LIMITS.firmwareMaxBytes) return { ok: false, reason: 'too-large' };
  if (head.length < FIRMWARE_HEADER.size || totalBytes < FIRMWARE_HEADER.size) return { ok: false, reason: 'too-small' };
  for (let i = 0; i < 4; i++) if (head[i] !== FIRMWARE_HEADER.magic.charCodeAt(i)) return { ok: false, reason: 'not-firmware' };
  if (head[4] !== FIRMWARE_HEADER.format) return { ok: false, reason: 'format' };
  const model = ascii(head, 8, FIRMWARE_HEADER.modelBytes);
  const version = ascii(head, 40, FIRMWARE_HEADER.versionBytes);
  if (!model || !version) return { ok: false, reason: 'format' };
  const payloadBytes = ((head[56]! << 24) >>> 0) + (head[57]! << 16) + (head[58]! << 8) + head[59]!;
  if (FIRMWARE_HEADER.size + payloadBytes !== totalBytes) return { ok: false, reason: 'length' };
  return { ok: true, model, version, payloadBytes };
}

/** The 64-byte header of an image for `model` at `version` with `payloadBytes` bytes after it. */
export function firmwareHeader(model: string, version: string, payloadBytes: number): Uint8Array {
  const head = new Uint8Array(FIRMWARE_HEADER.size);
  for (let i = 0; i < 4; i++) head[i] = FIRMWARE_HEADER.magic.charCodeAt(i);
  head[4] = FIRMWARE_HEADER.format;
  const put = (text: string, at: number, max: number) => {
    if (text.length > max || !/^[\x20-\x7e]*$/.test(text)) throw new RangeError(`not ${max} printable ASCII characters: ${text}`);
    for (let i = 0; i < text.length; i++) head[at + i] = text.charCodeAt(i);
  };
  put(model, 8, FIRMWARE_HEADER.modelBytes);
  put(version, 40, FIRMWARE_HEADER.versionBytes);
  head[56] = (payloadBytes >>> 24) & 0xff;
  head[57] = (payloadBytes >>> 16) & 0xff;
  head[58] = (payloadBytes >>> 8) & 0xff;
  head[59] = payloadBytes & 0xff;
  return head;
}
