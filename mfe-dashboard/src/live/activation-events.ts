// The data screen's live activations (`GET /api/v1/activations/events`, Server-Sent Events) read
// with fetch rather than EventSource, so a wall display signed in with an API key can send it as
// a Bearer header. The stream is opened again after any break, with back-off, and also when
// nothing (not even the server's 15 s ping) arrived for 40 s: a network that went away without
// closing the connection.
import { activationEndpoints, ActivationEventSchema, type ActivationEvent } from '@airloom/contracts';

export type LiveState = 'connecting' | 'live' | 'reconnecting';

/** Opens the stream; the default is the browser's fetch with the session cookie. */
export type OpenStream = (url: string, signal: AbortSignal) => Promise<Response>;

export interface ActivationEventsHandlers {
  onEvent(event: ActivationEvent): void;
  onState(state: LiveState): void;
  /** The stream is back after a break: whatever happened meanwhile was missed. */
  onReconnected(): void;
}

export const EVENTS_URL = `/api/v1${activationEndpoints.events.path}`;
const RETRY_MS = [1000, 2000, 5000, 10_000, 30_000];
export const SILENCE_MS = 40_000;

export const openWithCookie: OpenStream = (url, signal) =>
  fetch(url, { credentials: 'same-origin', headers: { Accept: 'text/event-stream' }, signal });

/** Parses `event:`/`data:` blocks; returns what is left of an unfinished block. */
export function parseBlocks(buffer: string, onData: (data: string) => void): string {
  let rest = buffer.replace(/\r\n/g, '\n');
  let cut: number;
  while ((cut = rest.indexOf('\n\n')) >= 0) {
    const block = rest.slice(0, cut);
    rest = rest.slice(cut + 2);
    const data = block
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).trimStart())
      .join('\n');
    if (data) onData(data);
  }
  return rest;
}

export function openActivationEvents(open: OpenStream, handlers: ActivationEventsHandlers, silenceMs = SILENCE_MS): () => void {
  let closed = false;
  let current: AbortController | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;

  const onData = (data: string) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      return;
    }
    const event = ActivationEventSchema.safeParse(parsed);
    if (event.success) handlers.onEvent(event.data);
  };

  /** Reads one connection to its end; calls `onOpen` once the server answered with the stream. */
  async function read(controller: AbortController, onOpen: () => void): Promise<void> {
    let reader: ReadableStreamDefaultReader<string> | undefined;
    // silence: the request is aborted and the body given up, whichever the connection still holds
    const giveUp = () => {
      controller.abort();
      void reader?.cancel().catch(() => undefined);
    };
    let watchdog = setTimeout(giveUp, silenceMs);
    const alive = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(giveUp, silenceMs);
    };
    try {
      const res = await open(EVENTS_URL, controller.signal);
      if (!res.ok || !res.body) return;
      alive();
      onOpen();
      reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        alive();
        buffer = parseBlocks(buffer + value, onData);
      }
    } catch {
      // a network error or the watchdog: opened again below
    } finally {
      clearTimeout(watchdog);
    }
  }

  async function run(): Promise<void> {
    let failures = 0;
    let broken = false;
    handlers.onState('connecting');
    while (!closed) {
      current = new AbortController();
      await read(current, () => {
        failures = 0;
        handlers.onState('live');
        if (broken) handlers.onReconnected();
        broken = false;
      });
      if (closed) return;
      broken = true;
      handlers.onState('reconnecting');
      const delay = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]!;
      failures += 1;
      await new Promise<void>((resolve) => (retry = setTimeout(resolve, delay)));
    }
  }

  void run();
  return () => {
    closed = true;
    if (retry) clearTimeout(retry);
    current?.abort();
  };
}
