// The live stream as a hook: its state, the latest activation, and a call whenever the figures
// changed (an activation arrived, or the stream is back after a break).
import { useEffect, useRef, useState } from 'react';
import type { ActivationEvent } from '@airloom/contracts';
import { openActivationEvents, type LiveState, type OpenStream } from './activation-events';

export function useActivationLive(open: OpenStream, onChange: () => void) {
  const [state, setState] = useState<LiveState>('connecting');
  const [latest, setLatest] = useState<ActivationEvent | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  useEffect(
    () =>
      openActivationEvents(open, {
        onEvent: (event) => {
          setLatest(event);
          changed.current();
        },
        onState: setState,
        onReconnected: () => changed.current(),
      }),
    [open],
  );
  return { state, latest };
}
