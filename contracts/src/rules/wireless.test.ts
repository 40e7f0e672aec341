import { describe, expect, it } from 'vitest';
import { minutesOfDay } from './wireless.js';
import { repeat, ruleTable } from '../testing/rule-cases.js';

ruleTable('keyUpdateCycle', [
  ['0 turns it off', 0, null],
  ['1', 1, 'range'],
  ['59', 59, 'range'],
  ['60: the minimum', 60, null],
  ['99999: the maximum', 99999, null],
  ['100000', 100000, 'range'],
  ['-1', -1, 'range'],
  ['60.5', 60.5, 'integer'],
]);

ruleTable('maxClients', [
  ['0', 0, 'range'],
  ['1', 1, null],
  ['128', 128, null],
  ['129', 129, 'range'],
  ['1.5', 1.5, 'integer'],
]);

ruleTable('txPower', [
  ['7', 7, 'range'],
  ['8', 8, null],
  ['29', 29, null],
  ['30', 30, 'range'],
  ['20.5', 20.5, 'integer'],
]);

// decisions.md: −90…−60 (not −100)
ruleTable('accessThreshold', [
  ['-100 (the other wording)', -100, 'range'],
  ['-91', -91, 'range'],
  ['-90: the minimum', -90, null],
  ['-60: the maximum', -60, null],
  ['-59', -59, 'range'],
  ['0', 0, 'range'],
  ['-75.5', -75.5, 'integer'],
]);

const p = (start: string, end: string) => ({ start, end });
ruleTable('shutdownPeriods', [
  ['one period', [p('00:00', '06:00')], null],
  ['four periods: the maximum', [p('00:00', '01:00'), p('02:00', '03:00'), p('04:00', '05:00'), p('06:00', '07:00')], null],
  ['five periods', [p('00:00', '01:00'), p('02:00', '03:00'), p('04:00', '05:00'), p('06:00', '07:00'), p('08:00', '09:00')], 'count'],
  ['none', [], 'required'],
  ['end equals start', [p('08:00', '08:00')], 'order'],
  ['end before start', [p('22:00', '06:00')], 'order'],
  ['end one minute after start', [p('08:00', '08:01')], null],
  ['to 23:59', [p('00:00', '23:59')], null],
  ['24:00 is no time', [p('00:00', '24:00')], 'time'],
  ['8:00 without leading zero', [p('8:00', '09:00')], 'time'],
  ['minute 60', [p('08:60', '09:00')], 'time'],
  ['empty start', [p('', '09:00')], 'time'],
  ['overlap', [p('08:00', '10:00'), p('09:00', '11:00')], 'overlap'],
  ['overlap listed out of order', [p('09:00', '11:00'), p('08:00', '10:00')], 'overlap'],
  ['one inside another', [p('08:00', '18:00'), p('12:00', '13:00')], 'overlap'],
  ['touching is not overlapping', [p('08:00', '10:00'), p('10:00', '12:00')], null],
  ['not a list', p('08:00', '09:00'), 'required'],
]);

ruleTable('dualBandSsids', [
  ['different names', { ssid24: 'Hotel', ssid5: 'Hotel-5G' }, null],
  ['same names', { ssid24: 'Hotel', ssid5: 'Hotel' }, 'same'],
  ['names differing in case', { ssid24: 'Hotel', ssid5: 'hotel' }, null],
  ['5 GHz name too long', { ssid24: 'Hotel', ssid5: repeat('x', 33) }, 'ssid.length'],
  ['missing 5 GHz name', { ssid24: 'Hotel' }, 'ssid.required'],
]);

describe('minutesOfDay', () => {
  it.each([
    ['00:00', 0],
    ['23:59', 1439],
    ['24:00', null],
  ])('%s → %s', (t, m) => expect(minutesOfDay(t)).toBe(m));
});
