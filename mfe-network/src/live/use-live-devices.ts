// The page's device list, kept current without a manual refresh: the list and summary are fetched
// once, the project's events replace rows as they come, and a stream that was broken is followed
// by one fresh fetch (events sent meanwhile were missed).
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DeviceItem, DeviceSummary, ProjectEvent } from '@airloom/contracts';
import type { NetworkApi } from '../api';
import { applyEvent, summarize } from '../device-list';
import { openProjectEvents, type EventSourceFactory, type LiveState } from './project-events';

export interface LiveDevices {
  /** null until the first list arrives */
  items: readonly DeviceItem[] | null;
  summary: DeviceSummary | null;
  /** alarms are counted by the server only; null when its summary could not be read */
  alarms: number | null;
  error: Error | null;
  live: LiveState;
  /** A mark of the events received so far, taken before the page's own call. */
  mark(): number;
  /**
   * Applies what the page's own call answered, unless an event about the same device arrived since
   * `since`: that event is newer than the answer. Returns whether it was applied.
   */
  applyOwn(event: ProjectEvent, since: number): boolean;
  /** The row as the page shows it now. */
  current(sn: string): DeviceItem | undefined;
}

function eventSn(event: ProjectEvent): string {
  if (event.type === 'device') return event.device.sn;
  if (event.type === 'operation') return event.operation.sn;
  return event.sn;
}

export interface LiveDevicesOptions {
  api: NetworkApi;
  eventsUrl: string;
  /** Every event, after it was applied (e.g. to tell the user an operation finished). */
  onEvent?(event: ProjectEvent): void;
  createEventSource?: EventSourceFactory;
}

interface ListState {
  items: readonly DeviceItem[] | null;
  fetched: DeviceSummary | null;
  /** the list changed since the summary was fetched: the figures are counted here */
  changed: boolean;
  error: Error | null;
}

export function useLiveDevices({ api, eventsUrl, onEvent, createEventSource }: LiveDevicesOptions): LiveDevices {
  const [state, setState] = useState<ListState>({ items: null, fetched: null, changed: false, error: null });
  const [live, setLive] = useState<LiveState>('connecting');
  const onEventRef = useRef(onEvent);
  onEventRef.current = onEvent;
  const factoryRef = useRef(createEventSource);
  const received = useRef({ count: 0, lastBySn: new Map<string, number>() });
  const itemsRef = useRef(state.items);
  itemsRef.current = state.items;

  const update = useCallback((event: ProjectEvent) => {
    setState((s) => {
      if (!s.items) return s;
      const items = applyEvent(s.items, event);
      return items === s.items ? s : { ...s, items, changed: true };
    });
  }, []);
  // A large project sends many events a second: as transitions, the updates that arrive while the
  // list renders are merged into its next render instead of each rendering the whole table.
  const apply = useCallback((event: ProjectEvent) => startTransition(() => update(event)), [update]);

  useEffect(() => {
    let stopped = false;
    let controller: AbortController | null = null;
    // Events that arrive while a list is being fetched are applied on top of it.
    let queue: ProjectEvent[] | null = null;

    async function load(): Promise<void> {
      controller?.abort();
      const ctl = new AbortController();
      controller = ctl;
      queue = [];
      const summary = api.summary(ctl.signal).catch(() => null);
      try {
        const list = await api.listDevices(ctl.signal);
        const fetched = await summary;
        if (ctl.signal.aborted) return;
        const items = queue.reduce<readonly DeviceItem[]>(applyEvent, list.items);
        setState({ items, fetched, changed: queue.length > 0, error: null });
      } catch (error) {
        if (!ctl.signal.aborted) setState((s) => ({ ...s, error: error as Error }));
      } finally {
        if (controller === ctl) queue = null;
      }
    }

    const close = openProjectEvents(
      eventsUrl,
      {
        onEvent(event) {
          if (stopped) return;
          const r = received.current;
          r.count += 1;
          r.lastBySn.set(eventSn(event), r.count);
          if (queue) queue.push(event);
          else apply(event);
          onEventRef.current?.(event);
        },
        onState: (s) => {
          if (!stopped) setLive(s);
        },
        onReconnected: () => {
          if (!stopped) void load();
        },
      },
      factoryRef.current,
    );
    void load();
    return () => {
      stopped = true;
      controller?.abort();
      close();
    };
  }, [api, eventsUrl, apply]);

  const summary = useMemo(() => {
    if (!state.items) return state.fetched;
    if (state.fetched && !state.changed) return state.fetched;
    return summarize(state.items, state.fetched?.alarms ?? 0);
  }, [state]);

  const mark = useCallback(() => received.current.count, []);
  const applyOwn = useCallback(
    (event: ProjectEvent, since: number) => {
      if ((received.current.lastBySn.get(eventSn(event)) ?? 0) > since) return false;
      update(event); // the user's own change shows at once
      return true;
    },
    [update],
  );
  const current = useCallback((sn: string) => itemsRef.current?.find((d) => d.sn === sn), []);

  return { items: state.items, summary, alarms: state.fetched?.alarms ?? null, error: state.error, live, mark, applyOwn, current };
}
