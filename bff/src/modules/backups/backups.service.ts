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
  deviceContext,
  ErrorCode,
  LIMITS,
  NetMode,
  type Action,
  type Backup,
  type BackupDetail,
  type BackupDiff,
  type BackupFile,
  type BackupList,
  type BackupSection,
  type BackupSnapshot,
  type RestoreResult,
} from '@airloom/contracts';
import {
  configErrorCode,
  DEFAULT_LAN,
  DEFAULT_VLAN_ID,
  defaultModelOf,
  defaultSection,
  defaultVlanChanged,
  deviceModel,
  gatewayConflicts,
  GATEWAY_SECTIONS,
  isGatewaySection,
  netconfKey,
  sectionApplies,
  sectionSchemaFor,
  type DeviceModel,
  type GatewayConfig,
  type VlanSection,
} from '@airloom/contracts/config';
import { diffBodies, hideSecretValues, withoutSecrets, type AwaitedVersion, type BackupOrigin, type BackupRow, type BackupStore, type ConfigDevice, type ConfigDirectory } from '@airloom/gateway/public';
import { AppError } from '../../http/app-error.js';
import { fieldsOf } from '../../http/envelope.js';
import type { AuthorisedProject } from '../../http/project-access.js';

export interface BackupsServiceDeps {
  store: BackupStore;
  directory: ConfigDirectory;
  actorOf(accountId: number): Promise<string | null>;
  clock: () => number;
}

/** the catalogue row a project without a gateway plans its gateway settings with */
const PLANNED_GATEWAY = defaultModelOf('router');
const INTERVAL_MS = LIMITS.backupMinIntervalMinutes * 60_000;

function modelOf(device: { model: string; type: string }): DeviceModel {
  return deviceModel(device.model) ?? defaultModelOf(device.type as ConfigDevice['type']);
}

