import { ruleTable } from '../testing/rule-cases.js';

const d = (model: string, kind: string, quantity: number) => ({ model, kind, quantity });
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
]);
