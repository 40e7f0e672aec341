// spec §3, §4: devices and clients.
import { enEnums } from '../i18n/en-enums.js';

// spec §3: device status numbers 0–9 (0 and 9 both mean offline)
export const DeviceStatus = {
  OFFLINE: 0,
  ONLINE: 1,
  UPGRADE_SUCCESS: 2,
  UPGRADING: 3,
  UPLOADING: 4,
  UPLOAD_SUCCESS: 5,
  UPLOAD_FAILED: 6,
  ONLINE_NOT_SAVED: 7,
  REBOOTING: 8,
  OFFLINE_ALT: 9,
} as const;
export type DeviceStatusValue = (typeof DeviceStatus)[keyof typeof DeviceStatus];
export const DEVICE_STATUS_LABELS: Readonly<Record<DeviceStatusValue, string>> = enEnums.deviceStatus;

/** The statuses that mean offline (spec §3 lists two). */
export const OFFLINE_STATUSES: readonly number[] = [DeviceStatus.OFFLINE, DeviceStatus.OFFLINE_ALT];

/** Whether a device in this status can be reached for configuration (spec §4: offline devices cannot). */
export function isDeviceOnline(status: number): boolean {
  return !OFFLINE_STATUSES.includes(status) && status !== DeviceStatus.REBOOTING;
}

export const DEVICE_TYPES = ['router', 'ap', 'switch', 'mesh', 'v7', 'wrouter', 'nvr', 'ipc', 'cpe'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];
export const DEVICE_TYPE_LABELS: Readonly<Record<DeviceType, string>> = enEnums.deviceType;

// spec §3: client types are the device types plus these
const EXTRA_CLIENT_TYPES = [
  'server',
  'pc',
  'printer',
  'ip-phone',
  'phone',
  'laptop',
  'camera',
  'web-tv',
  'fridge',
  'air-conditioner',
] as const;
export const CLIENT_TYPES = [...DEVICE_TYPES, ...EXTRA_CLIENT_TYPES] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];
export const CLIENT_TYPE_LABELS: Readonly<Record<ClientType, string>> = { ...enEnums.deviceType, ...enEnums.clientType };

export const MANAGEMENT_MODES = ['cloud', 'local', 'disable'] as const;
export type ManagementMode = (typeof MANAGEMENT_MODES)[number];
export const MANAGEMENT_MODE_LABELS: Readonly<Record<ManagementMode, string>> = enEnums.managementMode;

export const MESH_NODE_MODES = ['primary', 'secondary'] as const;
export type MeshNodeMode = (typeof MESH_NODE_MODES)[number];
export const MESH_NODE_MODE_LABELS: Readonly<Record<MeshNodeMode, string>> = enEnums.meshNodeMode;

// spec §4: an NVR cannot be auto-maintained, reset or upgraded
export const NVR_REFUSED_OPERATIONS = ['auto-maintenance', 'reset', 'upgrade'] as const;

export const PORT_TYPES = ['ethernet', 'sfp'] as const;
export type PortType = (typeof PORT_TYPES)[number];
export const PORT_TYPE_LABELS: Readonly<Record<PortType, string>> = enEnums.portType;

export const SPEED_MODES = ['auto', 'half', 'full'] as const;
export type SpeedMode = (typeof SPEED_MODES)[number];
export const SPEED_MODE_LABELS: Readonly<Record<SpeedMode, string>> = enEnums.speedMode;
