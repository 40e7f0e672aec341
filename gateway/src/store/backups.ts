// Configuration backups (docs/config-engine.md "Backups"): snapshots of the configuration engine's
// desired sections with what each device had confirmed, stored in the database (config_backups) so
// every console instance sees the same ones. This file reads and writes rows and decides nothing:
// limits, permissions and restores are the BFF's backups service.
//
// Sync state (spec §4, docs/decisions/config.md): a backup is `synchronized` once every section it
// holds was confirmed by its device at exactly the backed-up version; `synchronizing` while some
// was still on its way; `failed` when a device refused one or it was replaced before it arrived;
// `unsynchronized` for an uploaded file (nothing here confirmed it). `refreshSyncStates` settles the
// synchronizing ones from the history's results.
import { randomBytes } from 'node:crypto';
import { BACKUP_SYNC_STATES, BACKUP_SYNC_TRANSITIONS, canTransition, type Backup, type BackupSection, type BackupSnapshot, type BackupSyncState, type BackupType } from '@airloom/contracts';
import { GATEWAY_TYPES, type SectionName } from '@airloom/contracts/config';
import type { Knex } from 'knex';
import { appliedBody, PROJECT_SECTION, type AppliedRow, type SectionRow } from './config.js';

type Db = Knex | Knex.Transaction;

export type BackupOrigin = Backup['origin'];

export interface BackupRow {
  id: number;
  project_id: number;
  type: string;
  sn: string;
  model: string | null;
  mac: string | null;
  device_type: string | null;
  file_name: string;
  remark: string;
  origin: string;
  sync_state: string;
  size_bytes: number;
  section_count: number;
  snapshot_json: string;
  awaiting_json: string;
  created_at: number;
  created_by: string | null;
}

/** a section version that was not yet confirmed by its device when the backup was taken */
export interface AwaitedVersion {
  owner: string;
  section: string;
  version: number;
}

interface DeviceFacts {
  sn: string;
  name: string;
  type: string;
  model: string;
  mac: string;
}

async function projectDevices(db: Db, projectId: number): Promise<DeviceFacts[]> {
  const rows = (await db('devices').where({ project_id: projectId }).orderBy('sn').select('sn', 'name', 'desired_name', 'type', 'model', 'mac')) as (DeviceFacts & { desired_name: string | null })[];
  return rows.map((r) => ({ sn: r.sn, name: r.desired_name ?? r.name, type: r.type, model: r.model, mac: r.mac }));
}

const isGateway = (type: string) => GATEWAY_TYPES.includes(type as (typeof GATEWAY_TYPES)[number]);

/**
 * The project's configuration now: every desired section (the gateway's and each device's, or only
 * those `sn` holds) with the body its device confirmed, and the versions still unconfirmed.
 */
