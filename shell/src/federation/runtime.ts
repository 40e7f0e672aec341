// The Module Federation runtime of the host (the plugin's instance named `shell`).
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteInfo } from '../state/shell-store';

export function registerRuntimeRemotes(remotes: RemoteInfo[]): void {
  // entry = the remote's mf-manifest.json; relative entries are taken from this origin.
  registerRemotes(remotes.map((r) => ({ name: r.name, entry: new URL(r.entry, window.location.origin).href })));
}

export function loadRemoteApp(remote: string): Promise<unknown> {
  return loadRemote<unknown>(`${remote}/app`);
}
