import { describe, expect, it } from 'vitest';
import { rebootSchedules } from './reboot-schedules.js';

const messages = (input: unknown) => {
  const r = rebootSchedules.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('reboot schedules (spec §4 modes, §5 timer rules)', () => {
  it('accepts an interval, a daily time and chosen weekdays, and an empty list (off)', () => {
    expect(messages([{ mode: 'interval', minutes: 720 }, { mode: 'daily', time: '03:30' }, { mode: 'weekly', days: [1, 4], time: '04:00' }])).toEqual([]);
    expect(messages([])).toEqual([]);
  });

  it('refuses a fifth schedule', () => {
    const five = ['01:00', '02:00', '03:00', '04:00', '05:00'].map((time) => ({ mode: 'daily', time }));
    expect(messages(five)).toEqual(['rules.rebootSchedules.count']);
  });

  it('requires a day for weekday schedules and a valid time', () => {
    expect(messages([{ mode: 'weekly', days: [], time: '04:00' }])).toEqual(['rules.weekdays.required']);
    expect(messages([{ mode: 'daily', time: '24:00' }])).toEqual(['rules.rebootSchedules.time']);
  });

  it('keeps the interval between 30 minutes and a week, in whole minutes', () => {
    expect(messages([{ mode: 'interval', minutes: 29 }])).toEqual(['rules.rebootInterval.range']);
    expect(messages([{ mode: 'interval', minutes: 10081 }])).toEqual(['rules.rebootInterval.range']);
    expect(messages([{ mode: 'interval', minutes: 60.5 }])).toEqual(['rules.rebootInterval.integer']);
  });

  it('refuses the same schedule twice, whatever the order of its days, and an unknown mode', () => {
    expect(messages([{ mode: 'weekly', days: [1, 3], time: '04:00' }, { mode: 'weekly', days: [3, 1], time: '04:00' }])).toEqual(['rules.rebootSchedules.duplicate']);
    expect(messages([{ mode: 'hourly' }])).toEqual(['rules.rebootSchedules.mode']);
  });
});
