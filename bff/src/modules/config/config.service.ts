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

function modelOf(device: Pick<ConfigDevice, 'model' | 'type'>): DeviceModel {
  return deviceModel(device.model) ?? defaultModelOf(device.type);
}

/** what a reader sees in place of a password: that there is one, not what it is */
export const HIDDEN_PASSWORD = '••••••••';

/** a WAN section with its lines' passwords hidden */
function withoutPasswords(body: Record<string, unknown>): Record<string, unknown> {
  const lines = (body.lines as Record<string, unknown>[] | undefined) ?? [];
  return { ...body, lines: lines.map((l) => ('password' in l ? { ...l, password: HIDDEN_PASSWORD } : l)) };
}

/** the catalogue row a project without a gateway plans its gateway settings with */
const PLANNED_GATEWAY = defaultModelOf('router');

export function createConfigService(deps: ConfigServiceDeps) {
  const { directory } = deps;

  function allow(project: AuthorisedProject, action: Action, device: ConfigDevice | null): void {
    const decision = can(project.principal, action, { ...project.ctx, device: device ? deviceContext(device) : undefined });
    if (!decision.ok) throw new AppError(decision.code);
  }

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

  /** the gateway's LAN address as configured (a switch's management IP must differ from it) */
  async function lanIpOf(projectId: number): Promise<string> {
    const vlan = (await directory.read(projectId, directory.PROJECT, 'vlan', null)).body as VlanSection | null;
    return vlan?.vlans.find((v) => v.id === DEFAULT_VLAN_ID)?.ip ?? DEFAULT_LAN.ip;
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

  /** the body checked with the section's schema and what only the server can see; refusals carry the spec's code and the fields */
  async function check(project: AuthorisedProject, owner: string, section: SectionName, target: ConfigDevice | null, model: DeviceModel, body: unknown) {
    const schema = sectionSchemaFor(section, { type: target?.type ?? model.type, model, lanIp: section === 'mgmt-ip' ? await lanIpOf(project.row.id) : '' });
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new AppError(configErrorCode(parsed.error.issues.map((i) => i.message)), fieldsOf(parsed.error));
    const value = parsed.data as Record<string, unknown>;
    if (!isGatewaySection(section)) return value;
    const stored: GatewayConfig & Record<string, unknown> = {};
    for (const s of GATEWAY_SECTIONS) {
      const read = await directory.read(project.row.id, owner, s, null);
      stored[s] = (read.body ?? defaultSection(s, model)) as never;
    }
    const fields: Record<string, string> = {};
    if (section === 'vlan' && defaultVlanChanged(stored.vlan, value as VlanSection)) {
      fields['vlans'] = netconfKey('vlanTable', 'defaultFixed');
    }
    // spec §5: segments across WAN, LAN, VLAN, PPPoE, PPTP and L2TP, with the new section in place
    for (const issue of gatewayConflicts({ ...stored, [section]: value })) {
      const key = issue.section === section ? issue.path.join('.') : `_${issue.section}.${issue.path.join('.')}`;
      fields[key] ??= issue.message;
    }
    if (Object.keys(fields).length) throw new AppError(configErrorCode(Object.values(fields)), fields);
    return value;
  }

  async function write(project: AuthorisedProject, owner: string, section: SectionName, body: Record<string, unknown>, target: ConfigDevice | null, revertOf?: number): Promise<ConfigWriteResult> {
    const model = target ? modelOf(target) : PLANNED_GATEWAY;
    const value = await check(project, owner, section, target, model, body);
    const actor = await deps.actorOf(project.principal.accountId);
    const initial = defaultSection(section, model, target?.name ?? '');
    const { version } = await directory.write({ projectId: project.row.id, sn: owner, section, body: value, actor, revertOf, initial });
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
