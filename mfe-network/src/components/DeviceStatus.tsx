// A device's status with its spec §3 text. "Online, not saved" (7) and "Rebooting" (8) have their
// own colours and a spinner: the console waits for the device to confirm.
import { useTranslation } from 'react-i18next';
import { Badge, Spinner, type BadgeTone } from '@airloom/shared-ui';
import { DeviceStatus as Status, type DeviceItem } from '@airloom/contracts';
import { shownStatus } from '../device-list';

const TONE: Record<number, BadgeTone> = {
  [Status.OFFLINE]: 'neutral',
  [Status.ONLINE]: 'success',
  [Status.UPGRADE_SUCCESS]: 'success',
  [Status.UPGRADING]: 'info',
  [Status.UPLOADING]: 'info',
  [Status.UPLOAD_SUCCESS]: 'success',
  [Status.UPLOAD_FAILED]: 'danger',
  [Status.ONLINE_NOT_SAVED]: 'warning',
  [Status.REBOOTING]: 'info',
  [Status.OFFLINE_ALT]: 'neutral',
};

const WAITING: ReadonlySet<number> = new Set([Status.UPGRADING, Status.UPLOADING, Status.ONLINE_NOT_SAVED, Status.REBOOTING]);

export function statusText(t: (key: string) => string, status: number): string {
  return t(`enums.deviceStatus.${status}`);
}

export function DeviceStatusCell({ device }: { device: DeviceItem }) {
  const { t } = useTranslation('network');
  const op = device.operation;
  const progress = op && op.state !== 'done' && op.state !== 'failed' && op.state !== 'expired' ? t(`operation.progress.${op.kind}.${op.state}`) : null;
  const status = shownStatus(device);
  const waiting = WAITING.has(status) || progress !== null;
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6, flexWrap: 'wrap' }}>
      <Badge $tone={TONE[status] ?? 'neutral'} data-status={status}>
        {statusText(t, status)}
      </Badge>
      {waiting && <Spinner size={12} label={t('operation.waiting')} />}
      {progress && <small>{progress}</small>}
      {device.pendingConfig && status !== Status.ONLINE_NOT_SAVED && <small>{t('device.pendingName')}</small>}
    </span>
  );
}
