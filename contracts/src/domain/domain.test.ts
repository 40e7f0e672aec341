import { describe, expect, it } from 'vitest';
import { DEMO_PROJECT_IDS, DEFAULT_ZONE, isDemoProject, NetMode, SCENARIOS, SCENARIO_LABELS } from './project.js';
import { AccountRole, ACCOUNT_ROLE_LABELS } from './account.js';
import { DeviceStatus, DEVICE_STATUS_LABELS, isDeviceOnline, CLIENT_TYPE_LABELS, CLIENT_TYPES } from './device.js';
import { ciphersFor, SecurityMode, SECURITY_MODE_LABELS } from './wireless.js';
import { DHCP_LEASE_CHOICES, Protocol, Transport } from './network.js';
import { OBSTACLE_ATTENUATION_DB, OBSTACLE_LABELS, OBSTACLE_MATERIALS } from './topology.js';
import {
  canTransition,
  isOverlayShown,
  LOADING_STATES,
  LOADING_STATE_TEXTS,
  REBOOT_TRANSITIONS,
  RF_OPTIMISATION_TRANSITIONS,
  UPGRADE_TRANSITIONS,
} from './states.js';
import { formatSize, LOG_RETENTION_DAYS, TIME_WINDOW_HOURS } from './reports.js';
import { LIMITS } from '../limits.js';
import { rules } from '../rules/index.js';

