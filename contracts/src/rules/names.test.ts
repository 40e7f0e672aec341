import { describe, expect, it } from 'vitest';
import { serialNumber } from './names.js';
import { ruleTable, repeat } from '../testing/rule-cases.js';

ruleTable('name', [
  ['1 char: the minimum', 'a', null],
  ['16 chars: the maximum', repeat('n', 16), null],
  ['17 chars', repeat('n', 17), 'length'],
  ['empty', '', 'length'],
  ['16 CJK characters', repeat('名', 16), null],
  ['17 CJK characters', repeat('名', 17), 'length'],
  ['inner space', 'AP lobby', 'spaces'],
  ['leading space', ' AP', 'spaces'],
  ['tab', 'AP\tlobby', 'spaces'],
  ['emoji', 'AP😀', 'emoticon'],
  ['heart symbol', 'AP❤', 'emoticon'],
  ['flag', 'AP🇨🇳', 'emoticon'],
  ['punctuation is fine', 'AP-1_lobby.2', null],
]);

ruleTable('otherName', [
  ['1 char', 'x', null],
  ['32 chars', repeat('o', 32), null],
  ['33 chars', repeat('o', 33), 'length'],
  ['empty', '', 'length'],
  ['spaces allowed', 'Front desk 2', null],
  ['all printable ASCII punctuation', '!"#$%&()*+,-./:;<=>?@[]^_`{|}~', null],
  ['non-ASCII', 'Café', 'chars'],
  ['newline', 'a\nb', 'chars'],
]);

ruleTable('serverName', [
  ['letters and digits', 'radius01', null],
  ['every allowed symbol', 'user@host:a-b_c+d.e', null],
  ['space', 'my server', 'chars'],
  ['slash', 'host/path', 'chars'],
  ['hash', 'host#1', 'chars'],
  ['empty', '', 'required'],
  ['128 chars: our maximum', repeat('s', 128), null],
  ['129 chars', repeat('s', 129), 'length'],
]);

ruleTable('vlanName', [
  ['plain', 'Office', null],
  ['spaces and underscore', 'Guest net_2', null],
  ['listed symbols', 'v-1.a@b#c', null],
  ['32 chars', repeat('v', 32), null],
  ['33 chars', repeat('v', 33), 'length'],
  ['empty', '', 'length'],
  ['br0 is reserved', 'br0', 'reserved'],
  ['BR0 is reserved too', 'BR0', 'reserved'],
  ['IPTV is reserved', 'IPTV', 'reserved'],
  ['iptv is reserved too', 'iptv', 'reserved'],
  ['br01 is not reserved', 'br01', null],
  ['slash not listed', 'a/b', 'chars'],
  ['question mark not listed', 'a?b', 'chars'],
  ['non-ASCII', 'Büro', 'chars'],
]);

ruleTable('vlanNames', [
  ['distinct', ['Office', 'Guest'], null],
  ['repeat', ['Office', 'Office'], 'duplicate'],
  ['repeat in another case', ['Office', 'office'], 'duplicate'],
  ['one bad name', ['Office', 'br0'], 'vlanName.reserved'],
  ['empty list', [], null],
]);

ruleTable('policyName', [
  ['plain', 'Staff WiFi', null],
  ['32 chars', repeat('p', 32), null],
  ['33 chars', repeat('p', 33), 'length'],
  ['empty', '', 'length'],
  ['listed symbols', 'staff_5G-2.4@hq', null],
  ['emoji', 'Staff😀', 'chars'],
  ['quote', 'Staff"s', 'chars'],
]);

ruleTable('dhcpPoolName', [
  ['1 char', 'p', null],
  ['32 chars', repeat('d', 32), null],
  ['33 chars', repeat('d', 33), 'length'],
  ['empty', '', 'length'],
  ['underscore', 'pool_1', null],
  ['dash', 'pool-1', 'chars'],
  ['space', 'pool 1', 'chars'],
]);

ruleTable('serialNumber', [
  ['15 chars', repeat('A', 15), 'length'],
  ['16 chars: the minimum', 'ABCDEF0123456789', null],
  ['32 chars: the maximum', repeat('Z9', 16), null],
  ['33 chars', repeat('Z', 33), 'length'],
  ['lower case letters', 'abcdef0123456789', null],
  ['dash', 'ABCDEF-123456789', 'chars'],
  ['colon (a MAC is not a serial)', 'AA:BB:CC:DD:EE:FF', 'chars'],
]);

describe('serial numbers leave the schema in one spelling', () => {
  it('upper-cases a serial typed in lower case', () => {
    expect(serialNumber.parse('alap500000000001')).toBe('ALAP500000000001');
  });
});

ruleTable('ssid', [
  ['1 byte', 'a', null],
  ['32 bytes', repeat('s', 32), null],
  ['33 bytes', repeat('s', 33), 'length'],
  ['10 CJK = 30 bytes', repeat('网', 10), null],
  ['11 CJK = 33 bytes', repeat('网', 11), 'length'],
  ['empty', '', 'length'],
]);
