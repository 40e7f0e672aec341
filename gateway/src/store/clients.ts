// The clients of a project's devices (spec §3 "Online client", docs/data.md "Online clients"): what
// each device's status report lists under Device.WiFi.AccessPoint.{i}.AssociatedDevice. and
// Device.Hosts.Host., kept per project and MAC. The telemetry flush writes them in its own
// transaction (syncClients); a client a device stops listing is offline from then on, and kept 24 h.
import type { BlacklistEntry, ClientKind, ClientType, OnlineClient } from '@airloom/contracts';
import { isDeviceOnline } from '@airloom/contracts';
import type { Knex } from 'knex';
import { isMysql } from '../db-connect.js';

/** how long a client that left stays on the list as offline */
export const OFFLINE_CLIENT_KEEP_MS = 24 * 3_600_000;
const CHUNK = 100;
/** (sn, mac) pairs of clients gone in one UPDATE */
const LEFT_CHUNK = 500;

/** One client as a device reports it. */
export interface ReportedClient {
  /** upper case with colons */
  mac: string;
  connection: 'wireless' | 'wired';
  /** the AccessPoint instance it is associated with (wireless) */
  apInstance: number | null;
  name: string;
  ip: string;
  ssid: string | null;
  band: string | null;
  signal: number | null;
  txBytes: number | null;
  rxBytes: number | null;
  txRate: number | null;
  rxRate: number | null;
}

export interface ClientRow {
  project_id: number;
  mac: string;
  sn: string;
  connection: 'wireless' | 'wired';
  ap_instance: number | null;
  name: string;
  ip: string;
  ssid: string | null;
  band: string | null;
  signal: number | null;
  tx_bytes: number | null;
  rx_bytes: number | null;
  tx_rate: number | null;
  rx_rate: number | null;
  type: string | null;
  online: number | boolean;
  online_since: number;
  offline_since: number | null;
  updated_at: number;
  revision: number;
}

/** Clients that joined or left one device of a project in one flush. */
export interface ClientChange {
  projectId: number;
  sn: string;
  joined: ReportedClient[];
  /** the clients the device no longer lists, with how they were connected (only Wi-Fi ones are run-log events) */
  left: { mac: string; connection: 'wireless' | 'wired' }[];
}

// spec §3 client types from the host name a client gives (DHCP option 12), first match wins:
// names say what most things are ("Galaxy-S24", "HP-LaserJet", "Room-214-TV"). Tablets and e-readers
// count as phones (handhelds); anything unrecognised has no type rather than a wrong one.
const TYPE_RULES: readonly [RegExp, ClientType][] = [
  [/ip-?phone|yealink|polycom|grandstream|snom|\bsip\b|voip/i, 'ip-phone'],
  [/printer|laserjet|officejet|deskjet|epson|canon|brother|\bmfp\b/i, 'printer'],
  [/camera|\bcam\b|cctv|hikvision|dahua|\bipc\b|doorbell/i, 'camera'],
  [/fridge|refrigerator/i, 'fridge'],
  [/air-?con|\bac-unit|\bac\b|hvac|climate/i, 'air-conditioner'],
  [/\btv\b|smart-?tv|chromecast|roku|fire-?tv|apple-?tv|bravia|android-?tv|-tv$/i, 'web-tv'],
  [/server|\bnas\b|synology|qnap/i, 'server'],
  [/macbook|thinkpad|laptop|notebook|surface|xps|latitude|zenbook|chromebook/i, 'laptop'],
  [/iphone|ipad|galaxy|pixel|xiaomi|redmi|huawei|oneplus|oppo|vivo|android|phone|kindle|tablet/i, 'phone'],
  [/desk-?pc|desktop|\bpc\b|-pc$|workstation|imac|optiplex/i, 'pc'],
];

/** The spec §3 type of a client by its host name; cabled and nameless clients default to nothing. */
export function clientType(name: string): ClientType | null {
  for (const [pattern, type] of TYPE_RULES) if (pattern.test(name)) return type;
  return null;
}

/**
 * THE hook for clients joining and leaving (the run log's wireless events): called once per device
 * and flush with what changed, after the flush committed. Set by the runtime; a no-op by default.
 */
