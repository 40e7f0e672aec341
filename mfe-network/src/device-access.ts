// What the page offers on a device mirrors the server's decision: contracts' can() with the
// project's right and the device (ARCHITECTURE §4 "The UI hides what the server would refuse").
import {
  can,
  deviceContext,
  errorMessage,
  isDemoProject,
  type AccountRoleValue,
  type Action,
  type DeviceItem,
  type ProjectContext,
} from '@airloom/contracts';
import { i18n, type ProjectRef, type SessionInfo } from '@airloom/shared-ui';

export type DeviceAction = 'rename' | 'reboot' | 'locate';

const ACTION_OF: Record<DeviceAction, Action> = {
  rename: 'device.configure',
  reboot: 'device.reboot',
  locate: 'device.operate',
};

/** Hidden: the project refuses it whatever the device. Disabled: this device refuses it now (reason shown). */
export type Offer = { kind: 'hidden' } | { kind: 'enabled' } | { kind: 'disabled'; reason: string };

function projectContext(project: ProjectRef): ProjectContext {
  // The shell's project context knows the right, not whose project it is: rw means at least a
  // read-write share, which may do every device action an owner may.
  return { id: project.id, relation: project.right === 'rw' ? 'shared-rw' : 'shared-r', shareExpired: false, demo: isDemoProject(project.id) };
}

function principal(session: SessionInfo) {
  return { accountId: 0, role: session.role as AccountRoleValue, demo: session.demo };
}

/** Whether the project lets this user do the action on any of its devices (demo, read-only: no). */
export function projectAllows(session: SessionInfo, project: ProjectRef, action: DeviceAction): boolean {
  return can(principal(session), ACTION_OF[action], projectContext(project)).ok;
}

export function deviceOffer(session: SessionInfo, project: ProjectRef, action: DeviceAction, device: DeviceItem): Offer {
  if (!projectAllows(session, project, action)) return { kind: 'hidden' };
  const ctx = projectContext(project);
  const decision = can(principal(session), ACTION_OF[action], {
    ...ctx,
    device: deviceContext(device),
  });
  if (decision.ok) {
    // One operation at a time per device: a second click while a reboot waits would queue another.
    if (action !== 'rename' && device.operation) {
      return { kind: 'disabled', reason: i18n.t('network.actions.operationPending', { kind: i18n.t(`network.operation.kind.${device.operation.kind}`) }) };
    }
    return { kind: 'enabled' };
  }
  return { kind: 'disabled', reason: errorMessage(decision.code) };
}

/** Adding a device by SN is a project write (spec §4: demo and read-only projects refuse it). */
export function canAddDevice(session: SessionInfo, project: ProjectRef): boolean {
  return can(principal(session), 'device.add', projectContext(project)).ok;
}
