import { ruleTable } from '../testing/rule-cases.js';

const t = (days: number[], start: string, end: string) => ({ days, start, end });
ruleTable('timerSchedules', [
  ['one timer', [t([1, 2, 3], '08:00', '18:00')], null],
  ['overnight timer', [t([5], '22:00', '06:00')], null],
  ['start equals end', [t([1], '08:00', '08:00')], 'same'],
  ['no day chosen', [t([], '08:00', '09:00')], 'days'],
  ['four timers', [t([0], '01:00', '02:00'), t([1], '01:00', '02:00'), t([2], '01:00', '02:00'), t([3], '01:00', '02:00')], null],
  ['five timers', [t([0], '01:00', '02:00'), t([1], '01:00', '02:00'), t([2], '01:00', '02:00'), t([3], '01:00', '02:00'), t([4], '01:00', '02:00')], 'count'],
  ['none', [], 'required'],
  ['bad time', [t([1], '8am', '09:00')], 'time'],
  ['day 7', [t([7], '08:00', '09:00')], 'weekdays.invalid'],
]);

ruleTable('weekdays', [
  ['Sunday', [0], null],
  ['Saturday', [6], null],
  ['every day', [0, 1, 2, 3, 4, 5, 6], null],
  ['none', [], 'required'],
  ['day 7', [7], 'invalid'],
  ['day -1', [-1], 'invalid'],
  ['twice Monday', [1, 1], 'duplicate'],
]);

ruleTable('portSelection', [
  ['one port', [1], null],
  ['none', [], 'required'],
]);

ruleTable('optimiseDevices', [
  ['one device', ['AP1'], 'required'],
  ['two devices', ['AP1', 'AP2'], null],
  ['ids as numbers', [1, 2, 3], null],
]);

ruleTable('shareValidityHours', [
  ['0', 0, 'range'],
  ['1', 1, null],
  ['8760 (a year)', 8760, null],
  ['8761', 8761, 'range'],
  ['1.5', 1.5, 'integer'],
]);

ruleTable('topologyDevice', [
  ['model and a free port', { model: 'AP200', freePorts: 1 }, null],
  ['no model chosen', { model: '', freePorts: 3 }, 'required'],
  ['blank model', { model: '  ', freePorts: 3 }, 'required'],
  ['all ports used', { model: 'AP200', freePorts: 0 }, 'noFreePort'],
]);
