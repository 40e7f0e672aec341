import { useSyncExternalStore } from 'react';

/** Phone layout below this width (the menu becomes a drawer); 390 px phones are the target. */
export const PHONE_QUERY = '(max-width: 767px)';

/** Whether a CSS media query matches now, kept up to date (false where matchMedia is missing). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}
