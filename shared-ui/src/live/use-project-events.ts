// useProjectEvents (ARCHITECTURE §3 remote kit): a page follows its project's live events while it
// is shown. The stream is opened once per project; the handlers may change on every render.
import { useEffect, useRef, useState } from 'react';
import type { ProjectEvent } from '@airloom/contracts';
import { openProjectEvents, projectEventsUrl, type LiveState } from './project-events';

export interface ProjectEventHandlers {
  onEvent(event: ProjectEvent): void;
  /** The stream is back after a break: events sent meanwhile were missed, read the state again. */
  onReconnected?(): void;
}

/** Opens the project's event stream for as long as the component is mounted; returns its state. */
export function useProjectEvents(projectId: number, handlers: ProjectEventHandlers): LiveState {
  const [state, setState] = useState<LiveState>('connecting');
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;

  useEffect(() => {
    let stopped = false;
    const close = openProjectEvents(projectEventsUrl(projectId), {
      onEvent: (event) => {
        if (!stopped) handlersRef.current.onEvent(event);
      },
      onState: (s) => {
        if (!stopped) setState(s);
      },
      onReconnected: () => {
        if (!stopped) handlersRef.current.onReconnected?.();
      },
    });
    return () => {
      stopped = true;
      close();
    };
  }, [projectId]);

  return state;
}
