// The configuration engine's store (ARCHITECTURE §7), shared by the BFF (writes of desired versions,
// reads, history) and the gateway runtime (what a device is owed, results). Tables: see the
// migration 20261125100100_create-config.
//
// A write is one transaction: the section's new version, the history row (field-level changes), the
// older changes still pending marked superseded, and the concerned devices' generation
// (devices.config_version) raised so the reconciler picks them up. The name section also keeps
// devices.desired_name, which the device list shows while a rename is pending.
import type { ChangeResult, ConfigChange, ConfigState, FieldChange } from '@airloom/contracts';
import { GATEWAY_SECTIONS, GATEWAY_TYPES, isGatewaySection, isWirelessProjectSection, WIRELESS_PROJECT_SECTIONS, WIRELESS_TYPES, type SectionName } from '@airloom/contracts/config';
import type { Knex } from 'knex';
import { nextRevision } from './revision.js';

type Db = Knex | Knex.Transaction;

/** sn of a project-level (gateway) section */
export const PROJECT_SECTION = '';

export interface SectionRow {
  id: number;
  project_id: number;
  sn: string;
  section: string;
  version: number;
  body_json: string;
  updated_at: number;
  updated_by: string | null;
}

export interface ChangeRow {
  id: number;
  revision: number;
  project_id: number;
  sn: string;
  section: string;
  version: number;
  actor: string | null;
  created_at: number;
  body_json: string;
  changes_json: string;
  result: string;
  error_code: number | null;
  error_message: string | null;
  revert_of: number | null;
}

export interface AppliedRow {
  sn: string;
  section: string;
  project_id: number;
  version: number;
  state: string;
  error_code: number | null;
  error_message: string | null;
  armed_version: number | null;
  updated_at: number;
}

// ---- concurrent writes ------------------------------------------------------------------------

/**
 * InnoDB answers two transactions that lock neighbouring keys of a unique index — e.g. the first
 * writes of two devices' sections at once, each finding no row and inserting one — by rolling one
 * back (ER_LOCK_DEADLOCK, "try restarting transaction"). Such a transaction changed nothing, so it is
 * run again, a few times, after a short random pause.
 */
export async function retryDeadlock<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      const code = (err as { code?: string; errno?: number }).code;
      const deadlock = code === 'ER_LOCK_DEADLOCK' || code === 'ER_LOCK_WAIT_TIMEOUT' || (err as { errno?: number }).errno === 1213;
      if (!deadlock || attempt >= 5) throw err;
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * attempt));
    }
  }
}

/**
 * `run` in the caller's transaction when it holds one (it retries the whole of it), else in a
 * transaction of its own, run again after a deadlock (above).
 */
export function inTransaction<T>(db: Knex, run: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  return db.isTransaction ? run(db as Knex.Transaction) : retryDeadlock(() => db.transaction(run));
}

// ---- field-level changes ----------------------------------------------------------------------

/** the key an array's objects are told apart by (a VLAN's id, a port's number, a pool's name) */
const ITEM_KEYS = ['id', 'port', 'name'] as const;

function itemKey(items: readonly unknown[]): (typeof ITEM_KEYS)[number] | undefined {
  if (items.length === 0 || !items.every((x) => x !== null && typeof x === 'object' && !Array.isArray(x))) return undefined;
  return ITEM_KEYS.find((k) => {
    const seen = new Set<unknown>();
    for (const x of items as Record<string, unknown>[]) {
      const v = x[k];
      if ((typeof v !== 'string' && typeof v !== 'number') || seen.has(v)) return false;
      seen.add(v);
    }
    return true;
  });
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * What changed between two bodies, field by field: `vlans[id=10].name` for items of a list told
 * apart by a key (so removing the first VLAN is one change, not a shift of all), dotted paths
 * otherwise; a value that appeared or went away has null on its other side.
 */
export function diffBodies(before: unknown, after: unknown, path = ''): FieldChange[] {
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((k) => diffBodies(before[k] ?? null, after[k] ?? null, path ? `${path}.${k}` : k));
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const kb = before.length ? itemKey(before) : undefined;
    const ka = after.length ? itemKey(after) : undefined;
    const key = before.length && after.length ? (kb === ka ? kb : undefined) : (kb ?? ka);
    if (key) {
      const index = (items: readonly Record<string, unknown>[]) => new Map(items.map((x) => [x[key], x]));
      const b = index(before as Record<string, unknown>[]);
      const a = index(after as Record<string, unknown>[]);
      const ids = [...new Set([...b.keys(), ...a.keys()])];
      return ids.flatMap((id) => diffBodies(b.get(id) ?? null, a.get(id) ?? null, `${path}[${key}=${String(id)}]`));
    }
    // lists of objects without a key (WAN lines): position by position; lists of plain values (DNS
    // servers, tagged VLANs) read best whole
    if ([...before, ...after].every(isPlainObject)) {
      return Array.from({ length: Math.max(before.length, after.length) }, (_, i) => diffBodies(before[i] ?? null, after[i] ?? null, `${path}.${i}`)).flat();
    }
  }
  return [{ path: path || '(all)', old: before, new: after }];
}