export type ClientsChanged = (changes: readonly ClientChange[]) => Promise<void> | void;

function rowOf(projectId: number, sn: string, c: ReportedClient, now: number): Omit<ClientRow, 'online_since' | 'offline_since'> {
  return {
    project_id: projectId,
    mac: c.mac,
    sn,
    connection: c.connection,
    ap_instance: c.apInstance,
    name: c.name.slice(0, 64),
    ip: c.ip.slice(0, 45),
    ssid: c.ssid,
    band: c.band,
    signal: c.signal,
    tx_bytes: c.txBytes,
    rx_bytes: c.rxBytes,
    tx_rate: c.txRate,
    rx_rate: c.rxRate,
    type: clientType(c.name),
    online: 1,
    updated_at: now,
    // ARCHITECTURE §3: the write time is the revision (a client row is written at most once a flush)
    revision: now,
  };
}

type ClientRowOf = ReturnType<typeof rowOf>;

/** how a device lists a client: a change of any of these rewrites its row whole */
const LISTED_COLUMNS = ['connection', 'ap_instance', 'name', 'ip', 'ssid', 'band'] as const;
type Listed = Pick<ClientRow, (typeof LISTED_COLUMNS)[number]>;
/** what changes from one report to the next of a client listed as before */
const COUNTER_COLUMNS = ['signal', 'tx_bytes', 'rx_bytes', 'tx_rate', 'rx_rate', 'updated_at', 'revision'] as const;
/** clients a MariaDB UPDATE joins to at once */
const COUNTERS_CHUNK = 500;

/** Client rows inserted, or `merge`'s columns of those already there updated, CHUNK to a statement. */
async function upsertClients(trx: Knex | Knex.Transaction, rows: readonly Record<string, unknown>[], merge: readonly string[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await trx('clients').insert(rows.slice(i, i + CHUNK)).onConflict(['project_id', 'mac']).merge([...merge]);
}

/**
 * The signal, bytes and rates of clients still listed as before by the device that had them: on MariaDB
 * an UPDATE of those columns alone joined to the values of COUNTERS_CHUNK clients (a third less time per
 * row than the upsert of the whole row, docs/performance.md item 20); on SQLite the upsert. A row another
 * gateway instance moved to another device meanwhile is left alone.
 */
async function writeCounters(trx: Knex | Knex.Transaction, rows: readonly ClientRowOf[]): Promise<void> {
  if (!isMysql(trx)) {
    await upsertClients(trx, rows.map((r) => ({ ...r, online_since: r.updated_at })), COUNTER_COLUMNS);
    return;
  }
  const keys = ['project_id', 'mac', 'sn', ...COUNTER_COLUMNS] as const;
  const first = `SELECT ${keys.map((k) => `? AS \`${k}\``).join(', ')}`;
  const next = ` UNION ALL SELECT ${keys.map(() => '?').join(', ')}`;
  const set = COUNTER_COLUMNS.map((k) => `c.\`${k}\` = v.\`${k}\``).join(', ');
  for (let i = 0; i < rows.length; i += COUNTERS_CHUNK) {
    const part = rows.slice(i, i + COUNTERS_CHUNK);
    await trx.raw(
      `UPDATE clients c JOIN (${first}${next.repeat(part.length - 1)}) v ON c.project_id = v.project_id AND c.mac = v.mac AND c.sn = v.sn SET ${set}`,
      part.flatMap((r) => keys.map((k) => r[k])),
    );
  }
}

const REPORTED_COLUMNS = ['sn', 'connection', 'ap_instance', 'name', 'ip', 'ssid', 'band', 'signal', 'tx_bytes', 'rx_bytes', 'tx_rate', 'rx_rate', 'type', 'online', 'offline_since', 'updated_at', 'revision'];

/**
 * The clients of the devices heard since the last flush, in the flush's transaction: multi-row upserts
 * of 100, one query for who was online before. A client another device of the project lists in the
 * same flush roamed and did not leave. Devices in no project are skipped.
 */
