// What the run log and the alarm pages share: a page of rows loaded for the filters (again when they
// change), read again when the project's `log` events say something was written or read — a burst
// of events is read once — and after the event stream reconnects.
import { useEffect, useRef } from 'react';
import type { ProjectEvent } from '@airloom/contracts';
import { useProjectEvents, type Loaded } from '@airloom/shared-ui';
import { useFilteredLoad } from '../../components/use-filtered-load';

type LogEvent = Extract<ProjectEvent, { type: 'log' }>;

export function useLiveLog<F, T>(
  projectId: number,
  filters: F,
  load: (filters: F, signal: AbortSignal) => Promise<T>,
  concerns: (event: LogEvent) => boolean = () => true,
): Loaded<T> {
  const list = useFilteredLoad(filters, load);
  const { reload } = list;

  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (pending.current) clearTimeout(pending.current);
  }, []);
  useProjectEvents(projectId, {
    onEvent: (event) => {
      if (event.type !== 'log' || !concerns(event) || pending.current) return;
      pending.current = setTimeout(() => {
        pending.current = null;
        reload();
      }, 300);
    },
    onReconnected: reload,
  });
  return list;
}
