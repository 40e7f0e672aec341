// Pure logic over a project's device list that the server (answers of /devices and
// /devices/summary) and the page (the live list) both need, written once (ARCHITECTURE §1).
import type { DeviceSummary } from '../api/devices.js';
import { DEVICE_TYPES, isDeviceOnline, OFFLINE_STATUSES, type DeviceType } from './device.js';

/** Offline in the list's sense (spec §3: statuses 0 and 9); a restarting device is not offline. */
export function isOffline(status: number): boolean {
  return OFFLINE_STATUSES.includes(status);
}

/**
 * spec §2 summary: online/offline by type and the clients on the network now. A restarting device
 * (spec §3 status 8) is neither online nor offline: it is counted apart, and only a device that is
 * online and not restarting has clients (docs/decisions/devices.md): an offline device's last count
 * is stale and a restarting one has dropped its clients.
 */
export function summariseDevices(
  items: readonly { type: DeviceType; status: number; clients: number }[],
  alarms: number,
): DeviceSummary {
  const byType = new Map<DeviceType, { online: number; offline: number; restarting: number }>();
  let online = 0;
  let offline = 0;
  let clients = 0;
  for (const d of items) {
    const counts = byType.get(d.type) ?? { online: 0, offline: 0, restarting: 0 };
    if (isOffline(d.status)) {
      counts.offline += 1;
      offline += 1;
    } else if (isDeviceOnline(d.status)) {
      counts.online += 1;
      online += 1;
      clients += d.clients;
    } else {
      counts.restarting += 1;
    }
    byType.set(d.type, counts);
  }
  return {
    byType: DEVICE_TYPES.filter((t) => byType.has(t)).map((type) => ({ type, ...byType.get(type)! })),
    online,
    offline,
    restarting: items.length - online - offline,
    clients,
    alarms,
  };
}

/** The list's filters; an empty value or an absent one filters nothing (the API's query and the page's form alike). */
export interface DeviceFilter {
  type?: DeviceType | '';
  state?: 'online' | 'offline' | '';
  search?: string;
}

/** Type, online/offline (a restarting device is in neither, as in the summary), and a case-insensitive search over name, SN, MAC (with or without separators) and IP. */
export function filterDevices<T extends { type: DeviceType; status: number; name: string; sn: string; ip: string; mac: string }>(
  items: readonly T[],
  filter: DeviceFilter,
): T[] {
  const needle = (filter.search ?? '').trim().toLowerCase();
  const bareNeedle = needle.replace(/[:-]/g, '');
  return items.filter((d) => {
    if (filter.type && d.type !== filter.type) return false;
    // the same split as the summary: a restarting device is neither online nor offline
    if (filter.state === 'online' && !isDeviceOnline(d.status)) return false;
    if (filter.state === 'offline' && !isOffline(d.status)) return false;
    if (!needle) return true;
    return (
      d.name.toLowerCase().includes(needle) ||
      d.sn.toLowerCase().includes(needle) ||
      d.ip.includes(needle) ||
      (bareNeedle !== '' && d.mac.replace(/[:-]/g, '').toLowerCase().includes(bareNeedle))
    );
  });
}