export async function syncClients(
  trx: Knex | Knex.Transaction,
  reports: ReadonlyMap<string, readonly ReportedClient[]>,
  now: number,
  /** when each device's report arrived (default `now`): a client the console sent away after that is not back */
  reportedAt: ReadonlyMap<string, number> = new Map(),
  /**
   * Whether a device's clients' details (signal, bytes, rates) were written lately enough: the clients
   * the database already has online for it are then not written again (those that joined it and those
   * that left it are). By default every report is written. `written` receives the devices whose
   * clients' details were written.
   */
  details: { fresh(sn: string): boolean; written?: Set<string> } = { fresh: () => false },
): Promise<ClientChange[]> {
  if (reports.size === 0) return [];
  const sns = [...reports.keys()];
  const projects = new Map<string, number>();
  for (let i = 0; i < sns.length; i += 500) {
    const rows = (await trx('devices').whereIn('sn', sns.slice(i, i + 500)).whereNotNull('project_id').select('sn', 'project_id')) as { sn: string; project_id: number }[];
    for (const r of rows) projects.set(r.sn, Number(r.project_id));
  }
  if (projects.size === 0) return [];
  const heard = [...projects.keys()];
  /** who each device listed as online before this report (MAC → how it was listed) */
  const before = new Map<string, Map<string, Listed>>();
  /** project:mac of clients online anywhere in their project before */
  const onlineBefore = new Set<string>();
  for (let i = 0; i < heard.length; i += 500) {
    const rows = (await trx('clients').whereIn('sn', heard.slice(i, i + 500)).andWhere('online', 1).select('project_id', 'mac', 'sn', ...LISTED_COLUMNS)) as ({ project_id: number; mac: string; sn: string } & Listed)[];
    for (const r of rows) {
      if (projects.get(r.sn) !== Number(r.project_id)) continue;
      const had = before.get(r.sn) ?? new Map<string, Listed>();
      had.set(r.mac, r);
      before.set(r.sn, had);
      onlineBefore.add(`${r.project_id}:${r.mac}`);
    }
  }
  // clients new to their device may have been online on another AP of the project (roaming)
  const newcomers: { projectId: number; mac: string }[] = [];
  for (const [sn, projectId] of projects) {
    const had = before.get(sn);
    for (const c of reports.get(sn) ?? []) if (!had?.has(c.mac)) newcomers.push({ projectId, mac: c.mac });
  }
  /** project:mac → when the console sent it away (forced offline, blacklisted) */
  const sentAway = new Map<string, number>();
  for (let i = 0; i < newcomers.length; i += 200) {
    const part = newcomers.slice(i, i + 200);
    const rows = (await trx('clients')
      .whereIn('project_id', [...new Set(part.map((p) => p.projectId))])
      .whereIn('mac', [...new Set(part.map((p) => p.mac))])
      .select('project_id', 'mac', 'online', 'offline_since')) as { project_id: number; mac: string; online: number; offline_since: number | null }[];
    for (const r of rows) {
      if (Number(r.online)) onlineBefore.add(`${r.project_id}:${r.mac}`);
      else if (r.offline_since !== null) sentAway.set(`${r.project_id}:${r.mac}`, Number(r.offline_since));
    }
  }

  /** clients this device had online and lists as before, their counters due */
  const counters: ClientRowOf[] = [];
  const staying: Record<string, unknown>[] = [];
  const arriving: Record<string, unknown>[] = [];
  const changes: ClientChange[] = [];
  const listedNow = new Set<string>();
  for (const [sn, projectId] of projects) {
    const list = reports.get(sn) ?? [];
    const change: ClientChange = { projectId, sn, joined: [], left: [] };
    const at = reportedAt.get(sn) ?? now;
    const had = before.get(sn);
    // the clients it had online already: their details only when due (most reports list a client more
    // or fewer, and rewriting every row of such a device was most of the flush at 20,000 devices,
    // docs/performance.md item 20); the ones new to it are written now
    const detailsDue = !details.fresh(sn);
    if (detailsDue) details.written?.add(sn);
    for (const c of list) {
      listedNow.add(`${projectId}:${c.mac}`);
      // a report older than the client's going offline (the AP let it go meanwhile) does not bring it back
      if ((sentAway.get(`${projectId}:${c.mac}`) ?? -Infinity) >= at) continue;
      const was = had?.get(c.mac);
      if (was && !detailsDue) continue;
      const row = { ...rowOf(projectId, sn, c, now), offline_since: null };
      if (was && LISTED_COLUMNS.every((k) => row[k] === was[k])) counters.push(row);
      // roamed here from another of the project's devices, or listed otherwise: it keeps its online-since
      else if (onlineBefore.has(`${projectId}:${c.mac}`)) staying.push(row);
      else {
        arriving.push({ ...row, online_since: now });
        change.joined.push(c);
      }
    }
    changes.push(change);
  }
  for (const change of changes) {
    for (const [mac, { connection }] of before.get(change.sn) ?? []) if (!listedNow.has(`${change.projectId}:${mac}`)) change.left.push({ mac, connection });
  }

  await writeCounters(trx, counters);
  await upsertClients(trx, staying.map((r) => ({ ...r, online_since: now })), REPORTED_COLUMNS);
  await upsertClients(trx, arriving, [...REPORTED_COLUMNS, 'online_since']);
  // who left, a project's devices together: one statement per LEFT_CHUNK clients, not one per device (the
  // flush's transaction stays open while they run, and at 20,000 devices most reports list someone
  // gone, docs/performance.md item 17); a client that came to another of the project's devices in this
  // report has that device's sn now, and stays online
  const leftByProject = new Map<number, [string, string][]>();
  for (const change of changes) {
    const pairs = leftByProject.get(change.projectId) ?? [];
    for (const c of change.left) pairs.push([change.sn, c.mac]);
    if (pairs.length > 0) leftByProject.set(change.projectId, pairs);
  }
  for (const [projectId, pairs] of leftByProject) {
    for (let i = 0; i < pairs.length; i += LEFT_CHUNK) {
      const part = pairs.slice(i, i + LEFT_CHUNK);
      await trx('clients')
        .where({ project_id: projectId, online: 1 })
        // the MACs find the rows by the primary key (project_id, mac); the pairs keep each to its device
        .whereIn('mac', [...new Set(part.map(([, mac]) => mac))])
        .whereIn(['sn', 'mac'], part)
        .update({ online: 0, offline_since: now, updated_at: now, revision: now });
    }
  }
  return changes.filter((c) => c.joined.length > 0 || c.left.length > 0);
}

