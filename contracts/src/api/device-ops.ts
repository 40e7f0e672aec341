// A device's own maintenance settings (spec §1 "device maintenance"): scheduled or cyclic reboots
// (spec §4 modes, §5 timer rules). Kept apart from the firmware and bulk endpoints (maintenance.ts).
import { z } from 'zod';
import { ErrorCode } from '../errors.js';
import { ruleKey } from '../rules/key.js';
import { devicePassword } from '../rules/passwords.js';
import { serialNumber } from '../rules/names.js';
import { rebootSchedules } from '../rules/reboot-schedules.js';
import { weekdays } from '../rules/schedules.js';
import { minutesOfDay } from '../rules/wireless.js';
import { ProjectIdParamSchema } from './projects.js';
import { DeviceParamsSchema } from './devices.js';
import { apiRuleKey } from './en-api-rules.js';
import { endpoint } from './endpoint.js';

/**
 * What the last due slot of a device's reboot schedule did: `queued` a reboot operation; skipped
 * because the device was offline, busy (restarting, upgrading, or a restart already queued) or
 * managed locally. Every skip is also a run-log entry.
 */
export const REBOOT_RUN_RESULTS = ['queued', 'skipped-offline', 'skipped-busy', 'skipped-local'] as const;
export type RebootRunResult = (typeof REBOOT_RUN_RESULTS)[number];

/** PUT /projects/:id/devices/:sn/reboot-schedule — an empty list turns scheduled reboots off */
export const RebootScheduleRequestSchema = z.object({ schedules: rebootSchedules });
export type RebootScheduleRequest = z.output<typeof RebootScheduleRequestSchema>;

export const RebootScheduleStateSchema = z.object({
  schedules: rebootSchedules,
  /** the project's zone the times of day are read in (spec §3, e.g. `+8` or `Europe/Lisbon`) */
  zone: z.string(),
  /** epoch ms of the next reboot, null while no schedule is set */
  nextRunAt: z.number().int().nullable(),
  lastRunAt: z.number().int().nullable(),
  lastResult: z.enum(REBOOT_RUN_RESULTS).nullable(),
  /** the reboot operation the last slot queued (its progress: GET /projects/:id/operations/:opId) */
  lastOperationId: z.number().int().nullable(),
});
export type RebootScheduleState = z.output<typeof RebootScheduleStateSchema>;

/**
 * PUT /projects/:id/devices/:sn/password — the device's local administrator password (spec §5 device
 * password rule), typed twice. Sent to the device at once; never stored, logged or shown again.
 */
export const DevicePasswordRequestSchema = z
  .object({
    password: devicePassword,
    confirm: z.string({ error: ruleKey('accountPasswordPair', 'required') }),
  })
  .refine((p) => p.password === p.confirm, { error: ruleKey('accountPasswordPair', 'mismatch'), path: ['confirm'] });
export type DevicePasswordRequest = z.output<typeof DevicePasswordRequestSchema>;

export const DevicePasswordResultSchema = z.object({
  sn: z.string(),
  /** when the device confirmed it (UTC, ISO 8601) */
  setAt: z.string(),
});
export type DevicePasswordResult = z.output<typeof DevicePasswordResultSchema>;

/**
 * PUT /projects/:id/devices/:sn/management-mode (spec §3): hand the device over to local management
 * (its own web page decides its settings; the console refuses changes with 76) or take it back to the
 * cloud. `disable` (cloud management off) is set on the device itself, never from the console, which
 * would lose the device for good (docs/decisions/maintenance.md).
 */
export const CONSOLE_MANAGEMENT_MODES = ['cloud', 'local'] as const;
export const ManagementModeRequestSchema = z.object({ mode: z.enum(CONSOLE_MANAGEMENT_MODES, { error: apiRuleKey('managementMode', 'value') }) });
export type ManagementModeRequest = z.output<typeof ManagementModeRequestSchema>;
export const ManagementModeResultSchema = z.object({ sn: z.string(), managementMode: z.enum(CONSOLE_MANAGEMENT_MODES) });
export type ManagementModeResult = z.output<typeof ManagementModeResultSchema>;

