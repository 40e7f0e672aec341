import { describe, expect, it } from 'vitest';
import { isProjectZone, namedZones, offsetLabel, TIME_ZONES, zoneOffsetMinutes } from '../domain/project.js';
import { repeat, ruleTable } from '../testing/rule-cases.js';
import { projectNameKey } from './project.js';

ruleTable('projectName', [
  ['1 char', 'A', null],
  ['18 chars: the maximum', repeat('p', 18), null],
  ['19 chars', repeat('p', 19), 'length'],
  ['18 CJK characters', repeat('酒', 18), null],
  ['19 CJK characters', repeat('酒', 19), 'length'],
  ['empty', '', 'required'],
  ['only spaces', '   ', 'required'],
  ['absent', undefined, 'required'],
  ['spaces inside a name', 'Main Office', null],
  ['an emoticon, refused as in every name field', 'Office😀', 'emoticon'],
  ['a flag emoticon', 'Office🇨🇳', 'emoticon'],
]);

describe('project names compare without regard to case (spec §5, docs/decisions/contracts.md)', () => {
  it('gives "Office" and "OFFICE" one key, and "Office 2" another', () => {
    expect(projectNameKey('Office')).toBe(projectNameKey('OFFICE'));
    expect(projectNameKey('Office 2')).not.toBe(projectNameKey('Office'));
  });
});

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
  ['named zone Europe/Lisbon', 'Europe/Lisbon', null],
  ['three-part name', 'America/Argentina/Buenos_Aires', null],
  ['UTC', 'UTC', null],
  ['unknown name', 'Mars/Olympus_Mons', 'format'],
  ['lower-case spelling', 'europe/lisbon', 'format'],
  ['an abbreviation is no zone', 'CET1', 'format'],
  ['too long', `Europe/${'x'.repeat(64)}`, 'format'],
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
  it('named zones follow daylight saving time', () => {
    const january = new Date('2026-01-15T12:00:00Z');
    const july = new Date('2026-07-15T12:00:00Z');
    expect([zoneOffsetMinutes('Europe/Lisbon', january), zoneOffsetMinutes('Europe/Lisbon', july)]).toEqual([0, 60]);
    expect([zoneOffsetMinutes('Australia/Sydney', january), zoneOffsetMinutes('Australia/Sydney', july)]).toEqual([660, 600]);
    expect([zoneOffsetMinutes('Asia/Kolkata', january), zoneOffsetMinutes('Asia/Kolkata', july)]).toEqual([330, 330]);
    expect(zoneOffsetMinutes('America/St_Johns', january)).toBe(-210);
    expect(zoneOffsetMinutes('Mars/Olympus_Mons')).toBeNull();
  });
  it('labels offsets as UTC±h[:mm]', () => {
    expect([offsetLabel(345), offsetLabel(-210), offsetLabel(480), offsetLabel(0)]).toEqual(['UTC+5:45', 'UTC-3:30', 'UTC+8', 'UTC+0']);
  });
  it('lists the named zones the runtime knows, every one valid', () => {
    const zones = namedZones();
    expect(zones).toContain('Europe/Lisbon');
    expect(zones.length).toBeGreaterThan(300);
    expect(zones.every(isProjectZone)).toBe(true);
  });
});
