import { describe, expect, it } from 'vitest';
import { TIME_ZONES, zoneOffsetMinutes } from '../domain/project.js';
import { repeat, ruleTable } from '../testing/rule-cases.js';

ruleTable('projectName', [
  ['1 char', 'A', null],
  ['18 chars: the maximum', repeat('p', 18), null],
  ['19 chars', repeat('p', 19), 'length'],
  ['18 CJK characters', repeat('酒', 18), null],
  ['19 CJK characters', repeat('酒', 19), 'length'],
  ['empty', '', 'required'],
  ['only spaces', '   ', 'required'],
  ['absent', undefined, 'required'],
]);

ruleTable('subtitle', [
  ['empty is fine', '', null],
  ['30 chars: the maximum', repeat('s', 30), null],
  ['31 chars', repeat('s', 31), 'length'],
]);

ruleTable('timeZone', [
  ['default +8', '+8', null],
  ['-12: the west end', '-12', null],
  ['+14: the east end', '+14', null],
  ['-13: beyond the west end', '-13', 'format'],
  ['+15: beyond the east end', '+15', 'format'],
  ['half hour -3.5', '-3.5', null],
  ['three quarters +5.75', '+5.75', null],
  ['+0', '+0', null],
  ['no sign', '8', 'format'],
  ['+8.3 is no zone', '+8.3', 'format'],
  ['+8:00 spelling', '+8:00', 'format'],
  ['a number', 8, 'required'],
]);

ruleTable('scenario', [
  ['hotel', 'hotel', null],
  ['supermarket-mall', 'supermarket-mall', null],
  ['smart-home', 'smart-home', null],
  ['label instead of id', 'Smart home', 'required'],
]);

ruleTable('netMode', [
  ['WLAN 0', 0, null],
  ['MESH 1', 1, null],
  ['2', 2, 'required'],
  ['"0" text', '0', 'required'],
]);

ruleTable('projectRight', [
  ['rw', 'rw', null],
  ['r', 'r', null],
  ['w', 'w', 'required'],
]);

describe('time zones', () => {
  it('span UTC-12 to UTC+14 in order', () => {
    const offsets = TIME_ZONES.map((z) => zoneOffsetMinutes(z) ?? Number.NaN);
    expect(offsets[0]).toBe(-720);
    expect(offsets.at(-1)).toBe(840);
    expect([...offsets].sort((a, b) => a - b)).toEqual(offsets);
  });
  it('reads +5.75 as 345 minutes', () => expect(zoneOffsetMinutes('+5.75')).toBe(345));
});