describe('spec §3 enumerations', () => {
  it('numbers netMode, roles, protocol and transport as the spec does', () => {
    expect(NetMode).toEqual({ WLAN: 0, MESH: 1 });
    expect(AccountRole).toEqual({ NORMAL: 0, ENGINEER: 1, MANUFACTURER: 2, SPECIAL: 3 });
    expect(Protocol).toEqual({ ALL: 0, TCP: 1, UDP: 2 });
    expect(Transport).toEqual({ TCP: 0, MQTT: 1 });
    expect(ACCOUNT_ROLE_LABELS[0]).toBe('Normal');
  });

  it('labels device statuses 0–9, with 0 and 9 offline', () => {
    expect(Object.keys(DEVICE_STATUS_LABELS).map(Number)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(DEVICE_STATUS_LABELS[DeviceStatus.ONLINE_NOT_SAVED]).toBe('Online, not saved');
    expect([0, 9, 8].map(isDeviceOnline)).toEqual([false, false, false]);
    expect([1, 3, 7].map(isDeviceOnline)).toEqual([true, true, true]);
  });

  it.each([
    [SecurityMode.NONE, []],
    [SecurityMode.WPA_PSK, ['aes', 'tkip']],
    [SecurityMode.WPA2_PSK, ['aes', 'tkip', 'tkip+aes']],
    [SecurityMode.WPA3_SAE, ['aes']],
    [SecurityMode.WPA3_SAE_WPA2_PSK, ['aes']],
    [SecurityMode.OTHER, []],
    [SecurityMode.WPA_WPA2_PSK, ['aes', 'tkip', 'tkip+aes']],
    [SecurityMode.WPA, ['aes', 'tkip']],
    [SecurityMode.WPA2, ['aes', 'tkip', 'tkip+aes']],
    [99, []],
  ])('security mode %i allows %j', (mode, ciphers) => {
    expect(ciphersFor(mode)).toEqual(ciphers);
  });

  it('labels security modes 0–8', () => {
    expect(Object.keys(SECURITY_MODE_LABELS)).toHaveLength(9);
    expect(SECURITY_MODE_LABELS[4]).toBe('WPA3-SAE/WPA2-PSK');
  });

  it('gives obstacle attenuation in dB with a label each', () => {
    expect(OBSTACLE_ATTENUATION_DB).toEqual({
      plasterboard: 5, wood: 6.5, 'common-glass': 12, brick: 20, 'coated-glass': 20, concrete: 20, 'papered-wall': 23, 'bearing-wall': 28,
    });
    for (const m of OBSTACLE_MATERIALS) expect(OBSTACLE_LABELS[m]).toBeTruthy();
  });

  it('has the 11 project scenarios as slugs with labels', () => {
    expect(SCENARIOS).toHaveLength(11);
    expect(SCENARIO_LABELS['supermarket-mall']).toBe('Supermarket/mall');
    expect(SCENARIO_LABELS['smart-home']).toBe('Smart home');
  });

  it('labels every client type, device types included', () => {
    for (const t of CLIENT_TYPES) expect(CLIENT_TYPE_LABELS[t]).toBeTruthy();
  });

  it('offers lease choices the lease rule accepts', () => {
    for (const minutes of DHCP_LEASE_CHOICES) expect(rules.dhcpLeaseMinutes.safeParse(minutes).success).toBe(true);
  });

  it('knows the demo projects and the default zone', () => {
    expect(DEMO_PROJECT_IDS).toEqual({ WLAN: 500000, MESH: 600000 });
    expect([500000, 600000, 0, 500001].map(isDemoProject)).toEqual([true, true, false, false]);
    expect(DEFAULT_ZONE).toBe('+8');
    expect(rules.timeZone.safeParse(DEFAULT_ZONE).success).toBe(true);
  });

  it('has time windows, retention choices and 2-decimal sizes', () => {
    expect(Object.values(TIME_WINDOW_HOURS)).toEqual([12, 24, 72, 168, 720]);
    expect(LOG_RETENTION_DAYS).toEqual([7, 30, 90, 180]);
    expect(formatSize(1.5)).toBe('1.50');
  });
});

describe('spec §4 state machines', () => {
  it('shows the overlay for every loading state except end, each with a text', () => {
    expect(LOADING_STATES.filter(isOverlayShown)).toEqual(['saving', 'loading', 'uploading', 'jumping']);
    for (const s of LOADING_STATES) expect(LOADING_STATE_TEXTS[s]).toBeTruthy();
  });

  it.each([
    [UPGRADE_TRANSITIONS, 'waiting', 'downloading', true],
    [UPGRADE_TRANSITIONS, 'downloading', 'download-failed', true],
    [UPGRADE_TRANSITIONS, 'waiting', 'success', false],
    [UPGRADE_TRANSITIONS, 'restarting', 'success', true],
    [REBOOT_TRANSITIONS, 'reboot', 'rebooting', true],
    [REBOOT_TRANSITIONS, 'reboot', 'rebooted', false],
    [RF_OPTIMISATION_TRANSITIONS, 'optimising', 'optimising', false],
  ] as const)('%#: %s → %s allowed: %s', (machine, from, to, ok) => {
    expect(canTransition(machine as Record<string, readonly string[]>, from, to)).toBe(ok);
  });
});

describe('spec §9 limits', () => {
  it('holds the numbers of §9', () => {
    expect(LIMITS).toMatchObject({
      wirelessPoliciesPerProjectMax: 32, wifiDeliveredToAllDevicesMax: 7, wifiDeliveredToSpecifiedDevicesMax: 30,
      guestWifiPerProjectMax: 1, clientsPerBandMax: 128, customScenariosMax: 20, dataScreenCountriesMax: 5,
      generalBackupsPerProjectMax: 128, restorePointsPerDeviceMax: 1, backupMinIntervalMinutes: 3,
      imageMaxBytes: 10 * 1024 * 1024, firmwareMaxBytes: 40 * 1024 * 1024, serialsPerImportMax: 500,
      permanentReadWriteSharesMax: 3, manageablePermissionsPerProjectMax: 11, blacklistMax: 100,
      alarmDownloadLogsMax: 50000, rfOptimisationRecordsShown: 20, idleScreenPollIntervalMs: 3000,
      verificationAttemptsMax: 5, loginLockoutMinutes: 30, loginFailureWindowMinutes: 5,
    });
  });
});
