import { describe, expect, it } from 'vitest';
import { hourLabel, zoneLabel } from './schedule-summary';

describe('the schedule sentence', () => {
  it('names a fixed zone as UTC±h[:mm] and a named zone by its name', () => {
    expect(zoneLabel('+8')).toBe('UTC+8');
    expect(zoneLabel('-3.5')).toBe('UTC−3:30');
    expect(zoneLabel('+5.75')).toBe('UTC+5:45');
    expect(zoneLabel('+0')).toBe('UTC');
    expect(zoneLabel('Europe/Lisbon')).toBe('Europe/Lisbon');
  });

  it('writes the hour as a clock does', () => {
    expect(hourLabel(3)).toBe('03:00');
    expect(hourLabel(22)).toBe('22:00');
  });
});
