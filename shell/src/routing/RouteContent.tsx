// The content area of the main application: a remote's screen (mounted by single-spa into the
// container beside this), or the shell's own answer when the route cannot show one.
import { Navigate, useLocation } from '@airloom/shared-ui';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@airloom/shared-ui';
import { defaultLanding } from '../menu/filter';
import { MENU_TREE } from '../menu/tree';
import { federation } from '../federation/host';
import { useShell } from '../state/shell-store';
import { MessagePage } from '../pages/MessagePage';
import { ActionLink } from '../pages/NotYetPage';
import { ProjectChooser } from '../pages/ProjectChooser';
import { RemoteFailure } from '../pages/RemoteFailure';
import { menuContext, resolveRoute } from './resolve-route';

export function RouteContent({ retry = (remote: string) => federation.retry(remote) }: { retry?: (remote: string) => Promise<void> }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const accessType = useShell((s) => s.accessType);
  const project = useShell((s) => s.project);
  const remotes = useShell((s) => s.remotes);
  const remoteStatus = useShell((s) => s.remoteStatus);
  const session = useShell((s) => s.session);
  const state = { accessType, project, remotes, session };
  const route = resolveRoute(pathname, state, undefined, undefined, search);
  const home = <ActionLink to="/">{t('shell.remote.goHome')}</ActionLink>;

  switch (route.kind) {
    case 'landing': {
      const landing = defaultLanding(MENU_TREE, menuContext(state));
      return landing ? <Navigate to={landing} replace /> : <MessagePage title={t('shell.remote.notAvailableTitle')} text={t('shell.remote.notAvailableText')} />;
    }
    case 'notFound':
      return <MessagePage title={t('shell.notFound.title')} text={t('shell.notFound.text')} action={home} />;
    case 'notDeployed':
      return <MessagePage title={t('shell.remote.notAvailableTitle')} text={t('shell.remote.notAvailableText')} action={home} />;
    case 'notAllowed':
      return <MessagePage title={t('shell.remote.notAllowedTitle')} text={t(`shell.remote.notAllowedText.${route.reason}`)} action={home} />;
    case 'needsProject':
      return <ProjectChooser />;
    case 'remote': {
      const status = remoteStatus[route.entry.remote];
      if (status === 'failed') return <RemoteFailure onRetry={() => retry(route.entry.remote)} />;
      if (status === 'mounted') return null;
      return (
        <div aria-busy="true" style={{ padding: 24 }}>
          <Spinner label={t('shell.remote.loading')} /> <span aria-hidden="true">{t('shell.remote.loading')}</span>
        </div>
      );
    }
  }
}
