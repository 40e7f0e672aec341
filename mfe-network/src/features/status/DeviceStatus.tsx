// A device's status with its spec §3 text. "Online, not saved" (7) and "Rebooting" (8) have their
// own colours and a spinner: the console waits for the device to confirm.
import { useTranslation } from 'react-i18next';
import { Badge, Spinner, type BadgeTone } from '@airloom/shared-ui';
import styled from 'styled-components';
import { DeviceStatus as Status, isOperationFinished, type DeviceItem } from '@airloom/contracts';
import { shownStatus } from './device-list';

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

const Cell = styled.span`
  display: inline-flex;
  flex-direction: column;
  gap: 2px;
  small { color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Line = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  white-space: nowrap;
`;

export function DeviceStatusCell({ device }: { device: DeviceItem }) {
  const { t } = useTranslation('network');
  const status = shownStatus(device);
  const op = device.operation && !isOperationFinished(device.operation.state) ? device.operation : null;
  const waiting = WAITING.has(status) || op !== null;
  // what the badge does not say already: a queued/sent operation, a name waiting for an offline device
  let note: string | null = null;
  if (op && !(op.kind === 'reboot' && status === Status.REBOOTING)) note = t(`operation.progress.${op.kind}.${op.state}`);
  else if (device.pendingConfig && status !== Status.ONLINE_NOT_SAVED) note = t('device.pendingName');
  return (
    <Cell>
      <Line>
        <Badge $tone={TONE[status] ?? 'neutral'} data-status={status}>
          {statusText(t, status)}
        </Badge>
        {waiting && <Spinner size={12} label={t('operation.waiting')} />}
      </Line>
      {note && <small>{note}</small>}
    </Cell>
  );
}
