// spec §5: every validation rule as a zod schema. Forms and API routes both validate with these;
// a failing parse's issue message is an i18n key under `rules.` (see i18n/en-rules.ts).
import { account, accountPassword, accountPasswordPair, email, emailCode, mobile, smsCode } from './account.js';
import {
  dhcpLeaseMinutes,
  dhcpModes,
  dnsServers,
  ipRange,
  ipv4,
  managementIp,
  port,
  portMapping,
  segments,
  staticRouteDestination,
  subnetMask,
} from './addresses.js';
import { firmwareFile, imageFile, importFile, mapImage } from './files.js';
import { cloudCode, dhcpPoolName, name, otherName, policyName, remark, serialNumber, serverName, ssid, vlanName, vlanNames } from './names.js';
import { devicePassword, wifiPassword, wirelessSecurity } from './passwords.js';
import { netMode, projectName, projectRight, scenario, subtitle, timeZone } from './project.js';
import {
  optimiseDevices,
  portSelection,
  shareValidityHours,
  timerSchedules,
  topologyDevice,
  weekdays,
} from './schedules.js';
import { rebootInterval, rebootSchedules } from './reboot-schedules.js';
import { customScenario, solutionDevices, solutionGateway, solutionInputs, solutionName } from './solutions.js';
import { portVlans, vlanId, vlanList } from './vlan.js';
import { accessThreshold, dualBandSsids, keyUpdateCycle, maxClients, shutdownPeriods, txPower } from './wireless.js';

export const rules = {
  // passwords and codes
  devicePassword,
  wifiPassword,
  accountPassword,
  accountPasswordPair,
  emailCode,
  smsCode,
  email,
  mobile,
  account,
  // names
  name,
  otherName,
  serverName,
  vlanName,
  vlanNames,
  policyName,
  dhcpPoolName,
  projectName,
  subtitle,
  serialNumber,
  cloudCode,
  remark,
  ssid,
  // project
  timeZone,
  scenario,
  netMode,
  projectRight,
  // VLAN
  vlanId,
  vlanList,
  portVlans,
  // Wi-Fi policy
  keyUpdateCycle,
  maxClients,
  shutdownPeriods,
  dualBandSsids,
  txPower,
  accessThreshold,
  wirelessSecurity,
  // DHCP and addresses
  dhcpLeaseMinutes,
  dhcpModes,
  ipv4,
  subnetMask,
  staticRouteDestination,
  port,
  portMapping,
  ipRange,
  dnsServers,
  managementIp,
  segments,
  // solutions
  solutionDevices,
  solutionInputs,
  solutionGateway,
  solutionName,
  customScenario,
  // files
  importFile,
  imageFile,
  firmwareFile,
  mapImage,
  // timers, selections, sharing, topology
  timerSchedules,
  rebootSchedules,
  rebootInterval,
  weekdays,
  portSelection,
  optimiseDevices,
  shareValidityHours,
  topologyDevice,
} as const;

export type Rules = typeof rules;
export type RuleSchemaName = keyof Rules;
