import { describe, expect, it } from 'vitest';
import { parseVlanList } from './vlan.js';
import { ruleTable } from '../testing/rule-cases.js';

ruleTable('vlanId', [
  ['0', 0, 'range'],
  ['1: the minimum', 1, null],
  ['4094: the maximum', 4094, null],
  ['4095', 4095, 'range'],
  ['-1', -1, 'range'],
  ['10.5 is not whole', 10.5, 'integer'],
  ['NaN', Number.NaN, 'required'],
  ['text "10"', '10', 'required'],
]);

// decisions.md: adding VLANs uses 2–4094 (VLAN 1 is the default VLAN that always exists)
ruleTable('vlanList', [
  ['single list 3,5,7', '3,5,7', null],
  ['range 10-13', '10-13', null],
  ['mix 3,10-13', '3,10-13', null],
  ['spaces around separators', '3, 5 , 10 - 13', null],
  ['1 is the default VLAN', '1', 'range'],
  ['2: the lowest addable', '2', null],
  ['4094: the highest', '4094', null],
  ['4095', '4095', 'range'],
  ['range ending above 4094', '4090-4095', 'range'],
  ['range starting at 1', '1-5', 'range'],
  ['reversed range', '13-10', 'order'],
  ['range of one', '10-10', 'order'],
  ['100 VLANs: the maximum', '2-101', null],
  ['101 VLANs', '2-102', 'count'],
  ['100 across items', '2-51,100-149', null],
  ['101 across items', '2-51,100-150', 'count'],
  ['duplicate', '3,3', 'duplicate'],
  ['overlapping ranges', '10-13,12-14', 'duplicate'],
  ['empty', '', 'required'],
  ['trailing comma', '3,5,', 'format'],
  ['semicolon', '3;5', 'format'],
  ['tilde range', '10~13', 'format'],
  ['letters', 'ten', 'format'],
  ['negative', '-3', 'format'],
]);

ruleTable('portVlans', [
  ['tagged and one untagged', { tagged: [10, 20], untagged: [1], pvid: 1 }, null],
  ['VLAN 1 may be a member', { tagged: [1], untagged: [] }, null],
  ['two untagged', { tagged: [], untagged: [1, 10] }, 'untaggedCount'],
  ['tagged also untagged', { tagged: [10, 20], untagged: [20] }, 'overlap'],
  ['pvid tagged', { tagged: [10], untagged: [1], pvid: 10 }, 'pvidTagged'],
  ['pvid equals untagged', { tagged: [10], untagged: [20], pvid: 20 }, null],
  ['member 0', { tagged: [0], untagged: [] }, 'vlanId.range'],
  ['member 4095', { tagged: [], untagged: [4095] }, 'vlanId.range'],
  ['pvid 4094', { tagged: [], untagged: [], pvid: 4094 }, null],
  ['missing lists', { pvid: 1 }, 'required'],
]);

describe('parseVlanList', () => {
  it('expands and sorts', () => expect(parseVlanList('7,3,10-12')).toEqual({ ok: true, ids: [3, 7, 10, 11, 12] }));
});
