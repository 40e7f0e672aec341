// Queries and intents on the device tables, shared by the gateway runtime and the BFF. Intent
// columns (project_id, queued operations) are written here, desired configuration in ./config.ts; the
// reported columns and devices.status belong to the gateway runtime.
import {
  ErrorCode,
  filterDevices,
  operationLifetimeMs,
  summariseDevices,
  type DeviceDetail,
  type DeviceItem,
  type DeviceListQuery,
  type DeviceSummary,
  type DeviceType,
  type OperationArgs,
  type OperationItem,
  type OperationKind,
  type UnverifiedDevice,
} from '@airloom/contracts';
import type { Knex } from 'knex';
import { unreadAlarmCounts } from './run-log.js';
import { DEVICE_ITEM_COLUMNS, toDeviceDetail, toDeviceItem, toOperationItem, type DeviceItemRow } from './mapping.js';
import { UNFINISHED_OPERATION_STATES, type DeviceRow, type OperationRow, type StatusLogRow } from './rows.js';
import { nextRevision, touchDevice } from './revision.js';
import { inTransaction } from './config.js';
import { readRows } from '../db-connect.js';

export const HISTORY_LENGTH = 20;

export async function findDevice(db: Knex, sn: string): Promise<DeviceRow | null> {
  return ((await db<DeviceRow>('devices').where({ sn }).first()) as DeviceRow | undefined) ?? null;
}

/** The newest unfinished operation per device (at most one is shown on a device). */
async function unfinishedOperations(db: Knex, where: { sn: string } | { project_id: number }): Promise<Map<string, OperationRow>> {
  const rows = (await db<OperationRow>('operations')
    .where(where)
    .whereIn('state', UNFINISHED_OPERATION_STATES)
    .orderBy('id', 'asc')) as OperationRow[];
  return new Map(rows.map((r) => [r.sn, r]));
}

export async function findOperation(db: Knex, id: number): Promise<OperationRow | null> {
  return ((await db<OperationRow>('operations').where({ id }).first()) as OperationRow | undefined) ?? null;
}

/** The device with its unfinished operation, or null when no such SN is registered. */
export async function loadDevice(db: Knex, sn: string): Promise<{ row: DeviceRow; operation: OperationRow | null } | null> {
  const row = await findDevice(db, sn);
  if (!row) return null;
  // only the operations of the project the device is in now: a former project's are not its business
  if (row.project_id === null) return { row, operation: null };
  const ops = await unfinishedOperations(db, { sn, project_id: Number(row.project_id) });
  return { row, operation: ops.get(sn) ?? null };
}

export async function loadDeviceItem(db: Knex, sn: string): Promise<DeviceItem | null> {
  const loaded = await loadDevice(db, sn);
  return loaded ? toDeviceItem(loaded.row, loaded.operation) : null;
}

// The device list as fixed statements (readRows): the page, the overview and every API client poll it.
// One statement when no device has an unfinished operation: each row carries the id of its newest
// unfinished one of this project (the one a device shows), read by the (sn, state) index. The
// project as `+?`: a bound value the plan does not depend on, so SQLite does not prepare the
// statement again on each run (db-connect.ts, readRows).
const UNFINISHED_STATES_SQL = UNFINISHED_OPERATION_STATES.map(() => '?').join(', ');
const LIST_DEVICES_SQL =
  `select ${DEVICE_ITEM_COLUMNS.map((c) => `d.${c}`).join(', ')}, ` +
  `(select max(o.id) from operations as o where o.sn = d.sn and o.project_id = d.project_id and o.state in (${UNFINISHED_STATES_SQL})) as unfinished_operation_id ` +
  'from devices as d where d.project_id = +? order by d.sn asc';

/** The project's devices, filtered with the rule the page uses too (contracts' filterDevices). */
export async function listProjectDevices(
  db: Knex,
  projectId: number,
  query: DeviceListQuery = {},
): Promise<{ items: DeviceItem[]; total: number }> {
  const rows = await readRows<DeviceItemRow & { unfinished_operation_id: number | null }>(db, LIST_DEVICES_SQL, [...UNFINISHED_OPERATION_STATES, projectId]);
  const opIds = rows.flatMap((r) => (r.unfinished_operation_id === null ? [] : [Number(r.unfinished_operation_id)]));
  const ops = new Map<string, OperationRow>();
  if (opIds.length) {
    const found = await readRows<OperationRow>(db, `select * from operations where id in (${opIds.map(() => '?').join(', ')})`, opIds);
    for (const op of found) ops.set(op.sn, op);
  }
  const items = filterDevices(
    rows.map((r) => toDeviceItem(r, ops.get(r.sn) ?? null)),
    query,
  );
  return { items, total: items.length };
}

