import { describe, expect, it } from 'vitest';
import { LIMITS } from '../limits.js';
import { DEVICE_MODELS } from './models.js';
import { checkFirmwareHeader, compareFirmwareVersions, FIRMWARE_RELEASES, firmwareHeader, firmwareReleasesOf, needsUpgrade, recommendedFirmware } from './firmware.js';

function image(model: string, version: string, payload: number): Uint8Array {
  const file = new Uint8Array(64 + payload);
  file.set(firmwareHeader(model, version, payload));
  return file;
}

describe('firmware catalogue', () => {
  it('has the recommended version of every model of the device catalogue as a released image', () => {
    for (const { model, recommendedFirmware: version } of DEVICE_MODELS) {
      expect(recommendedFirmware(model), model).toMatchObject({ model, version });
    }
  });

  it('keeps every catalogued image under the 40 MB firmware limit (spec §9)', () => {
    for (const r of FIRMWARE_RELEASES) expect(r.size).toBeLessThan(LIMITS.firmwareMaxBytes);
  });

  it('lists a model newest first and proposes an upgrade only to a newer version', () => {
    expect(firmwareReleasesOf('AL-AP620').map((r) => r.version)).toEqual(['V2.5.1', 'V2.4.0']);
    expect(recommendedFirmware('AL-AP620')?.version).toBe('V2.4.0');
    expect(needsUpgrade('AL-AP620', 'V2.3.0')).toBe(true);
    expect(needsUpgrade('AL-AP620', 'V2.4.0')).toBe(false);
    expect(needsUpgrade('AL-AP620', 'V2.5.1')).toBe(false);
    expect(needsUpgrade('AL-AP620', 'V2.10.0')).toBe(false);
    expect(needsUpgrade('AL-UNKNOWN', 'V1.0.0')).toBe(false);
  });

  it('compares versions by number, not as text', () => {
    expect(compareFirmwareVersions('V2.9.0', 'V2.10.0')).toBeLessThan(0);
    expect(compareFirmwareVersions('V3.0.0', 'V2.10.0')).toBeGreaterThan(0);
    expect(compareFirmwareVersions('V1.2.3', 'V1.2.3')).toBe(0);
  });
});

describe('firmware image check', () => {
  it('accepts an image whose header names its model, version and payload length', () => {
    const file = image('AL-AP620', 'V2.5.1', 1000);
    expect(checkFirmwareHeader(file.subarray(0, 64), file.length)).toEqual({ ok: true, model: 'AL-AP620', version: 'V2.5.1', payloadBytes: 1000 });
  });

  it('refuses a zip or a Windows program renamed .bin', () => {
    const zip = new Uint8Array(200);
    zip.set([0x50, 0x4b, 0x03, 0x04]);
    const exe = new Uint8Array(200);
    exe.set([0x4d, 0x5a, 0x90, 0x00]);
    expect(checkFirmwareHeader(zip, zip.length)).toEqual({ ok: false, reason: 'not-firmware' });
    expect(checkFirmwareHeader(exe, exe.length)).toEqual({ ok: false, reason: 'not-firmware' });
  });

  it('refuses a 41 MB file from its size alone, and a file of 40 MB or more', () => {
    const head = image('AL-AP620', 'V2.5.1', 0).subarray(0, 64);
    expect(checkFirmwareHeader(head, 41 * 1024 * 1024)).toEqual({ ok: false, reason: 'too-large' });
    expect(checkFirmwareHeader(head, LIMITS.firmwareMaxBytes)).toEqual({ ok: false, reason: 'too-large' });
  });

  it('refuses a truncated image, a file shorter than the header and an unknown header format', () => {
    const file = image('AL-AP620', 'V2.5.1', 1000);
    expect(checkFirmwareHeader(file.subarray(0, 64), 900)).toEqual({ ok: false, reason: 'length' });
    expect(checkFirmwareHeader(file.subarray(0, 10), 10)).toEqual({ ok: false, reason: 'too-small' });
    const other = file.slice(0, 64);
    other[4] = 2;
    expect(checkFirmwareHeader(other, file.length)).toEqual({ ok: false, reason: 'format' });
    const binaryModel = file.slice(0, 64);
    binaryModel[8] = 0x01;
    expect(checkFirmwareHeader(binaryModel, file.length)).toEqual({ ok: false, reason: 'format' });
  });

  it('will not write a header whose model does not fit', () => {
    expect(() => firmwareHeader('X'.repeat(33), 'V1.0.0', 0)).toThrow(RangeError);
  });
});
