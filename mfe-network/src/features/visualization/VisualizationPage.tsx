// The beta visualization routes the menu maps to this remote (spec §2: Wi-Fi map, topology); their
// screens come later, and their menu entries stay behind build flags until then.
import { useTranslation } from 'react-i18next';
import { EmptyState, Page } from '@airloom/shared-ui';

export function VisualizationPage() {
  const { t } = useTranslation('network');
  return (
    <Page>
      <EmptyState title={t('visualization.title')} description={t('visualization.hint')} />
    </Page>
  );
}
