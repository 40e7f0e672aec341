// Every page titles the browser tab (WCAG 2.4.2 Page Titled): "<Page> · <Project> · Airloom" inside a
// project, "<Page> · Airloom" elsewhere. The shell owns the title because it knows the route, the
// menu label of each screen and the current project (ARCHITECTURE §3); remotes need not repeat it.
import type { ProjectRef } from '@airloom/shared-ui';
import { findEntry, MENU_TREE } from '../menu/tree';
import type { ShellState } from '../state/shell-store';
import { resolveRoute } from './resolve-route';

type Translate = (key: string) => string;

const LRF_TITLES: Record<string, string> = {
  '/static/lrf': 'shell.title.login',
  '/static/lrf/signup': 'shell.title.signup',
  '/static/lrf/forgot': 'shell.title.forgot',
};


function join(t: Translate, ...parts: (string | undefined)[]): string {
  return [...parts.filter((p): p is string => Boolean(p)), t('shell.productName')].join(' · ');
}

export function documentTitle(pathname: string, state: Pick<ShellState, 'accessType' | 'project' | 'remotes'> & Partial<Pick<ShellState, 'session'>>, t: Translate): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const lrf = LRF_TITLES[path];
  if (lrf) return join(t, t(lrf));
  if (path === '/static/transferToLocalDev') return join(t, t('shell.toLocal.title'));
  if (path === '/static/transfer') return join(t, t('shell.transfer.title'));
  if (path === '/static/wechatTransfer') return join(t, t('shell.lrf.loginTab'));
  if (path === '/static/invitation') return join(t, t('shell.invitation.title'));
  const entry = findEntry(MENU_TREE, path);
  const label = entry && t(`shell.${entry.labelKey}`);
  const inProject = (project: ProjectRef | null) => (entry?.needsProject && project ? project.projectName : undefined);
  // Until /remotes.json is read the route cannot be decided; the page's own name is still right.
  if (state.remotes === null) return join(t, label, inProject(state.project));
  const route = resolveRoute(path, state);
  switch (route.kind) {
    case 'landing': return join(t);
    case 'notFound': return join(t, t('shell.notFound.title'));
    case 'notDeployed': return join(t, label, t('shell.remote.notAvailableTitle'));
    case 'notAllowed': return join(t, label, t('shell.remote.notAllowedTitle'));
    case 'needsProject': return join(t, label, t('shell.chooser.title'));
    case 'remote': return join(t, label, inProject(state.project));
  }
}
