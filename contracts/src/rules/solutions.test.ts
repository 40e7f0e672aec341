import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../errors.js';
import { ruleTable } from '../testing/rule-cases.js';
import { customScenarioCapCode, solutionLimitCode } from './solutions.js';

const d = (model: string, type: string, quantity: number) => ({ model, type, quantity });
ruleTable('solutionDevices', [
  ['a typical hotel', [d('GW1', 'gateway', 1), d('SW24', 'accessSwitch', 4), d('AP1', 'ap', 60)], null],
  ['one AC', [d('AC1', 'ac', 1)], null],
  ['two ACs in one line', [d('AC1', 'ac', 2)], 'ac'],
  ['two ACs in two lines', [d('AC1', 'ac', 1), d('AC2', 'ac', 1)], 'ac'],
  ['two gateways', [d('GW1', 'gateway', 1), d('GW2', 'gateway', 1)], 'gateway'],
  ['99 access switches', [d('SW', 'accessSwitch', 99)], null],
  ['100 access switches', [d('SW', 'accessSwitch', 100)], 'accessSwitch'],
  ['99 core switches', [d('CS', 'coreSwitch', 99)], null],
  ['100 core switches over two lines', [d('CS1', 'coreSwitch', 50), d('CS2', 'coreSwitch', 50)], 'coreSwitch'],
  ['999 APs', [d('AP', 'ap', 999)], null],
  ['1000 APs', [d('AP', 'ap', 1000)], 'ap'],
  ['model twice', [d('AP1', 'ap', 1), d('AP1', 'ap', 2)], 'duplicateModel'],
  ['quantity 0', [d('AP1', 'ap', 0)], 'quantity'],
  ['quantity 1.5', [d('AP1', 'ap', 1.5)], 'quantity'],
  ['no model', [d('', 'ap', 1)], 'model'],
  ['unknown kind', [d('X', 'router', 1)], 'required'],
  ['remark of 201 characters', [{ ...d('AP1', 'ap', 1), remark: 'x'.repeat(201) }], 'remark'],
  ['remark of 200 characters', [{ ...d('AP1', 'ap', 1), remark: 'x'.repeat(200) }], null],
]);

// spec §5 limits → spec §8 codes (docs/decisions/solutions.md), shared by the form and the server
describe('solutionLimitCode', () => {
  type Line = { type: 'ac' | 'gateway' | 'accessSwitch' | 'coreSwitch' | 'ap'; model: string; quantity: number };
  const l = (model: string, type: Line['type'], quantity: number): Line => ({ model, type, quantity });
  it.each([
    ['a second AC', [l('AC1', 'ac', 1), l('AC2', 'ac', 1)], ErrorCode.ONE_GATEWAY_PER_PROJECT, 'ac'],
    ['a second gateway', [l('GW1', 'gateway', 2)], ErrorCode.ONE_GATEWAY_PER_PROJECT, 'gateway'],
    ['100 access switches', [l('SW', 'accessSwitch', 100)], ErrorCode.INVALID_PARAMS, 'accessSwitch'],
    ['100 core switches', [l('CS', 'coreSwitch', 100)], ErrorCode.INVALID_PARAMS, 'coreSwitch'],
    ['1000 APs', [l('AP', 'ap', 600), l('AP2', 'ap', 400)], ErrorCode.INVALID_PARAMS, 'ap'],
    ['a model twice', [l('AP1', 'ap', 1), l('ap1', 'ap', 1)], ErrorCode.DATA_EXISTS, 'duplicateModel'],
  ] as const)('%s → %i', (_label, lines, code, check) => {
    expect(solutionLimitCode(lines)).toEqual({ code, rule: `rules.solutionDevices.${check}` });
  });
  it('passes a list at every cap', () => {
    expect(solutionLimitCode([l('AC1', 'ac', 1), l('GW1', 'gateway', 1), l('SW', 'accessSwitch', 99), l('CS', 'coreSwitch', 99), l('AP', 'ap', 999)])).toBeNull();
  });
  it('refuses the 21st custom scenario with 186 (spec §9)', () => {
    expect(customScenarioCapCode(19)).toBeNull();
    expect(customScenarioCapCode(20)).toBe(186);
  });
});
