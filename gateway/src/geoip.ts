// Where a public IP is (docs/decisions/datascreen.md): an offline lookup in the GeoLite2-derived
// database that the npm package fast-geoip ships (code MIT; data by MaxMind under the GeoLite2 End
// User License Agreement: attribution, kept up to date, never to locate a person). No network
// lookup at run time. Private, shared, loopback and documentation ranges, and anything the
// database does not know, are "unknown" (empty strings).
import { isIPv4 } from 'node:net';
import { UNKNOWN_LOCATION, type IpLocation } from './store/activations.js';

/** IPv4 ranges that are not a place on the internet: [first octets as a number, prefix length] */
const NOT_PUBLIC: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
];

const toInt = (ip: string) => ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);

export function isPublicIpv4(ip: string): boolean {
  if (!isIPv4(ip)) return false;
  const n = toInt(ip);
  return !NOT_PUBLIC.some(([base, bits]) => {
    const size = 2 ** (32 - bits);
    const start = toInt(base);
    return n >= start && n < start + size;
  });
}

type Lookup = (ip: string) => Promise<{ country: string; region: string; city: string } | null>;
let lookup: Promise<Lookup> | undefined;

/**
 * Addresses located lately. The devices of a site share its public address, and each lookup opens and
 * reads four of the database's files: at 5,000 devices connecting, 5.7 s of the gateway's time went to
 * those reads (docs/performance.md). The data changes with a release of the package, not at run time.
 */
const located = new Map<string, Promise<IpLocation>>();
const LOCATED_MAX = 10_000;

async function lookUp(ip: string): Promise<IpLocation> {
  lookup ??= import('fast-geoip').then((m) => (m.default as unknown as { lookup: Lookup }).lookup);
  try {
    const hit = await (await lookup)(ip);
    if (!hit || !/^[A-Z]{2}$/.test(hit.country)) return UNKNOWN_LOCATION;
    return { country: hit.country, state: hit.region ?? '', city: hit.city ?? '' };
  } catch {
    return UNKNOWN_LOCATION;
  }
}

/** The location of a public IPv4 address; unknown for anything else or when the database has no entry. */
export function locateIp(ip: string): Promise<IpLocation> {
  if (!isPublicIpv4(ip)) return Promise.resolve(UNKNOWN_LOCATION);
  const known = located.get(ip);
  if (known) return known;
  // a bounded memory: the oldest address goes first
  if (located.size >= LOCATED_MAX) located.delete(located.keys().next().value!);
  const found = lookUp(ip);
  located.set(ip, found);
  return found;
}