export async function takeSnapshot(db: Db, projectId: number, sn?: string): Promise<{ snapshot: BackupSnapshot; awaiting: AwaitedVersion[]; failed: boolean }> {
  const all = await projectDevices(db, projectId);
  const gateway = all.find((d) => isGateway(d.type)) ?? null;
  const devices = sn === undefined ? all : all.filter((d) => d.sn === sn);
  // the project's own sections and those of the devices in it now: a removed device's rows stay in
  // config_sections (it may come back), but they are not this project's configuration any more
  const owners = sn === undefined ? [PROJECT_SECTION, ...all.map((d) => d.sn)] : gateway && gateway.sn === sn ? [sn, PROJECT_SECTION] : devices.map((d) => d.sn);
  // the blacklist's delivery (wifi-acl) is the blacklist's own, not configuration a restore brings back
  const rows = (await db<SectionRow>('config_sections').where({ project_id: projectId }).whereNot('section', 'wifi-acl').whereIn('sn', owners).orderBy('id')) as SectionRow[];
  const holders = [...new Set(rows.map((r) => (r.sn === PROJECT_SECTION ? gateway?.sn : r.sn)).filter((s): s is string => !!s))];
  const applied = holders.length ? ((await db<AppliedRow>('config_applied').whereIn('sn', holders).select()) as AppliedRow[]) : [];
  const appliedOf = new Map(applied.map((a) => [`${a.sn}/${a.section}`, a]));
  const sections: BackupSection[] = [];
  const awaiting: AwaitedVersion[] = [];
  let failed = false;
  for (const r of rows) {
    const version = Number(r.version);
    const holder = r.sn === PROJECT_SECTION ? (gateway?.sn ?? null) : r.sn;
    const a = holder ? appliedOf.get(`${holder}/${r.section}`) : undefined;
    const confirmed = a && a.state === 'applied' ? Number(a.version) : 0;
    const reported = confirmed > 0 ? ((await appliedBody(db, projectId, r.sn, r.section, confirmed)) as Record<string, unknown> | null) : null;
    sections.push({
      sn: r.sn === PROJECT_SECTION ? null : r.sn,
      section: r.section as SectionName,
      version,
      body: JSON.parse(r.body_json) as Record<string, unknown>,
      reported,
      reportedVersion: reported ? confirmed : 0,
    });
    if (holder && confirmed < version) {
      if (a && Number(a.version) === version && a.state !== 'applied') failed = true;
      else awaiting.push({ owner: r.sn, section: r.section, version });
    }
  }
  return { snapshot: { takenAt: new Date().toISOString(), devices, sections }, awaiting, failed };
}

export interface NewBackup {
  projectId: number;
  type: BackupType;
  sn: string;
  device: { model: string; mac: string; type: string } | null;
  fileName: string;
  remark: string;
  origin: BackupOrigin;
  syncState: BackupSyncState;
  snapshot: BackupSnapshot;
  awaiting: AwaitedVersion[];
  at: number;
  actor: string | null;
  /** a scheduled backup: the newest this many scheduled backups are kept, the older ones deleted with the insert */
  keepScheduled?: number;
}

function rowOf(input: NewBackup): Omit<BackupRow, 'id'> {
  const snapshotJson = JSON.stringify(input.snapshot);
  return {
    project_id: input.projectId,
    type: input.type,
    sn: input.sn,
    model: input.device?.model ?? null,
    mac: input.device?.mac ?? null,
    device_type: input.device?.type ?? null,
    file_name: input.fileName,
    remark: input.remark,
    origin: input.origin,
    sync_state: input.syncState,
    size_bytes: Buffer.byteLength(snapshotJson),
    section_count: input.snapshot.sections.length,
    snapshot_json: snapshotJson,
    awaiting_json: JSON.stringify(input.awaiting),
    created_at: input.at,
    created_by: input.actor,
  };
}

/** what the limits are checked against, read inside the insert's transaction */
export interface BackupFacts {
  /** the project's general backups, and how many of them the schedule took */
  general: number;
  scheduled: number;
  /** when the project's newest general backup (of any origin) was taken */
  newestGeneralAt: number | null;
  /** when the newest backup of this kind (general, or this device's restore point) taken by a person was */
  lastManualAt: number | null;
}

/**
 * Stores a backup; a restore point replaces the device's previous one (spec §9: one per device).
 * `guard` sees the project's backups as they are inside the transaction, with the project locked
 * (MariaDB: its row FOR UPDATE; SQLite: one writer at a time), and throws to refuse: two requests
 * at once, or two console instances, cannot both pass the 128 and 3-minute checks.
 */