/** POST /projects/:id/devices/:sn/copy-config — the device `:sn` takes the settings of `from`, a device of the same model */
export const CopyConfigRequestSchema = z.object({ from: serialNumber });
export type CopyConfigRequest = z.output<typeof CopyConfigRequestSchema>;
export const CopyConfigResultSchema = z.object({
  sn: z.string(),
  from: z.string(),
  /** the sections that became new desired versions of `sn` (the device applies them) */
  sections: z.array(z.string()),
});
export type CopyConfigResult = z.output<typeof CopyConfigResultSchema>;

/**
 * PUT /projects/:id/maintenance-window — auto maintenance (spec §1): the weekdays and the time (the
 * project's zone) the window opens, and what runs in it. `reboot`: every device but NVRs (spec §4)
 * restarts, one ordinary restart each. `upgrade`: the devices behind their model's recommended
 * firmware go into one staged rollout (docs/maintenance.md "Auto maintenance"); they are not restarted again.
 */
const MaintenanceWindowFields = z.object({
  enabled: z.boolean({ error: apiRuleKey('maintenanceWindow', 'enabled') }),
  days: weekdays,
  time: z.string({ error: ruleKey('rebootSchedules', 'time') }).refine((v) => minutesOfDay(v) !== null, { error: ruleKey('rebootSchedules', 'time') }),
  reboot: z.boolean({ error: apiRuleKey('maintenanceWindow', 'enabled') }),
  /** upgrade devices behind their model's recommended firmware, as a staged rollout started at each opening */
  upgrade: z.boolean({ error: apiRuleKey('maintenanceWindow', 'enabled') }).default(false),
});
/** a window that is on must do something: restart, upgrade or both (page and server alike) */
export const MaintenanceWindowRequestSchema = MaintenanceWindowFields.refine((w) => !w.enabled || w.reboot || w.upgrade, {
  error: apiRuleKey('maintenanceWindow', 'nothing'),
  path: ['reboot'],
});
export type MaintenanceWindowRequest = z.output<typeof MaintenanceWindowRequestSchema>;
export const MaintenanceWindowStateSchema = MaintenanceWindowFields.extend({
  zone: z.string(),
  nextRunAt: z.number().int().nullable(),
  lastRunAt: z.number().int().nullable(),
  /** what the last opening did: restarts queued, devices skipped (offline, busy, local), NVRs left out, devices put in its upgrade rollout */
  lastResult: z.object({ queued: z.number().int(), skipped: z.number().int(), excluded: z.number().int(), upgraded: z.number().int().default(0) }).nullable(),
});
export type MaintenanceWindowState = z.output<typeof MaintenanceWindowStateSchema>;

const tag = 'devices';
const notInProject = { code: ErrorCode.DATA_NOT_FOUND, text: 'devices.notInProject' } as const;

