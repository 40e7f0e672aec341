// A remote on its own page, without the shell (ARCHITECTURE §3 standalone entry): the real API
// client, whose lost session goes to the login page, and the signed-in account; then the remote's
// content inside the providers. A failure on the way is shown in place.
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from '../AppProviders';
import { createApiClient, type ApiClient } from '../api/client';
import type { SessionInfo } from './props';

const LOGIN = '/static/lrf';

/** `load` gives the page's content, or null when it sent the browser elsewhere. */
export async function startStandalone(load: (api: ApiClient, session: SessionInfo) => Promise<ReactNode | null>): Promise<void> {
  const el = document.getElementById('root');
  if (!el) return;
  const root = createRoot(el);
  const api = createApiClient({ onUnauthorized: () => window.location.assign(LOGIN) });
  let content: ReactNode | null;
  try {
    content = await load(api, await api.get<SessionInfo>('/auth/me'));
  } catch (err) {
    root.render(<p role="alert">{(err as Error).message}</p>);
    return;
  }
  if (content !== null) root.render(<AppProviders globalStyle>{content}</AppProviders>);
}
