// The shell's own navigation over the History API. react-router is a Module Federation singleton
// of 64 KB gzip; the shell only needs a handful of path checks, so it leaves react-router to the
// remotes (loaded with the first remote) and keeps its initial JS inside the budget.
// single-spa patches pushState to fire popstate, so remotes' routers and this one stay in step.

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

function read(): ShellLocation & { key: string | undefined } {
  const { pathname, search, hash } = window.location;
  const h = (window.history.state ?? null) as HistoryState | null;
  return { pathname, search, hash, state: h?.usr ?? null, key: h?.key };
}

let current = read();

function refresh(): void {
  const next = read();
  if (next.pathname === current.pathname && next.search === current.search && next.hash === current.hash && next.key === current.key) return;
  current = next;
  for (const listener of listeners) listener();
}

export function subscribe(listener: Listener): () => void {
  if (listeners.size === 0) {
    current = read();
    window.addEventListener('popstate', refresh);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('popstate', refresh);
  };
}

export function getLocation(): ShellLocation {
  return current;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export function navigate(to: string, options: NavigateOptions = {}): void {
  const data: HistoryState = { usr: options.state ?? null, key: Math.random().toString(36).slice(2, 10) };
  if (options.replace) window.history.replaceState(data, '', to);
  else window.history.pushState(data, '', to);
  refresh();
}
