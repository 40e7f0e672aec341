import { useTranslation } from 'react-i18next';
import { EmptyState, Page } from '@airloom/shared-ui';

export function WifiMapPage() {
  const { t } = useTranslation('network');
  return (
    <Page>
      <EmptyState title={t('wifimap.title')} />
    </Page>
  );
}