const stamp = (at: number) => new Date(at).toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** what a downloaded file signs: its content in the schema's key order, whatever order the file had */
function signedText(file: Omit<BackupFile, 'signature'>): string {
  const { format, version, projectId, type, sn, remark, backup } = file;
  return JSON.stringify({ format, version, projectId, type, sn, remark, backup: BackupSnapshotSchema.parse(backup) });
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

  function allow(project: AuthorisedProject, action: Action, device: ConfigDevice | null): void {
    const decision = can(project.principal, action, { ...project.ctx, device: device ? deviceContext(device) : undefined });
    if (!decision.ok) throw new AppError(decision.code);
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
  async function take(project: AuthorisedProject | { row: { id: number; project_name: string } }, input: { type: 'general' | 'restore-point'; device: ConfigDevice | null; remark: string; origin: BackupOrigin; actor: string | null }): Promise<BackupRow> {
    const at = deps.clock();
    const { snapshot, awaiting, failed } = await store.snapshot(project.row.id, input.device?.sn);
    const mac = input.device ? (snapshot.devices.find((d) => d.sn === input.device?.sn)?.mac ?? '') : '';
    const subject = input.device ? input.device.sn : project.row.project_name.replace(/[^\w.-]+/g, '_').slice(0, 60);
    return store.insert({
      projectId: project.row.id,
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
    });
  }

  function snapshotOf(row: BackupRow): BackupSnapshot {
    return BackupSnapshotSchema.parse(JSON.parse(row.snapshot_json));
  }

  /**
   * The sections a restore writes: the backup's entries picked by devices and sections, each with
   * the device it goes to now. A restore point given another SN of the same model goes to that
   * device (the RMA case: a replaced device gets the old one's configuration).
   */
  async function plan(project: AuthorisedProject, row: BackupRow, pick: { sns?: string[]; sections?: string[] }): Promise<Planned[]> {
    const snapshot = snapshotOf(row);
    const gateways = await directory.gateways(project.row.id);
    const gateway = gateways[0] ?? null;
    const oldGateway = snapshot.devices.find((d) => d.type === 'router' || d.type === 'wireless-router')?.sn ?? null;
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
    const planned: Planned[] = [];
    for (const entry of snapshot.sections.filter(wanted)) {
      if (entry.sn === null) {
        if (gateways.length > 1) throw new AppError(ErrorCode.ONE_GATEWAY_PER_PROJECT);
        planned.push({ entry, owner: directory.PROJECT, target: gateway, model: gateway ? modelOf(gateway) : PLANNED_GATEWAY, body: entry.body });
        continue;
      }
      const sn = remap && entry.sn === remap.from ? remap.to.sn : entry.sn;
      const target = remap && sn === remap.to.sn ? remap.to : await projectDevice(project, sn);
      if (!sectionApplies(entry.section, { type: target.type, model: modelOf(target) })) continue;
      planned.push({ entry, owner: sn, target, model: modelOf(target), body: entry.body });
    }
    return planned;
  }

  /** each section as a write of the configuration API would check it, gateway sections as one whole */
  async function check(project: AuthorisedProject, planned: Planned[]): Promise<Planned[]> {
    const fields: Record<string, string> = {};
    const stored: GatewayConfig & Record<string, unknown> = {};
    const gatewayModel = planned.find((p) => p.owner === directory.PROJECT)?.model ?? PLANNED_GATEWAY;
    for (const s of GATEWAY_SECTIONS) stored[s] = ((await directory.read(project.row.id, directory.PROJECT, s, null)).body ?? defaultSection(s, gatewayModel)) as never;
    const next: GatewayConfig & Record<string, unknown> = { ...stored };
    for (const p of planned) if (p.owner === directory.PROJECT) next[p.entry.section] = p.body as never;
    const lanIp = (next.vlan as VlanSection | undefined)?.vlans.find((v) => v.id === DEFAULT_VLAN_ID)?.ip ?? DEFAULT_LAN.ip;
    const checked: Planned[] = [];
    for (const [i, p] of planned.entries()) {
      const prefix = `${p.owner || 'gateway'}.${p.entry.section}`;
      allow(project, isGatewaySection(p.entry.section) ? 'network.configure' : 'device.configure', p.target);
      const schema = sectionSchemaFor(p.entry.section, { type: p.target?.type ?? p.model.type, model: p.model, lanIp: p.entry.section === 'mgmt-ip' ? lanIp : '' });
      const parsed = schema.safeParse(p.body);
      if (!parsed.success) {
        for (const [k, v] of Object.entries(fieldsOf(parsed.error))) fields[`${prefix}.${k}`] ??= v;
        continue;
      }
      checked[i] = { ...p, body: parsed.data as Record<string, unknown> };
    }
    if (planned.some((p) => p.owner === directory.PROJECT)) {
      if (defaultVlanChanged(stored.vlan, next.vlan as VlanSection)) fields['gateway.vlan.vlans'] = netconfKey('vlanTable', 'defaultFixed');
      // spec §5: segments across WAN, LAN, VLAN, PPPoE, PPTP and L2TP, with every restored section in place
      for (const issue of gatewayConflicts(next)) fields[`gateway.${issue.section}.${issue.path.join('.')}`] ??= issue.message;
    }
    if (Object.keys(fields).length) throw new AppError(configErrorCode(Object.values(fields)), fields);
    return checked;
  }

  async function refreshed(projectId: number): Promise<BackupRow[]> {
    await store.refreshSyncStates(projectId);
    return store.list(projectId);
  }

  async function checkCapacity(projectId: number): Promise<void> {
    if ((await store.countGeneral(projectId)) >= LIMITS.generalBackupsPerProjectMax) throw new AppError(ErrorCode.INVALID_PARAMS, { _: apiRuleKey('backupLimit', 'count') });
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
      if (input.type === 'general') await checkCapacity(project.row.id);
      // spec §9 / 187: a person's backups of one kind (the project's general ones, a device's restore point) at least 3 minutes apart
      const last = await store.lastManualAt(project.row.id, input.type, device?.sn);
      if (last !== null && deps.clock() - last < INTERVAL_MS) throw new AppError(ErrorCode.BACKUP_INTERVAL);
      const actor = await deps.actorOf(project.principal.accountId);
      return store.toBackup(await take(project, { type: input.type, device, remark: input.remark ?? '', origin: 'manual', actor }));
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

    /** per section, what a restore would change: desired now → the backup, field by field (sections already equal are left out) */
    async diff(project: AuthorisedProject, id: number): Promise<BackupDiff> {
      wlanOnly(project);
      const row = await found(project, id);
      const planned = await plan(project, row, {});
      const sections: BackupDiff['sections'] = [];
      for (const p of planned) {
        const now = (await directory.read(project.row.id, p.owner, p.entry.section, p.target)).body ?? defaultSection(p.entry.section, p.model, p.target?.name ?? '');
        const changes = diffBodies(now, p.body);
        if (changes.length) sections.push({ sn: p.owner === directory.PROJECT ? null : p.owner, section: p.entry.section, target: p.target?.sn ?? null, changes: withoutSecrets(changes) });
      }
      return { sections };
    },

    async restore(project: AuthorisedProject, id: number, pick: { sns?: string[]; sections?: string[] }): Promise<RestoreResult> {
      wlanOnly(project);
      const row = await found(project, id);
      const planned = await check(project, await plan(project, row, pick));
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
      if (awaiting.length && (await store.find(project.row.id, id))) await store.setSyncState(id, 'synchronizing', awaiting);
      return { written, unchanged: planned.length - changed.length, restorePoints };
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
      // each section against its schema for the model it was taken from (a device's own, or the gateway's)
      const gatewayModel = content.backup.devices.find((d) => d.type === 'router' || d.type === 'wireless-router');
      const fields: Record<string, string> = {};
      for (const [i, entry] of content.backup.sections.entries()) {
        const device = entry.sn === null ? gatewayModel : content.backup.devices.find((d) => d.sn === entry.sn);
        const model = device ? modelOf(device) : PLANNED_GATEWAY;
        const result = sectionSchemaFor(entry.section, { type: (device?.type ?? model.type) as ConfigDevice['type'], model, lanIp: '' }).safeParse(entry.body);
        if (!result.success && entry.section !== 'mgmt-ip') for (const [k, v] of Object.entries(fieldsOf(result.error))) fields[`backup.sections.${i}.body.${k}`] ??= v;
      }
      if (Object.keys(fields).length) throw new AppError(ErrorCode.INVALID_PARAMS, fields);
      if (content.type === 'general') await checkCapacity(project.row.id);
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
      });
      return store.toBackup(row);
    },

    /**
     * A restore point taken by the console before a risky operation (a reset, an upgrade) on a
     * device of a WLAN project; nothing for a MESH project or a device without configuration.
     */
    async beforeOperation(project: { row: { id: number; project_name: string; net_mode: number } }, sn: string, origin: 'before-reset'): Promise<number | null> {
      if (Number(project.row.net_mode) !== NetMode.WLAN) return null;
      const device = await directory.device(sn);
      if (!device || device.projectId !== project.row.id) return null;
      return Number((await take(project, { type: 'restore-point', device, remark: '', origin, actor: null })).id);
    },
  };
  return service;
}

export type BackupsService = ReturnType<typeof createBackupsService>;
