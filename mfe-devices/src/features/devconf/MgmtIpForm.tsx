// A switch's management IP (spec §5: in one of the three private ranges, not the LAN IP).
import { useTranslation } from 'react-i18next';
import { NumberAt, TextAt } from '../config/fields';
import { FieldGrid } from '../../components/layout';

export function MgmtIpForm({ lanIp }: { lanIp: string }) {
  const { t } = useTranslation('devices');
  return (
    <FieldGrid>
      <TextAt path="ip" label={t('field.mgmtIp')} hint={lanIp ? t('mgmtIp.lanIs', { ip: lanIp }) : undefined} />
      <NumberAt path="mask" label={t('field.mask')} hint={t('field.maskHint')} />
      <TextAt path="gateway" label={t('field.gateway')} />
      <NumberAt path="vlan" label={t('field.mgmtVlan')} />
    </FieldGrid>
  );
}
