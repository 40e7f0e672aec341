// A load that follows its filters: loaded once, then again whenever the page's filters change (a new
// object: the pages keep theirs in useMemo), with useLoad's state and reload.
import { useEffect, useRef } from 'react';
import { useLoad, type Loaded } from '@airloom/shared-ui';

export function useFilteredLoad<F, T>(filters: F, load: (filters: F, signal: AbortSignal) => Promise<T>): Loaded<T> {
  const loaded = useLoad((signal) => load(filters, signal));
  const { reload } = loaded;
  const shown = useRef(filters);
  useEffect(() => {
    if (shown.current === filters) return;
    shown.current = filters;
    reload();
  }, [filters, reload]);
  return loaded;
}
