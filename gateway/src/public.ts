// `@airloom/gateway/public`: the gateway's one face for the BFF (ARCHITECTURE §1, §4). The console
// reads devices and records intents through createDeviceDirectory; the schema, the internal bus and
// the process-entry functions are the rest. The BFF imports nothing else from the gateway (ESLint
// allow-list in eslint.config.js); its tests may also use `@airloom/gateway/testing`.
import type { ConfigChange, ConfigState, DeviceListQuery, DeviceType, OperationKind, OperationStatus, RouteTable, StatMetric, StatWindow } from '@airloom/contracts';
import { isDeviceOnline } from '@airloom/contracts';
import type { Knex } from 'knex';
import { AskError, type Bus } from './bus/bus.js';
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
  unbindDevice,
  unbindProjectDevices,
} from './store/devices.js';
import { publishDeviceEvent, publishDevicesRemoved, publishOperationEvent } from './store/events.js';
import { toOperationStatus } from './store/mapping.js';
import { registerDevices, type DeviceRegistration } from './store/registration.js';
import { readDeviceSeries, WINDOW_RES } from './store/stats.js';
import {
  findApplied,
  findChange,
  findSection,
  forgetApplied,
  listChanges,
  owePendingSections,
  projectGateways,
  PROJECT_SECTION,
  sectionState,
  toConfigChange,
  writeSection,
  type SectionWrite,
} from './store/config.js';

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
    /** one operation of the project, in the shape GET /projects/:id/operations/:opId answers; null if not of this project */
    async operation(projectId: number, id: number): Promise<OperationStatus | null> {
      const row = await findOperation(db, id);
      return row && Number(row.project_id) === projectId ? toOperationStatus(row) : null;
    },
    enqueueOperation: (input: { projectId: number; sn: string; kind: OperationKind; accountId: number }) => enqueueOperation(db, input),
    /** binds the device; a gateway joining a project with gateway settings owes them */
    async bind(sn: string, projectId: number): Promise<boolean> {
      if (!(await bindDevice(db, sn, projectId))) return false;
      await owePendingSections(db, projectId, sn);
      return true;
    },
    async unbind(projectId: number, sn: string): Promise<boolean> {
      const done = await unbindDevice(db, projectId, sn);
      if (done) await forgetApplied(db, [sn]);
      return done;
    },
    async unbindProject(projectId: number): Promise<string[]> {
      const sns = await unbindProjectDevices(db, projectId);
      await forgetApplied(db, sns);
      return sns;
    },
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

/** What the configuration engine's API needs to know of a device. */
export interface ConfigDevice {
  sn: string;
  projectId: number | null;
  type: DeviceType;
  model: string;
  status: number;
  managementMode: string;
  name: string;
  /** the gateway instance that hears it (live reads go there) */
  gatewayId: string | null;
}

function toConfigDevice(row: { sn: string; project_id: number | null; type: string; model: string; status: number; management_mode: string; name: string; desired_name: string | null; gateway_id: string | null }): ConfigDevice {
  return {
    sn: row.sn,
    projectId: row.project_id === null ? null : Number(row.project_id),
    type: row.type as DeviceType,
    model: row.model,
    status: Number(row.status),
    managementMode: row.management_mode,
    name: row.desired_name ?? row.name,
    gatewayId: row.gateway_id,
  };
}

/**
 * The configuration engine's face for the BFF (ARCHITECTURE §7): desired versions written with
 * their history, read with where they stand on their device, and live reads from a device. The
 * BFF validates and decides; this stores and tells (config events, nudges).
 */
