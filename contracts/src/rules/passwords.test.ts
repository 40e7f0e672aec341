import { describe, expect, it } from 'vitest';
import { passwordClassCount } from './passwords.js';
import { repeat, ruleTable } from '../testing/rule-cases.js';

ruleTable('devicePassword', [
  ['7 chars, three classes', 'Abcdef1', 'length'],
  ['8 chars, three classes: the minimum', 'Abcdefg1', null],
  ['64 chars: our maximum', `Aa1${repeat('x', 61)}`, null],
  ['65 chars', `Aa1${repeat('x', 62)}`, 'length'],
  ['upper + lower only', 'Abcdefgh', 'classes'],
  ['lower + digit only', 'abcdefg1', 'classes'],
  ['digit + special only', '1234567!', 'classes'],
  ['upper + lower + digit', 'Abcdefg1', null],
  ['upper + lower + special', 'Abcdefg!', null],
  ['lower + digit + special', 'abcdef1_', null],
  ['upper + digit + special', 'ABCDEF1@', null],
  ['all four classes', 'Ab1!Ab1!', null],
  ...[...'!#$%&*+,-.:;=@^_'].map((c) => [`special ${c} counts as a class`, `abcdef1${c}`, null] as const),
  ['space is not allowed', 'Abc def1', 'chars'],
  ['? is not in the special set', 'Abcdef1?', 'chars'],
  ['( is not in the special set', 'Abcdef1(', 'chars'],
  ['non-ASCII letter is not allowed', 'Äbcdefg1', 'chars'],
  ['empty', '', 'length'],
]);

ruleTable('wifiPassword', [
  ['7 printable', 'abcdefg', 'length'],
  ['8 printable: the minimum', 'abcdefgh', null],
  ['63 printable: the maximum', repeat('p', 63), null],
  ['64 printable, not hex', repeat('p', 64), 'hex'],
  ['64 hex digits', repeat('a1', 32), null],
  ['64 upper-case hex digits', repeat('F0', 32), null],
  ['65 hex digits', repeat('a', 65), 'length'],
  ['8 hex digits', 'deadbeef', null],
  ['spaces are printable', 'my wifi pass', null],
  ['tilde is printable', '~~~~~~~~', null],
  ['tab is not printable', 'abc\tdefgh', 'chars'],
  ['non-ASCII', 'pässwörd', 'chars'],
  ['number', 12345678, 'required'],
]);

ruleTable('wirelessSecurity', [
  ['none without cipher', { mode: 0 }, null],
  ['none with a cipher', { mode: 0, cipher: 'aes' }, 'cipher'],
  ['WPA-PSK tkip', { mode: 1, cipher: 'tkip' }, null],
  ['WPA-PSK tkip+aes', { mode: 1, cipher: 'tkip+aes' }, 'cipher'],
  ['WPA2-PSK tkip+aes', { mode: 2, cipher: 'tkip+aes' }, null],
  ['WPA2-PSK without cipher', { mode: 2 }, 'cipher'],
  ['WPA3-SAE aes', { mode: 3, cipher: 'aes' }, null],
  ['WPA3-SAE tkip', { mode: 3, cipher: 'tkip' }, 'cipher'],
  ['WPA3-SAE/WPA2-PSK tkip', { mode: 4, cipher: 'tkip' }, 'cipher'],
  ['WPA/WPA2-PSK tkip+aes', { mode: 6, cipher: 'tkip+aes' }, null],
  ['mode 9 does not exist', { mode: 9 }, 'required'],
]);

describe('passwordClassCount', () => {
  it.each([
    ['abc', 1],
    ['aB', 2],
    ['aB1', 3],
    ['aB1_', 4],
  ])('%s uses %i classes', (pw, n) => expect(passwordClassCount(pw)).toBe(n));
});
