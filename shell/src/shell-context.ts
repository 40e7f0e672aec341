// The shell's singletons, wired once: storage, the API clients, navigation, the overlay and the
// current project. The federation and the props of remotes live in federation/host.ts.
import { LOADING_STATES, type LoadingState } from '@airloom/contracts';
import { createApiClient, type ProjectRef } from '@airloom/shared-ui';
import { createClientStorage } from './storage/client-storage';
import { LOGIN_PATH } from './storage/logout';
import { shellStore } from './state/shell-store';
import { navigate } from '@airloom/shared-ui';
import { fetchWithEarly } from './early-requests';

export { navigate };

export const clientStorage = createClientStorage();

/** Login page address that brings the user back to `path` afterwards. */
export function loginUrlFor(path: string): string {
  return path && path !== '/' ? `${LOGIN_PATH}?next=${encodeURIComponent(path)}` : LOGIN_PATH;
}

/** A 401 anywhere in the main application: the session is gone, log in again and come back. */
function onUnauthorized(): void {
  const { pathname, search, hash } = window.location;
  if (pathname.startsWith('/static/')) return;
  shellStore.setState({ session: null });
  navigate(loginUrlFor(`${pathname}${search}${hash}`), { replace: true });
}

/** A company turned on its two-factor requirement during this session: the setup step, instead of the pages. */
function onTwoFactorSetupRequired(): void {
  shellStore.setState((s) => (s.session && !s.session.twoFactorSetupRequired ? { session: { ...s.session, twoFactorSetupRequired: true } } : {}));
}

export const api = createApiClient({ onUnauthorized, onTwoFactorSetupRequired, fetchImpl: fetchWithEarly });
/** For the login pages: a 401 there is a wrong password, not a lost session. */
export const publicApi = createApiClient();

export function setLoading(state: LoadingState): void {
  // Remotes drive the overlay; anything that is not one of the five states is ignored (a remote
  // built against other contracts may send one).
  if (LOADING_STATES.includes(state)) shellStore.setState({ loading: state });
}

export function openProject(project: ProjectRef): void {
  clientStorage.setProject(project);
  shellStore.setState({ project });
  // an address that names a project follows the choice, so it never points back to the old one
  const { pathname, search, hash } = window.location;
  const params = new URLSearchParams(search);
  if (params.has('project') && params.get('project') !== String(project.id)) {
    params.set('project', String(project.id));
    navigate(`${pathname}?${params.toString()}${hash}`, { replace: true });
  }
}

/** Reads the entry URL's access type (e.g. `/?accessType=openapi`) and the stored project. */
export function initShellState(): void {
  const requested = new URLSearchParams(window.location.search).get('accessType');
  if (requested === 'web' || requested === 'openapi') clientStorage.setAccessType(requested);
  shellStore.setState({ accessType: clientStorage.getAccessType(), project: clientStorage.getProject() });
}
