// The configuration engine's API (ARCHITECTURE §7, docs/config.md): desired versions of a section
// are checked here with the section's contracts schema for the device's model (the form's schema),
// plus what only the server sees (the other gateway sections, VLAN_Default unchanged), then stored
// through the gateway's config directory. Nothing is stored or sent when a check fails.
import {
  apiRuleKey,
  can,
  deviceContext,
  ErrorCode,
  type Action,
  type ConfigSection,
  type ConfigWriteResult,
  type RouteTable,
} from '@airloom/contracts';
import {
  configErrorCode,
  DEFAULT_LAN,
  DEFAULT_VLAN_ID,
  defaultModelOf,
  defaultSection,
  defaultVlanChanged,
  DEVICE_SECTIONS,
  deviceModel,
  gatewayConflicts,
  GATEWAY_SECTIONS,
  isGatewaySection,
  netconfKey,
  sectionApplies,
  sectionSchemaFor,
  type DeviceModel,
  type GatewayConfig,
  type SectionName,
  type VlanSection,
} from '@airloom/contracts/config';
import { AskError, type ConfigDevice, type ConfigDirectory } from '@airloom/gateway/public';
import { AppError } from '../../http/app-error.js';
import { fieldsOf } from '../../http/envelope.js';
import type { AuthorisedProject } from '../../http/project-access.js';
import type { Logger } from '../../logger.js';

export interface ConfigServiceDeps {
  directory: ConfigDirectory;
  /** how the history names the account that wrote a change (its e-mail or phone) */
  actorOf(accountId: number): Promise<string | null>;
  logger: Logger;
}

/** the section is not one this device has */
const NOT_HERE = { section: apiRuleKey('configSection', 'value') };

/** the catalogue row of a device: its own model's, else its type's default */
export function modelOf(device: { model: string; type: string }): DeviceModel {
  return deviceModel(device.model) ?? defaultModelOf(device.type as ConfigDevice['type']);
}

/** what a reader sees in place of a password: that there is one, not what it is */
export const HIDDEN_PASSWORD = '••••••••';

/** a WAN section with its lines' passwords hidden */
function withoutPasswords(body: Record<string, unknown>): Record<string, unknown> {
  const lines = (body.lines as Record<string, unknown>[] | undefined) ?? [];
  return { ...body, lines: lines.map((l) => ('password' in l ? { ...l, password: HIDDEN_PASSWORD } : l)) };
}

/** the catalogue row a project without a gateway plans its gateway settings with */
export const PLANNED_GATEWAY = defaultModelOf('router');

/** can()'s answer for changing this device (or the project's gateway settings) as an AppError; callers of checkConfigWrites ask it first (a name given when adding a device that never connected is stored without it) */
export function allow(project: AuthorisedProject, action: Action, device: ConfigDevice | null): void {
  const decision = can(project.principal, action, { ...project.ctx, device: device ? deviceContext(device) : undefined });
  if (!decision.ok) throw new AppError(decision.code);
}

/** one desired version about to be written: whose it is ('' = the project's gateway sections), where it goes, its body */
export interface PlannedWrite {
  owner: string;
  section: SectionName;
  /** the device it goes to now (a gateway section: the project's gateway, null while there is none) */
  target: ConfigDevice | null;
  model: DeviceModel;
  body: unknown;
}

/**
 * The LAN address of the gateway's VLAN section as planned. A planned body is read before its schema
 * checks it, so it may be anything a client sent (`{"vlans":[null]}`, `{"vlans":"x"}`): such a write is
 * refused below with its field, and the address falls back to the default meanwhile.
 */
function plannedLanIp(vlan: unknown): string {
  const vlans = (vlan as { vlans?: unknown } | null | undefined)?.vlans;
  const lan: unknown = Array.isArray(vlans) ? vlans.find((v) => typeof v === 'object' && v !== null && (v as { id?: unknown }).id === DEFAULT_VLAN_ID) : undefined;
  const ip = (lan as { ip?: unknown } | undefined)?.ip;
  return typeof ip === 'string' ? ip : DEFAULT_LAN.ip;
}

/**
 * The one check of configuration writes (a configuration API write is one, a restore several at once):
 * each body against its section's schema for the device's model, then the gateway's
 * sections as one whole with every planned one in place (VLAN_Default unchanged; spec §5 segments
 * across WAN, LAN, VLAN, PPPoE, PPTP and L2TP). Answers the parsed bodies in order; a refusal throws
 * the spec's code with every failing field named by `fieldOf`, and nothing has been written.
 */
