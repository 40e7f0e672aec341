// A remote on its own page, without the shell (ARCHITECTURE §3 standalone entry): the real API
// client, whose lost session goes to the login page, the signed-in account and, for remotes whose
// pages work inside a project, the project named by `?project=<id>` (else the user's first). A
// failure on the way is shown in place.
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { API, type MeResponse } from '@airloom/contracts';
import { AppProviders, createApiClient, projectRefOf, type ApiClient, type ProjectRef } from '@airloom/shared-ui';

const LOGIN = '/static/lrf';

export interface StandaloneStart {
  api: ApiClient;
  session: MeResponse;
  project: ProjectRef | null;
}

/**
 * `render` gives the page's content. With `needsProject`, a user without any project is sent to
 * the console's project list instead.
 */
export async function startStandalone(needsProject: boolean, render: (start: StandaloneStart) => ReactNode): Promise<void> {
  const el = document.getElementById('root');
  if (!el) return;
  const root = createRoot(el);
  const api = createApiClient({ onUnauthorized: () => window.location.assign(LOGIN) });
  try {
    const session = await api.call(API.auth.me);
    let project: ProjectRef | null = null;
    if (needsProject) {
      const wanted = Number(new URLSearchParams(window.location.search).get('project'));
      const { items } = await api.call(API.projects.list);
      const item = items.find((p) => p.id === wanted) ?? items[0];
      if (!item) {
        window.location.assign('/overview/list');
        return;
      }
      project = projectRefOf(item);
    }
    // the one main landmark, as the shell gives it (shared-ui Page is a div)
    root.render(<AppProviders globalStyle><main>{render({ api, session, project })}</main></AppProviders>);
  } catch (err) {
    root.render(<p role="alert">{(err as Error).message}</p>);
  }
}
