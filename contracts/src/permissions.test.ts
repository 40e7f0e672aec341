import { describe, expect, it } from 'vitest';
import { ACTIONS, can, canRequireTwoFactor, deviceContext, type Action, type DeviceContext, type Principal, type ProjectContext, type Relation } from './permissions.js';
import { ErrorCode, type ErrorCodeValue } from './errors.js';

const user: Principal = { accountId: 7, role: 0, demo: false };
const demoUser: Principal = { accountId: 1, role: 0, demo: true };
const readKey: Principal = { ...user, apiKey: { access: 'r', projects: null } };
const writeKey: Principal = { ...user, apiKey: { access: 'rw', projects: null } };
const otherSiteKey: Principal = { ...user, apiKey: { access: 'rw', projects: [43] } };
const project = (relation: Relation, extra: Partial<ProjectContext> = {}): ProjectContext => ({
  id: 42,
  relation,
  shareExpired: false,
  demo: false,
  ...extra,
});
const online: DeviceContext = { online: true, managementMode: 'cloud', busy: null };

const OK = 'ok' as const;
type Row = [string, Principal | null, Action, ProjectContext, ErrorCodeValue | typeof OK];

const { TOKEN_MISSING, DATA_NOT_FOUND, DEMO_PROJECT, READ_ONLY_PROJECT, DEVICE_OFFLINE, LOCAL_MODE, DEVICE_BUSY, PROJECT_RF_OPTIMISING, DEVICE_OPERATION_UNSUPPORTED } =
  ErrorCode;

