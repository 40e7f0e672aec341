// The overview remote on its own page (/remotes/overview/index.html), without the shell: it gets
// the session itself and routes in the URL hash (#/overview/list), since the page's own path is
// the remote's folder. Other console routes leave for the shell.
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router';
import { AppProviders, addResources, createApiClient, i18n, type MfeProps, type SessionInfo } from '@airloom/shared-ui';
import { overviewEn } from './texts';
import { OverviewRoutes } from './routes';
import { MfeContext } from './mfe-context';

addResources('overview', overviewEn);

const LOGIN = '/static/lrf';

async function start(): Promise<void> {
  const el = document.getElementById('root');
  if (!el) return;
  const root = createRoot(el);
  const api = createApiClient({ onUnauthorized: () => window.location.assign(LOGIN) });
  let session: SessionInfo;
  try {
    session = await api.get<SessionInfo>('/auth/me');
  } catch (err) {
    root.render(<p role="alert">{(err as Error).message}</p>);
    return;
  }
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
  root.render(
    <AppProviders globalStyle>
      <MfeContext.Provider value={props}>
        <HashRouter>
          <OverviewRoutes />
        </HashRouter>
      </MfeContext.Provider>
    </AppProviders>,
  );
  document.title = i18n.t('overview.preview.title');
}

void start();
