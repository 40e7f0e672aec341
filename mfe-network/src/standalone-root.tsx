// The network remote on its own page (/remotes/network/index.html?project=<id>), without the shell:
// it gets the session and the project itself (the first project when none is named). Links to
// other console routes leave for the shell.
import { createRoot } from 'react-dom/client';
import type { ProjectListResponse } from '@airloom/contracts';
import { AppProviders, addResources, createApiClient, i18n, type MfeProps, type ProjectRef, type SessionInfo } from '@airloom/shared-ui';
import { networkEn } from './texts';
import { MfeContext } from './mfe-context';
import { NetworkStatusPage } from './pages/NetworkStatusPage';

addResources('network', networkEn);

const LOGIN = '/static/lrf';

async function start(): Promise<void> {
  const el = document.getElementById('root');
  if (!el) return;
  const root = createRoot(el);
  const api = createApiClient({ onUnauthorized: () => window.location.assign(LOGIN) });
  let session: SessionInfo;
  let project: ProjectRef | undefined;
  try {
    session = await api.get<SessionInfo>('/auth/me');
    const wanted = Number(new URLSearchParams(window.location.search).get('project'));
    const { items } = await api.get<ProjectListResponse>('/projects');
    const item = items.find((p) => p.id === wanted) ?? items[0];
    if (item) project = { id: item.id, right: item.right, netMode: item.netMode, projectName: item.projectName };
  } catch (err) {
    root.render(<p role="alert">{(err as Error).message}</p>);
    return;
  }
  if (!project) {
    window.location.assign('/overview/list');
    return;
  }
  const props: MfeProps = {
    session,
    project,
    setLoading: () => {},
    navigate: (to) => window.location.assign(to),
    openProject: () => {},
    api,
  };
  root.render(
    <AppProviders globalStyle>
      <MfeContext.Provider value={props}>
        <NetworkStatusPage />
      </MfeContext.Provider>
    </AppProviders>,
  );
  document.title = i18n.t('network.status.title');
}

void start();
