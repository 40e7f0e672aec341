// Rename / Reboot / Locate for one device, as the server would allow them: hidden when a read-only
// share refuses them, disabled with the reason in the demo and when this device refuses right now
// (the reason behind an ⓘ in a row, under the button in the panel).
import { useTranslation } from 'react-i18next';
import { Button, Row } from '@airloom/shared-ui';
import type { DeviceItem } from '@airloom/contracts';
import { useDeviceOffer, type DeviceAction } from './device-access';

export interface DeviceActionsProps {
  device: DeviceItem;
  onAction(action: DeviceAction, device: DeviceItem): void;
  size?: 'sm' | 'md';
}

export function DeviceActions({ device, onAction, size = 'sm' }: DeviceActionsProps) {
  const { t } = useTranslation('network');
  const all = [
    { action: 'rename', offer: useDeviceOffer('rename', device) },
    { action: 'reboot', offer: useDeviceOffer('reboot', device) },
    { action: 'locate', offer: useDeviceOffer('locate', device) },
  ] as const;
  const offers = all.filter(({ offer }) => offer.kind !== 'hidden');
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
          disabledReason={offer.kind === 'disabled' ? offer.reason : undefined}
          reasonDisplay={size === 'sm' ? 'info' : 'inline'}
          onClick={() => onAction(action, device)}
        >
          {t(`actions.${action}`)}
        </Button>
      ))}
    </Row>
  );
}
