// The Module Federation runtime of the host (the plugin's instance named `shell`).
import { loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteInfo } from '../state/shell-store';

const registered = new Set<string>();

/** Registers each remote with the runtime once (preloading may register before single-spa starts). */
export function registerRuntimeRemotes(remotes: RemoteInfo[]): void {
  const fresh = remotes.filter((r) => !registered.has(r.name));
  if (fresh.length === 0) return;
  for (const r of fresh) registered.add(r.name);
  // entry = the remote's mf-manifest.json; relative entries are taken from this origin.
  registerRemotes(fresh.map((r) => ({ name: r.name, entry: new URL(r.entry, window.location.origin).href })));
}

export function loadRemoteApp(remote: string): Promise<unknown> {
  return loadRemote<unknown>(`${remote}/app`);
}

/**
 * Starts downloading the remote the user is entering (its entry, `./app` and the shared modules it
 * needs) while the shell still draws its layout; single-spa's load then finds them fetched.
 */
export function preloadRemoteApp(remotes: RemoteInfo[], remote: string): void {
  if (!remotes.some((r) => r.name === remote)) return;
  registerRuntimeRemotes(remotes);
  preloadRemote([{ nameOrAlias: remote, exposes: ['./app'], resourceCategory: 'sync', share: true }]).catch(() => {
    // a failed preload is harmless: the real load reports the failure and offers Retry
  });
}