const rows: Row[] = [
  ['no session, view', null, 'project.view', project('owner'), TOKEN_MISSING],
  ['no session, demo project', null, 'project.view', project('stranger', { demo: true }), TOKEN_MISSING],
  // owner
  ...ACTIONS.map((a): Row => [`owner may ${a}`, user, a, project('owner', { device: online }), OK]),
  // stranger: nothing, not even that the project exists
  ['stranger view', user, 'project.view', project('stranger'), DATA_NOT_FOUND],
  ['stranger device view', user, 'device.view', project('stranger'), DATA_NOT_FOUND],
  ['stranger update', user, 'project.update', project('stranger'), DATA_NOT_FOUND],
  ['stranger reboot', user, 'device.reboot', project('stranger', { device: online }), DATA_NOT_FOUND],
  // expired share behaves like a stranger
  ['expired r view', user, 'project.view', project('shared-r', { shareExpired: true }), DATA_NOT_FOUND],
  ['expired rw view', user, 'project.view', project('shared-rw', { shareExpired: true }), DATA_NOT_FOUND],
  ['expired rw configure', user, 'device.configure', project('shared-rw', { shareExpired: true, device: online }), DATA_NOT_FOUND],
  ['owner flag ignores shareExpired', user, 'project.update', project('owner', { shareExpired: true }), OK],
  // demo project: everybody views, nobody writes
  ['demo view by stranger', user, 'project.view', project('stranger', { demo: true }), OK],
  ['demo device view', user, 'device.view', project('stranger', { demo: true }), OK],
  ['demo update', user, 'project.update', project('stranger', { demo: true }), DEMO_PROJECT],
  ['demo reboot', user, 'device.reboot', project('stranger', { demo: true, device: online }), DEMO_PROJECT],
  ['demo delete even by owner', user, 'project.delete', project('owner', { demo: true }), DEMO_PROJECT],
  ['demo session views demo', demoUser, 'project.view', project('stranger', { demo: true }), OK],
  ['demo session writes demo', demoUser, 'wireless.configure', project('stranger', { demo: true }), DEMO_PROJECT],
  ['demo shares viewed by anybody', user, 'project.viewShares', project('stranger', { demo: true }), OK],
  ['demo shares changed by nobody', user, 'project.share', project('stranger', { demo: true }), DEMO_PROJECT],
  ['shares viewed by a rw guest', user, 'project.viewShares', project('shared-rw'), READ_ONLY_PROJECT],
  // the audit log (docs/audit-log.md): the owner's (and the company's admin's); a demo project's is open to all
  ['audit viewed by the owner', user, 'project.viewAudit', project('owner'), OK],
  ['audit viewed by a rw guest', user, 'project.viewAudit', project('shared-rw'), READ_ONLY_PROJECT],
  ['audit viewed through a write key', writeKey, 'project.viewAudit', project('owner'), READ_ONLY_PROJECT],
  ['demo audit viewed by anybody', user, 'project.viewAudit', project('stranger', { demo: true }), OK],
  ['demo audit viewed by the live demo', demoUser, 'project.viewAudit', project('stranger', { demo: true }), OK],
  ['demo session writes own project', demoUser, 'project.update', project('owner'), DEMO_PROJECT],
  // API keys (spec §2 openapi access type): their projects only; reading only when read-only; never owner actions
  ['read key view', readKey, 'device.view', project('owner'), OK],
  ['read key update', readKey, 'project.update', project('owner'), READ_ONLY_PROJECT],
  ['read key reboot', readKey, 'device.reboot', project('owner', { device: online }), READ_ONLY_PROJECT],
  ['write key configure', writeKey, 'device.configure', project('owner', { device: online }), OK],
  ['write key on a read-only share', writeKey, 'project.update', project('shared-r'), READ_ONLY_PROJECT],
  ['write key delete', writeKey, 'project.delete', project('owner'), READ_ONLY_PROJECT],
  ['write key share', writeKey, 'project.share', project('owner'), READ_ONLY_PROJECT],
  ['key of another project view', otherSiteKey, 'project.view', project('owner'), DATA_NOT_FOUND],
  ['key of another project, demo view', otherSiteKey, 'project.view', project('stranger', { demo: true }), DATA_NOT_FOUND],
  ['key of this project update', otherSiteKey, 'project.update', project('owner', { id: 43 }), OK],
  // shared read-only
  ['shared-r view', user, 'project.view', project('shared-r'), OK],
  ['shared-r device view', user, 'device.view', project('shared-r'), OK],
  ['shared-r update', user, 'project.update', project('shared-r'), READ_ONLY_PROJECT],
  ['shared-r configure', user, 'device.configure', project('shared-r', { device: online }), READ_ONLY_PROJECT],
  ['shared-r reboot', user, 'device.reboot', project('shared-r', { device: online }), READ_ONLY_PROJECT],
  ['shared-r wireless', user, 'wireless.configure', project('shared-r'), READ_ONLY_PROJECT],
  ['shared-r share', user, 'project.share', project('shared-r'), READ_ONLY_PROJECT],
  // shared read-write: device management, not ownership
  ['shared-rw view', user, 'project.view', project('shared-rw'), OK],
  ['shared-rw update', user, 'project.update', project('shared-rw'), OK],
  ['shared-rw configure', user, 'device.configure', project('shared-rw', { device: online }), OK],
  ['shared-rw reboot', user, 'device.reboot', project('shared-rw', { device: online }), OK],
  ['shared-rw upgrade', user, 'device.upgrade', project('shared-rw', { device: online }), OK],
  ['shared-rw network', user, 'network.configure', project('shared-rw'), OK],
  ['shared-rw delete', user, 'project.delete', project('shared-rw'), READ_ONLY_PROJECT],
  ['shared-rw share', user, 'project.share', project('shared-rw'), READ_ONLY_PROJECT],
  ['shared-rw transfer', user, 'project.transfer', project('shared-rw'), READ_ONLY_PROJECT],
  // spec §6 share roles: admin, the company's management account, on a project its engineer owns (no share)
  ...ACTIONS.map((a): Row => [
    `admin ${a}`,
    user,
    a,
    project('admin', { device: online }),
    a === 'project.delete' || a === 'project.transfer' ? READ_ONLY_PROJECT : OK,
  ]),
  ['admin needs no share: an old expired one changes nothing', user, 'project.update', project('admin', { shareExpired: true }), OK],
  ['admin on a demo project → demo', user, 'project.share', project('admin', { demo: true }), DEMO_PROJECT],
  ['admin in a live-demo session writes nothing', demoUser, 'project.update', project('admin'), DEMO_PROJECT],
  ['admin through a read-only key', readKey, 'device.configure', project('admin', { device: online }), READ_ONLY_PROJECT],
  ['admin through a write key shares nothing', writeKey, 'project.share', project('admin'), READ_ONLY_PROJECT],
  // guest (visitor): a share; read-write manages devices, never the project's shares or ownership
  ...ACTIONS.map((a): Row => [
    `guest rw ${a}`,
    user,
    a,
    project('shared-rw', { device: online }),
    a === 'project.delete' || a === 'project.share' || a === 'project.viewShares' || a === 'project.viewAudit' || a === 'project.transfer' ? READ_ONLY_PROJECT : OK,
  ]),
  ...ACTIONS.map((a): Row => [`guest r ${a}`, user, a, project('shared-r', { device: online }), a === 'project.view' || a === 'device.view' ? OK : READ_ONLY_PROJECT]),
  // device state
  ['offline configure', user, 'device.configure', project('owner', { device: { ...online, online: false } }), DEVICE_OFFLINE],
  ['offline reboot', user, 'device.reboot', project('owner', { device: { ...online, online: false } }), DEVICE_OFFLINE],
  // spec §8: remote web management answers its own "device offline" code
  ['offline remote web', user, 'device.remoteWeb', project('owner', { device: { ...online, online: false } }), ErrorCode.DEVICE_OFFLINE_324],
  ['local remote web', user, 'device.remoteWeb', project('shared-rw', { device: { ...online, managementMode: 'local' } }), LOCAL_MODE],
  ['offline view', user, 'device.view', project('owner', { device: { ...online, online: false } }), OK],
  ['local configure', user, 'device.configure', project('owner', { device: { ...online, managementMode: 'local' } }), LOCAL_MODE],
  ['local reset', user, 'device.reset', project('shared-rw', { device: { ...online, managementMode: 'local' } }), LOCAL_MODE],
  ['gateway offline: its settings are kept for its return', user, 'network.configure', project('owner', { device: { ...online, online: false } }), OK],
  ['gateway managed locally: its settings are refused', user, 'network.configure', project('shared-rw', { device: { ...online, managementMode: 'local' } }), LOCAL_MODE],
  ['local view', user, 'device.view', project('owner', { device: { ...online, managementMode: 'local' } }), OK],
  ['disabled management configure', user, 'device.operate', project('owner', { device: { ...online, managementMode: 'disable' } }), LOCAL_MODE],
  ['shared-r offline: read-only first', user, 'device.configure', project('shared-r', { device: { ...online, online: false } }), READ_ONLY_PROJECT],
  // busy devices: restart, reset and upgrade refused
  ['rebooting → reboot', user, 'device.reboot', project('owner', { device: { ...online, busy: 'rebooting' } }), DEVICE_BUSY],
  ['upgrading → reset', user, 'device.reset', project('owner', { device: { ...online, busy: 'upgrading' } }), DEVICE_BUSY],
  ['upgrading → upgrade', user, 'device.upgrade', project('owner', { device: { ...online, busy: 'upgrading' } }), DEVICE_BUSY],
  ['rebooting and offline → busy', user, 'device.reboot', project('owner', { device: { online: false, managementMode: 'cloud', busy: 'rebooting' } }), DEVICE_BUSY],
  ['rebooting and offline → configure is busy too', user, 'device.configure', project('owner', { device: { online: false, managementMode: 'cloud', busy: 'rebooting' } }), DEVICE_BUSY],
  ['upgrading → configure is not a restart', user, 'device.configure', project('owner', { device: { ...online, busy: 'upgrading' } }), OK],
  // spec §4: an NVR cannot be auto-maintained, reset or upgraded; it can be rebooted and renamed
  ['nvr → reset', user, 'device.reset', project('owner', { device: { ...online, type: 'nvr' } }), DEVICE_OPERATION_UNSUPPORTED],
  ['nvr → upgrade', user, 'device.upgrade', project('owner', { device: { ...online, type: 'nvr' } }), DEVICE_OPERATION_UNSUPPORTED],
  ['nvr → auto-maintenance', user, 'device.maintain', project('owner', { device: { ...online, type: 'nvr' } }), DEVICE_OPERATION_UNSUPPORTED],
  ['nvr → reboot', user, 'device.reboot', project('owner', { device: { ...online, type: 'nvr' } }), OK],
  ['nvr → rename', user, 'device.configure', project('owner', { device: { ...online, type: 'nvr' } }), OK],
  ['switch → reset', user, 'device.reset', project('owner', { device: { ...online, type: 'switch' } }), OK],
  ['nvr on a demo project → demo first', user, 'device.reset', project('owner', { demo: true, device: { ...online, type: 'nvr' } }), DEMO_PROJECT],
  // RF optimisation blocks configuration
  ['rf running → wireless', user, 'wireless.configure', project('owner', { rfOptimising: true }), PROJECT_RF_OPTIMISING],
  ['rf running → another run', user, 'rf.optimise', project('owner', { rfOptimising: true }), PROJECT_RF_OPTIMISING],
  ['rf running → view', user, 'project.view', project('owner', { rfOptimising: true }), OK],
  ['rf running → reboot', user, 'device.reboot', project('owner', { rfOptimising: true, device: online }), OK],
];

