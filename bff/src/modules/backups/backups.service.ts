// Configuration backups and restore points (spec §1, §3, §4, §9; docs/config-engine.md "Backups").
// A backup is a snapshot of the configuration engine's desired sections with what each device had
// confirmed; a restore writes the backup's bodies as new desired versions through the engine's
// write path (ConfigDirectory.write: history, status 7 → 1, config events), after checking every
// section as a whole with the same schemas and cross-section rules as the configuration API, so a
// refusal stores nothing. WLAN projects only.
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  apiRuleKey,
  BACKUP_FILE_FORMAT,
  BackupFileSchema,
  BackupSnapshotSchema,
  can,
  ErrorCode,
  LIMITS,
  NetMode,
  type Backup,
  type BackupDetail,
  type BackupDiff,
  type BackupFile,
  type BackupList,
  type BackupSection,
  type BackupSkipped,
  type BackupSnapshot,
  type RestoreBackup,
  type RestoreResult,
  BACKUP_SCHEDULE_KEEP_DEFAULT,
  type BackupSchedule,
  type BackupScheduleView,
} from '@airloom/contracts';
import { DEFAULT_LAN, DEFAULT_VLAN_ID, defaultSection, GATEWAY_TYPES, isGatewaySection, sectionApplies, sectionSchemaFor, type DeviceModel, type VlanSection } from '@airloom/contracts/config';
import { diffBodies, hideSecretValues, withoutSecrets, type AwaitedVersion, type BackupFacts, type BackupOrigin, type BackupRow, type BackupScheduleRow, type BackupStore, type ConfigDevice, type ConfigDirectory } from '@airloom/gateway/public';
import { AppError } from '../../http/app-error.js';
import { fieldsOf } from '../../http/envelope.js';
import type { AuthorisedProject } from '../../http/project-access.js';
import { allow, checkConfigWrites, modelOf, PLANNED_GATEWAY } from '../config/config.service.js';
import { nextBackupRun } from './backup-schedule-time.js';

export interface BackupsServiceDeps {
  store: BackupStore;
  directory: ConfigDirectory;
  actorOf(accountId: number): Promise<string | null>;
  clock: () => number;
}

const INTERVAL_MS = LIMITS.backupMinIntervalMinutes * 60_000;

const stamp = (at: number) => new Date(at).toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** what a downloaded file signs: its content in the schema's key order, whatever order the file had */
function signedText(file: Omit<BackupFile, 'signature'>): string {
  const { format, version, projectId, type, sn, remark, backup } = file;
  return JSON.stringify({ format, version, projectId, type, sn, remark, backup: BackupSnapshotSchema.parse(backup) });
}

/** what a backup is taken of and by whom */
export interface BackupTaking {
  type: 'general' | 'restore-point';
  device: { sn: string; model: string; type: string } | null;
  remark: string;
  origin: BackupOrigin;
  actor: string | null;
  keepScheduled?: number;
}

/**
 * The record of a backup taken at `at`: its snapshot, file name and sync state (spec §4), one rule
 * for every taker (a user, the schedule's job, the live demo's seeding).
 */
export async function backupRecord(store: BackupStore, project: { id: number; project_name: string }, input: BackupTaking, at: number): Promise<Parameters<BackupStore['insert']>[0]> {
  const { snapshot, awaiting, failed } = await store.snapshot(project.id, input.device?.sn);
  const mac = input.device ? (snapshot.devices.find((d) => d.sn === input.device?.sn)?.mac ?? '') : '';
  const subject = input.device ? input.device.sn : project.project_name.replace(/[^\w.-]+/g, '_').slice(0, 60);
  return {
    projectId: project.id,
    type: input.type,
    sn: input.device?.sn ?? '',
    device: input.device ? { model: input.device.model, mac, type: input.device.type } : null,
    fileName: `${subject}-${input.type}-${stamp(at)}.json`,
    remark: input.remark,
    origin: input.origin,
    syncState: failed ? 'failed' : awaiting.length ? 'synchronizing' : 'synchronized',
    snapshot: { ...snapshot, takenAt: new Date(at).toISOString() },
    awaiting,
    at,
    actor: input.actor,
    ...(input.keepScheduled !== undefined ? { keepScheduled: input.keepScheduled } : {}),
  };
}

