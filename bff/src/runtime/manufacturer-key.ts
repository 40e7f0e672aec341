// The embedded setup needs no configuration, yet the manufacturer API needs a key: one is made on
// the first start and kept in DATA_DIR/manufacturer.key (owner-only), where `npm run sim` finds it.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const MIN_LENGTH = 32;

export function ensureManufacturerKey(dataDir: string): { key: string; file: string } {
  const file = path.join(dataDir, 'manufacturer.key');
  if (existsSync(file)) {
    const key = readFileSync(file, 'utf8').trim();
    if (key.length >= MIN_LENGTH) {
      chmodSync(file, 0o600);
      return { key, file };
    }
  }
  const key = randomBytes(32).toString('base64url');
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  chmodSync(file, 0o600); // an existing short file keeps its mode on overwrite
  return { key, file };
}