export async function checkConfigWrites(
  directory: ConfigDirectory,
  project: AuthorisedProject,
  writes: readonly PlannedWrite[],
  fieldOf: (write: { owner: string; section: string }, path: string) => string,
): Promise<Record<string, unknown>[]> {
  const gatewayWrites = writes.filter((w) => isGatewaySection(w.section));
  const stored: GatewayConfig & Record<string, unknown> = {};
  if (gatewayWrites.length || writes.some((w) => w.section === 'mgmt-ip')) {
    const gatewayModel = gatewayWrites[0]?.model ?? PLANNED_GATEWAY;
    for (const s of GATEWAY_SECTIONS) stored[s] = ((await directory.read(project.row.id, directory.PROJECT, s, null)).body ?? defaultSection(s, gatewayModel)) as never;
  }
  const next: GatewayConfig & Record<string, unknown> = { ...stored };
  for (const w of gatewayWrites) next[w.section] = w.body as never;
  // a switch's management IP must differ from the gateway's LAN address as it will be
  const lanIp = plannedLanIp(next.vlan);
  const fields: Record<string, string> = {};
  const messages: string[] = [];
  const parsed: Record<string, unknown>[] = [];
  for (const w of writes) {
    const schema = sectionSchemaFor(w.section, { type: w.target?.type ?? w.model.type, model: w.model, lanIp: w.section === 'mgmt-ip' ? lanIp : '' });
    const result = schema.safeParse(w.body);
    if (!result.success) {
      messages.push(...result.error.issues.map((i) => i.message));
      for (const [k, v] of Object.entries(fieldsOf(result.error))) fields[fieldOf(w, k)] ??= v;
      continue;
    }
    parsed.push(result.data as Record<string, unknown>);
    if (isGatewaySection(w.section)) next[w.section] = result.data as never;
  }
  if (Object.keys(fields).length) throw new AppError(configErrorCode(messages), fields);
  if (gatewayWrites.length) {
    const vlanWrite = gatewayWrites.find((w) => w.section === 'vlan');
    if (vlanWrite && defaultVlanChanged(stored.vlan, next.vlan as VlanSection)) fields[fieldOf(vlanWrite, 'vlans')] = netconfKey('vlanTable', 'defaultFixed');
    for (const issue of gatewayConflicts(next)) fields[fieldOf({ owner: directory.PROJECT, section: issue.section }, issue.path.join('.'))] ??= issue.message;
    if (Object.keys(fields).length) throw new AppError(configErrorCode(Object.values(fields)), fields);
  }
  return parsed;
}

