import { describe, expect, it } from 'vitest';
import { hashSecret, verifySecret } from './credentials.js';

describe('device secret hashing', () => {
  it('accepts the registered secret and refuses any other', async () => {
    const hash = await hashSecret('correct-horse-battery-staple');
    expect(hash).toMatch(/^scrypt\$4096\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await verifySecret('correct-horse-battery-staple', hash)).toBe(true);
    expect(await verifySecret('correct-horse-battery-stapl', hash)).toBe(false);
    expect(await verifySecret('', hash)).toBe(false);
  });

  it('salts every hash, so two devices with the same secret do not share a hash', async () => {
    const [a, b] = await Promise.all([hashSecret('same-secret-16chars'), hashSecret('same-secret-16chars')]);
    expect(a).not.toBe(b);
    expect(await verifySecret('same-secret-16chars', b)).toBe(true);
  });

  it('refuses malformed or hostile hashes without throwing', async () => {
    const good = await hashSecret('some-secret-value');
    const parts = good.split('$');
    for (const bad of [
      '',
      'plain-text-password',
      good.replace('scrypt', 'bcrypt'),
      [...parts.slice(0, 1), '1048576', '64', ...parts.slice(3)].join('$'), // 8 GB of memory
      [...parts.slice(0, 1), '1000', ...parts.slice(2)].join('$'), // N not a power of two
      [...parts.slice(0, 5), 'AAAA'].join('$'), // truncated hash
    ]) {
      expect(await verifySecret('some-secret-value', bad)).toBe(false);
    }
  });
});