/** spec §2 summary of the project's devices, computed like the page's (contracts' summariseDevices). */
export async function projectDeviceSummary(db: Knex, projectId: number): Promise<DeviceSummary> {
  const rows = (await db('devices').where({ project_id: projectId }).select('type', 'status', 'clients')) as {
    type: DeviceType;
    status: number | string;
    clients: number | string | null;
  }[];
  const devices = rows.map((r) => ({ type: r.type, status: Number(r.status), clients: Number(r.clients ?? 0) }));
  // spec §2 summary's alarm figure: the project's unread alarms (docs/data.md "Run log and alarms")
  return summariseDevices(devices, (await unreadAlarmCounts(db, [projectId])).get(projectId) ?? 0);
}

/** Devices of these projects counted per type and per spec §3 status (the overview's figures). */
export async function projectDeviceCounts(db: Knex, projectIds: readonly number[]): Promise<{ type: string; status: number; n: number }[]> {
  if (projectIds.length === 0) return [];
  const rows = (await db('devices').whereIn('project_id', [...projectIds]).select('type', 'status').count({ n: '*' }).groupBy('type', 'status')) as {
    type: string;
    status: number | string;
    n: number | string;
  }[];
  return rows.map((r) => ({ type: r.type, status: Number(r.status), n: Number(r.n) }));
}

/**
 * One device of a project with its recent history; null when the SN is not in that project.
 * History starts at the binding, so a device's earlier life in another project stays private.
 */
