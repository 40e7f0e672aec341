// The live stream as a hook: its state, the latest activation, a call whenever the figures changed
// (an activation arrived, or the stream is back after a break), each activation to whoever listens
// (the device list), and how many times the stream came back (what it missed meanwhile is unknown).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ActivationEvent } from '@airloom/contracts';
import { openActivationEvents, type LiveState, type OpenStream } from './activation-events';

export type ActivationListener = (event: ActivationEvent) => void;

export interface ActivationLive {
  /** every activation as it arrives, one call each (none lost when several come at once); returns the unsubscribe */
  subscribe(listener: ActivationListener): () => void;
  /** grows each time the stream is back after a break */
  reconnects: number;
}

export function useActivationLive(open: OpenStream, onChange: () => void) {
  const [state, setState] = useState<LiveState>('connecting');
  const [latest, setLatest] = useState<ActivationEvent | null>(null);
  const [reconnects, setReconnects] = useState(0);
  const changed = useRef(onChange);
  changed.current = onChange;
  const listeners = useRef(new Set<ActivationListener>());
  useEffect(
    () =>
      openActivationEvents(open, {
        onEvent: (event) => {
          setLatest(event);
          for (const listener of listeners.current) listener(event);
          changed.current();
        },
        onState: setState,
        onReconnected: () => {
          setReconnects((n) => n + 1);
          changed.current();
        },
      }),
    [open],
  );
  const subscribe = useCallback((listener: ActivationListener) => {
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  }, []);
  return { state, latest, live: { subscribe, reconnects } satisfies ActivationLive };
}
