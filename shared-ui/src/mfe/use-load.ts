// useLoad (ARCHITECTURE §3 remote kit): a page's data, read when it is shown and again on reload().
import { useCallback, useEffect, useRef, useState } from 'react';

export interface Loaded<T> {
  data: T | null;
  error: Error | null;
  loading: boolean;
  reload(): void;
}

/**
 * Runs `load` on mount and on reload(); a newer run cancels the answer of an older one. `initial`, an
 * answer already in hand when the page is first shown, is shown at once instead of the first load.
 */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, initial?: T): Loaded<T> {
  const [state, setState] = useState<{ data: T | null; error: Error | null; loading: boolean }>(() =>
    initial === undefined ? { data: null, error: null, loading: true } : { data: initial, error: null, loading: false },
  );
  const [version, setVersion] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const given = useRef(initial !== undefined);

  useEffect(() => {
    if (given.current) {
      given.current = false;
      return;
    }
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ data, error: null, loading: false });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState((s) => ({ data: s.data, error: error as Error, loading: false }));
      },
    );
    return () => controller.abort();
  }, [version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { ...state, reload };
}
