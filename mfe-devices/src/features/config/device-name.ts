// How a device is called on these pages: its name, or its SN while it has none.
import type { DeviceItem } from '@airloom/contracts';

export function deviceLabel(device: Pick<DeviceItem, 'name' | 'sn'>): string {
  return device.name || device.sn;
}
