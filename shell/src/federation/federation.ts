// Runtime federation (ARCHITECTURE §3): the remotes of /remotes.json are registered with the
// Module Federation runtime and become one single-spa application each, whose loader is
// loadRemote('<name>/app'). single-spa fetches a remote only when one of its routes is entered.
import {
  addErrorHandler,
  getAppStatus,
  getMountedApps,
  registerApplication,
  SKIP_BECAUSE_BROKEN,
  start,
  triggerAppChange,
  unloadApplication,
  type LifeCycleFn,
  type LifeCycles,
} from 'single-spa';
import type { MfeProps } from '@airloom/shared-ui';
import type { RemoteEntry } from '@airloom/contracts';
import { setRemoteStatus, type ShellStore } from '../state/shell-store';

export interface FederationDeps {
  store: ShellStore;
  /** Registers the remotes with the Module Federation runtime. */
  registerRuntimeRemotes(remotes: RemoteEntry[]): void;
  /** Loads `<remote>/app` (the remote's single-spa lifecycles). */
  loadModule(remote: string): Promise<unknown>;
  /** Whether the remote owns the current route and may be shown there. */
  isActive(remote: string, location: Location): boolean;
  /** MfeProps for a remote, built from the current shell state at each mount. */
  buildProps(remote: string): MfeProps;
}

export type RemoteCustomProps = MfeProps & { domElement: HTMLElement };

type LifeCycleList<P> = LifeCycleFn<P> | LifeCycleFn<P>[];
const asList = <P>(fn: LifeCycleList<P> | undefined): LifeCycleFn<P>[] => (fn === undefined ? [] : Array.isArray(fn) ? fn : [fn]);

function isLifecycles(mod: unknown): mod is LifeCycles<RemoteCustomProps> {
  if (typeof mod !== 'object' || mod === null || !('mount' in mod) || !('unmount' in mod)) return false;
  const fnOrList = (v: unknown) => typeof v === 'function' || (Array.isArray(v) && v.every((f) => typeof f === 'function'));
  return fnOrList(mod.mount) && fnOrList(mod.unmount) && (!('bootstrap' in mod) || mod.bootstrap === undefined || fnOrList(mod.bootstrap));
}

export function createFederation(deps: FederationDeps) {
  const { store } = deps;
  /** remote → name of its current single-spa application (a broken one is replaced on retry). */
  const appNames = new Map<string, string>();
  const remoteOfApp = new Map<string, string>();
  let container: HTMLElement | null = null;
  let started = false;
  let generation = 0;

  function mountPoint(remote: string): HTMLElement {
    if (!container) throw new Error('The console layout is not on the page');
    let el = container.querySelector<HTMLElement>(`:scope > [data-remote-root="${remote}"]`);
    if (!el) {
      el = document.createElement('div');
      el.dataset.remoteRoot = remote;
      container.appendChild(el);
    }
    return el;
  }

  async function load(remote: string): Promise<LifeCycles<RemoteCustomProps>> {
    setRemoteStatus(remote, 'loading', store);
    const mod = await deps.loadModule(remote);
    if (!isLifecycles(mod)) throw new Error(`${remote}/app does not export single-spa lifecycles`);
    return {
      bootstrap: asList(mod.bootstrap),
      mount: [async () => setRemoteStatus(remote, 'loading', store), ...asList(mod.mount), async () => setRemoteStatus(remote, 'mounted', store)],
      unmount: [...asList(mod.unmount), async () => setRemoteStatus(remote, undefined, store)],
    };
  }

  function register(remote: string): void {
    const appName = generation === 0 ? remote : `${remote}#${generation}`;
    appNames.set(remote, appName);
    remoteOfApp.set(appName, remote);
    registerApplication<RemoteCustomProps>({
      name: appName,
      app: () => load(remote),
      activeWhen: (location) => container !== null && deps.isActive(remote, location),
      customProps: () => ({ ...deps.buildProps(remote), domElement: mountPoint(remote) }),
    });
  }

  let last = store.getState();
  function onStoreChange() {
    const now = store.getState();
    const contextChanged = now.project !== last.project || now.session !== last.session;
    const routingChanged = contextChanged || now.accessType !== last.accessType || now.remotes !== last.remotes;
    last = now;
    if (!started || !routingChanged) return;
    if (contextChanged) {
      // single-spa applications have no `update`: a mounted remote is remounted to get the new
      // project (unload → the next reroute loads it again from the federation cache and mounts it).
      for (const appName of getMountedApps()) void unloadApplication(appName).catch(() => undefined);
    }
    void triggerAppChange();
  }

  return {
    /** Registers every remote once and starts single-spa; later calls do nothing. */
    start(remotes: RemoteEntry[]): void {
      if (started) return;
      started = true;
      deps.registerRuntimeRemotes(remotes);
      addErrorHandler((err) => {
        const appName = err.appOrParcelName;
        const remote = appName ? remoteOfApp.get(appName) : undefined;
        if (remote && appNames.get(remote) === appName) setRemoteStatus(remote, 'failed', store);
        console.error(err);
      });
      for (const remote of remotes) register(remote.name);
      store.subscribe(onStoreChange);
      start({ urlRerouteOnly: true });
    },

    /** The element the layout renders for remotes; null when the layout leaves the page. */
    setContainer(el: HTMLElement | null): void {
      container = el;
      if (started) void triggerAppChange();
    },

    /** Retry of the failure view: loads the remote again (a fresh application if it broke while mounting). */
    async retry(remote: string): Promise<void> {
      const appName = appNames.get(remote);
      if (!appName) return;
      setRemoteStatus(remote, 'loading', store);
      if (getAppStatus(appName) === SKIP_BECAUSE_BROKEN) {
        container?.querySelector(`:scope > [data-remote-root="${remote}"]`)?.remove();
        generation += 1;
        register(remote);
      }
      // A LOAD_ERROR application is loaded again by the next reroute (single-spa waits 200 ms).
      await new Promise((resolve) => setTimeout(resolve, 200));
      await triggerAppChange();
    },

    isStarted: () => started,
  };
}

export type Federation = ReturnType<typeof createFederation>;
