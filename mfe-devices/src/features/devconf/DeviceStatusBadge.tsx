// A device's spec §3 status as a badge: online, "online, not saved" (a configuration waits for the
// device), offline, restarting…
import { useTranslation } from 'react-i18next';
import type { DeviceItem } from '@airloom/contracts';
import { Badge, type BadgeTone } from '@airloom/shared-ui';

function toneOf(status: number): BadgeTone {
  if (status === 1) return 'success';
  if (status === 7) return 'warning';
  if (status === 0 || status === 9 || status === 6) return 'danger';
  return 'info';
}

export function DeviceStatusBadge({ device }: { device: Pick<DeviceItem, 'status'> }) {
  const { t } = useTranslation('devices');
  return (
    <Badge $tone={toneOf(device.status)} data-status={device.status}>
      {t(`enums.deviceStatus.${device.status}`)}
    </Badge>
  );
}
