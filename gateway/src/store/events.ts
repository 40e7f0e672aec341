// Whoever changes a device or operation row tells the project's browsers (docs/decisions/gateway.md).
import type { Knex } from 'knex';
import type { Bus } from '../bus/bus.js';
import { findOperation, loadDevice } from './devices.js';
import { toDeviceItem, toOperationItem } from './mapping.js';

/** Publishes the device's current state to its project; nothing when it is in no project. */
export async function publishDeviceEvent(db: Knex, bus: Pick<Bus, 'publishEvent'>, sn: string): Promise<void> {
  const loaded = await loadDevice(db, sn);
  if (!loaded || loaded.row.project_id === null) return;
  await bus.publishEvent(loaded.row.project_id, { type: 'device', device: toDeviceItem(loaded.row, loaded.operation) });
}

/** Publishes an operation's current state to the project that asked for it. */
export async function publishOperationEvent(db: Knex, bus: Pick<Bus, 'publishEvent'>, operationId: number): Promise<void> {
  const row = await findOperation(db, operationId);
  if (!row) return;
  await bus.publishEvent(row.project_id, { type: 'operation', operation: toOperationItem(row) });
}

/** Tells a project's browsers that devices left it. */
export async function publishDevicesRemoved(bus: Pick<Bus, 'publishEvent'>, projectId: number, sns: string[]): Promise<void> {
  await Promise.all(sns.map((sn) => bus.publishEvent(projectId, { type: 'device-removed', sn })));
}