export function createConfigService(deps: ConfigServiceDeps) {
  const { directory } = deps;

  /** the project's gateway: null while it has none; two are refused for writes (67) */
  async function gatewayOf(project: AuthorisedProject, forWrite: boolean): Promise<ConfigDevice | null> {
    const gateways = await directory.gateways(project.row.id);
    if (gateways.length > 1 && forWrite) throw new AppError(ErrorCode.ONE_GATEWAY_PER_PROJECT);
    return gateways[0] ?? null;
  }

  /** a device of the project that has this section; any other SN is answered as missing */
  async function deviceOf(project: AuthorisedProject, sn: string, section: SectionName): Promise<ConfigDevice> {
    const device = await directory.device(sn);
    if (!device || device.projectId !== project.row.id) throw new AppError(ErrorCode.DATA_NOT_FOUND);
    if (!sectionApplies(section, { type: device.type, model: modelOf(device) })) throw new AppError(ErrorCode.INVALID_PARAMS, NOT_HERE);
    return device;
  }

  async function view(project: AuthorisedProject, owner: string, section: SectionName, target: ConfigDevice | null, model: DeviceModel): Promise<ConfigSection> {
    const stored = await directory.read(project.row.id, owner, section, target);
    const body = stored.body ?? defaultSection(section, model, target?.name ?? '');
    return {
      section,
      sn: target?.sn ?? null,
      version: stored.version,
      appliedVersion: stored.appliedVersion,
      state: stored.state,
      // whoever may not change the WAN does not read its passwords either (a read-only guest, the demo, a read-only key)
      body: section === 'wan' && !can(project.principal, 'network.configure', project.ctx).ok ? withoutPasswords(body) : body,
      updatedAt: stored.updatedAt,
      updatedBy: stored.updatedBy,
      error: stored.error,
    };
  }

  async function write(project: AuthorisedProject, owner: string, section: SectionName, body: Record<string, unknown>, target: ConfigDevice | null, revertOf?: number): Promise<ConfigWriteResult> {
    const model = target ? modelOf(target) : PLANNED_GATEWAY;
    // fields named as the form has them; a conflict with another gateway section as `_<section>.<path>`
    const [value] = await checkConfigWrites(directory, project, [{ owner, section, target, model, body }], (w, path) => (w.section === section ? path : `_${w.section}.${path}`));
    const actor = await deps.actorOf(project.principal.accountId);
    const initial = defaultSection(section, model, target?.name ?? '');
    const { version } = await directory.write({ projectId: project.row.id, sn: owner, section, body: value!, actor, revertOf, initial });
    const stored = await directory.read(project.row.id, owner, section, target);
    return { version, status: stored.state };
  }

  return {
    async getGateway(project: AuthorisedProject, section: SectionName): Promise<ConfigSection> {
      const gateway = await gatewayOf(project, false);
      const model = gateway ? modelOf(gateway) : PLANNED_GATEWAY;
      if (gateway && !sectionApplies(section, { type: gateway.type, model })) throw new AppError(ErrorCode.INVALID_PARAMS, NOT_HERE);
      return view(project, directory.PROJECT, section, gateway, model);
    },

    async putGateway(project: AuthorisedProject, section: SectionName, body: Record<string, unknown>): Promise<ConfigWriteResult> {
      const gateway = await gatewayOf(project, true);
      allow(project, 'network.configure', gateway);
      if (gateway && !sectionApplies(section, { type: gateway.type, model: modelOf(gateway) })) throw new AppError(ErrorCode.INVALID_PARAMS, NOT_HERE);
      return write(project, directory.PROJECT, section, body, gateway);
    },

    async getDevice(project: AuthorisedProject, sn: string, section: SectionName): Promise<ConfigSection> {
      const device = await deviceOf(project, sn, section);
      return view(project, sn, section, device, modelOf(device));
    },

    async putDevice(project: AuthorisedProject, sn: string, section: SectionName, body: Record<string, unknown>): Promise<ConfigWriteResult> {
      const device = await deviceOf(project, sn, section);
      allow(project, 'device.configure', device);
      return write(project, sn, section, body, device);
    },

    history: (project: AuthorisedProject, filter: { section?: string; sn?: string }) => directory.history(project.row.id, filter).then((items) => ({ items })),

    /** an earlier change's body becomes the desired version again, checked like any write */
    async revert(project: AuthorisedProject, changeId: number): Promise<ConfigWriteResult> {
      const found = await directory.change(project.row.id, changeId);
      if (!found) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      const section = found.change.section;
      if (found.owner === directory.PROJECT) {
        const gateway = await gatewayOf(project, true);
        allow(project, 'network.configure', gateway);
        return write(project, directory.PROJECT, section, found.body, gateway, changeId);
      }
      const device = await deviceOf(project, found.owner, section);
      allow(project, 'device.configure', device);
      return write(project, found.owner, section, found.body, device, changeId);
    },

    async routeTable(project: AuthorisedProject): Promise<RouteTable> {
      const gateway = await gatewayOf(project, false);
      if (!gateway) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      if (!deviceContext(gateway).online) throw new AppError(ErrorCode.DEVICE_OFFLINE);
      try {
        return await directory.routeTable(gateway);
      } catch (err) {
        if (!(err instanceof AskError)) throw err;
        deps.logger.warn({ err, sn: gateway.sn }, 'route table not read from the device');
        throw new AppError(ErrorCode.DEVICE_OFFLINE);
      }
    },

    /**
     * Copy configuration (spec §1; ARCHITECTURE §7: just new desired versions): every section the
     * source holds becomes the target's, checked like any write. Not its name or management IP, which
     * are the device's own; only between devices of one model (915).
     */
    async copyFrom(project: AuthorisedProject, sn: string, from: string): Promise<{ sn: string; from: string; sections: string[] }> {
      const [target, source] = [await directory.device(sn), await directory.device(from)];
      if (!target || target.projectId !== project.row.id || !source || source.projectId !== project.row.id) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      if (sn === from) throw new AppError(ErrorCode.INVALID_PARAMS, { from: 'apiErrors.devices.copySame' });
      allow(project, 'device.configure', target);
      if (target.model !== source.model) throw new AppError(ErrorCode.COPY_CONFIG_OTHER_MODEL);
      const sections: string[] = [];
      for (const section of DEVICE_SECTIONS) {
        if (section === 'name' || section === 'mgmt-ip' || !sectionApplies(section, { type: source.type, model: modelOf(source) })) continue;
        const stored = await directory.read(project.row.id, from, section, source);
        if (stored.body === null) continue;
        await write(project, sn, section, stored.body as Record<string, unknown>, target);
        sections.push(section);
      }
      return { sn, from, sections };
    },

    /**
     * The device list's rename and a name given when adding: the name section, checked and stored
     * like any; the caller has checked the device (adding one that never connected names it too).
     */
    async storeName(project: AuthorisedProject, sn: string, name: string): Promise<void> {
      const device = await deviceOf(project, sn, 'name');
      await write(project, sn, 'name', { name }, device);
    },
  };
}

export type ConfigService = ReturnType<typeof createConfigService>;
