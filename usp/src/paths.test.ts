import { describe, expect, it } from 'vitest';
import { USP_ERR } from './errors.js';
import { isPartialPath, isValidPath, matchesPath, pathMatcher, splitParamPath, splitPath } from './paths.js';
import { STATUS_EVENT_PATHS } from './vocabulary.js';

describe('splitPath', () => {
  it('splits parameters, partial paths, commands and events', () => {
    expect(splitPath('Device.WiFi.Radio.1.Channel')).toEqual(['Device', 'WiFi', 'Radio', '1', 'Channel']);
    expect(splitPath('Device.WiFi.')).toEqual(['Device', 'WiFi']);
    expect(splitPath('Device.Reboot()')).toEqual(['Device', 'Reboot()']);
    expect(splitPath('Device.Boot!')).toEqual(['Device', 'Boot!']);
    expect(isPartialPath('Device.')).toBe(true);
    expect(isPartialPath('Device.DeviceInfo.UpTime')).toBe(false);
  });

  it('splits a parameter path into the object and parameter a Set carries', () => {
    expect(splitParamPath('Device.DeviceInfo.X_AIRLOOM_Name')).toEqual({ objPath: 'Device.DeviceInfo.', param: 'X_AIRLOOM_Name' });
  });
});

describe('matchesPath', () => {
  const cases: Array<[string, string, boolean]> = [
    ['Device.', 'Device.DeviceInfo.UpTime', true],
    ['Device.DeviceInfo.', 'Device.DeviceInfo.UpTime', true],
    ['Device.DeviceInfo.', 'Device.DeviceInfoX.UpTime', false],
    ['Device.DeviceInfo.UpTime', 'Device.DeviceInfo.UpTime', true],
    ['Device.DeviceInfo.UpTime', 'Device.DeviceInfo.UpTimeX', false],
    ['Device.DeviceInfo.Up', 'Device.DeviceInfo.UpTime', false],
    ['Device.WiFi.Radio.1.', 'Device.WiFi.Radio.1.Channel', true],
    ['Device.WiFi.Radio.1.', 'Device.WiFi.Radio.10.Channel', false],
    ['Device.WiFi.Radio.2.Channel', 'Device.WiFi.Radio.1.Channel', false],
    ['Device.WiFi.Radio.*.Channel', 'Device.WiFi.Radio.2.Channel', true],
    ['Device.WiFi.Radio.*.', 'Device.WiFi.Radio.2.Noise', true],
    ['Device.WiFi.AccessPoint.*.AssociatedDevice.*.SignalStrength', 'Device.WiFi.AccessPoint.1.AssociatedDevice.3.SignalStrength', true],
    ['Device.WiFi.AccessPoint.*.AssociatedDevice.*.SignalStrength', 'Device.WiFi.AccessPoint.1.AssociatedDevice.3.MACAddress', false],
    ['Device.WiFi.Radio.1.', 'Device.WiFi.Radio.1.', true],
    ['Device.WiFi.Radio.1.Channel', 'Device.WiFi.Radio.1.', false],
    ['Device.WiFi.Radio.1.Channel.', 'Device.WiFi.Radio.1.Channel', true],
    ['Device.Reboot()', 'Device.Reboot()', true],
    ['Device.Boot!', 'Device.Boot!', true],
    ['Device.WiFi.', 'Device.', false],
  ];
  it.each(cases)('%s covers %s: %s', (requested, full, expected) => {
    expect(matchesPath(requested, full)).toBe(expected);
  });
});

describe('isValidPath', () => {
  it('accepts data model paths', () => {
    for (const p of ['Device.', 'Device.DeviceInfo.X_AIRLOOM_Name', 'Device.WiFi.Radio.*.', 'Device.WiFi.Radio.1.Channel', 'Device.Reboot()', 'Device.Boot!']) {
      expect(isValidPath(p)).toBe(true);
    }
  });

  it('refuses what is not one', () => {
    for (const p of ['', 'Device', 'InternetGatewayDevice.', 'Device..UpTime', 'Device.Reboot().X', 'Device.Boot!.', 'Device.WiFi.Radio.[Enable==true].', 'Device. X']) {
      expect(isValidPath(p)).toBe(false);
    }
  });
});

describe('USP error codes', () => {
  it('carry the TR-369 numbers', () => {
    expect(USP_ERR).toMatchObject({
      MESSAGE_FAILED: 7000,
      MESSAGE_NOT_SUPPORTED: 7001,
      INVALID_ARGUMENTS: 7004,
      PARAMETER_READ_ONLY: 7013,
      OBJECT_DOES_NOT_EXIST: 7016,
      COMMAND_FAILURE: 7022,
      INVALID_PATH: 7026,
      RECORD_NOT_PARSED: 7100,
    });
  });
});

describe('pathMatcher', () => {
  it('answers as matchesPath does for every pair, the status event\'s list included', () => {
    const requested = [...STATUS_EVENT_PATHS, 'Device.WiFi.', 'Device.LocalAgent.Subscription.*.ID', 'Device.IP.Interface.1.IPv4Address.1.IPAddress', 'Device.X_Y-Z.'];
    const fulls = [
      'Device.WiFi.Radio.1.Channel', 'Device.WiFi.Radio.12.Stats.Noise', 'Device.WiFi.Radio.1.Stats', 'Device.WiFi.Radio.Channel', 'Device.WiFi.',
      'Device.WiFi.AccessPoint.5.AssociatedDevice.17.MACAddress', 'Device.WiFi.AccessPoint.5.AssociatedDevice.17.Stats.BytesSent', 'Device.WiFi.AccessPoint.5.Alias',
      'Device.IP.Interface.1.IPv4Address.1.IPAddress', 'Device.IP.Interface.2.IPv4Address.1.IPAddress', 'Device.X_AIRLOOM_MeshBackhaul.SSID', 'Device.X_AIRLOOM_MeshBackhaul.',
      'Device.X_AIRLOOM_MeshBackhaulX.Hops', 'Device.LocalAgent.Subscription.3.ID', 'Device.LocalAgent.Subscription.3.IDs', 'Device.X_Y-Z', 'Device.X_Y-Z.A.1.B', 'Device.DeviceInfo.UpTime',
    ];
    const covers = pathMatcher(requested);
    for (const full of fulls) expect([full, covers(full)]).toEqual([full, requested.some((r) => matchesPath(r, full))]);
    for (const r of requested) expect(pathMatcher([r])(r.replace(/\*/g, '4'))).toBe(matchesPath(r, r.replace(/\*/g, '4')));
  });
});