// ---- which devices a section concerns --------------------------------------------------------

/** the project's gateway-type devices (a router or a wireless router; at most one by the rules) */
export async function projectGateways(db: Db, projectId: number): Promise<{ sn: string; type: string; model: string; status: number }[]> {
  const rows = (await db('devices').where({ project_id: projectId }).whereIn('type', GATEWAY_TYPES).orderBy('sn').select('sn', 'type', 'model', 'status')) as {
    sn: string;
    type: string;
    model: string;
    status: number;
  }[];
  return rows.map((r) => ({ ...r, status: Number(r.status) }));
}

/** the project's Wi-Fi devices (WIRELESS_TYPES): they carry the project's wireless policies */
export async function projectWirelessDevices(db: Db, projectId: number): Promise<{ sn: string; type: string; model: string; status: number }[]> {
  const rows = (await db('devices').where({ project_id: projectId }).whereIn('type', WIRELESS_TYPES).orderBy('sn').select('sn', 'type', 'model', 'status')) as {
    sn: string;
    type: string;
    model: string;
    status: number;
  }[];
  return rows.map((r) => ({ ...r, status: Number(r.status) }));
}

/** the devices a write to (project, sn, section) must reach */
async function concernedDevices(db: Db, projectId: number, sn: string, section: SectionName): Promise<string[]> {
  if (sn !== PROJECT_SECTION) return [sn];
  if (isWirelessProjectSection(section)) return (await projectWirelessDevices(db, projectId)).map((d) => d.sn);
  if (!isGatewaySection(section)) return [];
  return (await projectGateways(db, projectId)).map((g) => g.sn);
}

/** raise the devices' generation: the reconciler compares it with the generation they settled */
async function raiseGeneration(db: Db, sns: readonly string[], extra: Record<string, unknown> = {}): Promise<void> {
  if (sns.length === 0) return;
  await db('devices')
    .whereIn('sn', sns)
    .update({ config_version: db.raw('config_version + 1'), updated_at: Date.now(), revision: nextRevision(db), ...extra });
}

// ---- writes of desired versions ---------------------------------------------------------------

export interface SectionWrite {
  projectId: number;
  /** the device, or PROJECT_SECTION for the project gateway's sections */
  sn: string;
  section: SectionName;
  body: Record<string, unknown>;
  /** e-mail or phone of whoever wrote it; null for the console itself */
  actor: string | null;
  revertOf?: number;
  /** the body the section holds when it was never written (the model's factory settings) */
  initial: Record<string, unknown>;
  /** when it was written (default now; a demo's seeded past) */
  at?: number;
}

export interface WrittenSection {
  version: number;
  change: ChangeRow;
  /** older changes that never reached the device and never will: now superseded */
  superseded: ChangeRow[];
  /** the devices that now owe this version */
  devices: string[];
}

