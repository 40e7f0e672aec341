import { afterEach, describe, expect, it, vi } from 'vitest';
import { openActivationEvents, parseBlocks, type LiveState } from './activation-events';
import { activation, scriptedStream } from '../test-harness';

afterEach(() => vi.useRealTimers());

describe('the live activations stream', () => {
  it('reads data blocks split anywhere, ignoring pings and the retry line', () => {
    const got: string[] = [];
    let rest = parseBlocks('retry: 2000\n\n: ping\n\nevent: activation\ndata: {"a"', (d) => got.push(d));
    expect(got).toEqual([]);
    rest = parseBlocks(`${rest}:1}\r\n\r\nevent: activation\ndata: {"b":2}\n\n`, (d) => got.push(d));
    expect([got, rest]).toEqual([['{"a":1}', '{"b":2}'], '']);
  });

  it('hands over activations, opens the stream again after a break and says it is back', async () => {
    const stream = scriptedStream();
    const states: LiveState[] = [];
    const events: string[] = [];
    const reconnected = vi.fn();
    const close = openActivationEvents(stream.open, { onEvent: (e) => events.push(e.activation.sn), onState: (s) => states.push(s), onReconnected: reconnected });
    await vi.waitFor(() => expect(states).toEqual(['connecting', 'live']));
    stream.push({ type: 'activation', first: true, activation: activation({ sn: 'ALONE' }) });
    await vi.waitFor(() => expect(events).toEqual(['ALONE']));
    stream.end();
    await vi.waitFor(() => expect(states.at(-1)).toBe('reconnecting'));
    await vi.waitFor(() => expect(reconnected).toHaveBeenCalledTimes(1), { timeout: 2000 });
    expect(states.slice(-2)).toEqual(['reconnecting', 'live']);
    close();
  });

  it('gives up on a connection that went silent (network lost without a close) and opens a new one', async () => {
    const stream = scriptedStream();
    const states: LiveState[] = [];
    const close = openActivationEvents(stream.open, { onEvent: () => {}, onState: (s) => states.push(s), onReconnected: () => {} }, 100);
    await vi.waitFor(() => expect(states).toContain('reconnecting'), { timeout: 1000 });
    await vi.waitFor(() => expect(stream.opened.length).toBeGreaterThanOrEqual(2), { timeout: 2000 });
    close();
  });

  it('keeps trying while the server refuses or cannot be reached', async () => {
    let calls = 0;
    const states: LiveState[] = [];
    const close = openActivationEvents(
      async () => {
        calls += 1;
        if (calls === 1) throw new TypeError('Failed to fetch');
        return new Response('{}', { status: 503 });
      },
      { onEvent: () => {}, onState: (s) => states.push(s), onReconnected: () => {} },
    );
    await vi.waitFor(() => expect(calls).toBe(2), { timeout: 2000 });
    expect(states).not.toContain('live');
    close();
  });
});
