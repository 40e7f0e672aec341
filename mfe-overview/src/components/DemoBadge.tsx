import { useTranslation } from 'react-i18next';
import { Badge } from '@airloom/shared-ui';

/** spec §1: the two built-in demo projects are marked. */
export function DemoBadge() {
  const { t } = useTranslation('overview');
  return <Badge $tone="info">{t('common.demo')}</Badge>;
}