export async function writeSection(db: Knex, input: SectionWrite): Promise<WrittenSection> {
  return retryDeadlock(() => db.transaction(async (trx) => {
    const key = { project_id: input.projectId, sn: input.sn, section: input.section };
    const query = trx<SectionRow>('config_sections').where(key);
    if (trx.client.config.client === 'mysql2') query.forUpdate();
    const current = (await query.first()) as SectionRow | undefined;
    const before = current ? (JSON.parse(current.body_json) as unknown) : input.initial;
    const version = (current ? Number(current.version) : 0) + 1;
    const now = input.at ?? Date.now();
    const bodyJson = JSON.stringify(input.body);
    if (current) await trx('config_sections').where({ id: current.id }).update({ version, body_json: bodyJson, updated_at: now, updated_by: input.actor });
    else await trx('config_sections').insert({ ...key, version, body_json: bodyJson, updated_at: now, updated_by: input.actor });
    const pending = (await trx<ChangeRow>('config_changes').where(key).andWhere({ result: 'pending' }).select()) as ChangeRow[];
    if (pending.length) {
      await trx('config_changes').whereIn('id', pending.map((c) => c.id)).update({ result: 'superseded', revision: nextRevision(trx) });
    }
    const [id] = await trx('config_changes').insert({
      ...key,
      version,
      actor: input.actor,
      created_at: now,
      body_json: bodyJson,
      changes_json: JSON.stringify(diffBodies(before, input.body)),
      result: 'pending',
      revert_of: input.revertOf ?? null,
    });
    const devices = await concernedDevices(trx, input.projectId, input.sn, input.section);
    await raiseGeneration(trx, devices, input.section === 'name' && typeof input.body.name === 'string' ? { desired_name: input.body.name } : {});
    const change = (await trx<ChangeRow>('config_changes').where({ id: Number(id) }).first()) as ChangeRow;
    const superseded = pending.length ? ((await trx<ChangeRow>('config_changes').whereIn('id', pending.map((c) => c.id)).select()) as ChangeRow[]) : [];
    return { version, change, superseded, devices };
  }));
}

/**
 * The name sections of devices that just joined a project (an import), in the caller's transaction:
 * version 1 with its history row for each device that never had one here, written in a few
 * statements; a device that had one goes through writeSection. The change rows are returned.
 */
export async function writeJoinedNames(trx: Db, projectId: number, rows: readonly { sn: string; name: string; before: string }[], actor: string | null): Promise<ChangeRow[]> {
  if (rows.length === 0) return [];
  const sns = rows.map((r) => r.sn);
  const existing = new Set(((await trx('config_sections').where({ project_id: projectId, section: 'name' }).whereIn('sn', sns).select('sn')) as { sn: string }[]).map((r) => r.sn));
  const fresh = rows.filter((r) => !existing.has(r.sn));
  const out: ChangeRow[] = [];
  const now = Date.now();
  for (let i = 0; i < fresh.length; i += 100) {
    const chunk = fresh.slice(i, i + 100);
    await trx('config_sections').insert(chunk.map((r) => ({ project_id: projectId, sn: r.sn, section: 'name', version: 1, body_json: JSON.stringify({ name: r.name }), updated_at: now, updated_by: actor })));
    await trx('config_changes').insert(chunk.map((r) => ({
      project_id: projectId, sn: r.sn, section: 'name', version: 1, actor, created_at: now, body_json: JSON.stringify({ name: r.name }),
      changes_json: JSON.stringify(diffBodies({ name: r.before }, { name: r.name })), result: 'pending', revert_of: null,
    })));
  }
  for (const r of fresh) await raiseGeneration(trx, [r.sn], { desired_name: r.name });
  if (fresh.length) out.push(...((await trx<ChangeRow>('config_changes').where({ project_id: projectId, section: 'name', version: 1, created_at: now }).whereIn('sn', fresh.map((r) => r.sn)).select()) as ChangeRow[]));
  for (const r of rows.filter((x) => existing.has(x.sn))) {
    const written = await writeSection(trx as Knex, { projectId, sn: r.sn, section: 'name', body: { name: r.name }, actor, initial: { name: r.before } });
    out.push(...written.superseded, written.change);
  }
  return out;
}

/**
 * A gateway joins a project that already has gateway settings: it owes them (its generation rises).
 * Called when a device is bound.
 */
export async function owePendingSections(db: Db, projectId: number, sn: string): Promise<void> {
  const device = (await db('devices').where({ sn }).first('type')) as { type: string } | undefined;
  if (!device) return;
  const sections = projectSectionsOf(device.type);
  if (sections.length === 0) return;
  const any = await db('config_sections').where({ project_id: projectId, sn: PROJECT_SECTION }).whereIn('section', sections).first('id');
  if (any) await raiseGeneration(db, [sn]);
}

/** a device left its project: what it held for that project is no longer known */
export async function forgetApplied(db: Db, sns: readonly string[]): Promise<void> {
  if (sns.length) await db('config_applied').whereIn('sn', sns).delete();
}

// ---- reads ------------------------------------------------------------------------------------

export async function findSection(db: Db, projectId: number, sn: string, section: string): Promise<SectionRow | null> {
  return ((await db<SectionRow>('config_sections').where({ project_id: projectId, sn, section }).first()) as SectionRow | undefined) ?? null;
}

export async function findApplied(db: Db, deviceSn: string, section: string): Promise<AppliedRow | null> {
  return ((await db<AppliedRow>('config_applied').where({ sn: deviceSn, section }).first()) as AppliedRow | undefined) ?? null;
}

