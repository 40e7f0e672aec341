// `@airloom/gateway/public`: the gateway's one face for the BFF (ARCHITECTURE §1, §4). The console
// reads devices and records intents through createDeviceDirectory; the schema, the internal bus and
// the process-entry functions are the rest. The BFF imports nothing else from the gateway (ESLint
// allow-list in eslint.config.js); its tests may also use `@airloom/gateway/testing`.
import type { ConfigChange, ConfigState, DeviceListQuery, DeviceType, IfaceMetric, OperationArgs, OperationKind, OperationStatus, RouteTable, StatMetric, StatWindow } from '@airloom/contracts';
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
  type FirmwareDownloadInput,
  type WithQueuedOperation,
} from './store/devices.js';
import { publishDeviceEvent, publishDevicesRemoved, publishOperationEvent } from './store/events.js';
import { toOperationStatus } from './store/mapping.js';
import { nextRevision } from './store/revision.js';
import { projectSectionsOf, writeJoinedNames, type ChangeRow } from './store/config.js';
import { registerDevices, type DeviceRegistration } from './store/registration.js';
import { PROJECT_WINDOW_RES, readDeviceSeries, readIfaceSeries, readProjectSeries, readTopDevices, WINDOW_RES } from './store/stats.js';
import { projectSignalBuckets } from './store/signal.js';
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
export { backfillDeviceStats, rebuildProjectStats, type BackfillPoint } from './store/stats.js';
import { projectTopology } from './store/topology.js';
import { listForeignMeasurements, listNeighbourMeasurements } from './store/measurements.js';
export type { FirmwareDownloadInput, WithQueuedOperation } from './store/devices.js';
export type { ForeignMeasurement, NeighbourMeasurement } from './store/measurements.js';

