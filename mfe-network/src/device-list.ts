// The device list as the page holds it: rows by serial number, kept current by the project's live
// events (ARCHITECTURE §4 "Live updates"), and what is derived from it (summary, filters).
import {
  DEVICE_TYPES,
  DeviceStatus,
  isOperationFinished,
  type DeviceItem,
  type DeviceSummary,
  type DeviceType,
  type OperationItem,
  type ProjectEvent,
} from '@airloom/contracts';

/** Offline in the list's sense (spec §3: 0 and 9); a rebooting device is neither. */
export function isOffline(status: number): boolean {
  return status === 0 || status === 9;
}

/**
 * The status to show. spec §3/§4: "online, not saved" (7) is an online device whose desired
 * configuration it has not confirmed; the row says so from the moment the change is stored, before
 * the gateway's own transition to 7 arrives.
 */
export function shownStatus(device: DeviceItem): number {
  return device.pendingConfig && device.status === DeviceStatus.ONLINE ? DeviceStatus.ONLINE_NOT_SAVED : device.status;
}

/** Applies one live event; returns the same array when nothing changed. */
export function applyEvent(items: readonly DeviceItem[], event: ProjectEvent): readonly DeviceItem[] {
  switch (event.type) {
    case 'device': {
      const i = items.findIndex((d) => d.sn === event.device.sn);
      if (i < 0) return [...items, event.device];
      const next = items.slice();
      next[i] = event.device;
      return next;
    }
    case 'device-removed':
      return items.some((d) => d.sn === event.sn) ? items.filter((d) => d.sn !== event.sn) : items;
    case 'operation': {
      const i = items.findIndex((d) => d.sn === event.operation.sn);
      const row = items[i];
      if (!row) return items;
      const operation = nextOperation(row.operation, event.operation);
      if (operation === row.operation) return items;
      const next = items.slice();
      next[i] = { ...row, operation };
      return next;
    }
  }
}

// A row carries the operation in progress only; an older operation's late news changes nothing.
function nextOperation(current: OperationItem | null, incoming: OperationItem): OperationItem | null {
  if (current && incoming.id < current.id) return current;
  if (isOperationFinished(incoming.state)) return current && current.id === incoming.id ? null : current;
  return incoming;
}

/** spec §2 summary: online/offline by type, clients; alarms come from the server. */
export function summarize(items: readonly DeviceItem[], alarms: number): DeviceSummary {
  const byType = new Map<DeviceType, { online: number; offline: number }>();
  let online = 0;
  let clients = 0;
  for (const d of items) {
    const counts = byType.get(d.type) ?? { online: 0, offline: 0 };
    if (isOffline(d.status)) counts.offline += 1;
    else {
      counts.online += 1;
      online += 1;
    }
    byType.set(d.type, counts);
    clients += d.clients;
  }
  return {
    byType: DEVICE_TYPES.filter((t) => byType.has(t)).map((type) => ({ type, ...byType.get(type)! })),
    online,
    offline: items.length - online,
    clients,
    alarms,
  };
}

export interface DeviceFilter {
  type: DeviceType | '';
  state: 'online' | 'offline' | '';
  search: string;
}

export const NO_FILTER: DeviceFilter = { type: '', state: '', search: '' };

/** The list's filters: type, online/offline, and a search over name, SN, MAC and IP. */
export function filterDevices(items: readonly DeviceItem[], filter: DeviceFilter): readonly DeviceItem[] {
  const needle = filter.search.trim().toLowerCase();
  // MACs are typed with or without separators
  const bareNeedle = needle.replace(/[:-]/g, '');
  return items.filter((d) => {
    if (filter.type && d.type !== filter.type) return false;
    if (filter.state === 'online' && isOffline(d.status)) return false;
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
