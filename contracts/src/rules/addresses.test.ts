import { describe, expect, it } from 'vitest';
import { isPrivateIpv4, parseIpv4 } from './ipv4.js';
import { ruleTable } from '../testing/rule-cases.js';

ruleTable('ipv4', [
  ['192.168.0.1', '192.168.0.1', null],
  ['first octet 1', '1.0.0.1', null],
  ['first octet 223', '223.255.255.254', null],
  ['first octet 224 (multicast)', '224.0.0.1', 'firstOctet'],
  ['first octet 0', '0.1.2.3', 'firstOctet'],
  ['127 loopback', '127.0.0.1', 'loopback'],
  ['126 is fine', '126.0.0.1', null],
  ['128 is fine', '128.0.0.1', null],
  ['octet 255', '10.255.255.255', null],
  ['octet 256', '10.0.0.256', 'format'],
  ['three parts', '10.0.1', 'format'],
  ['five parts', '10.0.0.1.5', 'format'],
  ['leading zero', '10.0.0.01', 'format'],
  ['empty part', '10..0.1', 'format'],
  ['spaces', ' 10.0.0.1', 'format'],
  ['letters', 'router.local', 'format'],
  ['empty', '', 'format'],
  ['number', 167772161, 'required'],
]);

ruleTable('subnetMask', [
  ['0', 0, null],
  ['24', 24, null],
  ['32', 32, null],
  ['33', 33, 'range'],
  ['-1', -1, 'range'],
  ['24.5', 24.5, 'integer'],
  ['dotted mask text', '255.255.255.0', 'required'],
]);

ruleTable('staticRouteDestination', [
  ['10.0.0.0', '10.0.0.0', null],
  ['223.1.0.0', '223.1.0.0', null],
  ['224.0.0.0', '224.0.0.0', 'firstOctet'],
  ['0.0.0.0', '0.0.0.0', 'firstOctet'],
  ['127.0.0.0', '127.0.0.0', 'loopback'],
  ['bad', '10.0.0', 'format'],
]);

ruleTable('port', [
  ['0', 0, 'range'],
  ['1', 1, null],
  ['65535', 65535, null],
  ['65536', 65536, 'range'],
  ['80.5', 80.5, 'integer'],
]);

// decisions.md: 30–10080 minutes, the span of the §3 lease choices
ruleTable('dhcpLeaseMinutes', [
  ['1 (the other wording)', 1, 'range'],
  ['29', 29, 'range'],
  ['30: the minimum', 30, null],
  ['1440', 1440, null],
  ['10080: the maximum', 10080, null],
  ['10081', 10081, 'range'],
  ['525600 (the other wording)', 525600, 'range'],
  ['30.5', 30.5, 'integer'],
]);

const pm = (internal: string, external: string) => ({ internal, external });
ruleTable('portMapping', [
  ['single ports', pm('80', '8080'), null],
  ['lists', pm('80;443', '8080;8443'), null],
  ['dash range', pm('8000-8010', '9000-9010'), null],
  ['tilde range', pm('8000~8010', '9000~9010'), null],
  ['dash and tilde mixed', pm('8000-8010', '9000~9010'), null],
  ['counts differ', pm('80;443', '8080'), 'count'],
  ['single vs range', pm('80', '8000-8001'), 'mismatch'],
  ['range widths differ', pm('8000-8010', '9000-9020'), 'mismatch'],
  ['port 0', pm('0', '80'), 'range'],
  ['port 65536', pm('80', '65536'), 'range'],
  ['port 65535', pm('65535', '65535'), null],
  ['reversed range', pm('8010-8000', '9010-9000'), 'order'],
  ['comma separator', pm('80,443', '80,443'), 'format'],
  ['trailing separator', pm('80;', '80;'), 'format'],
  ['empty', pm('', ''), 'required'],
]);

const r = (start: string, end: string, mask: number) => ({ start, end, mask });
ruleTable('ipRange', [
  ['same /24', r('192.168.1.100', '192.168.1.200', 24), null],
  ['end equals start', r('192.168.1.100', '192.168.1.100', 24), 'order'],
  ['end below start', r('192.168.1.200', '192.168.1.100', 24), 'order'],
  ['end one above start', r('192.168.1.100', '192.168.1.101', 24), null],
  ['other /24', r('192.168.1.100', '192.168.2.10', 24), 'segment'],
  ['fits /16', r('192.168.1.100', '192.168.2.10', 16), null],
  ['bad start', r('192.168.1', '192.168.1.10', 24), 'ipv4.format'],
  ['mask 33', r('10.0.0.1', '10.0.0.2', 33), 'subnetMask.range'],
]);

ruleTable('dnsServers', [
  ['one', ['8.8.8.8'], null],
  ['two different', ['8.8.8.8', '1.1.1.1'], null],
  ['two the same', ['8.8.8.8', '8.8.8.8'], 'same'],
  ['three', ['8.8.8.8', '1.1.1.1', '9.9.9.9'], 'count'],
  ['none', [], 'required'],
  ['invalid address', ['8.8.8'], 'ipv4.format'],
]);

const m = (ip: string, lanIp: string) => ({ ip, lanIp });
ruleTable('managementIp', [
  ['10/8', m('10.1.2.3', '192.168.0.1'), null],
  ['172.16/12 low end', m('172.16.0.1', '192.168.0.1'), null],
  ['172.31 high end', m('172.31.255.254', '192.168.0.1'), null],
  ['172.32 outside', m('172.32.0.1', '192.168.0.1'), 'private'],
  ['172.15 outside', m('172.15.0.1', '192.168.0.1'), 'private'],
  ['192.168/16', m('192.168.5.5', '192.168.0.1'), null],
  ['192.169 outside', m('192.169.0.1', '192.168.0.1'), 'private'],
  ['public', m('8.8.8.8', '192.168.0.1'), 'private'],
  ['equals LAN IP', m('192.168.0.1', '192.168.0.1'), 'sameAsLan'],
]);

const s = (kind: string, ip: string, mask: number) => ({ kind, ip, mask });
ruleTable('segments', [
  ['WAN and LAN apart', [s('wan', '10.0.0.2', 24), s('lan', '192.168.0.1', 24)], null],
  ['LAN and VLAN same /24', [s('lan', '192.168.0.1', 24), s('vlan', '192.168.0.200', 24)], 'overlap'],
  ['/16 contains /24', [s('lan', '192.168.0.1', 16), s('vlan', '192.168.7.1', 24)], 'overlap'],
  ['adjacent /24s', [s('lan', '192.168.0.1', 24), s('vlan', '192.168.1.1', 24)], null],
  ['PPPoE vs L2TP clash', [s('pppoe', '10.1.0.1', 16), s('l2tp', '10.1.200.1', 24)], 'overlap'],
  ['unknown kind', [s('dmz', '10.0.0.1', 24)], 'required'],
  ['none', [], null],
]);

ruleTable('dhcpModes', [
  ['all off', { relay: false, snooping: false, server: false }, null],
  ['server only', { relay: false, snooping: false, server: true }, null],
  ['relay and server', { relay: true, snooping: false, server: true }, 'exclusive'],
  ['all on', { relay: true, snooping: true, server: true }, 'exclusive'],
]);

describe('address helpers', () => {
  it('reads a dotted quad', () => expect(parseIpv4('1.2.3.4')).toBe(16909060));
  it('knows private ranges', () => expect(isPrivateIpv4(parseIpv4('172.20.0.1') ?? 0)).toBe(true));
});
