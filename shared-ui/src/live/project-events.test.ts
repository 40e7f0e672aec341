import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProjectEvent } from '@airloom/contracts';
import { openProjectEvents, type LiveState } from './project-events';
import { ScriptedEventSource, createScriptedEventSource } from '../testing/event-source';
import { deviceItem } from '../testing/records';

beforeEach(() => {
  ScriptedEventSource.all = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

function open() {
  const events: ProjectEvent[] = [];
  const states: LiveState[] = [];
  let reconnected = 0;
  const close = openProjectEvents('/api/v1/projects/1/events', { onEvent: (e) => events.push(e), onState: (s) => states.push(s), onReconnected: () => (reconnected += 1) }, createScriptedEventSource);
  return { events, states, close, reconnected: () => reconnected };
}

describe('openProjectEvents', () => {
  it('passes on valid events by their SSE type and drops what is not a project event', () => {
    const { events } = open();
    const es = ScriptedEventSource.last;
    es.open();
    const row = deviceItem({ sn: 'ALAP500000000001', name: 'Lobby-AP' });
    es.send({ type: 'device', device: row });
    es.emitRaw('device-removed', JSON.stringify({ sn: row.sn })); // type only in `event:`
    es.emitRaw('device', '{not json');
    es.emitRaw('operation', JSON.stringify({ type: 'operation', operation: { id: 'x' } }));
    expect(events).toEqual([{ type: 'device', device: row }, { type: 'device-removed', sn: row.sn }]);
  });

  it('passes on configuration changes (ARCHITECTURE §7) as they are stored and as their result changes', () => {
    const { events } = open();
    const es = ScriptedEventSource.last;
    es.open();
    const change = {
      id: 3, revision: 2, projectId: 1, section: 'vlan', sn: 'ALGW120000000001', version: 2, actor: 'ann@example.com',
      createdAt: '2025-01-01T00:00:00.000Z', changes: [{ path: 'vlans.1.name', old: 'Guests', new: 'Staff' }], result: 'applied', error: null, revertOf: null,
    } as const;
    es.emitRaw('config', JSON.stringify({ type: 'config', change }));
    expect(events).toEqual([{ type: 'config', change }]);
  });

  it('opens a stream the server closed again after a pause, and reports the reconnection once', () => {
    const { states, reconnected, close } = open();
    const first = ScriptedEventSource.last;
    first.open();
    first.fail();
    expect(states).toEqual(['connecting', 'live', 'reconnecting']);
    expect(ScriptedEventSource.all).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    expect(ScriptedEventSource.all).toHaveLength(2);
    expect(first.readyState).toBe(2);
    ScriptedEventSource.last.open();
    expect(states.at(-1)).toBe('live');
    expect(reconnected()).toBe(1);
    close();
    expect(ScriptedEventSource.last.readyState).toBe(2);
  });

  it('does not open a new stream after it was closed', () => {
    const { close } = open();
    close();
    ScriptedEventSource.last.fail();
    vi.advanceTimersByTime(60_000);
    expect(ScriptedEventSource.all).toHaveLength(1);
  });
});
