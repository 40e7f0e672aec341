// The deployed remotes, read once per page from /remotes.json (the entry chunk already asked: see
// early-requests.ts). As soon as the list is known, the remote of the route being entered starts
// downloading, before the shell has drawn anything (LCP budget).
import { fetchWithEarly } from '../early-requests';
import { fetchRemotesManifest } from '../federation/remotes-manifest';
import { preloadRemoteApp } from '../federation/runtime';
import { findEntry, MENU_TREE } from '../menu/tree';
import type { RemoteEntry } from '@airloom/contracts';

let pending: Promise<RemoteEntry[]> | undefined;

export function loadRemotesList(): Promise<RemoteEntry[]> {
  pending ??= fetchRemotesManifest('/remotes.json', fetchWithEarly).then(
    (list) => {
      const entering = findEntry(MENU_TREE, window.location.pathname);
      if (entering) preloadRemoteApp(list, entering.remote);
      return list;
    },
    (err: unknown) => {
      pending = undefined; // let Retry ask again
      throw err;
    },
  );
  return pending;
}