// the database: one knex factory and the gateway's migrations, appended to the console's
export { GATEWAY_MIGRATIONS, type NamedMigration } from './db/migrations.js';
export { createGatewayDb, isMysql, readRows, type DbOptions, type SqliteConnection } from './db-connect.js';
// the internal bus: nudges to gateways, project events to browsers
export { createBus, type Bus, type BusOptions, type Question } from './bus/index.js';
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
    /** the SN a cloud code was registered for (contracts cloudCode: upper case, no dash), or null */
    async snOfCloudCode(code: string): Promise<string | null> {
      const row = (await db('devices').where({ cloud_code: code }).first('sn')) as { sn: string } | undefined;
      return row?.sn ?? null;
    },
    /** which of these cloud codes are registered for another device than the one named */
    async cloudCodesTaken(codes: { sn: string; code: string }[]): Promise<Set<string>> {
      if (codes.length === 0) return new Set();
      const rows = (await db('devices').whereIn('cloud_code', codes.map((c) => c.code)).select('sn', 'cloud_code')) as { sn: string; cloud_code: string }[];
      return new Set(rows.filter((r) => codes.some((c) => c.code === r.cloud_code && c.sn !== r.sn)).map((r) => r.cloud_code));
    },
    /** spec §3 device remark; '' clears it */
    async setRemark(sn: string, remark: string): Promise<void> {
      await db('devices').where({ sn }).update({ remark: remark === '' ? null : remark, updated_at: Date.now(), revision: nextRevision(db) });
    },
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
    enqueueOperation: (input: { projectId: number; sn: string; kind: OperationKind; accountId: number | null; args?: OperationArgs | null; download?: FirmwareDownloadInput }, withQueued?: WithQueuedOperation) => enqueueOperation(db, input, withQueued),
    /** binds the device; a gateway joining a project with gateway settings owes them */
    async bind(sn: string, projectId: number): Promise<boolean> {
      if (!(await bindDevice(db, sn, projectId))) return false;
      await owePendingSections(db, projectId, sn);
      // an AP joining a project with a blacklist keeps it too
      if ((await blacklistMacs(db, projectId)).length) await createClientDirectory(db, bus as Pick<Bus, 'nudge' | 'publishEvent' | 'ask'> | undefined).deliver(projectId, null);
      return true;
    },
    /**
     * Binds many admitted devices in one transaction (an import), each with its name as a desired
     * name section (as a rename writes it) and its remark. A device taken by someone else meanwhile is
     * left out, or, with `whole`, nothing is bound (null). Gateways and browsers are told afterwards.
     */
    async bindMany(projectId: number, rows: readonly { sn: string; name?: string | undefined; remark?: string | undefined }[], actor: string | null, whole: boolean, onAnnounceError?: (err: unknown) => void): Promise<string[] | null> {
      let changes: ChangeRow[] = [];
      const bound = await db.transaction(async (trx) => {
        const now = Date.now();
        const sns = rows.map((r) => r.sn);
        const before = new Map(((await trx('devices').whereIn('sn', sns).whereNull('project_id').select('sn', 'name', 'type')) as { sn: string; name: string; type: string }[]).map((d) => [d.sn, d]));
        if (whole && before.size !== rows.length) return null;
        const done = rows.filter((r) => before.has(r.sn));
        if (done.length === 0) return [];
        const n = await trx('devices').whereIn('sn', done.map((r) => r.sn)).whereNull('project_id').update({ project_id: projectId, bound_at: now, updated_at: now, revision: nextRevision(trx) });
        if (n !== done.length) throw new Error('devices changed during the import');
        for (const r of done) if (r.remark !== undefined) await trx('devices').where({ sn: r.sn }).update({ remark: r.remark });
        // a gateway joining a project with gateway settings owes them (as bind does)
        for (const r of done) if (projectSectionsOf(before.get(r.sn)!.type).length) await owePendingSections(trx, projectId, r.sn);
        changes = await writeJoinedNames(trx, projectId, done.flatMap((r) => (r.name !== undefined ? [{ sn: r.sn, name: r.name, before: before.get(r.sn)!.name }] : [])), actor);
        return done.map((r) => r.sn);
      });
      if (bound === null) return null;
      if (bus) {
        // told after the answer, a few at a time (each an event on the broker and a nudge): the rows
        // are stored, and a browser that misses an event reads the list again when it reconnects
        const events = [...changes];
        const queue = [...bound];
        void Promise.all(Array.from({ length: 16 }, async () => {
          for (let c = events.shift(); c !== undefined; c = events.shift()) await bus.publishEvent(projectId, { type: 'config', change: toConfigChange(c) });
          for (let sn = queue.shift(); sn !== undefined; sn = queue.shift()) {
            await bus.nudge(sn);
            await publishDeviceEvent(db, bus, sn);
          }
        })).catch((err: unknown) => onAnnounceError?.(err));
      }
      if (bound.length && (await blacklistMacs(db, projectId)).length) await createClientDirectory(db, bus as Pick<Bus, 'nudge' | 'publishEvent' | 'ask'> | undefined).deliver(projectId, null);
      return bound;
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
    /** A device's radios' or ports' figure over a window, one series per interface (docs/data.md). */
    async interfaceSeries(sn: string, metric: IfaceMetric, window: StatWindow) {
      return { resolution: WINDOW_RES[window], series: await readIfaceSeries(db, sn, metric, window, Date.now()) };
    },
    /** The project's figure over a window: CPU and memory averaged over its devices, clients and traffic summed. */
    async projectSeries(projectId: number, metric: StatMetric, window: StatWindow) {
      return { resolution: PROJECT_WINDOW_RES[window], points: await readProjectSeries(db, projectId, metric, window, Date.now()) };
    },
    /** The project's access points with the most clients and the most traffic over a window, on average. */
    topDevices: (projectId: number, window: StatWindow) => readTopDevices(db, projectId, window, Date.now()),
    /** The Wi-Fi clients its online devices report now, counted by signal strength. */
    signalBuckets: (projectId: number) => projectSignalBuckets(db, projectId),
    /** the project's devices and the links they report between them (spec §3 topology) */
    topology: (projectId: number) => projectTopology(db, projectId),
    /** what these APs of the project heard of each other in their latest neighbour scans */
    measurements: (projectId: number, sns: readonly string[]) => listNeighbourMeasurements(db, projectId, sns),
    /** what these APs of the project heard of networks that are none of its devices in their latest scans */
    foreignMeasurements: (projectId: number, sns: readonly string[]) => listForeignMeasurements(db, projectId, sns),
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
  deleteProjectBackups,
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
  generalBackupFacts,
  scheduledBackupSince,
} from './store/backups.js';
export type { AwaitedVersion, BackupFacts, BackupOrigin, BackupRow, NewBackup } from './store/backups.js';
export { deleteProjectBackups };
import {
  claimBackupSchedule,
  deleteBackupSchedule,
  dueBackupSchedules,
  findBackupSchedule,
  finishBackupSchedule,
  saveBackupSchedule,
  type BackupScheduleSettings,
} from './store/backup-schedules.js';
export type { BackupScheduleRow, BackupScheduleSettings } from './store/backup-schedules.js';