export async function loadDeviceDetail(db: Knex, projectId: number, sn: string): Promise<DeviceDetail | null> {
  const loaded = await loadDevice(db, sn);
  if (!loaded || loaded.row.project_id !== projectId) return null;
  const history = (await db<StatusLogRow>('device_status_log')
    .where({ sn })
    .andWhere('at', '>=', loaded.row.bound_at ?? 0)
    .orderBy([
      { column: 'at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(HISTORY_LENGTH)) as StatusLogRow[];
  return toDeviceDetail(loaded.row, loaded.operation, history);
}

/** What an upgrade's device downloads: the image, its checksum, and the URL with the operation's token. */
export interface FirmwareDownloadInput {
  token: string;
  url: string;
  model: string;
  version: string;
  /** an uploaded image; null for a catalogue version */
  imageId: number | null;
  size: number;
  sha256: string;
  expiresAt: number;
}

/**
 * Work that must be stored with the queued operation or not at all (a staged rollout records the
 * operation against its device): run inside the operation's transaction; a throw queues nothing.
 */
export type WithQueuedOperation = (trx: Knex.Transaction, operation: OperationItem) => Promise<void>;

/**
 * Queues an operation; null when the device already has an unfinished one of that kind (checked
 * and inserted in one transaction, the device row locked on MySQL, so two clicks queue one).
 */
export async function enqueueOperation(
  db: Knex,
  input: { projectId: number; sn: string; kind: OperationKind; accountId: number | null; args?: OperationArgs | null; download?: FirmwareDownloadInput },
  withQueued?: WithQueuedOperation,
): Promise<OperationItem | null> {
  const argsJson = input.args ? JSON.stringify(input.args) : null;
  const queue = async (trx: Knex.Transaction): Promise<OperationItem | null> => {
    const lock = trx('devices').where({ sn: input.sn }).select('sn');
    if (trx.client.config.client === 'mysql2') lock.forUpdate();
    await lock;
    const pending = trx('operations')
      .where({ sn: input.sn, kind: input.kind })
      .whereIn('state', UNFINISHED_OPERATION_STATES);
    // clients are disconnected one operation per client; every other kind once per device (a PoE
    // reboot of one port at a time, one LED change, one format)
    if (input.kind === 'clientOffline' && argsJson !== null) pending.andWhere('args_json', argsJson);
    const existing = await pending.first('id');
    if (existing) return null;
    const now = Date.now();
    const [id] = await trx('operations').insert({
      project_id: input.projectId,
      sn: input.sn,
      kind: input.kind,
      state: 'queued',
      created_by_account_id: input.accountId,
      args_json: input.args ? JSON.stringify(input.args) : null,
      attempts: 0,
      created_at: now,
      updated_at: now,
      // docs/decisions/gateway.md: one not sent within its lifetime (5 typical durations) is given up
      expires_at: now + operationLifetimeMs(input.kind),
    });
    // an upgrade's image, served to this device only with the token in its URL (docs/maintenance.md)
    if (input.download) {
      const d = input.download;
      await trx('firmware_downloads').insert({
        token: d.token, operation_id: Number(id), project_id: input.projectId, sn: input.sn, model: d.model, version: d.version, image_id: d.imageId,
        size: d.size, sha256: d.sha256, url: d.url, expires_at: d.expiresAt, fetched_at: null, created_at: now,
      });
    }
    await touchDevice(trx, input.sn);
    const row = (await trx<OperationRow>('operations').where({ id: Number(id) }).first()) as OperationRow;
    const operation = toOperationItem(row);
    if (withQueued) await withQueued(trx, operation);
    return operation;
  };
  // InnoDB may roll the queuing back when another transaction locks a neighbouring key (two gateway
  // instances and the console at once: a CI run of 29 Nov): nothing was queued nor sent, so it is queued again
  return inTransaction(db, queue);
}

/** Binds an unbound device to a project; false when it is bound already (a name is a configuration write). */
export async function bindDevice(db: Knex, sn: string, projectId: number): Promise<boolean> {
  const now = Date.now();
  const n = await db('devices').where({ sn }).whereNull('project_id').update({ project_id: projectId, bound_at: now, updated_at: now, revision: nextRevision(db) });
  return n === 1;
}

async function unbind(db: Knex, where: (q: Knex.QueryBuilder) => void): Promise<string[]> {
  return db.transaction(async (trx) => {
    const now = Date.now();
    const sns = ((await trx('devices').where(where).select('sn')) as { sn: string }[]).map((r) => r.sn);
    if (sns.length === 0) return [];
    await trx('devices').whereIn('sn', sns).update({ project_id: null, bound_at: null, updated_at: now, revision: nextRevision(trx) });
    // what a switch learnt belongs to the site it was on (its next report there tells again)
    await trx('device_mac_entries').whereIn('sn', sns).delete();
    // work not yet under way was asked for by the project that let the device go: it must never
    // reach the device once it is someone else's (a running reboot ends with its Boot!)
    await trx('operations')
      .whereIn('sn', sns)
      .whereIn('state', ['queued', 'sent'])
      .update({ state: 'failed', error_code: ErrorCode.DEVICE_DELETED, finished_at: now, updated_at: now, revision: nextRevision(trx) });
    return sns;
  });
}

/** Unbinds one device of a project; false when it is not in that project. */
export async function unbindDevice(db: Knex, projectId: number, sn: string): Promise<boolean> {
  return (await unbind(db, (q) => q.where({ sn, project_id: projectId }))).length === 1;
}

/** Unbinds every device of a (deleted) project; returns their SNs. */
export function unbindProjectDevices(db: Knex, projectId: number): Promise<string[]> {
  return unbind(db, (q) => q.where({ project_id: projectId }));
}

/** Devices sold to the account that have connected but are in no project yet ("to be verified"). */
export async function listUnverified(db: Knex, accountId: number): Promise<UnverifiedDevice[]> {
  const rows = (await db<DeviceRow>('devices')
    .where({ owner_account_id: accountId })
    .whereNull('project_id')
    .whereNotNull('last_seen_at')
    .orderBy('last_seen_at', 'desc')) as DeviceRow[];
  return rows.map((r) => ({
    sn: r.sn,
    type: r.type as UnverifiedDevice['type'],
    model: r.model,
    mac: r.mac,
    ip: r.ip,
    lastSeenAt: new Date(Number(r.last_seen_at)).toISOString(),
  }));
}