/** a project as the schedule's job reads it (no caller: the console itself takes the backup) */
export interface ScheduledProject {
  row: { id: number; project_name: string; net_mode: number; zone: string };
}

/** what a scheduled run did, or that it waits for the 3-minute interval to pass */
export type ScheduledRun = { result: 'taken' | 'skipped-full' | 'failed'; backupId: number | null; /** the run had been taken already */ before?: boolean } | { result: 'wait'; until: number };

function scheduleView(row: BackupScheduleRow | null, zone: string): BackupScheduleView {
  const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString());
  if (!row) return { mode: 'off', weekday: 1, hour: 3, keep: BACKUP_SCHEDULE_KEEP_DEFAULT, zone, nextRunAt: null, lastRunAt: null, lastResult: null, lastBackupId: null };
  return {
    mode: row.mode as BackupScheduleView['mode'],
    weekday: row.weekday,
    hour: row.hour,
    keep: row.keep,
    zone,
    nextRunAt: row.mode === 'off' ? null : iso(row.next_run_at),
    lastRunAt: iso(row.last_run_at),
    lastResult: row.last_result as BackupScheduleView['lastResult'],
    lastBackupId: row.last_backup_id,
  };
}

/** a scheduled run's check refused inside the insert's transaction (rolls it back; the run's answer is kept aside) */
class ScheduledRefusal extends Error {
  constructor(readonly run: ScheduledRun) {
    super(run.result);
  }
}

interface Planned {
  entry: BackupSection;
  /** '' for the project gateway's sections, else the device it is written for */
  owner: string;
  target: ConfigDevice | null;
  model: DeviceModel;
  body: Record<string, unknown>;
}

