// What the main application shows for a path (spec §2): a remote's screen, or why not.
// The same answer drives the content area and the single-spa activity functions, so a remote is
// only ever fetched for a route the user may see.
import { entryDecision, type HiddenReason, type MenuContext } from '../menu/filter';
import { findEntry, MENU_TREE, type MenuEntry, type MenuNode } from '../menu/tree';
import { isDemoProject } from '@airloom/contracts';
import { decide } from '@airloom/shared-ui';
import { BUILD_FLAGS } from '../env';
import type { ShellState } from '../state/shell-store';

export type RouteResolution =
  | { kind: 'landing' }
  | { kind: 'notFound' }
  | { kind: 'notDeployed'; entry: MenuEntry }
  | { kind: 'notAllowed'; entry: MenuEntry; reason: Exclude<HiddenReason, 'remote'> }
  | { kind: 'needsProject'; entry: MenuEntry }
  | { kind: 'remote'; entry: MenuEntry };

export function menuContext(state: Pick<ShellState, 'accessType' | 'project' | 'remotes'> & Partial<Pick<ShellState, 'session'>>, flags: readonly string[] = BUILD_FLAGS): MenuContext {
  const { session, project } = state;
  return {
    // the same can() the server runs; without a session (not read yet) nothing owner-only shows
    allows: (action) => (session && project ? decide(session, project, action).ok : false),
    accessType: state.accessType,
    netMode: state.project?.netMode ?? null,
    right: state.project?.right ?? null,
    demoProject: state.project ? isDemoProject(state.project.id) : false,
    flags,
    deployedRemotes: (state.remotes ?? []).map((r) => r.name),
  };
}

export function resolveRoute(
  pathname: string,
  state: Pick<ShellState, 'accessType' | 'project' | 'remotes'> & Partial<Pick<ShellState, 'session'>>,
  tree: readonly MenuNode[] = MENU_TREE,
  flags: readonly string[] = BUILD_FLAGS,
  /** the address's query: `?project=<id>` names the project a link is about */
  search = '',
): RouteResolution {
  if (pathname === '/' || pathname === '') return { kind: 'landing' };
  const entry = findEntry(tree, pathname);
  if (!entry) return { kind: 'notFound' };
  const decision = entryDecision(entry, menuContext(state, flags));
  if (!decision.ok) {
    return decision.reason === 'remote' ? { kind: 'notDeployed', entry } : { kind: 'notAllowed', entry, reason: decision.reason };
  }
  if (entry.needsProject && !state.project) return { kind: 'needsProject', entry };
  // A link naming another project than this tab's (shared, or pasted): that project, once the
  // chooser has opened it (docs/decisions/shell-front-end.md "Network status in the address").
  const named = new URLSearchParams(search).get('project');
  if (entry.needsProject && named && named !== String(state.project?.id)) return { kind: 'needsProject', entry };
  return { kind: 'remote', entry };
}
