// `@airloom/gateway/public`: the gateway's one face for the BFF (ARCHITECTURE §1, §4). The console
// reads devices and records intents through createDeviceDirectory; the schema, the internal bus and
// the process-entry functions are the rest. The BFF imports nothing else from the gateway (ESLint
// allow-list in eslint.config.js); its tests may also use `@airloom/gateway/testing`.
import type { DeviceListQuery, DeviceType, OperationKind, OperationStatus, StatMetric, StatWindow } from '@airloom/contracts';
import type { Knex } from 'knex';
import type { Bus } from './bus/bus.js';
import {
  bindDevice,
  enqueueOperation,
  findDevice,
  findOperation,
  listProjectDevices,
  listUnverified,
  loadDeviceDetail,
  loadDeviceItem,
  projectDeviceCounts,
  projectDeviceSummary,
  setDesiredName,
  unbindDevice,
  unbindProjectDevices,
} from './store/devices.js';
import { publishDeviceEvent, publishDevicesRemoved, publishOperationEvent } from './store/events.js';
import { toOperationStatus } from './store/mapping.js';
import { registerDevices, type DeviceRegistration } from './store/registration.js';
import { readDeviceSeries, WINDOW_RES } from './store/stats.js';

// time series of device figures (docs/data.md): a demo's past filled in once
export { backfillDeviceStats, type BackfillPoint } from './store/stats.js';
import { projectTopology } from './store/topology.js';

// the database: one knex factory and the gateway's migrations, appended to the console's
export { GATEWAY_MIGRATIONS, type NamedMigration } from './db/migrations.js';
export { createGatewayDb, isMysql, type DbOptions, type SqliteConnection } from './db-connect.js';
// the internal bus: nudges to gateways, project events to browsers
export { createBus, type Bus, type BusOptions } from './bus/index.js';
// the broker learns registered devices' credentials
export { deviceProvisionerFromEnv, ensureServiceAccountFromEnv, noopProvisioner, type DeviceProvisioner } from './broker/provisioner.js';
// process entry (bff/src/main.ts): run a gateway and the embedded broker in the console's process
export { createGatewayRuntime, type GatewayRuntime } from './runtime.js';
export { startGatewayFromEnv } from './start-from-env.js';
export { loadGatewayConfig } from './config.js';
export { startEmbeddedBroker, type EmbeddedBroker } from './broker/embedded-broker.js';
export type { DeviceRegistration } from './store/registration.js';

/** What the console's rules need to know of a registered device. */
export interface DeviceRecord {
  sn: string;
  projectId: number | null;
  ownerAccountId: number | null;
  status: number;
  managementMode: string;
  type: DeviceType;
}

/**
 * The console's view of the device tables: reads in the API's shapes (contracts), intents the
 * gateways act on (a name, an operation, a binding), and `announce` to nudge gateways and tell the
 * project's browsers. Without a bus nothing is announced (tests of other modules).
 */
export function createDeviceDirectory(db: Knex, bus?: Pick<Bus, 'nudge' | 'publishEvent'>) {
  return {
    async find(sn: string): Promise<DeviceRecord | null> {
      const row = await findDevice(db, sn);
      if (!row) return null;
      return {
        sn: row.sn,
        projectId: row.project_id === null ? null : Number(row.project_id),
        ownerAccountId: row.owner_account_id === null ? null : Number(row.owner_account_id),
        status: Number(row.status),
        managementMode: row.management_mode,
        type: row.type as DeviceType,
      };
    },
    item: (sn: string) => loadDeviceItem(db, sn),
    list: (projectId: number, query: DeviceListQuery) => listProjectDevices(db, projectId, query),
    summary: (projectId: number) => projectDeviceSummary(db, projectId),
    detail: (projectId: number, sn: string) => loadDeviceDetail(db, projectId, sn),
    unverified: (accountId: number) => listUnverified(db, accountId),
    /** devices of these projects counted per type and per spec §3 status */
    counts: (projectIds: readonly number[]) => projectDeviceCounts(db, projectIds),
    setName: (sn: string, name: string) => setDesiredName(db, sn, name),
    /** one operation of the project, in the shape GET /projects/:id/operations/:opId answers; null if not of this project */
    async operation(projectId: number, id: number): Promise<OperationStatus | null> {
      const row = await findOperation(db, id);
      return row && Number(row.project_id) === projectId ? toOperationStatus(row) : null;
    },
    enqueueOperation: (input: { projectId: number; sn: string; kind: OperationKind; accountId: number }) => enqueueOperation(db, input),
    bind: (sn: string, projectId: number, name?: string) => bindDevice(db, sn, projectId, name),
    unbind: (projectId: number, sn: string) => unbindDevice(db, projectId, sn),
    unbindProject: (projectId: number) => unbindProjectDevices(db, projectId),
    register: (devices: DeviceRegistration[]) => registerDevices(db, devices),
    /** A device's figure over a window: [ms, value] pairs and the bucket size they come from (docs/data.md). */
    async series(sn: string, metric: StatMetric, window: StatWindow) {
      return { resolution: WINDOW_RES[window], points: await readDeviceSeries(db, sn, metric, window, Date.now()) };
    },
    /** the project's devices and the links they report between them (spec §3 topology) */
    topology: (projectId: number) => projectTopology(db, projectId),
    /** Nudges the gateways (when the device owes something) and publishes the device's (and operation's) new state. */
    async announce(sn: string, options: { nudge?: boolean; operationId?: number } = {}): Promise<void> {
      if (!bus) return;
      if (options.nudge) await bus.nudge(sn);
      if (options.operationId !== undefined) await publishOperationEvent(db, bus, options.operationId);
      await publishDeviceEvent(db, bus, sn);
    },
    /** Tells a project's browsers that these devices left it. */
    async announceRemoved(projectId: number, sns: string[]): Promise<void> {
      if (bus && sns.length) await publishDevicesRemoved(bus, projectId, sns);
    },
  };
}

export type DeviceDirectory = ReturnType<typeof createDeviceDirectory>;
