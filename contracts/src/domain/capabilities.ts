// ARCHITECTURE §5: the device capability catalogue, operations part. One row per operation the
// console can ask of a device: the can() action it needs, the TR-181 command it sends (a string:
// contracts imports zod only; usp checks the paths), what ends it, whether sending it twice is
// harmless, and its typical duration (spec §9). The gateway derives resends and lifetimes from it.
import type { Action } from '../permissions.js';

/**
 * What ends an operation on the device:
 * - `boot`: the device restarts and its `Device.Boot!` event carries the operation's CommandKey;
 * - `response`: the OperateResp itself (a synchronous command);
 * - `operation-complete`: TR-369's `OperationComplete` notification of an asynchronous command
 *   (listed meanwhile under `Device.LocalAgent.Request.`).
 */
export type OperationCompletion = 'boot' | 'response' | 'operation-complete';

export interface OperationCapability {
  action: Action;
  /** TR-181 command; `{i}` stands for the instance the operation names (a PoE port) */
  command: string;
  inputArgs: Readonly<Record<string, string>>;
  completion: OperationCompletion;
  /**
   * Whether running it twice does no harm. A non-idempotent command is sent at most once: TR-369
   * does not promise that an agent runs a command_key only once.
   */
  idempotent: boolean;
  /** spec §9, seconds */
  typicalSeconds: number;
}

export const DEVICE_OPERATIONS = {
  // spec §9: reboot about 1 minute
  reboot: { action: 'device.reboot', command: 'Device.Reboot()', inputArgs: {}, completion: 'boot', idempotent: false, typicalSeconds: 60 },
  // spec §9: reset 3 minutes
  reset: { action: 'device.reset', command: 'Device.FactoryReset()', inputArgs: {}, completion: 'boot', idempotent: false, typicalSeconds: 180 },
  // spec §9: upgrade 5 minutes, offline meanwhile; it ends with the Boot! of the new image
  upgrade: {
    action: 'device.upgrade',
    command: 'Device.DeviceInfo.FirmwareImage.{i}.Download()',
    inputArgs: { AutoActivate: 'true' },
    completion: 'boot',
    idempotent: false,
    typicalSeconds: 300,
  },
  // spec §9: PoE reboot about 2 minutes (power off and on one port of a switch; TR-181 has no PoE
  // object). Sent to the switch; `{i}` is the port. Done by its OperationComplete once the port powers again
  'poe-reboot': {
    action: 'device.maintain',
    command: 'Device.X_AIRLOOM_PoE.Port.{i}.Reboot()',
    inputArgs: {},
    completion: 'operation-complete',
    idempotent: false,
    typicalSeconds: 120,
  },
  // spec §9 has no locate duration; a minute of blinking finds a device, and blinking again is harmless
  locate: { action: 'device.operate', command: 'Device.X_AIRLOOM_Locate()', inputArgs: { Duration: '60' }, completion: 'response', idempotent: true, typicalSeconds: 60 },
  // TR-181's asynchronous neighbour scan: the APs it hears come in its OperationComplete. Read-only,
  // so sending it again is harmless; a scan of every channel takes a few seconds
  neighbourScan: {
    action: 'device.operate',
    command: 'Device.WiFi.NeighboringWiFiDiagnostic()',
    inputArgs: {},
    completion: 'operation-complete',
    idempotent: true,
    typicalSeconds: 12,
  },
  // force a wireless client offline (spec §1): TR-181 has no standard disassociate, so a vendor command
  // of the AccessPoint the client is on (docs/devices.md). Disconnecting it again is harmless
  clientOffline: {
    action: 'device.operate',
    command: 'Device.WiFi.AccessPoint.{i}.X_AIRLOOM_Disassociate()',
    inputArgs: {},
    completion: 'response',
    idempotent: true,
    typicalSeconds: 5,
  },
  // spec §1 LED control: on, off or following the LED schedule; setting the same mode twice is harmless
  led: { action: 'device.operate', command: 'Device.X_AIRLOOM_LED.SetMode()', inputArgs: {}, completion: 'response', idempotent: true, typicalSeconds: 5 },
  // spec §4 NVR storage formatting: formatting → success | failure (3000–3002). It erases the
  // recordings, so it runs at most once; spec §9 gives no duration: a minute (docs/decisions/maintenance.md)
  'format-disk': {
    action: 'device.operate',
    command: 'Device.X_AIRLOOM_Storage.Disk.1.Format()',
    inputArgs: {},
    completion: 'operation-complete',
    idempotent: false,
    typicalSeconds: 60,
  },
  // spec §1 remote web management: the device dials out to the console (URL, a wss:// address) with the
  // one-time Token and serves its local web page through that tunnel. The OperateResp ends it; the
  // tunnel itself is the console's session (docs/maintenance.md). Opening an open tunnel again is harmless
  'remote-web': {
    action: 'device.remoteWeb',
    command: 'Device.X_AIRLOOM_RemoteWeb.Open()',
    inputArgs: {},
    completion: 'response',
    idempotent: true,
    typicalSeconds: 10,
  },
} as const satisfies Record<string, OperationCapability>;

export type DeviceOperation = keyof typeof DEVICE_OPERATIONS;

/** How many typical durations an operation may take before the console stops waiting for it. */
export const OPERATION_LIFETIME_FACTOR = 5;

/** How long an operation may take, once sent, before it is given up (unscaled, ms). */
export function operationLifetimeMs(operation: DeviceOperation): number {
  return DEVICE_OPERATIONS[operation].typicalSeconds * 1000 * OPERATION_LIFETIME_FACTOR;
}
