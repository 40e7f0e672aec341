import { describe, expect, it } from 'vitest';
import { STORED_FILE_NAME_MAX, storedFileName } from './stored-file-name.js';

describe('storedFileName', () => {
  it.each([
    ['a plain name', 'fw-1.2.bin', 'fw-1.2.bin'],
    ['a relative path up', '../../etc/passwd.bin', 'passwd.bin'],
    ['a Windows path', '..\\..\\x.bin', 'x.bin'],
    ['an absolute path', '/tmp/x.bin', 'x.bin'],
    ['NUL bytes', 'evil\0.sh\0.bin', 'evil.sh.bin'],
    ['a right-to-left override', 'evil\u202Eexe.bin', 'evilexe.bin'],
    ['only dots', '..', ''],
    ['a trailing separator', 'dir/', ''],
  ])('%s', (_name, input, stored) => {
    expect(storedFileName(input)).toBe(stored);
  });

  it('keeps the extension of a name cut to 255 characters', () => {
    const stored = storedFileName(`${'a'.repeat(4000)}.bin`);
    expect(stored).toHaveLength(STORED_FILE_NAME_MAX);
    expect(stored.endsWith('.bin')).toBe(true);
  });
});