describe('can(principal, action, project) — spec §4, §6', () => {
  it.each(rows)('%s', (_label, principal, action, ctx, expected) => {
    expect(can(principal, action, ctx)).toEqual(expected === OK ? { ok: true } : { ok: false, code: expected });
  });
});

describe('deviceContext(device) — what a permission question knows of a device', () => {
  it.each([
    [0, 'cloud', { online: false, managementMode: 'cloud', busy: null }],
    [1, 'local', { online: true, managementMode: 'local', busy: null }],
    [7, 'cloud', { online: true, managementMode: 'cloud', busy: null }],
    [8, 'cloud', { online: false, managementMode: 'cloud', busy: 'rebooting' }],
    [3, 'cloud', { online: true, managementMode: 'cloud', busy: 'upgrading' }],
    [9, 'something-else', { online: false, managementMode: 'cloud', busy: null }],
  ] as const)('status %s, mode %s', (status, managementMode, expected) => {
    expect(deviceContext({ status, managementMode, type: 'ap' })).toEqual({ ...expected, type: 'ap' });
  });

  it('a rebooting device refuses a rename as busy, an offline one as offline', () => {
    const ctx = (status: number) => ({ id: 1, relation: 'owner' as const, shareExpired: false, demo: false, device: deviceContext({ status, managementMode: 'cloud' }) });
    expect(can(user, 'device.configure', ctx(8))).toEqual({ ok: false, code: ErrorCode.DEVICE_BUSY });
    expect(can(user, 'device.configure', ctx(0))).toEqual({ ok: false, code: ErrorCode.DEVICE_OFFLINE });
  });
});

describe('canRequireTwoFactor(account) — a company requires two-factor sign-in of its engineers', () => {
  it.each([
    ['a company account with its own two-factor on', { role: 0, demo: false, ownTwoFactor: true }, OK],
    ['a company account without its own', { role: 0, demo: false, ownTwoFactor: false }, ErrorCode.TWO_FACTOR_OWN_FIRST],
    ['an engineer (a subordinate sets no company rules)', { role: 1, demo: false, ownTwoFactor: true }, ErrorCode.INVALID_PARAMS],
    ['the live demo', { role: 0, demo: true, ownTwoFactor: true }, ErrorCode.DEMO_PROJECT],
  ] as const)('%s', (_label, account, expected) => {
    expect(canRequireTwoFactor(account)).toEqual(expected === OK ? { ok: true } : { ok: false, code: expected });
  });
});
