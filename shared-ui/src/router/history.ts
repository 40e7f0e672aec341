// The console's one navigation over the History API, shared by the shell and every remote (a
// Module Federation singleton through `@airloom/shared-ui`). A general router library costs 64 KB
// gzip per first visit; the console needs a handful of path matches, so it routes with this.
// single-spa patches pushState to fire popstate, so every subscriber stays in step.
// A remote on its own page routes in the URL hash (`#/overview/list`), its page being the remote's
// folder: `routeInHash()` switches this module to that.

export interface ShellLocation {
  pathname: string;
  search: string;
  hash: string;
  /** State passed with `navigate(…, { state })`. */
  state: unknown;
}

interface HistoryState { usr?: unknown; key?: string }

type Listener = () => void;
const listeners = new Set<Listener>();
let inHash = false;

function read(): ShellLocation & { key: string | undefined } {
  const h = (window.history.state ?? null) as HistoryState | null;
  const state = h?.usr ?? null;
  if (inHash) {
    const inner = new URL(window.location.hash.slice(1) || '/', 'http://hash.invalid');
    return { pathname: inner.pathname, search: inner.search, hash: '', state, key: h?.key };
  }
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state, key: h?.key };
}

let current = read();

/** Reads the address again and tells the subscribers when it changed. */
export function refreshLocation(): void {
  const next = read();
  if (next.pathname === current.pathname && next.search === current.search && next.hash === current.hash && next.key === current.key) return;
  current = next;
  for (const listener of listeners) listener();
}

export function subscribe(listener: Listener): () => void {
  if (listeners.size === 0) {
    current = read();
    window.addEventListener('popstate', refreshLocation);
    window.addEventListener('hashchange', refreshLocation);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener('popstate', refreshLocation);
      window.removeEventListener('hashchange', refreshLocation);
    }
  };
}

export function getLocation(): ShellLocation {
  return current;
}

/** From now on, addresses live in the URL hash (a remote's standalone page). */
export function routeInHash(): void {
  inHash = true;
  current = read();
}

/** The `href` of an address: itself, or in the hash on a standalone page. */
export function hrefOf(to: string): string {
  return inHash ? `#${to}` : to;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export function navigate(to: string, options: NavigateOptions = {}): void {
  const data: HistoryState = { usr: options.state ?? null, key: Math.random().toString(36).slice(2, 10) };
  if (options.replace) window.history.replaceState(data, '', hrefOf(to));
  else window.history.pushState(data, '', hrefOf(to));
  refreshLocation();
}

/** Whether `pathname` is the link's page (`end`: exactly) or one of its sub-pages. */
export function isActivePath(pathname: string, to: string, end = false): boolean {
  const path = to.split(/[?#]/)[0] ?? to;
  return end ? pathname === path : pathname === path || pathname.startsWith(`${path}/`);
}

/** The parameters of `pattern` (`/manage/devconf/:sn/:section`, `*` matches anything) in `pathname`, or null. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  if (pattern === '*') return {};
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i] as string;
    const h = have[i] as string;
    if (w.startsWith(':')) params[w.slice(1)] = decodeURIComponent(h);
    else if (w !== h) return null;
  }
  return params;
}
