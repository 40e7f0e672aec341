// How the wall display reaches the API (ARCHITECTURE §3 standalone entry): with a read-only API
// key (`?key=alk_…` once, or typed into the sign-in form) sent as a Bearer header, or else with the
// console's session cookie. The key is kept for this browser tab only and taken out of the address
// at once, so it does not linger in the history or in a screenshot of the address bar.
import { createApiClient, type ApiClient } from '@airloom/shared-ui';
import type { OpenStream } from '../live/activation-events';
import { DEFAULT_SETTINGS, type DataScreenSettings } from '../features/datascreen/context';

const KEY_STORE = 'airloom.datascreen.key';

export interface WallAccess {
  api: ApiClient;
  key: string | null;
  settings: DataScreenSettings;
}

/** The key from the address (then removed from it) or from this tab's earlier sign-in. */
export function takeKey(location: Location, storage: Storage, history: History): string | null {
  const url = new URL(location.href);
  const given = url.searchParams.get('key');
  if (given) {
    storage.setItem(KEY_STORE, given);
    url.searchParams.delete('key');
    history.replaceState(history.state, '', url.toString());
  }
  return given ?? storage.getItem(KEY_STORE);
}

export function rememberKey(storage: Storage, key: string | null): void {
  if (key) storage.setItem(KEY_STORE, key);
  else storage.removeItem(KEY_STORE);
}

/** `?idle=<seconds>` and `?poll=<seconds>` tune the idle detection (spec §9: polled every 3 s). */
export function idleSettings(search: string): DataScreenSettings['idle'] {
  const params = new URLSearchParams(search);
  const seconds = (name: string, fallback: number) => {
    const v = Number(params.get(name));
    return Number.isFinite(v) && v > 0 ? v * 1000 : fallback;
  };
  return { pollMs: seconds('poll', DEFAULT_SETTINGS.idle.pollMs), timeoutMs: seconds('idle', DEFAULT_SETTINGS.idle.timeoutMs) };
}

export function wallAccess(key: string | null, search: string, onUnauthorized: () => void, doFetch: typeof fetch = (i, init) => fetch(i, init)): WallAccess {
  const bearer = (headers: HeadersInit | undefined): Headers => {
    const h = new Headers(headers);
    if (key) h.set('Authorization', `Bearer ${key}`);
    return h;
  };
  const api = createApiClient({ onUnauthorized, fetchImpl: (input, init) => doFetch(input, { ...init, headers: bearer(init?.headers) }) });
  const openStream: OpenStream = (url, signal) =>
    doFetch(url, { credentials: 'same-origin', headers: bearer({ Accept: 'text/event-stream' }), signal });
  // a download link carries the cookie but not a key: with a key there is no export
  return { api, key, settings: { ...DEFAULT_SETTINGS, openStream, exportAllowed: key === null, idle: idleSettings(search) } };
}
