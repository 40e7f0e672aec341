import { describe, expect, it } from 'vitest';
import { OPERATION_KINDS } from '../api/devices.js';
import { ACTIONS } from '../permissions.js';
import { DEVICE_OPERATIONS, operationLifetimeMs } from './capabilities.js';

describe('device operations catalogue', () => {
  it('has a row for every operation the API accepts, each with a known can() action', () => {
    for (const kind of OPERATION_KINDS) expect(DEVICE_OPERATIONS[kind]).toBeDefined();
    for (const row of Object.values(DEVICE_OPERATIONS)) expect(ACTIONS).toContain(row.action);
  });

  it('takes the typical durations of spec §9: reboot 1 min, reset 3, upgrade 5, PoE reboot 2', () => {
    const minutes = Object.fromEntries(Object.entries(DEVICE_OPERATIONS).map(([k, v]) => [k, v.typicalSeconds / 60]));
    expect(minutes).toMatchObject({ reboot: 1, reset: 3, upgrade: 5, 'poe-reboot': 2 });
  });

  it('marks only locate, the (read-only) neighbour scan, a client disconnect, setting the LED mode and opening the remote web tunnel as safe to send twice; everything that restarts or erases runs at most once', () => {
    const idempotent = Object.entries(DEVICE_OPERATIONS).filter(([, v]) => v.idempotent).map(([k]) => k);
    expect(idempotent).toEqual(['locate', 'neighbourScan', 'clientOffline', 'led', 'remote-web']);
  });

  it('waits for a neighbour scan\'s OperationComplete (TR-181 NeighboringWiFiDiagnostic() is asynchronous)', () => {
    expect(DEVICE_OPERATIONS.neighbourScan).toMatchObject({ command: 'Device.WiFi.NeighboringWiFiDiagnostic()', completion: 'operation-complete', action: 'device.operate' });
  });

  it('gives an operation minutes, not a day: five typical durations', () => {
    expect(operationLifetimeMs('reboot')).toBe(5 * 60_000);
    expect(operationLifetimeMs('upgrade')).toBe(25 * 60_000);
  });
});
