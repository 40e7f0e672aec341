import { describe, expect, it } from 'vitest';
import { accountKind } from './account.js';
import { repeat, ruleTable } from '../testing/rule-cases.js';

ruleTable('accountPassword', [
  ['5 chars: one below the minimum', '12345', 'length'],
  ['6 chars: the minimum', '123456', null],
  ['32 chars: the maximum', repeat('a', 32), null],
  ['33 chars: one above the maximum', repeat('a', 33), 'length'],
  ['empty', '', 'length'],
  ['6 CJK characters count as 6', '密码密码密码', null],
  ['a number is not a password', 123456, 'required'],
  ['absent', undefined, 'required'],
]);

ruleTable('accountPasswordPair', [
  ['equal and valid', { password: 'secret1', confirm: 'secret1' }, null],
  ['confirm differs', { password: 'secret1', confirm: 'secret2' }, 'mismatch'],
  ['confirm differs in case', { password: 'Secret1', confirm: 'secret1' }, 'mismatch'],
  ['equal but too short', { password: '12345', confirm: '12345' }, 'accountPassword.length'],
  ['equal at 32', { password: repeat('x', 32), confirm: repeat('x', 32) }, null],
  ['confirm missing', { password: 'secret1' }, 'required'],
  ['not an object', 'secret1', 'required'],
]);

ruleTable('emailCode', [
  ['6 digits', '012345', null],
  ['5 digits', '12345', 'format'],
  ['7 digits', '1234567', 'format'],
  ['6 chars with a letter', '12345a', 'format'],
  ['6 digits with a space', '123 45', 'format'],
  ['a number, not text', 123456, 'required'],
]);

ruleTable('smsCode', [
  ['4 digits', '0123', null],
  ['3 digits', '123', 'format'],
  ['5 digits', '12345', 'format'],
  ['4 chars with a letter', '12a4', 'format'],
  ['e-mail code length', '123456', 'format'],
]);

ruleTable('email', [
  ['plain address', 'ops@example.com', null],
  ['plus and subdomain', 'a.b+tag@mail.example.co', null],
  ['no at sign', 'ops.example.com', 'format'],
  ['no domain dot', 'ops@example', 'format'],
  ['empty', '', 'required'],
  ['254 characters: the maximum', `${repeat('a', 64)}@${repeat('b', 63)}.${repeat('c', 63)}.${repeat('d', 57)}.com`, null],
  ['255 characters', `${repeat('a', 64)}@${repeat('b', 63)}.${repeat('c', 63)}.${repeat('d', 58)}.com`, 'length'],
]);

ruleTable('mobile', [
  ['11 digits', '13800138000', null],
  ['international with +', '+8613800138000', null],
  ['6 digits: the minimum', '123456', null],
  ['5 digits', '12345', 'format'],
  ['15 digits: the maximum', repeat('1', 15), null],
  ['16 digits', repeat('1', 16), 'format'],
  ['with dashes', '138-0013-8000', 'format'],
  ['empty', '', 'required'],
]);

ruleTable('account', [
  ['an e-mail address', 'ops@example.com', null],
  ['a mobile number', '13800138000', null],
  ['neither', 'ops', 'format'],
  ['empty', '', 'required'],
  ['null', null, 'required'],
]);

describe('accountKind', () => {
  it.each([
    ['ops@example.com', 'email'],
    ['+8613800138000', 'mobile'],
    ['nope', null],
  ])('%s is %s', (input, kind) => expect(accountKind(input)).toBe(kind));
});
