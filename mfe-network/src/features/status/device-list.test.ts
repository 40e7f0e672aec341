import { describe, expect, it } from 'vitest';
import type { DeviceItem, ProjectEvent } from '@airloom/contracts';
import { filterDevices } from '@airloom/contracts';
import { applyEvent, listFromAnswer, NO_FILTER } from './device-list';
import { device, operation } from '../../test-harness';

const ap = device({ sn: 'ALAP500000000001', name: 'Lobby-AP', ip: '192.168.1.21', mac: '00:1A:2B:00:00:21', clients: 7 });
const sw = device({ sn: 'ALSW240000000001', name: 'Core-Switch', type: 'switch', ip: '192.168.1.2', mac: '00:1A:2B:00:00:02', clients: 3 });
const cam = device({ sn: 'ALIPC00000000001', name: 'Gate-Cam', type: 'ipc', status: 0, ip: '192.168.1.50', mac: '00:1A:2B:00:00:50' });
const list = [ap, sw, cam];

const apply = (items: readonly DeviceItem[], event: ProjectEvent) => applyEvent(listFromAnswer(items), event).items;

describe('applyEvent', () => {
  it('replaces a row by SN, adds an unknown one, removes a removed one', () => {
    const online = apply(list, { type: 'device', device: { ...cam, revision: 2, status: 1 } });
    expect(online.map((d) => [d.sn, d.status])).toEqual([[ap.sn, 1], [sw.sn, 1], [cam.sn, 1]]);
    const added = apply(list, { type: 'device', device: device({ sn: 'ALAP500000000009', name: 'New-AP' }) });
    expect(added.map((d) => d.name)).toEqual(['Lobby-AP', 'Core-Switch', 'Gate-Cam', 'New-AP']);
    expect(apply(list, { type: 'device-removed', sn: sw.sn }).map((d) => d.sn)).toEqual([ap.sn, cam.sn]);
  });

  it("tracks a row's operation until it finishes; a late event of an older operation changes nothing", () => {
    const sent = applyEvent(listFromAnswer(list), { type: 'operation', operation: operation({ id: 5, sn: ap.sn, state: 'sent' }) });
    expect(sent.items[0]!.operation?.state).toBe('sent');
    const stale = applyEvent(sent, { type: 'operation', operation: operation({ id: 4, sn: ap.sn, state: 'running' }) });
    expect(stale.items).toBe(sent.items);
    const done = applyEvent(sent, { type: 'operation', operation: operation({ id: 5, revision: 3, sn: ap.sn, state: 'done' }) });
    expect(done.items[0]!.operation).toBeNull();
    expect(apply(list, { type: 'operation', operation: operation({ id: 1, sn: 'UNKNOWN000000000', state: 'sent' }) })).toEqual(list);
  });

  it('keeps the higher revision of a device, whichever copy arrives last (ARCHITECTURE §3)', () => {
    const renamed = applyEvent(listFromAnswer(list), { type: 'device', device: { ...ap, revision: 3, name: 'Front-Desk' } });
    const older = applyEvent(renamed, { type: 'device', device: { ...ap, revision: 2, name: 'Lobby-AP', pendingConfig: true } });
    expect(older).toBe(renamed);
    const newer = applyEvent(renamed, { type: 'device', device: { ...ap, revision: 4, name: 'Reception' } });
    expect(newer.items[0]!.name).toBe('Reception');
  });

  it("an operation's older copy changes nothing once its end is known, nor does a device record that still carries it", () => {
    const started = operation({ id: 9, revision: 1, sn: ap.sn, kind: 'locate', state: 'queued' });
    const ended = applyEvent(listFromAnswer(list), { type: 'operation', operation: { ...started, revision: 3, state: 'done' } });
    expect(applyEvent(ended, { type: 'operation', operation: started })).toBe(ended);
    const device = applyEvent(ended, { type: 'device', device: { ...ap, revision: 2, operation: { ...started, revision: 2, state: 'sent' } } });
    expect(device.items[0]!.revision).toBe(2);
    expect(device.items[0]!.operation).toBeNull();
    expect(listFromAnswer([{ ...ap, operation: started }], ended).items[0]!.operation).toBeNull();
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
