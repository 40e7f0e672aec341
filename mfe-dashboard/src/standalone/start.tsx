// Starts the wall display page in #root (standalone.ts).
import { createRoot } from 'react-dom/client';
import { AppProviders, addResources, i18n } from '@airloom/shared-ui';
import { dashboardEn } from '../texts';
import { takeKey } from './wall-display';
import { WallDisplay } from './WallDisplay';

export function start(): void {
  const el = document.getElementById('root');
  if (!el) return;
  addResources('dashboard', dashboardEn);
  document.title = i18n.t('dashboard.title');
  const key = takeKey(window.location, window.sessionStorage, window.history);
  createRoot(el).render(
    <AppProviders globalStyle>
      <main>
        <WallDisplay initialKey={key} search={window.location.search} storage={window.sessionStorage} />
      </main>
    </AppProviders>,
  );
}