export async function insertBackup(db: Knex, input: NewBackup, guard?: (facts: BackupFacts) => void): Promise<BackupRow> {
  return db.transaction(async (trx) => {
    if (guard) {
      if (trx.client.config.client === 'mysql2') await trx('projects').where({ id: input.projectId }).forUpdate().first('id');
      const { total, scheduled, newestAt } = await generalBackupFacts(trx, input.projectId);
      guard({ general: total, scheduled, newestGeneralAt: newestAt, lastManualAt: await lastManualBackupAt(trx, input.projectId, input.type, input.sn) });
    }
    if (input.type === 'restore-point') await trx('config_backups').where({ project_id: input.projectId, type: 'restore-point', sn: input.sn }).delete();
    const [id] = await trx('config_backups').insert(rowOf(input));
    // the schedule's pruning in the same transaction: the 128 general backups are never exceeded, even for a moment
    if (input.keepScheduled !== undefined) await pruneBackups(trx, input.projectId, 'scheduled', input.keepScheduled);
    return (await trx<BackupRow>('config_backups').where({ id: Number(id) }).first()) as BackupRow;
  });
}

export async function listBackups(db: Db, projectId: number): Promise<BackupRow[]> {
  return (await db<BackupRow>('config_backups').where({ project_id: projectId }).orderBy('created_at', 'desc').orderBy('id', 'desc')) as BackupRow[];
}

export async function findBackup(db: Db, projectId: number, id: number): Promise<BackupRow | null> {
  return ((await db<BackupRow>('config_backups').where({ project_id: projectId, id }).first()) as BackupRow | undefined) ?? null;
}

export async function findRestorePoint(db: Db, projectId: number, sn: string): Promise<BackupRow | null> {
  return ((await db<BackupRow>('config_backups').where({ project_id: projectId, type: 'restore-point', sn }).first()) as BackupRow | undefined) ?? null;
}

