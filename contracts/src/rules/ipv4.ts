// IPv4 arithmetic shared by the address rules (no rule lives here, only how addresses are read).

/** A dotted quad as an unsigned 32-bit number, or null. Leading zeros are refused (octal doubt). */
export function parseIpv4(value: string): number | null {
  const parts = value.split('.');
  if (parts.length !== 4) return null;
  let n = 0;
  for (const part of parts) {
    if (!/^(0|[1-9][0-9]{0,2})$/.test(part)) return null;
    const octet = Number(part);
    if (octet > 255) return null;
    n = n * 256 + octet;
  }
  return n;
}

/** The network part of an address for a prefix length 0–32. */
export function networkOf(address: number, prefix: number): number {
  const size = 2 ** (32 - prefix);
  return Math.floor(address / size) * size;
}

/** Whether two prefixes share any address. */
export function prefixesOverlap(a: number, aPrefix: number, b: number, bPrefix: number): boolean {
  const p = Math.min(aPrefix, bPrefix);
  return networkOf(a, p) === networkOf(b, p);
}

// RFC 1918 private ranges (spec §5: management IP lies in one of the three private ranges)
const PRIVATE: ReadonlyArray<readonly [number, number]> = [
  [parseIpv4('10.0.0.0') ?? 0, 8],
  [parseIpv4('172.16.0.0') ?? 0, 12],
  [parseIpv4('192.168.0.0') ?? 0, 16],
];

export function isPrivateIpv4(address: number): boolean {
  return PRIVATE.some(([net, prefix]) => networkOf(address, prefix) === net);
}
