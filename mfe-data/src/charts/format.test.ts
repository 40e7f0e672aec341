import { describe, expect, it } from 'vitest';
import { formatBytes, formatRate, formatValue, uptimeParts } from './format';

describe('statistics figures', () => {
  it('writes sizes in KB, MB and GB with 2 decimals (spec §9)', () => {
    expect(formatBytes(512)).toBe('512.00 B');
    expect(formatBytes(1536)).toBe('1.50 KB');
    expect(formatBytes(5 * 1024 ** 2 + 1024 ** 2 / 3)).toBe('5.33 MB');
    expect(formatBytes(2.5 * 1024 ** 3)).toBe('2.50 GB');
    expect(formatRate(2048)).toBe('2.00 KB/s');
  });

  it('writes each unit the API names', () => {
    expect(formatValue(12.345, '%')).toBe('12.35 %');
    expect(formatValue(-91.5, 'dBm')).toBe('-91.50 dBm');
    expect(formatValue(3.456, 'clients')).toBe('3.46');
    expect(formatValue(1024, 'B/s')).toBe('1.00 KB/s');
  });

  it('splits uptime into days, hours and minutes', () => {
    expect(uptimeParts(3 * 86_400 + 4 * 3600 + 5 * 60 + 7)).toEqual({ d: 3, h: 4, m: 5 });
  });
});
