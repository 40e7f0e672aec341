// @airloom/contracts — the domain vocabulary of the spec, one face for server and browser.
export * from './limits.js';
export * from './errors.js';
export * from './permissions.js';
export * from './domain/project.js';
export * from './domain/account.js';
export * from './domain/device.js';
export * from './domain/device-list.js';
export * from './domain/wireless.js';
export * from './domain/channels.js';
export * from './domain/network.js';
export * from './domain/topology.js';
export * from './domain/states.js';
export * from './domain/reports.js';
export * from './domain/solution.js';
export { rules, type Rules, type RuleSchemaName } from './rules/index.js';
export { accountKind, isEmail, isMobile } from './rules/account.js';
export { parseVlanList, type VlanListResult } from './rules/vlan.js';
export { parsePortList } from './rules/addresses.js';
export { parseIpv4, isPrivateIpv4 } from './rules/ipv4.js';
export { minutesOfDay } from './rules/wireless.js';
export { REBOOT_INTERVAL_MINUTES, type RebootSchedule } from './rules/reboot-schedules.js';
export { passwordClassCount } from './rules/passwords.js';
export {
  fileExtension,
  FIRMWARE_FILE_EXTENSIONS,
  IMAGE_FILE_EXTENSIONS,
  IMPORT_FILE_EXTENSIONS,
  importFile,
  MAP_IMAGE_EXTENSIONS,
} from './rules/files.js';
export { shareCapCode, type ShareCounts, type ShareRequest } from './rules/sharing.js';
export {
  customScenarioCapCode,
  CUSTOM_SCENARIO_NAME_MAX,
  SOLUTION_NAME_MAX,
  SOLUTION_REMARK_MAX,
  solutionLimitBreaks,
  solutionLimitCode,
  type SolutionLimitBreak,
} from './rules/solutions.js';
export { DEVICE_PASSWORD_SPECIALS, NAME_SYMBOLS } from './rules/charsets.js';
export { charLength } from './rules/key.js';
export { projectNameKey } from './rules/project.js';
export { CLOUD_CODE_ALPHABET, formatCloudCode, hasEmoticon } from './rules/names.js';
export { en, lookupText, ruleText, text, type EnglishTexts, type TextParams } from './i18n/en.js';
export { interpolate } from './i18n/interpolate.js';
export * from './api/index.js';
export * from './domain/capabilities.js';
export * from './domain/run-log.js';
export * from './domain/firmware.js';
export * from './domain/onboarding.js';
