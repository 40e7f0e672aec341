// Pushes changed rows to the project's browsers (docs/decisions/gateway.md). Changes are coalesced
// for a few milliseconds and read back in bulk, so a burst (5,000 devices reporting, a reconnect
// storm) costs two queries per flush instead of two per device.
import type { Knex } from 'knex';
import type { Bus } from './bus/bus.js';
import { toConfigChange, type ChangeRow } from './store/config.js';
import { toDeviceItem, toOperationItem } from './store/mapping.js';
import { UNFINISHED_OPERATION_STATES, type DeviceRow, type OperationRow } from './store/rows.js';
import type { RuntimeLogger } from './logger.js';

const COALESCE_MS = 50;
const CHUNK = 500;

export interface LiveEvents {
  /** the device's state as it is when the event goes out (coalesced) */
  device(sn: string): void;
  /** the device's state as it was at a status transition: each transition is seen, however brief */
  snapshot(row: DeviceRow): void;
  /** a configuration change's result changed (history, the section's state on the page) */
  change(row: ChangeRow): void;
  /** the operation's event, then its device's (the DeviceItem shows the unfinished operation) */
  operation(id: number, sn: string): void;
  /** clients joined or left a device of the project (the client list is stale); sn null: the blacklist changed */
  clients(projectId: number, sn: string | null, joined: number, left: number): void;
  flush(): Promise<void>;
  close(): Promise<void>;
}

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

export function createLiveEvents(db: Knex, bus: Pick<Bus, 'publishEvent'>, logger: RuntimeLogger): LiveEvents {
  let sns = new Set<string>();
  let operationIds = new Set<number>();
  let snapshots: DeviceRow[] = [];
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  let closed = false;

  function schedule(): void {
    if (timer || closed) return;
    timer = setTimeout(() => {
      timer = null;
      void flush();
    }, COALESCE_MS);
  }

  async function unfinished(sns: string[]): Promise<Map<string, OperationRow>> {
    if (sns.length === 0) return new Map();
    const ops = (await db<OperationRow>('operations')
      .whereIn('sn', sns)
      .whereIn('state', UNFINISHED_OPERATION_STATES)
      .orderBy('id', 'asc')) as OperationRow[];
    return new Map(ops.map((o) => [o.sn, o]));
  }

  async function publish(rowsAtTransition: DeviceRow[], deviceSns: string[], ids: number[]): Promise<void> {
    const bound = rowsAtTransition.filter((r) => r.project_id !== null);
    for (const part of chunks(bound)) {
      const newest = await unfinished([...new Set(part.map((r) => r.sn))]);
      for (const row of part) {
        void bus.publishEvent(Number(row.project_id), { type: 'device', device: toDeviceItem(row, newest.get(row.sn) ?? null) });
      }
    }
    for (const part of chunks(ids)) {
      const rows = (await db<OperationRow>('operations').whereIn('id', part)) as OperationRow[];
      for (const row of rows) void bus.publishEvent(Number(row.project_id), { type: 'operation', operation: toOperationItem(row) });
    }
    for (const part of chunks(deviceSns)) {
      const rows = (await db<DeviceRow>('devices').whereIn('sn', part).whereNotNull('project_id')) as DeviceRow[];
      if (rows.length === 0) continue;
      const newest = await unfinished(rows.map((r) => r.sn));
      for (const row of rows) {
        void bus.publishEvent(Number(row.project_id), { type: 'device', device: toDeviceItem(row, newest.get(row.sn) ?? null) });
      }
    }
  }

  /** one flush queued behind the one running: what piles up meanwhile goes out together */
  let queued: Promise<void> | null = null;

  function flush(): Promise<void> {
    if (queued) return queued;
    queued = running.then(async () => {
      queued = null;
      const rows = snapshots;
      const deviceSns = [...sns];
      const ids = [...operationIds];
      snapshots = [];
      sns = new Set();
      operationIds = new Set();
      if (rows.length === 0 && deviceSns.length === 0 && ids.length === 0) return;
      try {
        await publish(rows, deviceSns, ids);
      } catch (err) {
        // a lost event only makes a browser wait for the next change
        logger.warn({ err }, 'gateway: live events not published');
      }
    });
    running = queued;
    return queued;
  }

  return {
    device(sn) {
      sns.add(sn);
      schedule();
    },
    snapshot(row) {
      snapshots.push(row);
      // at once, in order with the other events
      if (!closed) void flush();
    },
    change(row) {
      void bus.publishEvent(Number(row.project_id), { type: 'config', change: toConfigChange(row) }).catch((err: unknown) => logger.warn({ err }, 'gateway: live events not published'));
    },
    clients(projectId, sn, joined, left) {
      void bus.publishEvent(projectId, { type: 'clients', sn, joined, left }).catch((err: unknown) => logger.warn({ err }, 'gateway: live events not published'));
    },
    operation(id, sn) {
      operationIds.add(id);
      sns.add(sn);
      schedule();
    },
    flush,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await flush();
    },
  };
}
