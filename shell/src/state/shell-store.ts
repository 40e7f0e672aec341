// The shell's own state (ARCHITECTURE §3: session, project context, loading overlay, remotes).
// A tiny external store: React reads it with useSyncExternalStore, single-spa reads it when it
// builds a remote's props, and nothing else writes it.
import { useSyncExternalStore } from 'react';
import type { LoadingState, RemoteEntry } from '@airloom/contracts';
import type { MeResponse } from '@airloom/contracts';
import type { ProjectRef } from '@airloom/shared-ui';
import type { AccessType } from '../menu/tree';

export type RemoteStatus = 'loading' | 'mounted' | 'failed';

export interface ShellState {
  session: MeResponse | null;
  project: ProjectRef | null;
  loading: LoadingState;
  accessType: AccessType;
  /** Remotes listed in /remotes.json; null until it is read. */
  remotes: RemoteEntry[] | null;
  /** What each remote is doing, for the container's loading and failure views. */
  remoteStatus: Record<string, RemoteStatus | undefined>;
}

type Listener = () => void;

export function createStore<T>(initial: T) {
  let state = initial;
  const listeners = new Set<Listener>();
  return {
    getState: () => state,
    setState(patch: Partial<T> | ((s: T) => Partial<T>)) {
      const next = { ...state, ...(typeof patch === 'function' ? patch(state) : patch) };
      const changed = (Object.keys(next) as (keyof T)[]).some((k) => next[k] !== state[k]);
      if (!changed) return;
      state = next;
      for (const l of listeners) l();
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const shellStore = createStore<ShellState>({
  session: null,
  project: null,
  loading: 'end',
  accessType: 'web',
  remotes: null,
  remoteStatus: {},
});

export type ShellStore = typeof shellStore;

export function useShell<T>(select: (s: ShellState) => T, store: ShellStore = shellStore): T {
  return useSyncExternalStore(store.subscribe, () => select(store.getState()), () => select(store.getState()));
}

export function setRemoteStatus(name: string, status: RemoteStatus | undefined, store: ShellStore = shellStore): void {
  store.setState((s) => (s.remoteStatus[name] === status ? {} : { remoteStatus: { ...s.remoteStatus, [name]: status } }));
}
