// The host side of the federation: the one federation instance and the MfeProps every remote
// receives (ARCHITECTURE §3). Only the signed-in console imports this, so the login page does
// not load single-spa or the federation code.
import type { MfeProps } from '@airloom/shared-ui';
import { api, clientStorage, navigate, openProject, setLoading } from '../shell-context';
import { shellStore } from '../state/shell-store';
import { resolveRoute } from '../routing/resolve-route';
import { createFederation } from './federation';
import { loadRemoteApp, registerRuntimeRemotes } from './runtime';

export function buildMfeProps(): MfeProps {
  const { session, project } = shellStore.getState();
  if (!session) throw new Error('No session: remotes are mounted only inside the signed-in console');
  const preferences = {
    hideDemoProjects: clientStorage.getHideDemoProjects(session.account),
    setHideDemoProjects: (hide: boolean) => clientStorage.setHideDemoProjects(session.account, hide),
  };
  const tableColumns = {
    hidden: (tableId: string) => clientStorage.getTableShrink(session.account)[tableId] ?? null,
    setHidden: (tableId: string, hidden: string[]) => clientStorage.setTableShrink(session.account, tableId, hidden),
  };
  return { session, project, setLoading, navigate: (to) => navigate(to), openProject, api, preferences, tableColumns };
}

export const federation = createFederation({
  store: shellStore,
  registerRuntimeRemotes,
  loadModule: loadRemoteApp,
  isActive(remote, location) {
    const state = shellStore.getState();
    if (!state.session) return false;
    const route = resolveRoute(location.pathname, state, undefined, undefined, location.search);
    return route.kind === 'remote' && route.entry.remote === remote;
  },
  buildProps: () => buildMfeProps(),
});
