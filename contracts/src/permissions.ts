// spec §4, §6: the one permission model. The BFF calls can() on every request that touches a
// project; the UI calls it to hide what the server would refuse. Choices where the spec is silent
// (codes for owner-only actions, busy devices, disabled management) are in docs/decisions.md.
import { AccountRole, type AccountRoleValue } from './domain/account.js';
import { DeviceStatus, isDeviceOnline, MANAGEMENT_MODES, type DeviceType } from './domain/device.js';
import { ErrorCode, type ErrorCodeValue } from './errors.js';

/**
 * How the caller reaches the project (spec §6 share roles). `admin` is the management account of the
 * company whose engineer (sub-account) owns the project: it needs no share. A guest (visitor) reaches
 * it through a share, `shared-rw` or `shared-r`; an engineer reaches the company's own projects as
 * `shared-rw` without a share (docs/decisions/sharing.md, "Share roles").
 */
export type Relation = 'owner' | 'admin' | 'shared-rw' | 'shared-r' | 'stranger';

export interface Principal {
  accountId: number;
  role: AccountRoleValue;
  /** a live-demo session: it may look at everything it can see and change nothing */
  demo: boolean;
  /**
   * The caller is an API key of the account (spec §2 open-API access type), not a browser session:
   * it reaches only its projects (null: every project of the account) and writes only with `rw`.
   */
  apiKey?: { access: 'r' | 'rw'; projects: readonly number[] | null; /** the key's row, named in the audit log (docs/audit-log.md) */ id?: number };
}

export interface DeviceContext {
  online: boolean;
  managementMode: 'cloud' | 'local' | 'disable';
  busy?: 'rebooting' | 'upgrading' | null;
  /** spec §4: an NVR cannot be auto-maintained, reset or upgraded */
  type?: DeviceType;
}

/** The device part of a permission question, from its §3 status, management mode and type. */
export function deviceContext(device: { status: number; managementMode: string; type?: DeviceType }): DeviceContext {
  const mode = MANAGEMENT_MODES.find((m) => m === device.managementMode) ?? 'cloud';
  const busy = device.status === DeviceStatus.REBOOTING ? 'rebooting' : device.status === DeviceStatus.UPGRADING ? 'upgrading' : null;
  return { online: isDeviceOnline(device.status), managementMode: mode, busy, type: device.type };
}

export interface ProjectContext {
  id: number;
  relation: Relation;
  shareExpired: boolean;
  demo: boolean;
  device?: DeviceContext;
  /** spec §4: an RF optimisation is running in this project; it blocks configuration changes */
  rfOptimising?: boolean;
}

export const ACTIONS = [
  'project.view',
  'project.update',
  'project.delete',
  'project.share',
  /** who the project is shared with: the owner's, and open to all on the demo projects (seeded, read-only) */
  'project.viewShares',
  /** the project's audit log, who wrote what (docs/audit-log.md): the owner's, and open to all on the demo projects (seeded, read-only) */
  'project.viewAudit',
  'project.transfer',
  'project.backup',
  'device.view',
  'device.add',
  'device.remove',
  'device.configure',
  'device.operate',
  'device.reboot',
  'device.reset',
  'device.upgrade',
  'device.maintain',
  /** spec §1 remote web management: reach the device's own web page through the console */
  'device.remoteWeb',
  'network.configure',
  'wireless.configure',
  'rf.optimise',
  'alarm.update',
] as const;
export type Action = (typeof ACTIONS)[number];

export type Decision = { ok: true } | { ok: false; code: ErrorCodeValue };

const VIEW_ACTIONS: ReadonlySet<Action> = new Set(['project.view', 'device.view']);
// spec §6: read-write sharing grants device management, not ownership of the project
const OWNER_ACTIONS: ReadonlySet<Action> = new Set(['project.delete', 'project.share', 'project.viewShares', 'project.viewAudit', 'project.transfer']);
// owner reads that a demo project opens to everybody: its seeded shares and audit log
const DEMO_READABLE: ReadonlySet<Action> = new Set(['project.viewShares', 'project.viewAudit']);
// spec §6 "some actions are blocked for admin": the management account runs the company's projects and
// their shares, but only the owner gives a project away or deletes it
const ADMIN_REFUSED: ReadonlySet<Action> = new Set(['project.delete', 'project.transfer']);
// writes that go to one device and need it reachable through the cloud (spec §4, §6)
const DEVICE_WRITES: ReadonlySet<Action> = new Set([
  'device.configure',
  'device.operate',
  'device.reboot',
  'device.reset',
  'device.upgrade',
  'device.maintain',
  'device.remoteWeb',
]);
// spec §4: an NVR cannot be auto-maintained (scheduled maintenance), reset or upgraded
const NVR_REFUSED: ReadonlySet<Action> = new Set(['device.maintain', 'device.reset', 'device.upgrade']);
// spec §4: while a device restarts or upgrades, restart, reset and upgrade are refused
const BUSY_REFUSED: ReadonlySet<Action> = new Set(['device.reboot', 'device.reset', 'device.upgrade']);
// spec §4: RF optimisation blocks configuration changes while it runs
const RF_BLOCKED: ReadonlySet<Action> = new Set([
  'device.configure',
  'network.configure',
  'wireless.configure',
  'rf.optimise',
]);

