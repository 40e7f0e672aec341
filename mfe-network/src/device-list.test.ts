import { describe, expect, it } from 'vitest';
import { applyEvent, filterDevices, NO_FILTER, summarize } from './device-list';
import { device, operation } from './test-harness';

const ap = device({ sn: 'ALAP500000000001', name: 'Lobby-AP', ip: '192.168.1.21', mac: '00:1A:2B:00:00:21', clients: 7 });
const sw = device({ sn: 'ALSW240000000001', name: 'Core-Switch', type: 'switch', ip: '192.168.1.2', mac: '00:1A:2B:00:00:02', clients: 3 });
const cam = device({ sn: 'ALIPC00000000001', name: 'Gate-Cam', type: 'ipc', status: 0, ip: '192.168.1.50', mac: '00:1A:2B:00:00:50' });
const list = [ap, sw, cam];

describe('applyEvent', () => {
  it('replaces a row by SN, adds an unknown one, removes a removed one', () => {
    const online = applyEvent(list, { type: 'device', device: { ...cam, status: 1 } });
    expect(online.map((d) => [d.sn, d.status])).toEqual([[ap.sn, 1], [sw.sn, 1], [cam.sn, 1]]);
    const added = applyEvent(list, { type: 'device', device: device({ sn: 'ALAP500000000009', name: 'New-AP' }) });
    expect(added.map((d) => d.name)).toEqual(['Lobby-AP', 'Core-Switch', 'Gate-Cam', 'New-AP']);
    expect(applyEvent(list, { type: 'device-removed', sn: sw.sn }).map((d) => d.sn)).toEqual([ap.sn, cam.sn]);
  });

  it("tracks a row's operation until it finishes; a late event of an older operation changes nothing", () => {
    const sent = applyEvent(list, { type: 'operation', operation: operation({ id: 5, sn: ap.sn, state: 'sent' }) });
    expect(sent[0]!.operation?.state).toBe('sent');
    const stale = applyEvent(sent, { type: 'operation', operation: operation({ id: 4, sn: ap.sn, state: 'running' }) });
    expect(stale).toBe(sent);
    const done = applyEvent(sent, { type: 'operation', operation: operation({ id: 5, sn: ap.sn, state: 'done' }) });
    expect(done[0]!.operation).toBeNull();
    expect(applyEvent(list, { type: 'operation', operation: operation({ id: 1, sn: 'UNKNOWN000000000', state: 'sent' }) })).toBe(list);
  });
});

describe('summarize', () => {
  it('counts online and offline by type, and clients; rebooting counts as online', () => {
    const rebooting = { ...sw, status: 8 };
    expect(summarize([ap, rebooting, cam, { ...cam, sn: 'ALIPC00000000002', status: 9 }], 2)).toEqual({
      byType: [
        { type: 'ap', online: 1, offline: 0 },
        { type: 'switch', online: 1, offline: 0 },
        { type: 'ipc', online: 0, offline: 2 },
      ],
      online: 2,
      offline: 2,
      clients: 10,
      alarms: 2,
    });
  });
});

describe('filterDevices', () => {
  const names = (filter: Partial<typeof NO_FILTER>) => filterDevices(list, { ...NO_FILTER, ...filter }).map((d) => d.name);

  it('filters by type and by online/offline', () => {
    expect(names({ type: 'switch' })).toEqual(['Core-Switch']);
    expect(names({ state: 'offline' })).toEqual(['Gate-Cam']);
    expect(names({ state: 'online' })).toEqual(['Lobby-AP', 'Core-Switch']);
    expect(names({ type: 'ipc', state: 'online' })).toEqual([]);
  });

  it('searches name, SN, MAC (with or without separators) and IP, ignoring case', () => {
    expect(names({ search: 'lobby' })).toEqual(['Lobby-AP']);
    expect(names({ search: 'alsw24' })).toEqual(['Core-Switch']);
    expect(names({ search: '00:1a:2b:00:00:50' })).toEqual(['Gate-Cam']);
    expect(names({ search: '001A2B000050' })).toEqual(['Gate-Cam']);
    expect(names({ search: '192.168.1.2' })).toEqual(['Lobby-AP', 'Core-Switch']);
    expect(names({ search: '  ' })).toHaveLength(3);
  });
});
