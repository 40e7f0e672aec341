// Where the stored section stands on its device (ARCHITECTURE §7), said in a sentence and updated
// live for screen readers too: applied, waiting for the device, failed with the device's error, or
// rolled back by the device (safe apply).
import { useTranslation } from 'react-i18next';
import type { ConfigSection } from '@airloom/contracts';
import { Badge, Row, type BadgeTone } from '@airloom/shared-ui';

const TONE: Record<ConfigSection['state'], BadgeTone> = {
  applied: 'success',
  pending: 'warning',
  waiting: 'neutral',
  failed: 'danger',
  'rolled-back': 'danger',
};

export function SectionState({ section }: { section: ConfigSection }) {
  const { t } = useTranslation('devices');
  const when = section.updatedAt ? new Date(section.updatedAt).toLocaleString() : null;
  return (
    <Row $gap="sm" role="status" aria-live="polite" data-config-state={section.state}>
      <Badge $tone={TONE[section.state]}>{t(`state.${section.state}`)}</Badge>
      {section.state === 'failed' && section.error && <span>{t('state.deviceSaid', { message: section.error.message })}</span>}
      <span>
        {section.version === 0
          ? t('state.factory')
          : t('state.version', { version: section.version, who: section.updatedBy ?? t('history.console'), when })}
      </span>
    </Row>
  );
}
