// spec §2, §4: the state machines. Each is the list of states plus the allowed moves, so a
// service can refuse an impossible transition and a UI can draw the right step.
import { enEnums } from '../i18n/en-enums.js';

type Transitions<S extends string> = Readonly<Record<S, readonly S[]>>;

/** Whether a state machine allows moving from one state to another. */
export function canTransition<S extends string>(machine: Transitions<S>, from: S, to: S): boolean {
  return machine[from].includes(to);
}

// spec §2: the full-screen overlay covers everything except at end; each state has its text
export const LOADING_STATES = ['end', 'saving', 'loading', 'uploading', 'jumping'] as const;
export type LoadingState = (typeof LOADING_STATES)[number];
export const LOADING_STATE_TEXTS: Readonly<Record<LoadingState, string>> = enEnums.loadingState;
export function isOverlayShown(state: LoadingState): boolean {
  return state !== 'end';
}

// spec §4: waiting → downloading → upgrading → restarting → success, or a failure
export const UPGRADE_STATES = [
  'waiting',
  'downloading',
  'upgrading',
  'restarting',
  'success',
  'download-failed',
  'upgrade-failed',
] as const;
export type UpgradeState = (typeof UPGRADE_STATES)[number];
export const UPGRADE_STATE_LABELS: Readonly<Record<UpgradeState, string>> = enEnums.upgradeState;
export const UPGRADE_TRANSITIONS: Transitions<UpgradeState> = {
  waiting: ['downloading'],
  downloading: ['upgrading', 'download-failed'],
  upgrading: ['restarting', 'upgrade-failed'],
  restarting: ['success', 'upgrade-failed'],
  success: [],
  'download-failed': ['waiting'],
  'upgrade-failed': ['waiting'],
};

// spec §3, §4: reboot → rebooting → rebooted
export const REBOOT_STATES = ['reboot', 'rebooting', 'rebooted'] as const;
export type RebootState = (typeof REBOOT_STATES)[number];
export const REBOOT_STATE_LABELS: Readonly<Record<RebootState, string>> = enEnums.rebootState;
export const REBOOT_TRANSITIONS: Transitions<RebootState> = {
  reboot: ['rebooting'],
  rebooting: ['rebooted'],
  rebooted: ['reboot'],
};

// spec §4: idle → optimising (with a percentage) → completed; one at a time per project
export const RF_OPTIMISATION_STATES = ['idle', 'optimising', 'completed'] as const;
export type RfOptimisationState = (typeof RF_OPTIMISATION_STATES)[number];
export const RF_OPTIMISATION_STATE_LABELS: Readonly<Record<RfOptimisationState, string>> =
  enEnums.rfOptimisationState;
export const RF_OPTIMISATION_TRANSITIONS: Transitions<RfOptimisationState> = {
  idle: ['optimising'],
  optimising: ['completed'],
  completed: ['optimising', 'idle'],
};
export const RF_OPTIMISATION_MODES = ['manual', 'auto', 'scheduled'] as const;
export type RfOptimisationMode = (typeof RF_OPTIMISATION_MODES)[number];
export const RF_OPTIMISATION_MODE_LABELS: Readonly<Record<RfOptimisationMode, string>> =
  enEnums.rfOptimisationMode;

// spec §4: NVR storage formatting
export const NVR_FORMAT_STATES = ['formatting', 'success', 'failure'] as const;
export type NvrFormatState = (typeof NVR_FORMAT_STATES)[number];
export const NVR_FORMAT_STATE_LABELS: Readonly<Record<NvrFormatState, string>> = enEnums.nvrFormatState;
export const NVR_FORMAT_TRANSITIONS: Transitions<NvrFormatState> = {
  formatting: ['success', 'failure'],
  success: ['formatting'],
  failure: ['formatting'],
};

// spec §4: backup sync
export const BACKUP_SYNC_STATES = ['unsynchronized', 'synchronizing', 'synchronized', 'failed'] as const;
export type BackupSyncState = (typeof BACKUP_SYNC_STATES)[number];
export const BACKUP_SYNC_STATE_LABELS: Readonly<Record<BackupSyncState, string>> = enEnums.backupSync;
export const BACKUP_SYNC_TRANSITIONS: Transitions<BackupSyncState> = {
  unsynchronized: ['synchronizing'],
  synchronizing: ['synchronized', 'failed'],
  synchronized: ['synchronizing'],
  failed: ['synchronizing'],
};

// spec §4: remote management — disabled, opening (getting the address), opened, failed
export const REMOTE_MANAGEMENT_STATES = ['disabled', 'opening', 'opened', 'failed'] as const;
export type RemoteManagementState = (typeof REMOTE_MANAGEMENT_STATES)[number];
export const REMOTE_MANAGEMENT_STATE_LABELS: Readonly<Record<RemoteManagementState, string>> =
  enEnums.remoteManagementState;
export const REMOTE_MANAGEMENT_TRANSITIONS: Transitions<RemoteManagementState> = {
  disabled: ['opening'],
  opening: ['opened', 'failed'],
  opened: ['disabled'],
  failed: ['opening', 'disabled'],
};

// spec §4: share permission active or expired (an expired share can be renewed)
export const SHARE_TRANSITIONS: Transitions<'active' | 'expired'> = {
  active: ['expired'],
  expired: ['active'],
};

// spec §4: scheduled reboot modes
export const SCHEDULED_REBOOT_MODES = ['interval', 'daily', 'weekly'] as const;
export type ScheduledRebootMode = (typeof SCHEDULED_REBOOT_MODES)[number];
export const SCHEDULED_REBOOT_MODE_LABELS: Readonly<Record<ScheduledRebootMode, string>> =
  enEnums.scheduledRebootMode;
