// spec §3 Log, ARCHITECTURE §8: what the run log records and which of it are alarms. One catalogue
// of event keys, read by the gateway (which row a happening becomes), the BFF (the English text of an
// export) and the pages (the text in the user's language, from the same key and parameters).
import { interpolate } from '../i18n/interpolate.js';

/** a log row's type (spec §2 filters, without `all`) */
export const LOG_ENTRY_TYPES = ['system', 'wired', 'wireless'] as const;
export type LogEntryType = (typeof LOG_ENTRY_TYPES)[number];

/** the events that need attention (spec §1 alarms); the type is what notifications are chosen by */
export const ALARM_TYPES = ['device-offline', 'upgrade-failed', 'config-failed', 'config-rolled-back', 'poe-over-budget', 'high-cpu', 'strong-interference', 'rogue-ap', 'device-warning'] as const;
export type AlarmType = (typeof ALARM_TYPES)[number];

export const LOG_LEVELS = ['info', 'warning', 'critical'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface LogEventDefinition {
  type: LogEntryType;
  level: LogLevel;
  /** set when the event is an alarm */
  alarm: AlarmType | null;
  /** English text; `{{name}}` placeholders come from the event's params */
  en: string;
}

/** Every event the run log knows, by key. The pages translate `data:runlog.events.<key>`. */
export const LOG_EVENTS = {
  'device.online': { type: 'system', level: 'info', alarm: null, en: 'Device came online' },
  'device.offline': { type: 'system', level: 'critical', alarm: 'device-offline', en: 'Device went offline' },
  'device.rebootTimeout': { type: 'system', level: 'critical', alarm: 'device-offline', en: 'Device did not come back after a restart' },
  'device.restarting': { type: 'system', level: 'info', alarm: null, en: 'Device is restarting' },
  // a scheduled or cyclic reboot's slot came while the device could not restart (docs/maintenance.md)
  'reboot.scheduled': { type: 'system', level: 'info', alarm: null, en: 'Scheduled restart queued' },
  'device.managementMode': { type: 'system', level: 'info', alarm: null, en: 'Management mode set to {{mode}}' },
  'device.passwordChanged': { type: 'system', level: 'info', alarm: null, en: 'Local administrator password changed' },
  'reboot.skipped': { type: 'system', level: 'warning', alarm: null, en: 'Scheduled restart skipped: {{reason}}' },
  'operation.done': { type: 'system', level: 'info', alarm: null, en: '{{operation}} finished' },
  'operation.failed': { type: 'system', level: 'warning', alarm: null, en: '{{operation}} failed: {{error}}' },
  'upgrade.failed': { type: 'system', level: 'critical', alarm: 'upgrade-failed', en: 'Firmware upgrade failed: {{error}}' },
  'config.applied': { type: 'system', level: 'info', alarm: null, en: 'Configuration "{{section}}" applied' },
  'config.failed': { type: 'system', level: 'warning', alarm: 'config-failed', en: 'Configuration "{{section}}" failed: {{error}}' },
  'config.rolledBack': { type: 'system', level: 'warning', alarm: 'config-rolled-back', en: 'Configuration "{{section}}" rolled back by the device' },
  // a port as the device names it ("Port24", "eth2"), so the text adds no word of its own
  'port.up': { type: 'wired', level: 'info', alarm: null, en: '{{port}}: link up' },
  'port.down': { type: 'wired', level: 'warning', alarm: null, en: '{{port}}: link down' },
  'poe.overBudget': { type: 'wired', level: 'critical', alarm: 'poe-over-budget', en: 'PoE over budget: {{used}} W of {{budget}} W' },
  'cpu.high': { type: 'system', level: 'warning', alarm: 'high-cpu', en: 'High CPU usage: {{cpu}}%' },
  'interference.strong': { type: 'wireless', level: 'warning', alarm: 'strong-interference', en: 'Strong interference on {{radio}}: noise {{noise}} dBm' },
  // a neighbour scan heard a BSSID that is no device of the project broadcasting one of the project's SSIDs
  'rogue.ap': { type: 'wireless', level: 'warning', alarm: 'rogue-ap', en: 'Rogue access point {{bssid}} broadcasts {{ssid}} ({{band}}, {{signal}} dBm)' },
  'client.join': { type: 'wireless', level: 'info', alarm: null, en: 'Client {{client}} joined {{ssid}}' },
  'client.leave': { type: 'wireless', level: 'info', alarm: null, en: 'Client {{client}} left' },
  /** what a device said in its own words (its `Device.X_AIRLOOM_Event!`, severity info) */
  'device.event': { type: 'system', level: 'info', alarm: null, en: '{{text}}' },
  /** the same with severity warning or critical: it needs attention */
  'device.warning': { type: 'system', level: 'warning', alarm: 'device-warning', en: '{{text}}' },
  'device.critical': { type: 'system', level: 'critical', alarm: 'device-warning', en: '{{text}}' },
} as const satisfies Record<string, LogEventDefinition>;
export type LogEventKey = keyof typeof LOG_EVENTS;
export const LOG_EVENT_KEYS = Object.keys(LOG_EVENTS) as LogEventKey[];

export function isLogEventKey(key: string): key is LogEventKey {
  return Object.hasOwn(LOG_EVENTS, key);
}

export type LogEventParams = Readonly<Record<string, string | number>>;

/** The English text of an event (exports, API answers); an unknown key shows as it is. */
export function logEventText(key: string, params: LogEventParams = {}): string {
  const def = isLogEventKey(key) ? (LOG_EVENTS[key] as LogEventDefinition) : null;
  if (!def) return key;
  return interpolate(def.en, params);
}

/** what an operation is called in a log text (operation kinds of contracts' capability catalogue) */
export const OPERATION_NAMES_EN: Readonly<Record<string, string>> = {
  reboot: 'Restart',
  locate: 'Locate',
  reset: 'Factory reset',
  neighbourScan: 'Neighbour scan',
  upgrade: 'Firmware upgrade',
};

/** spec §9 default retention of the run log when a project chose none (docs/decisions/data.md) */
export const DEFAULT_LOG_RETENTION_DAYS = 30;