/** a section's state on its device (see CONFIG_STATES) */
export function sectionState(version: number, applied: AppliedRow | null, deviceOnline: boolean): { state: ConfigState; appliedVersion: number; error: { code: number; message: string } | null } {
  const appliedVersion = applied && applied.state === 'applied' ? Number(applied.version) : 0;
  if (applied && Number(applied.version) === version && applied.state !== 'applied') {
    return {
      state: applied.state as ConfigState,
      appliedVersion,
      error: applied.error_code === null ? null : { code: Number(applied.error_code), message: applied.error_message ?? '' },
    };
  }
  if (version === 0 || appliedVersion >= version) return { state: 'applied', appliedVersion, error: null };
  return { state: deviceOnline ? 'pending' : 'waiting', appliedVersion, error: null };
}

export async function listChanges(db: Db, projectId: number, filter: { section?: string; sn?: string }, limit = 200): Promise<ChangeRow[]> {
  const q = db<ChangeRow>('config_changes').where({ project_id: projectId });
  if (filter.section) q.andWhere({ section: filter.section });
  if (filter.sn !== undefined) q.andWhere({ sn: filter.sn });
  return (await q.orderBy('id', 'desc').limit(limit)) as ChangeRow[];
}

export async function findChange(db: Db, projectId: number, id: number): Promise<ChangeRow | null> {
  return ((await db<ChangeRow>('config_changes').where({ project_id: projectId, id }).first()) as ChangeRow | undefined) ?? null;
}

/** the history never shows a secret: a password's change is said, not its values */
const SECRET = /(^|\.)password$/i;
const HIDDEN = '••••••';
/** a value with every password inside it hidden (a whole WAN line that appeared carries one) */
export function scrub(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(scrub);
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET.test(k) && v !== null && v !== '' ? HIDDEN : scrub(v)]));
}
export function withoutSecrets(changes: FieldChange[]): FieldChange[] {
  return changes.map((c) => (SECRET.test(c.path) ? { path: c.path, old: c.old === null ? null : HIDDEN, new: c.new === null ? null : HIDDEN } : { ...c, old: scrub(c.old), new: scrub(c.new) }));
}

export function toConfigChange(row: ChangeRow): ConfigChange {
  return {
    id: Number(row.id),
    revision: Number(row.revision),
    projectId: Number(row.project_id),
    section: row.section as ConfigChange['section'],
    sn: row.sn === PROJECT_SECTION ? null : row.sn,
    version: Number(row.version),
    actor: row.actor,
    createdAt: new Date(Number(row.created_at)).toISOString(),
    changes: withoutSecrets(JSON.parse(row.changes_json) as FieldChange[]),
    result: row.result as ChangeResult,
    error: row.error_code === null ? null : { code: Number(row.error_code), message: row.error_message ?? '' },
    revertOf: row.revert_of === null ? null : Number(row.revert_of),
  };
}

// ---- what a device is owed, and its results (the gateway runtime) ----------------------------

export interface OwedSection {
  /** '' for the project gateway's sections */
  owner: string;
  section: SectionName;
  version: number;
  body: unknown;
  applied: AppliedRow | null;
}

/** the project-level sections a device of this type holds: the gateway's on a gateway, the wireless policies on a Wi-Fi device */
export function projectSectionsOf(type: string): string[] {
  const out: string[] = [];
  if (GATEWAY_TYPES.includes(type as (typeof GATEWAY_TYPES)[number])) out.push(...GATEWAY_SECTIONS);
  if (WIRELESS_TYPES.includes(type as (typeof WIRELESS_TYPES)[number])) out.push(...WIRELESS_PROJECT_SECTIONS);
  return out;
}

/** every section the device holds for its project: its own and the project's that concern its type */
export async function sectionsOf(db: Db, device: { sn: string; project_id: number | null; type: string }): Promise<OwedSection[]> {
  if (device.project_id === null) return [];
  const projectSections = projectSectionsOf(device.type);
  const rows = (await db<SectionRow>('config_sections')
    .where({ project_id: device.project_id })
    .andWhere((q) => {
      q.where({ sn: device.sn });
      if (projectSections.length) q.orWhere((p) => p.where({ sn: PROJECT_SECTION }).whereIn('section', projectSections));
    })
    .orderBy('id')) as SectionRow[];
  if (rows.length === 0) return []; // most devices: nothing configured, one query on each connect
  const applied = (await db<AppliedRow>('config_applied').where({ sn: device.sn }).select()) as AppliedRow[];
  const bySection = new Map(applied.map((a) => [a.section, a]));
  return rows.map((r) => ({
    owner: r.sn,
    section: r.section as SectionName,
    version: Number(r.version),
    body: JSON.parse(r.body_json) as unknown,
    applied: bySection.get(r.section) ?? null,
  }));
}

