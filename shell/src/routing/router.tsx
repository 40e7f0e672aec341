// React face of history.ts: location hooks, links with aria-current, and a redirect.
import { useEffect, useMemo, useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { getLocation, navigate, subscribe, type ShellLocation } from './history';

export function useLocation(): ShellLocation {
  return useSyncExternalStore(subscribe, getLocation, getLocation);
}

export function useSearchParams(): URLSearchParams {
  const { search } = useLocation();
  return useMemo(() => new URLSearchParams(search), [search]);
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  replace?: boolean;
  state?: unknown;
}

/** An ordinary link (keyboard, middle-click and "open in new tab" keep working) that navigates in place. */
export function Link({ to, replace, state, onClick, ...rest }: LinkProps) {
  const handle = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey || (rest.target && rest.target !== '_self')) return;
    e.preventDefault();
    navigate(to, { replace, state });
  };
  return <a {...rest} href={to} onClick={handle} />;
}

/** Whether `pathname` is the link's page (`end`: exactly) or one of its sub-pages. */
export function isActivePath(pathname: string, to: string, end = false): boolean {
  const path = to.split(/[?#]/)[0] ?? to;
  return end ? pathname === path : pathname === path || pathname.startsWith(`${path}/`);
}

export function NavLink({ end, ...props }: LinkProps & { end?: boolean }) {
  const { pathname } = useLocation();
  return <Link {...props} aria-current={isActivePath(pathname, props.to, end) ? 'page' : undefined} />;
}

export function Navigate({ to, replace = false }: { to: string; replace?: boolean }) {
  useEffect(() => {
    navigate(to, { replace });
  }, [to, replace]);
  return null;
}