/** ARCHITECTURE §4: declared once (endpoint.ts). */
export const deviceOpsEndpoints = {
  rebootSchedule: endpoint({
    method: 'get', path: '/projects/:id/devices/:sn/reboot-schedule', tag, auth: 'session', action: 'device.view',
    summary: "A device's scheduled and cyclic reboots, with the next and the last run",
    params: DeviceParamsSchema, response: RebootScheduleStateSchema, errors: [notInProject],
  }),
  setRebootSchedule: endpoint({
    method: 'put', path: '/projects/:id/devices/:sn/reboot-schedule', tag, auth: 'session', action: 'device.reboot',
    summary: 'Set the scheduled and cyclic reboots of a device (at most 4; an empty list turns them off)',
    description:
      'Modes: `interval` (every `minutes`, 30 to 10080), `daily` at `time` (HH:MM in the project zone), `weekly` on `days` (0 = Sunday) at `time`. ' +
      'The console queues an ordinary reboot operation at each due time, at most once per slot; an offline or busy device is skipped ' +
      'and the skip is written to the run log. Saved while the device is offline; refused with 76 for a device in local management mode.',
    params: DeviceParamsSchema, body: RebootScheduleRequestSchema, response: RebootScheduleStateSchema,
    errors: [notInProject, { code: ErrorCode.LOCAL_MODE, text: 'devices.localMode' }],
  }),
  setManagementMode: endpoint({
    method: 'put', path: '/projects/:id/devices/:sn/management-mode', tag, auth: 'session', action: 'device.configure',
    summary: 'Hand a device over to local management, or take it back to the cloud',
    description:
      'The device is told at once (a Set of the vendor `Device.X_AIRLOOM_ManagementMode`), then the console records it. ' +
      'In local mode the console refuses every change of the device with 76 and sends it no settings; back in the cloud, the settings it holds are sent again. ' +
      'Refused with 36 offline, 71 busy; -99 when the device refuses, 37 when it does not answer in time.',
    params: DeviceParamsSchema, body: ManagementModeRequestSchema, response: ManagementModeResultSchema,
    errors: [
      notInProject,
      { code: ErrorCode.DEVICE_OFFLINE, text: 'devices.offline' },
      { code: ErrorCode.DEVICE_BUSY, text: 'devices.busy' },
      { code: ErrorCode.CONFIG_FAILED, text: 'devices.modeRefused' },
      { code: ErrorCode.DEVICE_RESULT_UNKNOWN, text: 'devices.modeUnknown' },
    ],
  }),
  copyConfig: endpoint({
    method: 'post', path: '/projects/:id/devices/:sn/copy-config', tag, auth: 'session', action: 'device.configure',
    summary: 'Copy the settings of another device of the same model to this one',
    description:
      "Every section `from` holds (ports, VLANs, DHCP snooping, PoE, radios, roaming, Wi-Fi access list — not its name or management IP) becomes a new desired version of this device, " +
      'checked and recorded in its history like any change, and applied as the device is reached. Refused with 915 across models, 36 offline, 76 local management mode.',
    params: DeviceParamsSchema, body: CopyConfigRequestSchema, response: CopyConfigResultSchema,
    errors: [
      notInProject,
      { code: ErrorCode.COPY_CONFIG_OTHER_MODEL, text: 'devices.copyOtherModel' },
      { code: ErrorCode.DEVICE_OFFLINE, text: 'devices.offline' },
      { code: ErrorCode.LOCAL_MODE, text: 'devices.localMode' },
    ],
  }),
  maintenanceWindow: endpoint({
    method: 'get', path: '/projects/:id/maintenance-window', tag, auth: 'session', action: 'device.view',
    summary: "The project's auto maintenance window, its next opening and what the last one did",
    params: ProjectIdParamSchema, response: MaintenanceWindowStateSchema,
  }),
  setMaintenanceWindow: endpoint({
    method: 'put', path: '/projects/:id/maintenance-window', tag, auth: 'session', action: 'device.maintain',
    summary: 'Set the auto maintenance window: weekdays, time (project zone), restart every device but NVRs and/or upgrade those behind the recommended firmware',
    description: 'With `upgrade`, each opening starts one staged rollout to each model\'s recommended firmware for the devices behind it (NVRs excluded); they are not restarted separately. ' +
      'The devices download from PUBLIC_URL when set, otherwise from the console address this window was saved through.',
    params: ProjectIdParamSchema, body: MaintenanceWindowRequestSchema, response: MaintenanceWindowStateSchema,
  }),
  setPassword: endpoint({
    method: 'put', path: '/projects/:id/devices/:sn/password', tag, auth: 'session', action: 'device.configure',
    summary: "Set the device's local administrator password (its own web page and console)",
    description:
      'Spec §5: 8 to 64 characters, three of upper case, lower case, digits and the specials !#$%&*+,-.:;=@^_; `confirm` repeats it. ' +
      'Sent to the device at once as a Set of TR-181 `Device.Users.User.1.Password`; the console keeps no copy and never shows it again. ' +
      'Refused with 36 offline, 71 busy, 76 local management mode; -99 when the device refuses it, 37 when it does not answer in time.',
    params: DeviceParamsSchema, body: DevicePasswordRequestSchema, response: DevicePasswordResultSchema,
    errors: [
      notInProject,
      { code: ErrorCode.DEVICE_OFFLINE, text: 'devices.offline' },
      { code: ErrorCode.DEVICE_BUSY, text: 'devices.busy' },
      { code: ErrorCode.LOCAL_MODE, text: 'devices.localMode' },
      { code: ErrorCode.CONFIG_FAILED, text: 'devices.passwordRefused' },
      { code: ErrorCode.DEVICE_RESULT_UNKNOWN, text: 'devices.passwordUnknown' },
    ],
  }),
};
