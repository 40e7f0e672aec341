// AP-to-AP signal strengths from neighbour scans (TR-181 NeighboringWiFiDiagnostic()): an AP's scan
// replaces what it heard before. APs of the observer's project (found by BSSID = MAC) are kept in
// `neighbour_measurements`, every other network it heard in `foreign_measurements` (RF optimisation
// plans around them). What else a scan heard is checked for rogue access points (rogueAccessPoints).
import type { Knex } from 'knex';
import { parseReported } from './mapping.js';
import { RUN_LOG_TABLE } from './run-log.js';

/** One Result.{i}. of a scan, as the OperationComplete's output args give it. */
export interface ScanResult {
  bssid: string;
  /** the network name it broadcasts ('' when hidden or not reported) */
  ssid?: string;
  band: string;
  signalStrength: number;
  /** the channel it was heard on; null or absent when the scan did not say */
  channel?: number | null;
}

export interface NeighbourMeasurement {
  observerSn: string;
  sourceSn: string;
  band: string;
  rssiDbm: number;
  /** the channel the source was heard on (null: not reported) */
  channel: number | null;
  /** ms UTC */
  measuredAt: number;
}

const BANDS = new Set(['2.4GHz', '5GHz']);

/** The Result.{i}. rows of NeighboringWiFiDiagnostic()'s output args; rows missing a field are left out. */
export function parseScanResults(outputArgs: Record<string, string>): ScanResult[] {
  const rows = new Map<number, Record<string, string>>();
  for (const [key, value] of Object.entries(outputArgs)) {
    const m = /^(?:Device\.WiFi\.NeighboringWiFiDiagnostic\.)?Result\.(\d+)\.([A-Za-z]+)$/.exec(key);
    if (!m) continue;
    const i = Number(m[1]);
    const row = rows.get(i) ?? {};
    row[m[2]!] = value;
    rows.set(i, row);
  }
  const out: ScanResult[] = [];
  for (const row of rows.values()) {
    const dbm = Number(row.SignalStrength);
    if (!row.BSSID || !row.OperatingFrequencyBand || !BANDS.has(row.OperatingFrequencyBand) || !Number.isInteger(dbm) || dbm < -200 || dbm > 0) continue;
    const channel = Number(row.Channel);
    out.push({ bssid: row.BSSID.toUpperCase(), ssid: row.SSID ?? '', band: row.OperatingFrequencyBand, signalStrength: dbm, channel: Number.isInteger(channel) && channel > 0 ? channel : null });
  }
  return out;
}

/** A network that is no device of the project, as one of its APs heard it. */
export interface ForeignMeasurement {
  observerSn: string;
  bssid: string;
  ssid: string;
  band: string;
  rssiDbm: number;
  channel: number | null;
  /** ms UTC */
  measuredAt: number;
}

/**
 * Stores what `observerSn` heard, replacing its previous scan: the project's own APs as neighbour
 * measurements, any other BSSID (a neighbour's network) as a foreign measurement. Returns how many
 * own-AP rows were written.
 */
export async function storeNeighbourScan(trx: Knex | Knex.Transaction, observerSn: string, results: readonly ScanResult[], now: number): Promise<number> {
  const observer = (await trx('devices').where({ sn: observerSn }).first('project_id')) as { project_id: number | null } | undefined;
  await trx('neighbour_measurements').where({ observer_sn: observerSn }).delete();
  await trx('foreign_measurements').where({ observer_sn: observerSn }).delete();
  if (!observer || observer.project_id === null) return 0;
  const projectId = Number(observer.project_id);
  const macs = [...new Set(results.map((r) => r.bssid))];
  if (macs.length === 0) return 0;
  const devices = (await trx('devices').where({ project_id: projectId }).whereIn('mac', macs).select('sn', 'mac')) as { sn: string; mac: string }[];
  const snOf = new Map(devices.map((d) => [d.mac.toUpperCase(), d.sn]));
  const rows = new Map<string, { observer_sn: string; source_sn: string; band: string; project_id: number; rssi_dbm: number; channel: number | null; measured_at: number }>();
  const foreign = new Map<string, { observer_sn: string; bssid: string; band: string; project_id: number; ssid: string; rssi_dbm: number; channel: number | null; measured_at: number }>();
  for (const r of results) {
    const source = snOf.get(r.bssid);
    if (!source) {
      const key = `${r.bssid}:${r.band}`;
      const had = foreign.get(key);
      if (!had || had.rssi_dbm < r.signalStrength) foreign.set(key, { observer_sn: observerSn, bssid: r.bssid.slice(0, 17), band: r.band, project_id: projectId, ssid: (r.ssid ?? '').slice(0, 64), rssi_dbm: r.signalStrength, channel: r.channel ?? null, measured_at: now });
      continue;
    }
    if (!source || source === observerSn) continue;
    // two BSSIDs of one AP on a band: its strongest counts
    const key = `${source}:${r.band}`;
    const had = rows.get(key);
    if (!had || had.rssi_dbm < r.signalStrength) rows.set(key, { observer_sn: observerSn, source_sn: source, band: r.band, project_id: projectId, rssi_dbm: r.signalStrength, channel: r.channel ?? null, measured_at: now });
  }
  if (rows.size > 0) await trx('neighbour_measurements').insert([...rows.values()]);
  if (foreign.size > 0) await trx('foreign_measurements').insert([...foreign.values()]);
  return rows.size;
}

