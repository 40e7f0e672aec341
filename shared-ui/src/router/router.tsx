// React face of history.ts: location hooks, route matching with parameters, links with
// aria-current, and a redirect — the few parts of a router the console uses.
import {
  Children, createContext, isValidElement, useCallback, useContext, useEffect, useMemo, useSyncExternalStore,
  type AnchorHTMLAttributes, type MouseEvent, type ReactElement, type ReactNode,
} from 'react';
import { getLocation, hrefOf, isActivePath, matchPath, navigate, subscribe, type NavigateOptions, type ShellLocation } from './history';

export function useLocation(): ShellLocation {
  return useSyncExternalStore(subscribe, getLocation, getLocation);
}

type SearchInit = URLSearchParams | ((current: URLSearchParams) => URLSearchParams);

/**
 * The address's query, and a setter that keeps the path (`replace` for a way of looking, not a
 * step). A page that is leaving (the address is already another page's, say after a menu click
 * while it mounted) writes nothing: its query belongs to its own page only.
 */
export function useSearchParams(): [URLSearchParams, (next: SearchInit, options?: NavigateOptions) => void] {
  const { pathname, search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback((next: SearchInit, options?: NavigateOptions) => {
    const now = getLocation();
    if (now.pathname !== pathname) return;
    const value = typeof next === 'function' ? next(new URLSearchParams(now.search)) : next;
    const query = value.toString();
    navigate(`${pathname}${query ? `?${query}` : ''}`, options);
  }, [pathname]);
  return [params, set];
}

export function useNavigate(): (to: string, options?: NavigateOptions) => void {
  return navigate;
}

const ParamsContext = createContext<Record<string, string>>({});

/** The parameters of the route being shown (`:sn` in `/manage/devconf/:sn/:section`). */
export function useParams(): Record<string, string | undefined> {
  return useContext(ParamsContext);
}

export interface RouteProps {
  /** `/manage/devconf/:sn/:section`; `*` for any other address */
  path: string;
  element: ReactNode;
}

/** One route of `<Routes>`; it renders nothing by itself. */
export function Route(_props: RouteProps): null {
  return null;
}

/** Shows the element of the first `<Route>` whose path matches the address. */
export function Routes({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  for (const child of Children.toArray(children)) {
    if (!isValidElement(child)) continue;
    const { path, element } = (child as ReactElement<RouteProps>).props;
    const params = matchPath(path, pathname);
    if (params) return <ParamsContext.Provider value={params}>{element}</ParamsContext.Provider>;
  }
  return null;
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
  return <a {...rest} href={hrefOf(to)} onClick={handle} />;
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
