// Onboarding's rules as tables: the cloud code and remark (spec §1 cloud code, §3 remark), the mixing
// rule (spec §8 87/88) and an import row, which meets the rules of adding one device by SN.
import { describe, expect, it } from 'vitest';
import { ImportQuerySchema, ImportRowSchema } from '../api/onboarding.js';
import { ErrorCode } from '../errors.js';
import { cloudCode, formatCloudCode } from '../rules/names.js';
import { ruleTable, repeat } from '../testing/rule-cases.js';
import { DEVICE_TYPES } from './device.js';
import { deviceMixingCode } from './onboarding.js';
import { NetMode } from './project.js';

ruleTable('cloudCode', [
  ['8 characters', 'HJKM2345', null],
  ['as printed, with the dash', 'HJKM-2345', null],
  ['lower case with spaces', ' hjkm 2345 ', null],
  ['empty', '', 'required'],
  ['only a dash', '-', 'required'],
  ['7 characters', 'HJKM234', 'length'],
  ['9 characters', 'HJKM23456', 'length'],
  ['a zero (looks like O)', 'HJKM2340', 'chars'],
  ['a one (looks like I)', 'HJKM2341', 'chars'],
  ['the letter O', 'HJKMO345', 'chars'],
  ['a symbol', 'HJKM_345', 'chars'],
  ['not a string', 12345678, 'required'],
]);

ruleTable('remark', [
  ['empty', '', null],
  ['64 characters', repeat('r', 64), null],
  ['65 characters', repeat('r', 65), 'length'],
  ['64 CJK characters', repeat('备', 64), null],
  ['spaces inside', 'first floor, left', null],
  ['an emoticon', 'lobby 😀', 'emoticon'],
]);

describe('cloud code', () => {
  it('hands on one spelling and prints it as on the label', () => {
    expect(cloudCode.parse(' hjkm-2345 ')).toBe('HJKM2345');
    expect(formatCloudCode('HJKM2345')).toBe('HJKM-2345');
  });
});

describe('deviceMixingCode (spec §8 87, 88)', () => {
  it.each(DEVICE_TYPES.map((type) => [type] as const))('%s', (type) => {
    const cableFree = type === 'mesh';
    expect(deviceMixingCode(NetMode.WLAN, type)).toBe(cableFree ? ErrorCode.DEVICE_MIXING : null);
    expect(deviceMixingCode(NetMode.MESH, type)).toBe(cableFree ? null : ErrorCode.DEVICE_MIXING_88);
  });
});

describe('an import row', () => {
  const row = (input: object) => {
    const r = ImportRowSchema.safeParse(input);
    return r.success ? r.data : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
  };
  it.each([
    ['SN only, lower case', { sn: 'alap500000000001' }, { sn: 'ALAP500000000001' }],
    ['SN, name and remark', { sn: 'ALAP500000000001', name: 'Lobby', remark: 'ground floor' }, { sn: 'ALAP500000000001', name: 'Lobby', remark: 'ground floor' }],
    ['a short SN', { sn: 'SHORT' }, ['sn:rules.serialNumber.length']],
    ['a name with a space (the add-by-SN rule)', { sn: 'ALAP500000000001', name: 'two words' }, ['name:rules.name.spaces']],
    ['a remark too long', { sn: 'ALAP500000000001', remark: repeat('x', 65) }, ['remark:rules.remark.length']],
  ] as const)('%s', (_label, input, expected) => {
    expect(row(input)).toEqual(expected);
  });
});

describe('the import query', () => {
  it.each([
    [{}, false],
    [{ validOnly: '1' }, true],
    [{ validOnly: 'true' }, true],
    [{ validOnly: '0' }, false],
  ] as const)('%j → validOnly %s', (query, expected) => {
    expect(ImportQuerySchema.parse(query).validOnly).toBe(expected);
  });
  it('refuses anything else', () => {
    expect(ImportQuerySchema.safeParse({ validOnly: 'yes' }).success).toBe(false);
  });
});
