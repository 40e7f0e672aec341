// The host side of runtime federation: register the deployed remotes, load `<remote>/app`, preload
// the one being entered. The runtime itself (host-instance.ts) is a separate chunk, fetched on the
// first call; the login page makes none.
import type { RemoteEntry } from '@airloom/contracts';

let runtime: Promise<typeof import('./host-instance')> | undefined;
const hostInstance = () => (runtime ??= import('./host-instance'));

const registered = new Set<string>();

/** Starts fetching the runtime (the console needs it for its first page). */
export function prepareRuntime(): void {
  void hostInstance().catch(() => {
    runtime = undefined; // the real load reports the failure and offers Retry
  });
}

/** Registers each remote with the runtime once (preloading may register before single-spa starts). */
export async function registerRuntimeRemotes(remotes: RemoteEntry[]): Promise<void> {
  const fresh = remotes.filter((r) => !registered.has(r.name));
  if (fresh.length === 0) return;
  for (const r of fresh) registered.add(r.name);
  const { host } = await hostInstance();
  // entry = the remote's mf-manifest.json; relative entries are taken from this origin.
  host.registerRemotes(fresh.map((r) => ({ name: r.name, entry: new URL(r.entry, window.location.origin).href })));
}

export async function loadRemoteApp(remote: string): Promise<unknown> {
  const { host } = await hostInstance();
  return host.loadRemote<unknown>(`${remote}/app`);
}

/**
 * Loads the remote the user is entering (its entry and `./app`) while the shell still draws its
 * layout; single-spa's load then gets the same module. `./app` only defines the lifecycles: nothing is
 * mounted before single-spa does it.
 */
export function preloadRemoteApp(remotes: RemoteEntry[], remote: string): void {
  if (!remotes.some((r) => r.name === remote)) return;
  registerRuntimeRemotes(remotes)
    .then(() => loadRemoteApp(remote))
    .catch(() => {
      // a failed early load is harmless: single-spa's load reports the failure and offers Retry
    });
}