export async function countGeneralBackups(db: Db, projectId: number): Promise<number> {
  const row = (await db('config_backups').where({ project_id: projectId, type: 'general' }).count({ n: '*' }).first()) as { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}

/** when the newest backup of this kind (a general one, or this device's restore point) taken by a person was taken; null when none */
export async function lastManualBackupAt(db: Db, projectId: number, type: BackupType, sn = ''): Promise<number | null> {
  const row = (await db('config_backups').where({ project_id: projectId, origin: 'manual', type, sn }).max({ at: 'created_at' }).first()) as { at: number | string | null } | undefined;
  return row?.at === null || row?.at === undefined ? null : Number(row.at);
}

/** the project's general backups: all of them, the scheduled ones, and when the newest (of any origin) was taken */
export async function generalBackupFacts(db: Db, projectId: number): Promise<{ total: number; scheduled: number; newestAt: number | null }> {
  const rows = (await db('config_backups').where({ project_id: projectId, type: 'general' }).groupBy('origin').select('origin').count({ n: '*' }).max({ at: 'created_at' })) as { origin: string; n: number | string; at: number | string | null }[];
  let total = 0;
  let scheduled = 0;
  let newestAt: number | null = null;
  for (const r of rows) {
    total += Number(r.n);
    if (r.origin === 'scheduled') scheduled += Number(r.n);
    if (r.at !== null && (newestAt === null || Number(r.at) > newestAt)) newestAt = Number(r.at);
  }
  return { total, scheduled, newestAt };
}

/** a scheduled backup taken at or after `since` (the run due then was taken already), or null */
export async function scheduledBackupSince(db: Db, projectId: number, since: number): Promise<BackupRow | null> {
  return ((await db<BackupRow>('config_backups').where({ project_id: projectId, type: 'general', origin: 'scheduled' }).where('created_at', '>=', since).orderBy('created_at', 'desc').first()) as BackupRow | undefined) ?? null;
}

export async function updateRemark(db: Db, projectId: number, id: number, remark: string): Promise<boolean> {
  return (await db('config_backups').where({ project_id: projectId, id }).update({ remark })) > 0;
}

/** the states a backup may move to `state` from (spec §4; staying in a state only updates what it awaits) */
const syncFrom = (state: BackupSyncState) => BACKUP_SYNC_STATES.filter((from) => from === state || canTransition(BACKUP_SYNC_TRANSITIONS, from, state));

/** moves a backup to `state` when the sync states allow it from where it is; false when they do not (or it is gone) */
export async function setSyncState(db: Db, id: number, state: BackupSyncState, awaiting: AwaitedVersion[]): Promise<boolean> {
  return (await db('config_backups').where({ id }).whereIn('sync_state', syncFrom(state)).update({ sync_state: state, awaiting_json: JSON.stringify(awaiting) })) > 0;
}

export async function deleteBackup(db: Db, projectId: number, id: number): Promise<boolean> {
  return (await db('config_backups').where({ project_id: projectId, id }).delete()) > 0;
}

/** a deleted project's backups and schedule (its snapshots hold WAN passwords: nothing is kept) */
export async function deleteProjectBackups(db: Db, projectId: number): Promise<void> {
  await db('config_backups').where({ project_id: projectId }).delete();
  await db('config_backup_schedules').where({ project_id: projectId }).delete();
}

/** the oldest general backups beyond `keep` of one origin (scheduled backups keep the newest N) */
export async function pruneBackups(db: Db, projectId: number, origin: BackupOrigin, keep: number): Promise<number> {
  const ids = ((await db('config_backups').where({ project_id: projectId, type: 'general', origin }).orderBy('created_at', 'desc').orderBy('id', 'desc').offset(keep).limit(1000).select('id')) as { id: number }[]).map((r) => r.id);
  if (ids.length === 0) return 0;
  return db('config_backups').whereIn('id', ids).delete();
}

/**
 * Settles the project's synchronizing backups from the history: each awaited version's change is
 * applied (confirmed), still pending, or refused / rolled back / replaced before it arrived (failed).
 */
export async function refreshSyncStates(db: Db, projectId: number): Promise<void> {
  const rows = (await db<BackupRow>('config_backups').where({ project_id: projectId, sync_state: 'synchronizing' }).select('id', 'awaiting_json')) as Pick<BackupRow, 'id' | 'awaiting_json'>[];
  for (const row of rows) {
    const awaiting = JSON.parse(row.awaiting_json) as AwaitedVersion[];
    const still: AwaitedVersion[] = [];
    let failed = false;
    for (const a of awaiting) {
      const change = (await db('config_changes').where({ project_id: projectId, sn: a.owner, section: a.section, version: a.version }).first('result')) as { result: string } | undefined;
      const result = change?.result ?? 'superseded';
      if (result === 'pending') still.push(a);
      else if (result !== 'applied') failed = true;
    }
    if (failed) await setSyncState(db, row.id, 'failed', still);
    else if (still.length === 0) await setSyncState(db, row.id, 'synchronized', []);
    else if (still.length !== awaiting.length) await setSyncState(db, row.id, 'synchronizing', still);
  }
}

/** the console's key that signs backup files: made once, kept in the database so every instance shares it */
export async function backupKey(db: Db): Promise<string> {
  const found = (await db('config_backup_keys').where({ id: 1 }).first('secret')) as { secret: string } | undefined;
  if (found) return found.secret;
  try {
    await db('config_backup_keys').insert({ id: 1, secret: randomBytes(32).toString('hex'), created_at: Date.now() });
  } catch {
    // another instance made it first: use theirs
  }
  return ((await db('config_backup_keys').where({ id: 1 }).first('secret')) as { secret: string }).secret;
}

export function toBackup(row: BackupRow): Backup {
  return {
    id: Number(row.id),
    projectId: Number(row.project_id),
    type: row.type as BackupType,
    fileName: row.file_name,
    sn: row.sn === '' ? null : row.sn,
    model: row.model,
    mac: row.mac,
    deviceType: row.device_type,
    sizeKb: Math.round((Number(row.size_bytes) / 1024) * 100) / 100,
    createdAt: new Date(Number(row.created_at)).toISOString(),
    createdBy: row.created_by,
    remark: row.remark,
    syncState: row.sync_state as BackupSyncState,
    origin: row.origin as BackupOrigin,
    sectionCount: Number(row.section_count),
  };
}
