// A device's name (spec §5 name rule): every device has this tab.
import { useTranslation } from 'react-i18next';
import { TextAt } from '../config/fields';
import { FieldGrid } from '../../components/layout';

export function NameForm() {
  const { t } = useTranslation('devices');
  return (
    <FieldGrid>
      <TextAt path="name" label={t('field.deviceName')} hint={t('field.deviceNameHint')} />
    </FieldGrid>
  );
}
