// Renders a page of this remote the way the shell mounts it: shared-ui providers and MfeProps.
// The API client is the real one over shared-ui's fake BFF; the event stream is a scripted
// EventSource.
import type { ReactElement } from 'react';
import { act, render } from '@testing-library/react';
import { AppProviders, addResources, type MfeProps, type ProjectRef } from '@airloom/shared-ui';
import { testMfeProps } from '@airloom/shared-ui/testing';
import type { DeviceItem, OperationItem, ProjectEvent } from '@airloom/contracts';
import { MfeContext } from './mfe-context';
import { networkEn } from './texts';

addResources('network', networkEn);

export { fakeBff } from '@airloom/shared-ui/testing';

export const ok = (data: unknown) => ({ body: { code: 0, data } });

/** An EventSource the test drives: open it, send events, break it. */
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

export function device(overrides: Partial<DeviceItem> & Pick<DeviceItem, 'sn' | 'name'>): DeviceItem {
  return {
    type: 'ap',
    model: 'AL-AP500',
    status: 1,
    ip: '192.168.1.10',
    mac: '00:1A:2B:00:00:01',
    softwareVersion: 'V1.0.0',
    meshMode: null,
    managementMode: 'cloud',
    clients: 0,
    uptime: 3600,
    lastSeenAt: '2025-01-01T00:00:00.000Z',
    pendingConfig: false,
    operation: null,
    ...overrides,
  };
}

export function operation(overrides: Partial<OperationItem> & Pick<OperationItem, 'id' | 'sn'>): OperationItem {
  return {
    projectId: 1,
    kind: 'reboot',
    state: 'queued',
    error: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const ownProject: ProjectRef = { id: 1, right: 'rw', netMode: 0, projectName: 'Harbour Hotel' };
export const readOnlyProject: ProjectRef = { id: 2, right: 'r', netMode: 0, projectName: 'Shared Office' };
export const demoProject: ProjectRef = { id: 500000, right: 'r', netMode: 0, projectName: 'Demo Hotel' };

export function renderPage(ui: ReactElement, api: MfeProps['api'], options: { project?: ProjectRef; demo?: boolean } = {}) {
  const mfe = testMfeProps(api, { project: options.project ?? ownProject, demo: options.demo });
  const result = render(
    <AppProviders>
      <MfeContext.Provider value={mfe}>{ui}</MfeContext.Provider>
    </AppProviders>,
  );
  return { ...result, mfe };
}