export function createBackupsService(deps: BackupsServiceDeps) {
  const { store, directory } = deps;

  /** spec §1: backups are a WLAN project's (the menu hides them on MESH; the API refuses with 92) */
  function wlanOnly(project: AuthorisedProject): void {
    if (Number(project.row.net_mode) !== NetMode.WLAN) throw new AppError(ErrorCode.MESH_WLAN_CONFLICT);
  }

  async function found(project: AuthorisedProject, id: number): Promise<BackupRow> {
    const row = await store.find(project.row.id, id);
    if (!row) throw new AppError(ErrorCode.DATA_NOT_FOUND);
    return row;
  }

  async function projectDevice(project: AuthorisedProject, sn: string): Promise<ConfigDevice> {
    const device = await directory.device(sn);
    if (!device || device.projectId !== project.row.id) throw new AppError(ErrorCode.DATA_NOT_FOUND);
    return device;
  }

  /** takes and stores a backup now; the caller has checked limits */
  async function take(
    project: AuthorisedProject | { row: { id: number; project_name: string } },
    input: Omit<BackupTaking, 'device'> & { device: ConfigDevice | null },
  ): Promise<BackupRow> {
    return store.insert(await backupRecord(store, project.row, input, deps.clock()));
  }

  function snapshotOf(row: BackupRow): BackupSnapshot {
    return BackupSnapshotSchema.parse(JSON.parse(row.snapshot_json));
  }

  /**
   * The sections a restore writes: the backup's entries picked by devices and sections, each with
   * the device it goes to now. A restore point given another SN of the same model goes to that
   * device (the RMA case: a replaced device gets the old one's configuration, also after the old one
   * was removed from the project). A section of a device that is no longer in the project is skipped
   * (reported, never a refusal): the rest of the backup still restores.
   */
  async function plan(project: AuthorisedProject, row: BackupRow, pick: Pick<RestoreBackup, 'sns' | 'sections' | 'items'>): Promise<{ planned: Planned[]; skipped: BackupSkipped[] }> {
    const snapshot = snapshotOf(row);
    const gateways = await directory.gateways(project.row.id);
    const gateway = gateways[0] ?? null;
    const oldGateway = snapshot.devices.find((d) => GATEWAY_TYPES.includes(d.type as ConfigDevice['type']))?.sn ?? null;
    let remap: { from: string; to: ConfigDevice } | null = null;
    if (row.type === 'restore-point' && pick.sns?.length === 1 && pick.sns[0] !== row.sn) {
      const to = await projectDevice(project, pick.sns[0]!);
      if (to.model !== row.model) throw new AppError(ErrorCode.INVALID_PARAMS, { sns: apiRuleKey('backupRestore', 'sameModel') });
      remap = { from: row.sn, to };
    }
    const wanted = (entry: BackupSection): boolean => {
      if (pick.sections && !pick.sections.includes(entry.section)) return false;
      if (!pick.sns || remap) return true;
      if (entry.sn !== null) return pick.sns.includes(entry.sn);
      return pick.sns.some((sn) => sn === gateway?.sn || sn === oldGateway);
    };
    // the dialog's checkboxes: a section of a device, named as the diff names it (an RMA target by its own SN)
    const ticked = (sn: string | null, section: string) => !pick.items || pick.items.some((i) => i.sn === sn && i.section === section);
    const planned: Planned[] = [];
    const skipped: BackupSkipped[] = [];
    for (const entry of snapshot.sections.filter(wanted)) {
      if (entry.sn === null) {
        if (!ticked(null, entry.section)) continue;
        if (gateways.length > 1) throw new AppError(ErrorCode.ONE_GATEWAY_PER_PROJECT);
        planned.push({ entry, owner: directory.PROJECT, target: gateway, model: gateway ? modelOf(gateway) : PLANNED_GATEWAY, body: entry.body });
        continue;
      }
      const sn = remap && entry.sn === remap.from ? remap.to.sn : entry.sn;
      if (!ticked(sn, entry.section)) continue;
      const target = remap && sn === remap.to.sn ? remap.to : await directory.device(sn);
      if (!target || target.projectId !== project.row.id) {
        skipped.push({ sn, section: entry.section });
        continue;
      }
      if (!sectionApplies(entry.section, { type: target.type, model: modelOf(target) })) continue;
      planned.push({ entry, owner: sn, target, model: modelOf(target), body: entry.body });
    }
    return { planned, skipped };
  }

  /** each section as a write of the configuration API would check it, the gateway sections as one whole (config.service's one check) */
  async function check(project: AuthorisedProject, planned: Planned[]): Promise<Planned[]> {
    // permission per device: network.configure for the gateway's sections, device.configure for a device's (an offline switch: 36)
    for (const p of planned) allow(project, isGatewaySection(p.entry.section) ? 'network.configure' : 'device.configure', p.target);
    const writes = planned.map((p) => ({ owner: p.owner, section: p.entry.section, target: p.target, model: p.model, body: p.body }));
    const bodies = await checkConfigWrites(directory, project, writes, (w, path) => `${w.owner || 'gateway'}.${w.section}.${path}`);
    return planned.map((p, i) => ({ ...p, body: bodies[i]! }));
  }

  async function refreshed(projectId: number): Promise<BackupRow[]> {
    await store.refreshSyncStates(projectId);
    return store.list(projectId);
  }

  /** spec §9: at most 128 general backups per project (checked inside the insert's transaction) */
  function checkCapacity(facts: BackupFacts): void {
    if (facts.general >= LIMITS.generalBackupsPerProjectMax) throw new AppError(ErrorCode.INVALID_PARAMS, { _: apiRuleKey('backupLimit', 'count') });
  }

  async function sign(file: Omit<BackupFile, 'signature'>): Promise<string> {
    return createHmac('sha256', await store.key()).update(signedText(file)).digest('hex');
  }

  const service = {
    async list(project: AuthorisedProject): Promise<BackupList> {
      wlanOnly(project);
      return {
        items: (await refreshed(project.row.id)).map(store.toBackup),
        max: LIMITS.generalBackupsPerProjectMax,
        minIntervalMinutes: LIMITS.backupMinIntervalMinutes,
      };
    },

    async create(project: AuthorisedProject, input: { type: 'general' | 'restore-point'; sn?: string; remark?: string }): Promise<Backup> {
      wlanOnly(project);
      const device = input.type === 'restore-point' ? await projectDevice(project, input.sn ?? '') : null;
      if (input.type === 'general' && input.sn) throw new AppError(ErrorCode.INVALID_PARAMS, { sn: apiRuleKey('backupType', 'value') });
      const actor = await deps.actorOf(project.principal.accountId);
      const at = deps.clock();
      const record = await backupRecord(store, project.row, { type: input.type, device, remark: input.remark ?? '', origin: 'manual', actor }, at);
      const row = await store.insert(record, (facts) => {
        if (input.type === 'general') checkCapacity(facts);
        // spec §9 / 187: a person's backups of one kind (the project's general ones, a device's restore point) at least 3 minutes apart
        if (facts.lastManualAt !== null && at - facts.lastManualAt < INTERVAL_MS) throw new AppError(ErrorCode.BACKUP_INTERVAL);
      });
      return store.toBackup(row);
    },

    async get(project: AuthorisedProject, id: number): Promise<BackupDetail> {
      wlanOnly(project);
      await store.refreshSyncStates(project.row.id);
      const row = await found(project, id);
      const snapshot = snapshotOf(row);
      // whoever may not change the WAN does not read its passwords in a backup either (a read-only guest, the demo, a read-only key)
      if (can(project.principal, 'network.configure', project.ctx).ok) return { ...store.toBackup(row), snapshot };
      const hidden = snapshot.sections.map((s) => ({ ...s, body: hideSecretValues(s.body) as Record<string, unknown>, reported: s.reported && (hideSecretValues(s.reported) as Record<string, unknown>) }));
      return { ...store.toBackup(row), snapshot: { ...snapshot, sections: hidden } };
    },

    async update(project: AuthorisedProject, id: number, remark: string): Promise<Backup> {
      wlanOnly(project);
      await found(project, id);
      await store.updateRemark(project.row.id, id, remark);
      return store.toBackup(await found(project, id));
    },

    async remove(project: AuthorisedProject, id: number): Promise<{ id: number }> {
      wlanOnly(project);
      if (!(await store.remove(project.row.id, id))) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      return { id };
    },

    /**
     * per section, what a restore would change: desired now → the backup, field by field (sections
     * already equal are left out); `sns` as the restore would be asked (the RMA target: that device now)
     */
    async diff(project: AuthorisedProject, id: number, pick: { sns?: string[] | undefined } = {}): Promise<BackupDiff> {
      wlanOnly(project);
      const row = await found(project, id);
      const { planned, skipped } = await plan(project, row, pick);
      const sections: BackupDiff['sections'] = [];
      for (const p of planned) {
        const now = (await directory.read(project.row.id, p.owner, p.entry.section, p.target)).body ?? defaultSection(p.entry.section, p.model, p.target?.name ?? '');
        const changes = diffBodies(now, p.body);
        if (changes.length) sections.push({ sn: p.owner === directory.PROJECT ? null : p.owner, section: p.entry.section, target: p.target?.sn ?? null, changes: withoutSecrets(changes) });
      }
      return { sections, skipped };
    },

    async restore(project: AuthorisedProject, id: number, pick: RestoreBackup): Promise<RestoreResult> {
      wlanOnly(project);
      const row = await found(project, id);
      const { planned: picked, skipped } = await plan(project, row, pick);
      const planned = await check(project, picked);
      const changed: Planned[] = [];
      for (const p of planned) {
        const now = await directory.read(project.row.id, p.owner, p.entry.section, p.target);
        if (now.body === null || !same(now.body, p.body)) changed.push(p);
      }
      const actor = await deps.actorOf(project.principal.accountId);
      // the way back: each device touched gets a restore point of what it holds now (its previous one replaced)
      const restorePoints: number[] = [];
      const touched = new Map<string, ConfigDevice>();
      for (const p of changed) if (p.target) touched.set(p.target.sn, p.target);
      for (const device of touched.values()) {
        restorePoints.push(Number((await take(project, { type: 'restore-point', device, remark: '', origin: 'before-restore', actor })).id));
      }
      const written: RestoreResult['written'] = [];
      const awaiting: AwaitedVersion[] = [];
      for (const p of changed) {
        const initial = defaultSection(p.entry.section, p.model, p.target?.name ?? '');
        const { version } = await directory.write({ projectId: project.row.id, sn: p.owner, section: p.entry.section, body: p.body, actor, initial });
        written.push({ sn: p.owner === directory.PROJECT ? null : p.owner, section: p.entry.section, version });
        if (p.target) awaiting.push({ owner: p.owner, section: p.entry.section, version });
      }
      // spec §4: the backup is being synchronized to the devices until each confirms what was written
      if (awaiting.length) await store.setSyncState(id, 'synchronizing', awaiting);
      return { written, unchanged: planned.length - changed.length, restorePoints, skipped };
    },

    async download(project: AuthorisedProject, id: number): Promise<BackupFile> {
      wlanOnly(project);
      const row = await found(project, id);
      const content = {
        format: BACKUP_FILE_FORMAT,
        version: 1 as const,
        projectId: project.row.id,
        type: row.type as BackupFile['type'],
        sn: row.sn === '' ? null : row.sn,
        remark: row.remark,
        backup: snapshotOf(row),
      };
      return { ...content, signature: await sign(content) };
    },

    /** a downloaded file stored again: refused (2) when it is not signed by this console as it is, and (400) when a section fails its schema */
    async upload(project: AuthorisedProject, body: unknown): Promise<Backup> {
      wlanOnly(project);
      const parsed = BackupFileSchema.safeParse(body);
      if (!parsed.success) {
        const fields = fieldsOf(parsed.error);
        // a backup file whose only fault is its signature was tampered with; anything else is not a backup file
        const onlySignature = Object.keys(fields).every((k) => k === 'signature');
        throw new AppError(onlySignature ? ErrorCode.SIGNATURE : ErrorCode.INVALID_PARAMS, fields);
      }
      const { signature, ...content } = parsed.data;
      const expected = Buffer.from(await sign(content), 'hex');
      if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) throw new AppError(ErrorCode.SIGNATURE, { signature: apiRuleKey('backupFile', 'signature') });
      // each section against its schema for the model it was taken from (a device's own, or the gateway's);
      // a management IP against the gateway's LAN address in the same file, as a restore checks it
      const gatewayModel = content.backup.devices.find((d) => GATEWAY_TYPES.includes(d.type as ConfigDevice['type']));
      const vlan = content.backup.sections.find((e) => e.sn === null && e.section === 'vlan')?.body as VlanSection | undefined;
      const lanIp = vlan?.vlans?.find((v) => v.id === DEFAULT_VLAN_ID)?.ip ?? DEFAULT_LAN.ip;
      const fields: Record<string, string> = {};
      for (const [i, entry] of content.backup.sections.entries()) {
        const device = entry.sn === null ? gatewayModel : content.backup.devices.find((d) => d.sn === entry.sn);
        const model = device ? modelOf(device) : PLANNED_GATEWAY;
        const result = sectionSchemaFor(entry.section, { type: (device?.type ?? model.type) as ConfigDevice['type'], model, lanIp: entry.section === 'mgmt-ip' ? lanIp : '' }).safeParse(entry.body);
        if (!result.success) for (const [k, v] of Object.entries(fieldsOf(result.error))) fields[`backup.sections.${i}.body.${k}`] ??= v;
      }
      if (Object.keys(fields).length) throw new AppError(ErrorCode.INVALID_PARAMS, fields);
      // a restore point replaces its device's one: only for a device of this project, or one this project's file was taken of (removed since: the RMA case)
      if (content.type === 'restore-point' && content.projectId !== project.row.id) {
        const owner = content.sn ? await directory.device(content.sn) : null;
        if (!owner || owner.projectId !== project.row.id) throw new AppError(ErrorCode.INVALID_PARAMS, { sn: apiRuleKey('backupFile', 'device') });
      }
      const device = content.sn ? content.backup.devices.find((d) => d.sn === content.sn) ?? null : null;
      const at = deps.clock();
      const row = await store.insert({
        projectId: project.row.id,
        type: content.type,
        sn: content.sn ?? '',
        device: device ? { model: device.model, mac: device.mac, type: device.type } : null,
        fileName: `${content.sn ?? 'upload'}-${content.type}-${stamp(at)}.json`,
        remark: content.remark,
        origin: 'upload',
        syncState: 'unsynchronized',
        snapshot: content.backup,
        awaiting: [],
        at,
        actor: await deps.actorOf(project.principal.accountId),
      }, (facts) => {
        if (content.type === 'general') checkCapacity(facts);
      });
      return store.toBackup(row);
    },

    /** the project's backup schedule (off until someone sets one), its next run and what the last run did */
    async schedule(project: AuthorisedProject): Promise<BackupScheduleView> {
      wlanOnly(project);
      return scheduleView(await store.schedule(project.row.id), project.row.zone);
    },

    /** a new schedule: its next run counted from now in the project's zone (a run due and not yet taken is replaced by it) */
    async setSchedule(project: AuthorisedProject, input: BackupSchedule): Promise<BackupScheduleView> {
      wlanOnly(project);
      const at = deps.clock();
      const actor = await deps.actorOf(project.principal.accountId);
      const row = await store.saveSchedule(project.row.id, { ...input, nextRunAt: nextBackupRun(input, project.row.zone, at), at, actor });
      return scheduleView(row, project.row.zone);
    },

    /**
     * The run of a schedule due at `dueAt`, by the instance that claimed it. Taken once: a scheduled
     * backup already made since it was due (an instance died before recording it) is that run. It
     * waits for the 3 minutes since the project's newest general backup (spec §9, 187). It deletes
     * only scheduled backups, the oldest beyond `keep`, with the insert; when the 128 general backups
     * leave no room that way (a person's backups are never deleted) the run is skipped.
     */
    async takeScheduled(project: ScheduledProject, keep: number, dueAt: number): Promise<ScheduledRun> {
      if (Number(project.row.net_mode) !== NetMode.WLAN) return { result: 'failed', backupId: null };
      const done = await store.scheduledSince(project.row.id, dueAt);
      if (done) return { result: 'taken', backupId: Number(done.id), before: true };
      const now = deps.clock();
      const refusal = (facts: Pick<BackupFacts, 'general' | 'scheduled' | 'newestGeneralAt'>): ScheduledRun | null => {
        if (facts.newestGeneralAt !== null && now - facts.newestGeneralAt < INTERVAL_MS) return { result: 'wait', until: facts.newestGeneralAt + INTERVAL_MS };
        // the insert deletes the oldest scheduled backups beyond `keep`; a person's are never deleted
        if (facts.general + 1 - Math.max(0, facts.scheduled + 1 - keep) > LIMITS.generalBackupsPerProjectMax) return { result: 'skipped-full', backupId: null };
        return null;
      };
      // first without a snapshot (a waiting run is asked again every pass), then again with the insert, in its transaction: a person's backup taken meanwhile counts
      const { total, scheduled, newestAt } = await store.generalFacts(project.row.id);
      const early = refusal({ general: total, scheduled, newestGeneralAt: newestAt });
      if (early) return early;
      const record = await backupRecord(store, project.row, { type: 'general', device: null, remark: '', origin: 'scheduled', actor: null, keepScheduled: keep }, now);
      try {
        const row = await store.insert(record, (facts) => {
          const late = refusal(facts);
          if (late) throw new ScheduledRefusal(late);
        });
        return { result: 'taken', backupId: Number(row.id) };
      } catch (err) {
        if (err instanceof ScheduledRefusal) return err.run;
        throw err;
      }
    },

    /**
     * A restore point taken by the console before a risky operation (a reset, an upgrade) on a
     * device of a WLAN project; nothing for a MESH project or a device without configuration.
     */
    async beforeOperation(project: { row: { id: number; project_name: string; net_mode: number } }, sn: string, origin: 'before-reset' | 'before-upgrade'): Promise<number | null> {
      if (Number(project.row.net_mode) !== NetMode.WLAN) return null;
      const device = await directory.device(sn);
      if (!device || device.projectId !== project.row.id) return null;
      return Number((await take(project, { type: 'restore-point', device, remark: '', origin, actor: null })).id);
    },
  };
  return service;
}

export type BackupsService = ReturnType<typeof createBackupsService>;