/** A client gone by a console's doing (forced offline, blacklisted): offline now, before its AP's next report says so. */
export async function markClientOffline(db: Knex, projectId: number, mac: string, now: number): Promise<boolean> {
  const n = await db('clients').where({ project_id: projectId, mac, online: 1 }).update({ online: 0, offline_since: now, updated_at: now, revision: now });
  return n > 0;
}

/** Offline clients older than the keep period go (a few thousand rows a run at most). */
export async function pruneClients(db: Knex, now: number): Promise<number> {
  return db('clients').where('online', 0).andWhere('offline_since', '<', now - OFFLINE_CLIENT_KEEP_MS).delete();
}

type ListedRow = ClientRow & { device_name: string; desired_name: string | null; status: number; last_seen_at: number | null; blacklisted: string | null };

const iso = (ms: number) => new Date(Number(ms)).toISOString();

function toOnlineClient(r: ListedRow): OnlineClient {
  // a client of a device that is offline is offline too: nobody can tell it is still there
  const deviceOnline = isDeviceOnline(Number(r.status));
  const online = Boolean(Number(r.online)) && deviceOnline;
  const offlineSince = !online ? (r.offline_since !== null ? Number(r.offline_since) : Number(r.last_seen_at ?? r.updated_at)) : null;
  return {
    mac: r.mac,
    revision: Number(r.revision),
    name: r.name,
    ip: r.ip,
    connection: r.connection,
    sn: r.sn,
    deviceName: r.desired_name ?? r.device_name,
    ssid: r.ssid,
    band: r.band,
    signal: r.signal === null ? null : Number(r.signal),
    txBytes: r.tx_bytes === null ? null : Number(r.tx_bytes),
    rxBytes: r.rx_bytes === null ? null : Number(r.rx_bytes),
    txRate: r.tx_rate === null ? null : Number(r.tx_rate),
    rxRate: r.rx_rate === null ? null : Number(r.rx_rate),
    online,
    onlineSince: iso(r.online_since),
    offlineSince: offlineSince === null ? null : iso(offlineSince),
    type: (r.type as ClientType | null) ?? null,
    blacklisted: r.blacklisted !== null,
  };
}

