// Device secrets and other broker passwords are stored only as salted scrypt hashes, encoded
// `scrypt$N$r$p$salt$hash` (salt and hash base64url) so the cost can be raised later without
// breaking stored hashes. node:crypto's async scrypt runs on the libuv pool, off the event loop.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// Device secrets are machine-made, 16–64 characters: a cost of 2^12 (~4 ms) keeps a fleet's first
// logins and a 500-device registration quick while a stolen hash still costs real work per guess.
const N = 4096;
const R = 8;
const P = 1;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
// A hash that asks for more than this is not one of ours; refuse it rather than burn memory.
const MAX_MEM = 64 * 1024 * 1024;

function derive(secret: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(secret, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(secret, salt, KEY_BYTES, { N, r: R, p: P, maxmem: MAX_MEM });
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** False for a wrong secret and for a hash this module cannot read; never throws on bad input. */
export async function verifySecret(secret: string, hash: string): Promise<boolean> {
  const parts = hash.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const salt = Buffer.from(parts[4]!, 'base64url');
  const expected = Buffer.from(parts[5]!, 'base64url');
  if (!Number.isSafeInteger(n) || !Number.isSafeInteger(r) || !Number.isSafeInteger(p)) return false;
  if (n < 2 || (n & (n - 1)) !== 0 || r < 1 || p < 1 || 128 * n * r > MAX_MEM) return false;
  if (salt.length === 0 || expected.length < 16) return false;
  let key: Buffer;
  try {
    key = await derive(secret, salt, expected.length, { N: n, r, p, maxmem: MAX_MEM });
  } catch {
    return false;
  }
  return timingSafeEqual(key, expected);
}