const ALLOW: Decision = { ok: true };
const deny = (code: ErrorCodeValue): Decision => ({ ok: false, code });

export function isViewAction(action: Action): boolean {
  return VIEW_ACTIONS.has(action);
}

export function can(principal: Principal | null, action: Action, project: ProjectContext): Decision {
  if (!principal) return deny(ErrorCode.TOKEN_MISSING);
  const view = VIEW_ACTIONS.has(action);

  // an API key scoped to some projects learns nothing about the others (docs/decisions/sharing.md)
  const key = principal.apiKey;
  if (key?.projects && !key.projects.includes(project.id)) return deny(ErrorCode.DATA_NOT_FOUND);

  // spec §1: demo projects are open to everybody for viewing (their seeded shares and audit log too) and cannot be configured
  if (project.demo) return view || DEMO_READABLE.has(action) ? ALLOW : deny(ErrorCode.DEMO_PROJECT);

  // a stranger or an expired share learns nothing about the project, not even that it exists
  if (project.relation === 'stranger' || (project.relation !== 'owner' && project.relation !== 'admin' && project.shareExpired)) {
    return deny(ErrorCode.DATA_NOT_FOUND);
  }
  if (view) return ALLOW;

  // a live-demo session never writes, whatever it can see
  if (principal.demo) return deny(ErrorCode.DEMO_PROJECT);

  // a read-only key writes nothing; no key deletes, shares or transfers a project: that stays with a person
  if (key && (key.access === 'r' || OWNER_ACTIONS.has(action))) return deny(ErrorCode.READ_ONLY_PROJECT);

  // spec §6: a read-only project cannot be modified
  if (project.relation === 'shared-r') return deny(ErrorCode.READ_ONLY_PROJECT);
  if (project.relation === 'shared-rw' && OWNER_ACTIONS.has(action)) return deny(ErrorCode.READ_ONLY_PROJECT);
  if (project.relation === 'admin' && ADMIN_REFUSED.has(action)) return deny(ErrorCode.READ_ONLY_PROJECT);

  if (project.rfOptimising && RF_BLOCKED.has(action)) return deny(ErrorCode.PROJECT_RF_OPTIMISING);

  const device = project.device;
  // the project gateway's settings are kept while it is offline (applied when it returns), not while it is managed locally
  if (device && action === 'network.configure' && device.managementMode !== 'cloud') return deny(ErrorCode.LOCAL_MODE);
  if (device && DEVICE_WRITES.has(action)) {
    if (device.type === 'nvr' && NVR_REFUSED.has(action)) return deny(ErrorCode.DEVICE_OPERATION_UNSUPPORTED);
    // a restarting device is also offline: say why it is refused (it is busy, wait), not just that
    // it is offline (check the cable)
    if (device.busy && (BUSY_REFUSED.has(action) || !device.online)) return deny(ErrorCode.DEVICE_BUSY);
    // spec §8: remote management has its own "device offline" (324)
    if (!device.online) return deny(action === 'device.remoteWeb' ? ErrorCode.DEVICE_OFFLINE_324 : ErrorCode.DEVICE_OFFLINE);
    if (device.managementMode !== 'cloud') return deny(ErrorCode.LOCAL_MODE);
  }
  return ALLOW;
}

/** Convenience for UIs: true when the server would allow the action. */
export function allowed(principal: Principal | null, action: Action, project: ProjectContext): boolean {
  return can(principal, action, project).ok;
}

/**
 * Account management (spec §1, §5; beyond the spec: two-factor sign-in): may this account require
 * two-factor sign-in of all its engineers? A company account may, once its own is on (79). An engineer
 * (a subordinate) sets no rules for its company (400), the live demo changes nothing (917).
 */
export function canRequireTwoFactor(account: { role: AccountRoleValue; demo: boolean; ownTwoFactor: boolean }): Decision {
  if (account.demo) return deny(ErrorCode.DEMO_PROJECT);
  if (account.role === AccountRole.ENGINEER) return deny(ErrorCode.INVALID_PARAMS);
  if (!account.ownTwoFactor) return deny(ErrorCode.TWO_FACTOR_OWN_FIRST);
  return ALLOW;
}
