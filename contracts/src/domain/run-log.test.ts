import { describe, expect, it } from 'vitest';
import { ALARM_TYPES, LOG_EVENTS, isLogEventKey, logEventText } from './run-log.js';
import { LogQuerySchema, MarkAlarmsReadSchema } from '../api/logs.js';

describe('run-log catalogue', () => {
  it('says an event in English from its key and parameters; an unknown key as it is', () => {
    expect(logEventText('poe.overBudget', { used: 128.4, budget: 120 })).toBe('PoE over budget: 128.4 W of 120 W');
    expect(logEventText('device.event', { text: 'Fan speed low' })).toBe('Fan speed low');
    expect(logEventText('device.warning', { text: 'Temperature 80 °C is above the normal range' })).toBe('Temperature 80 °C is above the normal range');
    expect(LOG_EVENTS['device.warning']).toMatchObject({ level: 'warning', alarm: 'device-warning' });
    expect(LOG_EVENTS['device.critical']).toMatchObject({ level: 'critical', alarm: 'device-warning' });
    expect(LOG_EVENTS['device.event'].alarm).toBeNull();
    expect(logEventText('no.such')).toBe('no.such');
    expect(isLogEventKey('constructor')).toBe(false);
  });

  it('raises every alarm type from some event, and files client events as wireless', () => {
    const raised = new Set(Object.values(LOG_EVENTS).map((d) => d.alarm).filter(Boolean));
    expect([...raised].sort()).toEqual([...ALARM_TYPES].sort());
    expect(LOG_EVENTS['client.join'].type).toBe('wireless');
    expect(LOG_EVENTS['port.down'].type).toBe('wired');
    expect(LOG_EVENTS['rogue.ap']).toMatchObject({ type: 'wireless', alarm: 'rogue-ap' });
    expect(logEventText('rogue.ap', { bssid: '66:55:44:33:22:11', ssid: 'Hotel-Guest', band: '5GHz', signal: -48 })).toBe('Rogue access point 66:55:44:33:22:11 broadcasts Hotel-Guest (5GHz, -48 dBm)');
  });

  it('reads times as ISO 8601 or epoch ms, in order; marks some alarms or all, not both', () => {
    expect(LogQuerySchema.parse({ from: '2026-11-24T08:00:00Z', to: '1895161600001' })).toMatchObject({ type: 'all', from: Date.parse('2026-11-24T08:00:00Z'), to: 1895161600001, page: 1, pageSize: 50 });
    expect(LogQuerySchema.safeParse({ from: '2000', to: '1000' }).success).toBe(false);
    expect(MarkAlarmsReadSchema.safeParse({ ids: [1, 2] }).success).toBe(true);
    expect(MarkAlarmsReadSchema.safeParse({ all: true }).success).toBe(true);
    expect(MarkAlarmsReadSchema.safeParse({ ids: [1], all: true }).success).toBe(false);
    expect(MarkAlarmsReadSchema.safeParse({}).success).toBe(false);
  });
});
