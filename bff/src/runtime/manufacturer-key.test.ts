import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureManufacturerKey } from './manufacturer-key.js';

describe('manufacturer key of the embedded setup', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'airloom-key-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is made once, readable by the owner only, and kept across restarts', () => {
    const first = ensureManufacturerKey(dir);
    expect(first.key.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(first.file, 'utf8').trim()).toBe(first.key);
    expect(statSync(first.file).mode & 0o777).toBe(0o600);
    expect(ensureManufacturerKey(dir).key).toBe(first.key);
  });

  it('replaces a key too short to be safe', () => {
    const file = path.join(dir, 'manufacturer.key');
    writeFileSync(file, 'short\n', { mode: 0o644 });
    const { key } = ensureManufacturerKey(dir);
    expect(key).not.toBe('short');
    expect(key.length).toBeGreaterThanOrEqual(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
