// spec §9: every business constant and limit in one place. Where the spec shows a limit without its
// value (SMS counts, resend countdown) the value chosen is recorded in docs/decisions.md (Contracts).
const MIB = 1024 * 1024;

export const LIMITS = {
  // projects (§1, §3, §9)
  demoProjectIdWlan: 500000,
  demoProjectIdMesh: 600000,
  defaultProjectId: 0,
  defaultZone: '+8',
  projectNameMaxLength: 18,
  subtitleMaxLength: 30,
  timeZoneMinHours: -12,
  timeZoneMaxHours: 14,

  // VLAN (§3, §5, §9)
  vlanIdMin: 1,
  vlanIdMax: 4094,
  vlanListIdMin: 2,
  deviceVlanRangeDefaultMin: 10,
  deviceVlanRangeDefaultMax: 4094,
  vlansPerAddMax: 100,
  untaggedVlansPerPortMax: 1,

  // Wi-Fi policies (§5, §9)
  wirelessPoliciesPerProjectMax: 32,
  wifiDeliveredToAllDevicesMax: 7,
  wifiDeliveredToSpecifiedDevicesMax: 30,
  guestWifiPerProjectMax: 1,
  clientsPerBandMax: 128,
  maxClientsMin: 1,
  maxClientsMax: 128,
  shutdownPeriodsMax: 4,
  timerSchedulesMax: 4,
  keyUpdateCycleOff: 0,
  keyUpdateCycleMinSeconds: 60,
  keyUpdateCycleMaxSeconds: 99999,
  txPowerMinDbm: 8,
  txPowerMaxDbm: 29,
  accessThresholdMinDbm: -90,
  accessThresholdMaxDbm: -60,
  ssidMaxBytes: 32,
  rateLimitUploadMbps: 10,
  rateLimitDownloadMbpsChoices: [20, 50],

  // passwords and codes (§5)
  devicePasswordMinLength: 8,
  devicePasswordMaxLength: 64,
  devicePasswordClassesRequired: 3,
  wifiPasswordMinLength: 8,
  wifiPasswordMaxLength: 63,
  wifiPasswordHexMaxLength: 64,
  accountPasswordMinLength: 6,
  accountPasswordMaxLength: 32,
  emailCodeLength: 6,
  smsCodeLength: 4,
  emailMaxLength: 254,
  mobileMinDigits: 6,
  mobileMaxDigits: 15,

  // names (§5)
  nameMaxLength: 16,
  otherNameMaxLength: 32,
  serverNameMaxLength: 128,
  vlanNameMaxLength: 32,
  policyNameMaxLength: 32,
  dhcpPoolNameMaxLength: 32,
  serialNumberMinLength: 16,
  serialNumberMaxLength: 32,
  /** a device's cloud code (docs/decisions/devices.md: our choice, the spec names no length) */
  cloudCodeLength: 8,
  /** a device's remark (docs/decisions/devices.md) */
  remarkMaxLength: 64,

  // DHCP and addresses (§3, §5)
  dhcpLeaseMinMinutes: 30,
  dhcpLeaseMaxMinutes: 10080,
  dnsServersMax: 2,
  portMin: 1,
  portMax: 65535,
  subnetMaskMin: 0,
  subnetMaskMax: 32,

  // files (§5, §9)
  imageMaxBytes: 10 * MIB,
  mapImageMaxBytes: 10 * MIB,
  firmwareMaxBytes: 40 * MIB,
  importFileMaxBytes: 10 * MIB,
  serialsPerImportMax: 500,
  mapImageRecommendedWidthPx: 800,
  mapImageRecommendedHeightPx: 400,

  // solutions (§5, §9)
  solutionAcMax: 1,
  solutionGatewayMax: 1,
  solutionAccessSwitchesMax: 99,
  solutionCoreSwitchesMax: 99,
  solutionApsMax: 999,
  customScenariosMax: 20,
  dataScreenCountriesMax: 5,

  // backup (§9)
  generalBackupsPerProjectMax: 128,
  restorePointsPerDeviceMax: 1,
  backupMinIntervalMinutes: 3,

  // sharing (§5, §6, §9) — caps: see decisions.md (32 read-only, 8 read-write)
  unexpiredReadOnlySharesMax: 32,
  unexpiredReadWriteSharesMax: 8,
  permanentReadWriteSharesMax: 3,
  manageablePermissionsPerProjectMax: 11,
  shareValidityMaxHours: 8760,

  // lists and records (§9)
  blacklistMax: 100,
  alarmDownloadLogsMax: 50000,
  rfOptimisationRecordsShown: 20,
  sizeDecimals: 2,
  topTerminalsShown: 5,
  topRegionsShown: 15,

  // timings (§9)
  idleScreenPollIntervalMs: 3000,
  rebootDurationSeconds: 60,
  resetDurationSeconds: 180,
  upgradeDurationSeconds: 300,
  poeRebootDurationSeconds: 120,
  nvrIpChangeDurationSeconds: 180,
  saveDurationMinSeconds: 5,
  saveDurationMaxSeconds: 12,
  rfOptimisationMinMinutes: 2,
  rfOptimisationMaxMinutes: 10,

  // accounts and verification (§9) — SMS counts and countdown are not in the spec: see decisions.md
  smsPerMinuteMax: 1,
  smsPerHourMax: 5,
  smsPerDayMax: 10,
  verificationCodeResendSeconds: 60,
  verificationAttemptsMax: 5,
  loginFailuresMax: 5,
  loginFailureWindowMinutes: 5,
  loginLockoutMinutes: 30,
  companyNameChangesPerYear: 1,
  companyAddressChangesPerYear: 1,
  tokenCookiePath: '/',

  // layout (§9)
  tooltipWidthPx: 240,
  confirmDialogWidthPx: 360,
  sidePanelWidthPx: 640,
  wideSidePanelWidthPx: 680,
  narrowPanelWidthPx: 200,
  collapsedPanelWidthPx: 60,
  windowsBoldFontWeight: 700,
} as const;

export type Limits = typeof LIMITS;