export function createConfigDirectory(db: Knex, bus?: Pick<Bus, 'nudge' | 'publishEvent' | 'ask'>) {
  async function device(sn: string): Promise<ConfigDevice | null> {
    const row = await findDevice(db, sn);
    return row ? toConfigDevice(row) : null;
  }
  return {
    PROJECT: PROJECT_SECTION,
    device,
    /** the project's gateway-type devices (the rules allow one) */
    async gateways(projectId: number): Promise<ConfigDevice[]> {
      const sns = (await projectGateways(db, projectId)).map((g) => g.sn);
      return (await Promise.all(sns.map(device))).filter((d): d is ConfigDevice => d !== null);
    },
    /** the stored document (null when never written) and where it stands on `target` */
    async read(projectId: number, owner: string, section: string, target: ConfigDevice | null) {
      const row = await findSection(db, projectId, owner, section);
      const version = row ? Number(row.version) : 0;
      const applied = target ? await findApplied(db, target.sn, section) : null;
      const where: { state: ConfigState; appliedVersion: number; error: { code: number; message: string } | null } = target
        ? sectionState(version, applied, isDeviceOnline(target.status))
        : { state: version > 0 ? 'waiting' : 'applied', appliedVersion: 0, error: null };
      return {
        version,
        body: row ? (JSON.parse(row.body_json) as Record<string, unknown>) : null,
        updatedAt: row ? new Date(Number(row.updated_at)).toISOString() : null,
        updatedBy: row?.updated_by ?? null,
        ...where,
      };
    },
    /** stores a new desired version with its history row; the devices concerned are nudged and the browsers told */
    async write(input: SectionWrite): Promise<{ version: number; change: ConfigChange; devices: string[] }> {
      const written = await writeSection(db, input);
      if (bus) {
        for (const row of [...written.superseded, written.change]) await bus.publishEvent(input.projectId, { type: 'config', change: toConfigChange(row) });
        for (const sn of written.devices) {
          await bus.nudge(sn);
          await publishDeviceEvent(db, bus, sn);
        }
      }
      return { version: written.version, change: toConfigChange(written.change), devices: written.devices };
    },
    async history(projectId: number, filter: { section?: string; sn?: string }): Promise<ConfigChange[]> {
      return (await listChanges(db, projectId, filter)).map(toConfigChange);
    },
    /** a change of the project with the body it stored; null when not of this project */
    async change(projectId: number, id: number): Promise<{ change: ConfigChange; owner: string; body: Record<string, unknown> } | null> {
      const row = await findChange(db, projectId, id);
      return row ? { change: toConfigChange(row), owner: row.sn, body: JSON.parse(row.body_json) as Record<string, unknown> } : null;
    },
    /** the gateway's route table read from the device now; AskError when it cannot be read */
    async routeTable(target: ConfigDevice): Promise<RouteTable> {
      if (!bus || !target.gatewayId) throw new AskError('no gateway hears this device');
      return (await bus.ask(target.gatewayId, { kind: 'route-table', sn: target.sn })) as RouteTable;
    },
  };
}

export type ConfigDirectory = ReturnType<typeof createConfigDirectory>;
export { AskError } from './bus/bus.js';
export type { SectionWrite } from './store/config.js';

// configuration backups and restore points (docs/config-engine.md "Backups"): rows and snapshots; the BFF decides
import {
  backupKey,
  countGeneralBackups,
  deleteBackup,
  findBackup,
  findRestorePoint,
  insertBackup,
  lastManualBackupAt,
  listBackups,
  pruneBackups,
  refreshSyncStates,
  setSyncState,
  takeSnapshot,
  toBackup,
  updateRemark,
} from './store/backups.js';
export type { AwaitedVersion, BackupOrigin, BackupRow, NewBackup } from './store/backups.js';

/** The backups' store for the BFF: snapshots of the configuration engine's sections, kept in the database. */
export function createBackupStore(db: Knex) {
  return {
    snapshot: (projectId: number, sn?: string) => takeSnapshot(db, projectId, sn),
    insert: (input: Parameters<typeof insertBackup>[1]) => insertBackup(db, input),
    list: (projectId: number) => listBackups(db, projectId),
    find: (projectId: number, id: number) => findBackup(db, projectId, id),
    restorePoint: (projectId: number, sn: string) => findRestorePoint(db, projectId, sn),
    countGeneral: (projectId: number) => countGeneralBackups(db, projectId),
    lastManualAt: (projectId: number, type: 'general' | 'restore-point', sn?: string) => lastManualBackupAt(db, projectId, type, sn),
    updateRemark: (projectId: number, id: number, remark: string) => updateRemark(db, projectId, id, remark),
    setSyncState: (id: number, state: Parameters<typeof setSyncState>[2], awaiting: Parameters<typeof setSyncState>[3]) => setSyncState(db, id, state, awaiting),
    remove: (projectId: number, id: number) => deleteBackup(db, projectId, id),
    prune: (projectId: number, origin: Parameters<typeof pruneBackups>[2], keep: number) => pruneBackups(db, projectId, origin, keep),
    refreshSyncStates: (projectId: number) => refreshSyncStates(db, projectId),
    key: () => backupKey(db),
    toBackup,
  };
}

export type BackupStore = ReturnType<typeof createBackupStore>;
// field-level changes (old → new) as the configuration history shows them
export { diffBodies } from './store/config.js';
// what a reader may see of a configuration: passwords said, not shown (history, backups, diffs)
export { scrub as hideSecretValues, withoutSecrets } from './store/config.js';
