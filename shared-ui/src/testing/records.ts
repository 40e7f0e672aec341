// Live records as the server sends them (contracts' DeviceItem, OperationItem), for tests of pages
// that show devices: an online AP and a queued reboot, with whatever a test changes.
import type { DeviceItem, OperationItem } from '@airloom/contracts';

export function deviceItem(overrides: Partial<DeviceItem> & Pick<DeviceItem, 'sn' | 'name'>): DeviceItem {
  return {
    revision: 1,
    type: 'ap',
    model: 'AL-AP500',
    status: 1,
    ip: '192.168.1.10',
    mac: '00:1A:2B:00:00:01',
    softwareVersion: 'V1.0.0',
    meshMode: null,
    managementMode: 'cloud',
    clients: 0,
    uptime: 3600,
    lastSeenAt: '2025-01-01T00:00:00.000Z',
    pendingConfig: false,
    operation: null,
    ...overrides,
  };
}

export function operationItem(overrides: Partial<OperationItem> & Pick<OperationItem, 'id' | 'sn'>): OperationItem {
  return {
    revision: 1,
    projectId: 1,
    kind: 'reboot',
    state: 'queued',
    args: null,
    error: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
