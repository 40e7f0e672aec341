import { describe, expect, it } from 'vitest';
import { DeviceStatus } from './device.js';
import { filterDevices, isOffline, summariseDevices } from './device-list.js';

const row = (sn: string, type: 'ap' | 'switch', status: number, clients: number, extra: Partial<{ name: string; ip: string; mac: string }> = {}) => ({
  sn, type, status, clients, name: `Dev-${sn}`, ip: '10.0.0.1', mac: '00:1A:2B:3C:4D:5E', ...extra,
});

describe('device list logic shared by server and page', () => {
  it('calls 0 and 9 offline, and a restarting device not', () => {
    expect([0, 1, 7, 8, 9].map(isOffline)).toEqual([true, false, false, false, true]);
  });

  it('counts a restarting device apart (not online), and the clients of online devices only: offline and restarting ones have none now', () => {
    const summary = summariseDevices(
      [row('A', 'ap', DeviceStatus.ONLINE, 5), row('B', 'ap', DeviceStatus.OFFLINE, 7), row('C', 'switch', DeviceStatus.REBOOTING, 3), row('D', 'ap', DeviceStatus.OFFLINE_ALT, 2)],
      4,
    );
    expect(summary).toEqual({
      byType: [
        { type: 'ap', online: 1, offline: 2, restarting: 0 },
        { type: 'switch', online: 0, offline: 0, restarting: 1 },
      ],
      online: 1,
      offline: 2,
      restarting: 1,
      clients: 5,
      alarms: 4,
    });
  });

  it('filters by type, state and a search over name, SN, MAC (any separators) and IP', () => {
    const items = [row('ALAP1', 'ap', 1, 0, { name: 'Lobby' }), row('ALSW2', 'switch', 0, 0, { ip: '192.168.7.9', mac: 'AA:BB:CC:00:11:22' })];
    expect(filterDevices(items, { type: 'switch' }).map((d) => d.sn)).toEqual(['ALSW2']);
    expect(filterDevices(items, { state: 'online' }).map((d) => d.sn)).toEqual(['ALAP1']);
    expect(filterDevices(items, { search: 'lob' }).map((d) => d.sn)).toEqual(['ALAP1']);
    expect(filterDevices(items, { search: 'alsw' }).map((d) => d.sn)).toEqual(['ALSW2']);
    expect(filterDevices(items, { search: 'aabbcc' }).map((d) => d.sn)).toEqual(['ALSW2']);
    expect(filterDevices(items, { search: '168.7' }).map((d) => d.sn)).toEqual(['ALSW2']);
    expect(filterDevices(items, { type: '', state: '', search: '' })).toHaveLength(2);
  });

  it('lists a restarting device under neither Online nor Offline, as the summary counts it', () => {
    const items = [row('ALAP1', 'ap', 1, 0), row('ALAP2', 'ap', 8, 0), row('ALAP3', 'ap', 0, 0)];
    expect(filterDevices(items, { state: 'online' }).map((d) => d.sn)).toEqual(['ALAP1']);
    expect(filterDevices(items, { state: 'offline' }).map((d) => d.sn)).toEqual(['ALAP3']);
    expect(filterDevices(items, {})).toHaveLength(3);
  });
});