/** The backups' store for the BFF: snapshots of the configuration engine's sections, kept in the database. */
export function createBackupStore(db: Knex) {
  return {
    snapshot: (projectId: number, sn?: string) => takeSnapshot(db, projectId, sn),
    insert: (input: Parameters<typeof insertBackup>[1], guard?: Parameters<typeof insertBackup>[2]) => insertBackup(db, input, guard),
    list: (projectId: number) => listBackups(db, projectId),
    find: (projectId: number, id: number) => findBackup(db, projectId, id),
    restorePoint: (projectId: number, sn: string) => findRestorePoint(db, projectId, sn),
    countGeneral: (projectId: number) => countGeneralBackups(db, projectId),
    lastManualAt: (projectId: number, type: 'general' | 'restore-point', sn?: string) => lastManualBackupAt(db, projectId, type, sn),
    updateRemark: (projectId: number, id: number, remark: string) => updateRemark(db, projectId, id, remark),
    setSyncState: (id: number, state: Parameters<typeof setSyncState>[2], awaiting: Parameters<typeof setSyncState>[3]) => setSyncState(db, id, state, awaiting),
    remove: (projectId: number, id: number) => deleteBackup(db, projectId, id),
    prune: (projectId: number, origin: Parameters<typeof pruneBackups>[2], keep: number) => pruneBackups(db, projectId, origin, keep),
    generalFacts: (projectId: number) => generalBackupFacts(db, projectId),
    scheduledSince: (projectId: number, since: number) => scheduledBackupSince(db, projectId, since),
    schedule: (projectId: number) => findBackupSchedule(db, projectId),
    saveSchedule: (projectId: number, settings: BackupScheduleSettings) => saveBackupSchedule(db, projectId, settings),
    dueSchedules: (now: number, limit?: number) => dueBackupSchedules(db, now, limit),
    claimSchedule: (projectId: number, dueAt: number, owner: string, now: number, leaseUntil: number) => claimBackupSchedule(db, projectId, dueAt, owner, now, leaseUntil),
    finishSchedule: (projectId: number, owner: string, end: Parameters<typeof finishBackupSchedule>[3]) => finishBackupSchedule(db, projectId, owner, end),
    removeSchedule: (projectId: number) => deleteBackupSchedule(db, projectId),
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

// the run log and its alarms (docs/data.md "Run log and alarms"): batched appends (the clients hook, the
// demo), pages and keyset chunks for the console, alarms after an id for the notification dispatcher
export {
  alarmCountsSince,
  alarmsAfter,
  appendLogEvents,
  deleteProjectRunLog,
  findRetention as findRunLogRetention,
  lastAlarmId,
  listRunLog,
  markAlarmsRead,
  pruneRunLog,
  runLogChunk,
  saveRetention as saveRunLogRetention,
  unreadAlarmCounts,
  type AppendedLog,
  type NewLogEvent,
  type RunLogEntry,
  type RunLogFilter,
} from './store/run-log.js';
// online clients, force offline and the blacklist (docs/data.md "Online clients"): the BFF decides
import type { ClientKind } from '@airloom/contracts';
import { deviceModel, defaultModelOf, sectionApplies } from '@airloom/contracts/config';
import { addToBlacklist, blacklistMacs, findClient, listBlacklist, listClients, markClientOffline, removeFromBlacklist } from './store/clients.js';
export { clientType, OFFLINE_CLIENT_KEEP_MS, type ClientChange, type ClientsChanged, type ReportedClient } from './store/clients.js';

/** The clients' face for the BFF: the list, one client, the blacklist and its delivery to the APs. */
export function createClientDirectory(db: Knex, bus?: Pick<Bus, 'nudge' | 'publishEvent' | 'ask'>) {
  const config = createConfigDirectory(db, bus);
  /** The project's Wi-Fi devices that keep the blacklist (section wifi-acl applies). */
  async function wifiDevices(projectId: number): Promise<string[]> {
    const rows = (await db('devices').where({ project_id: projectId }).select('sn', 'type', 'model')) as { sn: string; type: DeviceType; model: string }[];
    return rows.filter((r) => sectionApplies('wifi-acl', { type: r.type, model: deviceModel(r.model) ?? defaultModelOf(r.type) })).map((r) => r.sn);
  }
  /** Writes the blacklist as each Wi-Fi device's wifi-acl section where it differs; offline ones get it when they return. */
  async function deliver(projectId: number, actor: string | null): Promise<string[]> {
    const denied = await blacklistMacs(db, projectId);
    const written: string[] = [];
    for (const sn of await wifiDevices(projectId)) {
      const held = await findSection(db, projectId, sn, 'wifi-acl');
      const body = held ? (JSON.parse(held.body_json) as { denied?: string[] }) : { denied: [] };
      if (JSON.stringify(body.denied ?? []) === JSON.stringify(denied)) continue;
      await config.write({ projectId, sn, section: 'wifi-acl', body: { denied }, actor, initial: { denied: [] } });
      written.push(sn);
    }
    return written;
  }
  async function tell(projectId: number, sn: string | null, joined: number, left: number): Promise<void> {
    if (bus) await bus.publishEvent(projectId, { type: 'clients', sn, joined, left });
  }
  return {
    list: (projectId: number, kind: ClientKind) => listClients(db, projectId, kind, Date.now()),
    find: (projectId: number, mac: string) => findClient(db, projectId, mac),
    blacklist: (projectId: number) => listBlacklist(db, projectId),
    /** adds and delivers; an online client is off the list at once (its AP sends it away on delivery) */
    async addToBlacklist(input: { projectId: number; mac: string; note: string; accountId: number | null; actor: string | null; max: number }) {
      const added = await addToBlacklist(db, { ...input, now: Date.now() });
      if (typeof added === 'string') return added;
      await deliver(input.projectId, input.actor);
      const left = (await markClientOffline(db, input.projectId, input.mac, Date.now())) ? 1 : 0;
      await tell(input.projectId, null, 0, left);
      return added.entry;
    },
    /** removes and delivers; false when the MAC was not on it */
    async removeFromBlacklist(projectId: number, mac: string, actor: string | null): Promise<boolean> {
      const macs = await removeFromBlacklist(db, projectId, mac);
      if (macs === null) return false;
      await deliver(projectId, actor);
      await tell(projectId, null, 0, 0);
      return true;
    },
    /** the blacklist written again to every Wi-Fi device that lacks it (a device that joined the project) */
    deliver,
    /** queues the AP's disconnect of the client (outbox, command_key = the operation id); null when the same one is under way */
    async forceOffline(input: { projectId: number; sn: string; apInstance: number; mac: string; accountId: number }) {
      const operation = await enqueueOperation(db, {
        projectId: input.projectId,
        sn: input.sn,
        kind: 'clientOffline',
        accountId: input.accountId,
        args: { accessPoint: input.apInstance, mac: input.mac },
      });
      if (operation && bus) {
        await bus.nudge(input.sn);
        await publishOperationEvent(db, bus, operation.id);
        await publishDeviceEvent(db, bus, input.sn);
      }
      return operation;
    },
  };
}

export type ClientDirectory = ReturnType<typeof createClientDirectory>;
// RF optimisation runs and records (docs/wireless.md "RF optimisation"): rows; the BFF's rf service runs the steps
import { claimRun, deleteRun, dueRuns, findRun, finishRun, idleRuns, insertRecord, insertRun, listRecords, progressRun, projectDeviceSns, runningRun, type NewRfRun } from './store/rf.js';
import type { RfRunRow } from './store/rf.js';
export type { NewRfRun, RfRunRow, RfRunState } from './store/rf.js';

export function createRfStore(db: Knex) {
  return {
    running: (projectId: number, now: number) => runningRun(db, projectId, now),
    insert: (run: NewRfRun) => insertRun(db, run),
    find: (projectId: number, id: number) => findRun(db, projectId, id),
    due: (now: number) => dueRuns(db, now),
    idle: (projectId: number) => idleRuns(db, projectId),
    claim: (run: RfRunRow, owner: string, now: number, leaseUntil: number) => claimRun(db, run, owner, now, leaseUntil),
    progress: (id: number, owner: string, percent: number, leaseUntil: number) => progressRun(db, id, owner, percent, leaseUntil),
    finish: (id: number, owner: string, end: Parameters<typeof finishRun>[3]) => finishRun(db, id, owner, end),
    remove: (projectId: number, id: number) => deleteRun(db, projectId, id),
    records: (projectId: number, limit: number) => listRecords(db, projectId, limit),
    insertRecord: (input: Parameters<typeof insertRecord>[1]) => insertRecord(db, input),
    projectDevices: (projectId: number) => projectDeviceSns(db, projectId),
  };
}

export type RfStore = ReturnType<typeof createRfStore>;
// the pure steps of an RF optimisation: the plan per band and the counts a record compares
export { countNeighbours, planKey, planRadios, strongestHeard, type Heard, type PlanRadio, type RadioPlan } from './rf-plan.js';
// wireless policies (docs/wireless.md): the pending list waiting for confirmation, and the project's Wi-Fi devices
import { projectWirelessDevices } from './store/config.js';
import { deletePendingWireless, findPendingWireless, savePendingWireless } from './store/wireless.js';
export type { PendingWirelessRecord } from './store/wireless.js';

/** A Wi-Fi device of the project with where a project section stands on it. */
export interface WirelessDeviceState extends ConfigDevice {
  meshRole: string | null;
  appliedVersion: number;
  state: ConfigState;
}

export function createWirelessStore(db: Knex) {
  return {
    pending: <Body>(projectId: number) => findPendingWireless<Body>(db, projectId),
    savePending: <Body>(projectId: number, body: Body, actor: string | null, expected: number | null) => savePendingWireless<Body>(db, projectId, body, actor, expected),
    discardPending: (projectId: number, revision?: number) => deletePendingWireless(db, projectId, revision),
    /** the project's Wi-Fi devices (APs, mesh nodes, wireless routers) and where `section` version `version` stands on each */
    async devices(projectId: number, section: string, version: number): Promise<WirelessDeviceState[]> {
      const sns = (await projectWirelessDevices(db, projectId)).map((d) => d.sn);
      const out: WirelessDeviceState[] = [];
      for (const sn of sns) {
        const row = await findDevice(db, sn);
        if (!row) continue;
        const applied = await findApplied(db, sn, section);
        const where = sectionState(version, applied, isDeviceOnline(Number(row.status)));
        const meshRole = ((await db('devices').where({ sn }).first('mesh_mode')) as { mesh_mode: string | null } | undefined)?.mesh_mode ?? null;
        out.push({ ...toConfigDevice(row), meshRole, appliedVersion: where.appliedVersion, state: where.state });
      }
      return out;
    },
  };
}

export type WirelessStore = ReturnType<typeof createWirelessStore>;

// scheduled and cyclic reboots (docs/maintenance.md): the rows; the BFF decides when a slot is due and what it does
import { deleteRebootSchedule, dueRebootSchedules, findRebootSchedule, recordRebootRun, saveRebootSchedule, takeRebootSlot, type RebootScheduleSettings } from './store/reboot-schedules.js';
import { appendLogEvents as appendRunLog, type NewLogEvent as RunLogEvent } from './store/run-log.js';
export type { RebootScheduleRow, RebootScheduleSettings } from './store/reboot-schedules.js';

export function createRebootScheduleStore(db: Knex, bus?: Pick<Bus, 'publishEvent'>) {
  return {
    find: (sn: string) => findRebootSchedule(db, sn),
    save: (sn: string, settings: RebootScheduleSettings) => saveRebootSchedule(db, sn, settings),
    remove: (sn: string) => deleteRebootSchedule(db, sn),
    due: (now: number, limit?: number) => dueRebootSchedules(db, now, limit),
    takeSlot: (sn: string, dueAt: number, nextRunAt: number | null) => takeRebootSlot(db, sn, dueAt, nextRunAt),
    recordRun: (sn: string, dueAt: number, result: string, operationId: number | null) => recordRebootRun(db, sn, dueAt, result, operationId),
    /** writes one run-log entry of the device and tells the project's browsers */
    async log(event: Omit<RunLogEvent, 'mac' | 'model' | 'deviceName'>): Promise<void> {
      const device = await findDevice(db, event.sn);
      const written = await appendRunLog(db, [{ ...event, mac: device?.mac ?? '', model: device?.model ?? '', deviceName: device?.desired_name ?? device?.name ?? '' }]);
      if (bus) for (const w of written) await bus.publishEvent(w.projectId, { type: 'log', entries: w.entries, alarms: w.alarms, read: 0 });
    },
  };
}

export type RebootScheduleStore = ReturnType<typeof createRebootScheduleStore>;

/**
 * The device's local administrator password (docs/maintenance.md "Device password"): handed to the
 * gateway instance that hears the device, which Sets it at once. Nothing of it is stored or logged;
 * AskError when no gateway hears the device or the device refuses or does not answer.
 */
export function createDeviceCredentials(db: Knex, bus?: Pick<Bus, 'ask' | 'nudge' | 'publishEvent'>) {
  return {
    async setAdminPassword(sn: string, password: string): Promise<void> {
      const row = await findDevice(db, sn);
      if (!bus || !row?.gateway_id) throw new AskError('no gateway hears this device');
      await bus.ask(row.gateway_id, { kind: 'admin-password', sn, password });
    },
    /**
     * Hands the device to local management or takes it back (spec §3 management mode): the device is
     * told first (a Set of Device.X_AIRLOOM_ManagementMode), then the console records it, so the two
     * never disagree for long; back in the cloud, settings the console holds for it are sent again.
     */
    async setManagementMode(sn: string, mode: 'cloud' | 'local'): Promise<void> {
      const row = await findDevice(db, sn);
      if (!bus || !row?.gateway_id) throw new AskError('no gateway hears this device');
      await bus.ask(row.gateway_id, { kind: 'management-mode', sn, mode });
      await db('devices').where({ sn }).update({ management_mode: mode, updated_at: Date.now(), revision: nextRevision(db) });
      if (mode === 'cloud') await bus.nudge(sn);
      await publishDeviceEvent(db, bus, sn);
    },
  };
}

export type DeviceCredentials = ReturnType<typeof createDeviceCredentials>;

// auto maintenance windows (docs/maintenance.md "Auto maintenance"): rows only; the BFF decides
export interface MaintenanceWindowRow {
  project_id: number;
  enabled: boolean;
  days: number[];
  time: string;
  reboot: boolean;
  /** upgrade devices behind the recommended firmware in the window */
  upgrade: boolean;
  /** the console address the window was saved through (the devices download from it without PUBLIC_URL) */
  origin: string | null;
  next_run_at: number | null;
  last_run_at: number | null;
  last_result_json: string | null;
}

export function createMaintenanceWindowStore(db: Knex) {
  const TABLE = 'project_maintenance_windows';
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const row = (r: Record<string, unknown>): MaintenanceWindowRow => ({
    project_id: Number(r.project_id),
    enabled: Boolean(Number(r.enabled)),
    days: String(r.days).split(',').filter(Boolean).map(Number),
    time: String(r.time),
    reboot: Boolean(Number(r.reboot)),
    upgrade: Boolean(Number(r.upgrade ?? 0)),
    origin: (r.origin as string | null | undefined) ?? null,
    next_run_at: n(r.next_run_at),
    last_run_at: n(r.last_run_at),
    last_result_json: (r.last_result_json as string | null) ?? null,
  });
  return {
    async find(projectId: number): Promise<MaintenanceWindowRow | null> {
      const r = (await db(TABLE).where({ project_id: projectId }).first()) as Record<string, unknown> | undefined;
      return r ? row(r) : null;
    },
    async save(projectId: number, w: { enabled: boolean; days: number[]; time: string; reboot: boolean; upgrade: boolean; origin: string | null; nextRunAt: number | null; at: number }): Promise<void> {
      const values = { enabled: w.enabled, days: w.days.join(','), time: w.time, reboot: w.reboot, upgrade: w.upgrade, origin: w.origin, next_run_at: w.nextRunAt, updated_at: w.at };
      await db(TABLE).insert({ project_id: projectId, ...values }).onConflict('project_id').merge(values);
    },
    async due(now: number): Promise<MaintenanceWindowRow[]> {
      return ((await db(TABLE).where({ enabled: true }).whereNotNull('next_run_at').where('next_run_at', '<=', now).orderBy('next_run_at').limit(100)) as Record<string, unknown>[]).map(row);
    },
    /** takes the opening due at `dueAt`: true for exactly one caller */
    async take(projectId: number, dueAt: number, nextRunAt: number | null): Promise<boolean> {
      return (await db(TABLE).where({ project_id: projectId, next_run_at: dueAt }).update({ next_run_at: nextRunAt, last_run_at: dueAt, last_result_json: null })) === 1;
    },
    async record(projectId: number, dueAt: number, result: unknown): Promise<void> {
      await db(TABLE).where({ project_id: projectId, last_run_at: dueAt }).update({ last_result_json: JSON.stringify(result) });
    },
    /** the project's devices as a window sees them */
    async devices(projectId: number): Promise<{ sn: string; type: string; model: string; softwareVersion: string; status: number; managementMode: string }[]> {
      const rows = (await db('devices').where({ project_id: projectId }).select('sn', 'type', 'model', 'software_version', 'status', 'management_mode').orderBy('sn')) as { sn: string; type: string; model: string; software_version: string; status: number; management_mode: string }[];
      return rows.map((r) => ({ sn: r.sn, type: r.type, model: r.model, softwareVersion: r.software_version, status: Number(r.status), managementMode: r.management_mode }));
    },
  };
}

export type MaintenanceWindowStore = ReturnType<typeof createMaintenanceWindowStore>;
