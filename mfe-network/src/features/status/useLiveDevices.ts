// The page's device list, kept current without a manual refresh: the list and summary are fetched
// once, the project's events and the answers to the page's own calls come in as records, and the
// newer revision of each wins (ARCHITECTURE §3). A stream that was broken is followed by one fresh
// fetch (events sent meanwhile were missed).
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { newerRecord, summariseDevices, type DeviceItem, type DeviceSummary, type ProjectEvent } from '@airloom/contracts';
import { useProjectEvents, type LiveState } from '@airloom/shared-ui';
import type { NetworkApi } from '../../api';
import { applyEvent, listFromAnswer, type LiveList } from './device-list';

export interface LiveDevices {
  /** null until the first list arrives */
  items: readonly DeviceItem[] | null;
  summary: DeviceSummary | null;
  /** alarms are counted by the server only; null when its summary could not be read */
  alarms: number | null;
  error: Error | null;
  live: LiveState;
  /** A record the page's own call answered with: kept unless the page already has a newer one. */
  apply(record: ProjectEvent): void;
  /** The row the page shows once `device` is applied (the newer of the two). */
  shown(device: DeviceItem): DeviceItem;
}

export interface LiveDevicesOptions {
  api: NetworkApi;
  projectId: number;
  /** Every event, after it was applied (e.g. to tell the user an operation finished). */
  onEvent?(event: ProjectEvent): void;
}

interface ListState {
  list: LiveList | null;
  fetched: DeviceSummary | null;
  /** the list changed since the summary was fetched: the figures are counted here */
  changed: boolean;
  error: Error | null;
}

export function useLiveDevices({ api, projectId, onEvent }: LiveDevicesOptions): LiveDevices {
  const [state, setState] = useState<ListState>({ list: null, fetched: null, changed: false, error: null });
  const onEventRef = useRef(onEvent);
  onEventRef.current = onEvent;
  const itemsRef = useRef(state.list?.items);
  itemsRef.current = state.list?.items;
  const controller = useRef<AbortController | null>(null);
  // Events that arrive while a list is being fetched are applied on top of it too: the list may
  // have been read before them.
  const arrivedDuringFetch = useRef<ProjectEvent[] | null>(null);

  const update = useCallback((event: ProjectEvent) => {
    setState((s) => {
      if (!s.list) return s;
      const list = applyEvent(s.list, event);
      return list === s.list ? s : { ...s, list, changed: true };
    });
  }, []);

  const load = useCallback(async (): Promise<void> => {
    controller.current?.abort();
    const ctl = new AbortController();
    controller.current = ctl;
    const arrived: ProjectEvent[] = [];
    arrivedDuringFetch.current = arrived;
    const summary = api.summary(ctl.signal).catch(() => null);
    try {
      const answer = await api.listDevices(ctl.signal);
      const fetched = await summary;
      if (ctl.signal.aborted) return;
      setState((s) => {
        const start = listFromAnswer(answer.items, s.list ?? undefined);
        return { list: arrived.reduce(applyEvent, start), fetched, changed: arrived.length > 0, error: null };
      });
    } catch (error) {
      if (!ctl.signal.aborted) setState((s) => ({ ...s, error: error as Error }));
    } finally {
      if (controller.current === ctl) arrivedDuringFetch.current = null;
    }
  }, [api]);

  const live = useProjectEvents(projectId, {
    onEvent(event) {
      arrivedDuringFetch.current?.push(event);
      // A large project sends many events a second: as transitions, the updates that arrive while
      // the list renders are merged into its next render instead of each rendering the whole table.
      startTransition(() => update(event));
      onEventRef.current?.(event);
    },
    onReconnected: () => void load(),
  });

  useEffect(() => {
    void load();
    return () => controller.current?.abort();
  }, [load]);

  const summary = useMemo(() => {
    if (!state.list) return state.fetched;
    if (state.fetched && !state.changed) return state.fetched;
    return summariseDevices(state.list.items, state.fetched?.alarms ?? 0);
  }, [state]);

  const shown = useCallback((device: DeviceItem) => {
    const current = itemsRef.current?.find((d) => d.sn === device.sn);
    return current ? newerRecord(current, device) : device;
  }, []);

  return { items: state.list?.items ?? null, summary, alarms: state.fetched?.alarms ?? null, error: state.error, live, apply: update, shown };
}
