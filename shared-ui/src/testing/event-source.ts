// An EventSource the test drives (open it, send events, break it), for pages that follow a
// project's live events (useProjectEvents). `vi.stubGlobal('EventSource', ScriptedEventSource)`
// puts it where the browser's would be.
import { act } from '@testing-library/react';
import type { ProjectEvent } from '@airloom/contracts';

export class ScriptedEventSource {
  static all: ScriptedEventSource[] = [];
  readyState = 0;
  onopen: ((e: Event) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;
  private listeners = new Map<string, Array<(e: MessageEvent) => void>>();

  constructor(readonly url: string) {
    ScriptedEventSource.all.push(this);
  }

  static get last(): ScriptedEventSource {
    const last = ScriptedEventSource.all[ScriptedEventSource.all.length - 1];
    if (!last) throw new Error('no EventSource was opened');
    return last;
  }

  addEventListener(type: string, listener: (e: MessageEvent) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close(): void {
    this.readyState = 2;
  }

  open(): void {
    act(() => {
      this.readyState = 1;
      this.onopen?.(new Event('open'));
    });
  }

  send(event: ProjectEvent): void {
    act(() => {
      for (const listener of this.listeners.get(event.type) ?? []) listener(new MessageEvent(event.type, { data: JSON.stringify(event) }));
    });
  }

  /** A message as the wire has it (`event:` type and `data:` text). */
  emitRaw(type: string, data: string): void {
    act(() => {
      for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data }));
    });
  }

  /** The server answered with an error: the browser gives up on this stream. */
  fail(): void {
    act(() => {
      this.readyState = 2;
      this.onerror?.(new Event('error'));
    });
  }

  /** A dropped connection the browser retries by itself. */
  drop(): void {
    act(() => {
      this.readyState = 0;
      this.onerror?.(new Event('error'));
    });
  }
}

export const createScriptedEventSource = (url: string) => new ScriptedEventSource(url) as unknown as EventSource;
