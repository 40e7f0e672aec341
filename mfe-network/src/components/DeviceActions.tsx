// Rename / Reboot / Locate for one device, as the server would allow them: hidden when the
// project refuses (demo, read-only), disabled with the reason when this device refuses right now.
import { useTranslation } from 'react-i18next';
import { Button, Row } from '@airloom/shared-ui';
import type { DeviceItem } from '@airloom/contracts';
import { useMfe } from '../mfe-context';
import { deviceOffer, type DeviceAction } from '../device-access';

export interface DeviceActionsProps {
  device: DeviceItem;
  onAction(action: DeviceAction, device: DeviceItem): void;
  size?: 'sm' | 'md';
}

const ACTIONS: readonly DeviceAction[] = ['rename', 'reboot', 'locate'];

export function DeviceActions({ device, onAction, size = 'sm' }: DeviceActionsProps) {
  const { t } = useTranslation('network');
  const { session, project } = useMfe();
  if (!project) return null;
  const offers = ACTIONS.map((action) => ({ action, offer: deviceOffer(session, project, action, device) })).filter(({ offer }) => offer.kind !== 'hidden');
  if (offers.length === 0) return null;
  return (
    <Row $gap="xs" $wrap={false}>
      {offers.map(({ action, offer }) => (
        <Button
          key={action}
          size={size}
          variant="ghost"
          aria-label={t(`actions.${action}Device`, { name: device.name })}
          disabled={offer.kind === 'disabled'}
          title={offer.kind === 'disabled' ? offer.reason : undefined}
          onClick={() => onAction(action, device)}
        >
          {t(`actions.${action}`)}
        </Button>
      ))}
    </Row>
  );
}