/** What these APs of the project last heard of networks that are no device of it, observer then BSSID order. */
export async function listForeignMeasurements(db: Knex, projectId: number, observerSns: readonly string[]): Promise<ForeignMeasurement[]> {
  if (observerSns.length === 0) return [];
  const rows = (await db('foreign_measurements')
    .where({ project_id: projectId })
    .whereIn('observer_sn', observerSns)
    .orderBy(['observer_sn', 'bssid', 'band'])) as { observer_sn: string; bssid: string; ssid: string; band: string; rssi_dbm: number; channel: number | null; measured_at: number }[];
  return rows.map((r) => ({
    observerSn: r.observer_sn,
    bssid: r.bssid,
    ssid: r.ssid,
    band: r.band,
    rssiDbm: Number(r.rssi_dbm),
    channel: r.channel === null ? null : Number(r.channel),
    measuredAt: Number(r.measured_at),
  }));
}

/** The project's measurements between these APs (both ends listed), observer then source order. */
export async function listNeighbourMeasurements(db: Knex, projectId: number, sns: readonly string[]): Promise<NeighbourMeasurement[]> {
  if (sns.length === 0) return [];
  const rows = (await db('neighbour_measurements')
    .where({ project_id: projectId })
    .whereIn('observer_sn', sns)
    .whereIn('source_sn', sns)
    .orderBy(['observer_sn', 'source_sn', 'band'])) as { observer_sn: string; source_sn: string; band: string; rssi_dbm: number; channel: number | null; measured_at: number }[];
  return rows.map((r) => ({
    observerSn: r.observer_sn,
    sourceSn: r.source_sn,
    band: r.band,
    rssiDbm: Number(r.rssi_dbm),
    channel: r.channel === null ? null : Number(r.channel),
    measuredAt: Number(r.measured_at),
  }));
}

/** how long one rogue BSSID raises no second alarm in a project (every AP's scan may hear it) */
export const ROGUE_ALARM_QUIET_MS = 24 * 3_600_000;

/** A BSSID heard broadcasting a network of the project that is no device of the project. */
export interface RogueAccessPoint {
  bssid: string;
  ssid: string;
  band: string;
  /** dBm, the strongest it was heard at in this scan */
  signal: number;
}

/**
 * The rogue access points in what `observerSn` heard: a BSSID that is no device of the observer's
 * project (BSSID = device MAC, as for the measurements) broadcasting an SSID one of the project's
 * devices reports broadcasting (an evil twin or a neighbour's copy of the guest network). One already
 * logged in the project within ROGUE_ALARM_QUIET_MS is left out, so several APs hearing it, and the
 * next scans, raise one alarm a day. Spec §1 names rogue interference among the alarms.
 */
export async function rogueAccessPoints(
  db: Knex,
  observerSn: string,
  results: readonly ScanResult[],
  now: number,
  /** `project:BSSID` → when this process raised it: scans ending together do not wait for the run log's write */
  raised: Map<string, number> = new Map(),
): Promise<RogueAccessPoint[]> {
  const named = results.filter((r) => r.ssid);
  if (named.length === 0) return [];
  const observer = (await db('devices').where({ sn: observerSn }).first('project_id')) as { project_id: number | null } | undefined;
  if (!observer || observer.project_id === null) return [];
  const projectId = Number(observer.project_id);
  const devices = (await db('devices').where({ project_id: projectId }).select('mac', 'reported_json')) as { mac: string; reported_json: string | null }[];
  const macs = new Set(devices.map((d) => d.mac.toUpperCase()));
  const ssids = new Set(devices.flatMap((d) => parseReported(d.reported_json).ssids).filter((s) => s !== ''));
  const rogues = new Map<string, RogueAccessPoint>();
  for (const r of named) {
    if (macs.has(r.bssid) || !ssids.has(r.ssid!)) continue;
    const had = rogues.get(r.bssid);
    if (!had || had.signal < r.signalStrength) rogues.set(r.bssid, { bssid: r.bssid, ssid: r.ssid!, band: r.band, signal: r.signalStrength });
  }
  if (rogues.size === 0) return [];
  const logged = (await db(RUN_LOG_TABLE).where({ project_id: projectId, event: 'rogue.ap' }).andWhere('t', '>', now - ROGUE_ALARM_QUIET_MS).pluck('params')) as (string | null)[];
  for (const params of logged) {
    try {
      const bssid = (JSON.parse(params ?? '{}') as { bssid?: unknown }).bssid;
      if (typeof bssid === 'string') rogues.delete(bssid);
    } catch {
      // an unreadable row does not silence anything
    }
  }
  for (const [key, at] of raised) if (at <= now - ROGUE_ALARM_QUIET_MS) raised.delete(key);
  const fresh = [...rogues.values()].filter((r) => !raised.has(`${projectId}:${r.bssid}`));
  for (const r of fresh) raised.set(`${projectId}:${r.bssid}`, now);
  return fresh;
}
