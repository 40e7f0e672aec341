// What the page offers on a device mirrors the server's decision: the remote kit's useCan, i.e.
// contracts' can() with the project and the device (ARCHITECTURE §4 "The UI hides what the server
// would refuse"). One exception: the demo shows what the console can do, disabled with the reason
// (docs/decisions/shell-front-end.md "The demo shows its actions").
import { DEVICE_OPERATIONS, ErrorCode, errorMessage, type Action, type DeviceItem } from '@airloom/contracts';
import { i18n, refusalText, useCan } from '@airloom/shared-ui';

export type DeviceAction = 'rename' | 'reboot' | 'locate';

/** The can() action of each (the operations' from the capability catalogue, as the server reads it). */
export const ACTION_OF: Record<DeviceAction, Action> = {
  rename: 'device.configure',
  reboot: DEVICE_OPERATIONS.reboot.action,
  locate: DEVICE_OPERATIONS.locate.action,
};

/**
 * Hidden: the project refuses it whatever the device (a read-only share). Disabled: the demo, or this
 * device refuses it now (reason shown).
 */
export type Offer = { kind: 'hidden' } | { kind: 'enabled' } | { kind: 'disabled'; reason: string };

/** An action on the project as a whole (add, remove): enabled, hidden, or in the demo disabled with the reason. */
export function useProjectOffer(action: Action): Offer {
  const decision = useCan(action);
  if (decision.ok) return { kind: 'enabled' };
  return decision.code === ErrorCode.DEMO_PROJECT ? { kind: 'disabled', reason: refusalText(decision.code) } : { kind: 'hidden' };
}

export function useDeviceOffer(action: DeviceAction, device: DeviceItem): Offer {
  const onProject = useProjectOffer(ACTION_OF[action]);
  const onDevice = useCan(ACTION_OF[action], device);
  if (onProject.kind !== 'enabled') return onProject;
  if (!onDevice.ok) return { kind: 'disabled', reason: errorMessage(onDevice.code) };
  // One operation at a time per device: a second click while a reboot waits would queue another.
  if (action !== 'rename' && device.operation) {
    return { kind: 'disabled', reason: i18n.t('network.actions.operationPending', { kind: i18n.t(`network.operation.kind.${device.operation.kind}`) }) };
  }
  return { kind: 'enabled' };
}