/** what the device now holds for a section, and the history's verdict on the changes it settles */
export async function recordResult(
  db: Knex,
  input: {
    projectId: number;
    deviceSn: string;
    owner: string;
    section: string;
    version: number;
    state: 'applied' | 'failed' | 'rolled-back';
    error?: { code: number; message: string };
  },
  /** more to write in the same transaction (the confirmed name onto the device's row) */
  alsoWrite?: (trx: Knex.Transaction) => Promise<unknown>,
): Promise<ChangeRow[]> {
  const record = async (trx: Knex.Transaction): Promise<ChangeRow[]> => {
    const now = Date.now();
    const row = {
      project_id: input.projectId,
      version: input.version,
      state: input.state,
      error_code: input.error?.code ?? null,
      error_message: input.error?.message.slice(0, 255) ?? null,
      armed_version: null,
      updated_at: now,
    };
    const updated = await trx('config_applied').where({ sn: input.deviceSn, section: input.section }).update(row);
    if (updated === 0) await trx('config_applied').insert({ sn: input.deviceSn, section: input.section, ...row });
    const key = { project_id: input.projectId, sn: input.owner, section: input.section };
    const ids = ((await trx('config_changes').where(key).andWhere('version', '<=', input.version).andWhere({ result: 'pending' }).select('id', 'version')) as {
      id: number;
      version: number;
    }[]);
    if (ids.length === 0) return [];
    const exact = ids.filter((c) => Number(c.version) === input.version).map((c) => c.id);
    const older = ids.filter((c) => Number(c.version) !== input.version).map((c) => c.id);
    const result: ChangeResult = input.state;
    if (exact.length) {
      await trx('config_changes')
        .whereIn('id', exact)
        .update({ result, error_code: row.error_code, error_message: row.error_message, revision: nextRevision(trx) });
    }
    if (older.length) await trx('config_changes').whereIn('id', older).update({ result: 'superseded', revision: nextRevision(trx) });
    return (await trx<ChangeRow>('config_changes').whereIn('id', [...exact, ...older]).select()) as ChangeRow[];
  };
  return retryDeadlock(() => db.transaction(async (trx) => {
    const changes = await record(trx);
    // last, as before it was written after this transaction: the tables are locked in the order other writers take them
    if (alsoWrite) await alsoWrite(trx);
    return changes;
  }));
}

/** the body a device holds for a section: the one of the version it applied; null when none */
export async function appliedBody(db: Db, projectId: number, owner: string, section: string, version: number): Promise<unknown> {
  const row = (await db('config_changes').where({ project_id: projectId, sn: owner, section, version }).first('body_json')) as { body_json: string } | undefined;
  return row ? (JSON.parse(row.body_json) as unknown) : null;
}

/** the version about to be sent with a rollback timer (safe apply): known if the device comes back rolled back */
export async function recordArmed(db: Db, input: { projectId: number; deviceSn: string; section: string; version: number }): Promise<void> {
  await retryDeadlock(() => armOnce(db, input));
}

async function armOnce(db: Db, input: { projectId: number; deviceSn: string; section: string; version: number }): Promise<void> {
  const updated = await db('config_applied').where({ sn: input.deviceSn, section: input.section }).update({ armed_version: input.version, updated_at: Date.now() });
  if (updated === 0) {
    await db('config_applied').insert({
      sn: input.deviceSn,
      section: input.section,
      project_id: input.projectId,
      version: 0,
      state: 'applied',
      armed_version: input.version,
      updated_at: Date.now(),
    });
  }
}

/** A device's name as a configuration write (the device list's rename, a name given when adding). */
export async function writeName(db: Knex, sn: string, name: string, actor: string | null = null): Promise<WrittenSection> {
  const row = (await db('devices').where({ sn }).first('project_id', 'name', 'desired_name')) as
    | { project_id: number | null; name: string; desired_name: string | null }
    | undefined;
  if (!row || row.project_id === null) throw new Error(`device ${sn} is in no project: it has no configuration`);
  return writeSection(db, { projectId: Number(row.project_id), sn, section: 'name', body: { name }, actor, initial: { name: row.desired_name ?? row.name } });
}
