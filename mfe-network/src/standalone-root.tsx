// The network remote on its own page (/remotes/network/index.html?project=<id>), without the shell:
// it gets the session and the project itself (the first project when none is named). Links to
// other console routes leave for the shell.
import type { ProjectListResponse } from '@airloom/contracts';
import { addResources, i18n, startStandalone, type MfeProps } from '@airloom/shared-ui';
import { networkEn } from './texts';
import { MfeContext } from './mfe-context';
import { NetworkStatusPage } from './pages/NetworkStatusPage';

addResources('network', networkEn);

void startStandalone(async (api, session) => {
  const wanted = Number(new URLSearchParams(window.location.search).get('project'));
  const { items } = await api.get<ProjectListResponse>('/projects');
  const item = items.find((p) => p.id === wanted) ?? items[0];
  if (!item) {
    window.location.assign('/overview/list');
    return null;
  }
  const props: MfeProps = {
    session,
    project: { id: item.id, right: item.right, netMode: item.netMode, projectName: item.projectName },
    setLoading: () => {},
    navigate: (to) => window.location.assign(to),
    openProject: () => {},
    api,
  };
  document.title = i18n.t('network.status.title');
  return (
    <MfeContext.Provider value={props}>
      <NetworkStatusPage />
    </MfeContext.Provider>
  );
});
