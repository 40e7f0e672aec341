// The device list as the page holds it: rows by serial number, kept current by the project's live
// events (ARCHITECTURE §4 "Live updates"). The summary and the filters over it are contracts'
// (summariseDevices, filterDevices), the same the server answers with.
import {
  DeviceStatus,
  isOperationFinished,
  newerRecord,
  type DeviceFilter as ContractsDeviceFilter,
  type DeviceItem,
  type OperationItem,
  type ProjectEvent,
} from '@airloom/contracts';

/**
 * The status to show. spec §3/§4: "online, not saved" (7) is an online device whose desired
 * configuration it has not confirmed; the row says so from the moment the change is stored, before
 * the gateway's own transition to 7 arrives.
 */
export function shownStatus(device: DeviceItem): number {
  return device.pendingConfig && device.status === DeviceStatus.ONLINE ? DeviceStatus.ONLINE_NOT_SAVED : device.status;
}

/**
 * What the page holds of the project's live records (ARCHITECTURE §3): the device rows, and the
 * newest copy of every operation it has seen. Whatever arrives — the list, an answer to the page's
 * own call, an SSE event — the copy with the higher revision is kept, so nothing older undoes
 * something newer, whichever came first.
 */
export interface LiveList {
  items: readonly DeviceItem[];
  operations: ReadonlyMap<number, OperationItem>;
}

/**
 * The list as the server answered it: its membership, but of each row the higher revision of the
 * answer's copy and the page's (`current`), with the newer copies of operations the page has.
 */
export function listFromAnswer(items: readonly DeviceItem[], current?: LiveList): LiveList {
  const operations = current?.operations ?? new Map<number, OperationItem>();
  const shown = new Map(current?.items.map((d) => [d.sn, d]));
  return { items: items.map((d) => withNewestOperation(newerRecord(shown.get(d.sn), d), operations)), operations };
}

/** Applies one record or removal; returns the same object when nothing changed. */
export function applyEvent(list: LiveList, event: ProjectEvent): LiveList {
  const { items, operations } = list;
  switch (event.type) {
    case 'device': {
      const i = items.findIndex((d) => d.sn === event.device.sn);
      const current = items[i];
      if (current && newerRecord(current, event.device) === current) return list;
      const row = withNewestOperation(event.device, operations);
      if (i < 0) return { items: [...items, row], operations };
      const next = items.slice();
      next[i] = row;
      return { items: next, operations };
    }
    case 'device-removed':
      return items.some((d) => d.sn === event.sn) ? { items: items.filter((d) => d.sn !== event.sn), operations } : list;
    case 'operation': {
      const incoming = event.operation;
      const known = operations.get(incoming.id);
      if (known && newerRecord(known, incoming) === known) return list;
      const nextOperations = new Map(operations).set(incoming.id, incoming);
      const i = items.findIndex((d) => d.sn === incoming.sn);
      const row = items[i];
      const operation = row ? nextOperation(row.operation, incoming) : null;
      if (!row || operation === row.operation) return { items, operations: nextOperations };
      const next = items.slice();
      next[i] = { ...row, operation };
      return { items: next, operations: nextOperations };
    }
    // configuration changes do not change the device list (the device's own record follows them), nor do
    // clients or run-log entries
    case 'config':
    case 'clients':
    case 'log':
      return list;
  }
}

// A device record names its unfinished operation as it was at the device's revision; a newer copy
// of that operation the page already has (e.g. its end) is the one to show.
function withNewestOperation(device: DeviceItem, operations: ReadonlyMap<number, OperationItem>): DeviceItem {
  const carried = device.operation;
  const known = carried && operations.get(carried.id);
  if (!carried || !known || newerRecord(known, carried) === carried) return device;
  return { ...device, operation: isOperationFinished(known.state) ? null : known };
}

// A row carries the operation in progress only; an older operation's late news changes nothing.
function nextOperation(current: OperationItem | null, incoming: OperationItem): OperationItem | null {
  if (current && incoming.id < current.id) return current;
  if (isOperationFinished(incoming.state)) return current && current.id === incoming.id ? null : current;
  return incoming;
}

/** The filters as the page's form holds them (contracts' filterDevices applies them). */
export type DeviceFilter = Required<ContractsDeviceFilter>;

export const NO_FILTER: DeviceFilter = { type: '', state: '', search: '' };
