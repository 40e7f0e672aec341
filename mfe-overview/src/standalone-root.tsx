// The overview remote on its own page (/remotes/overview/index.html), without the shell: it gets
// the session itself and routes in the URL hash (#/overview/list), since the page's own path is
// the remote's folder. Other console routes leave for the shell.
import { HashRouter } from 'react-router';
import { addResources, i18n, startStandalone, type MfeProps } from '@airloom/shared-ui';
import { overviewEn } from './texts';
import { OverviewRoutes } from './routes';
import { MfeContext } from './mfe-context';

addResources('overview', overviewEn);

void startStandalone(async (api, session) => {
  if (!window.location.hash) window.location.hash = '#/overview/preview';
  const props: MfeProps = {
    session,
    project: null,
    setLoading: () => {},
    navigate: (to) => {
      if (to.startsWith('/overview/')) window.location.hash = `#${to}`;
      else window.location.assign(to);
    },
    // The project context belongs to the shell; standalone, "Open" simply hands over to it.
    openProject: () => {},
    api,
  };
  document.title = i18n.t('overview.preview.title');
  return (
    <MfeContext.Provider value={props}>
      <HashRouter>
        <OverviewRoutes />
      </HashRouter>
    </MfeContext.Provider>
  );
});