/** The project's clients: online ones and those gone within the keep period, online first, newest first. */
export async function listClients(db: Knex, projectId: number, kind: ClientKind, now: number): Promise<OnlineClient[]> {
  const q = db('clients as c')
    .join('devices as d', function joinDevice() {
      this.on('d.sn', '=', 'c.sn').andOn('d.project_id', '=', 'c.project_id');
    })
    .leftJoin('client_blacklist as b', function joinBlacklist() {
      this.on('b.project_id', '=', 'c.project_id').andOn('b.mac', '=', 'c.mac');
    })
    .where('c.project_id', projectId)
    .andWhere((w) => w.where('c.online', 1).orWhere('c.offline_since', '>=', now - OFFLINE_CLIENT_KEEP_MS))
    .select('c.*', 'd.name as device_name', 'd.desired_name', 'd.status', 'd.last_seen_at', 'b.mac as blacklisted')
    .orderBy([{ column: 'c.online', order: 'desc' }, { column: 'c.online_since', order: 'desc' }, { column: 'c.mac', order: 'asc' }]);
  if (kind === 'wireless') q.andWhere('c.connection', 'wireless');
  return ((await q) as ListedRow[]).map(toOnlineClient);
}

/** One client of the project with where it is (force offline names its AP). */
export async function findClient(db: Knex, projectId: number, mac: string): Promise<ClientRow | null> {
  const row = (await db('clients').where({ project_id: projectId, mac }).first()) as ClientRow | undefined;
  return row ?? null;
}

// ---------------------------------------------------------------------------------- the blacklist

interface BlacklistRow {
  project_id: number;
  mac: string;
  note: string;
  created_by_account_id: number | null;
  created_at: number;
}

const toEntry = (r: BlacklistRow): BlacklistEntry => ({ mac: r.mac, note: r.note, createdAt: iso(r.created_at) });

export async function listBlacklist(db: Knex, projectId: number): Promise<BlacklistEntry[]> {
  const rows = (await db('client_blacklist').where({ project_id: projectId }).orderBy([{ column: 'created_at', order: 'desc' }, { column: 'mac', order: 'asc' }])) as BlacklistRow[];
  return rows.map(toEntry);
}

export async function blacklistMacs(db: Knex | Knex.Transaction, projectId: number): Promise<string[]> {
  const rows = (await db('client_blacklist').where({ project_id: projectId }).orderBy('mac', 'asc').select('mac')) as { mac: string }[];
  return rows.map((r) => r.mac);
}

/**
 * Adds a MAC in one transaction that counts first (spec §9 cap): 'full' at the cap, 'exists' when it
 * is there already. Two people adding the 100th at once may both pass on SQLite's snapshot: the cap
 * is checked again by the service before the section is written.
 */
export async function addToBlacklist(
  db: Knex,
  input: { projectId: number; mac: string; note: string; accountId: number | null; now: number; max: number },
): Promise<{ entry: BlacklistEntry; macs: string[] } | 'full' | 'exists'> {
  return db.transaction(async (trx) => {
    const existing = await trx('client_blacklist').where({ project_id: input.projectId, mac: input.mac }).first();
    if (existing) return 'exists' as const;
    const [{ n }] = (await trx('client_blacklist').where({ project_id: input.projectId }).count({ n: '*' })) as [{ n: number | string }];
    if (Number(n) >= input.max) return 'full' as const;
    const row: BlacklistRow = { project_id: input.projectId, mac: input.mac, note: input.note, created_by_account_id: input.accountId, created_at: input.now };
    await trx('client_blacklist').insert(row);
    return { entry: toEntry(row), macs: await blacklistMacs(trx, input.projectId) };
  });
}

export async function removeFromBlacklist(db: Knex, projectId: number, mac: string): Promise<string[] | null> {
  return db.transaction(async (trx) => {
    const n = await trx('client_blacklist').where({ project_id: projectId, mac }).delete();
    if (n === 0) return null;
    return blacklistMacs(trx, projectId);
  });
}
