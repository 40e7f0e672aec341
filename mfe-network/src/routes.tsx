// The network remote's routes (spec §2): /manage/status, and the beta visualization routes the
// menu maps here, which come with a later issue.
import { useTranslation } from 'react-i18next';
import { EmptyState, Page } from '@airloom/shared-ui';
import { NetworkStatusPage } from './pages/NetworkStatusPage';

export const NETWORK_ROUTES = ['/manage/status', '/manage/visualization/td', '/manage/visualization/topo'] as const;

export function NetworkRoutes({ pathname }: { pathname: string }) {
  const { t } = useTranslation('network');
  if (pathname === '/manage/status') return <NetworkStatusPage />;
  if (pathname.startsWith('/manage/visualization/')) {
    return (
      <Page>
        <EmptyState title={t('visualization.title')} description={t('visualization.hint')} />
      </Page>
    );
  }
  // Any other path belongs to the shell or another remote: render nothing while single-spa unmounts us.
  return null;
}
