// Configuration sections (ARCHITECTURE §7): desired configuration is stored per project or per
// device as one versioned document per section. A section's body is a zod schema registered here;
// the form, the API and the stored document validate with the same schema.
//
// Adding a section: write its schema in `contracts/src/config/<section>.ts` and add one line to
// SECTION_SCHEMAS below. Its renderer is registered with one line in gateway/src/config/renderers.ts.
import { z } from 'zod';
import type { DeviceType } from '../domain/device.js';
import { DEFAULT_VLAN_NAME } from '../domain/network.js';
import { portOf, type DeviceModel } from '../domain/models.js';
import { name } from '../rules/names.js';
import { DEFAULT_VLAN_ID, dhcpSectionFor, portmapSectionFor, routesSectionFor, vlanSectionFor, wanSectionFor } from './gateway.js';
import { defaultRadioSection, defaultRoamingSection, radioSectionFor, roamingSectionFor } from './radio.js';
import { WirelessPoliciesSectionSchema } from './wireless-policies.js';
import { mgmtIpSectionFor, poeSectionFor, POE_PORT_MAX_W, switchDhcpSectionFor, switchPortsSectionFor, switchVlanSectionFor } from './switch.js';

/** every section the engine knows, in the order pages list them */
export const SECTION_NAMES = [
  'name',
  'wan',
  'vlan',
  'dhcp',
  'routes',
  'portmap',
  'mgmt-ip',
  'switch-ports',
  'switch-vlan',
  'switch-dhcp',
  'poe',
  'wifi-acl',
  'radio',
  'roaming',
  'wireless-policies',
] as const;
export type SectionName = (typeof SECTION_NAMES)[number];

/** sections held per project and applied to the project's gateway device (at most one per project) */
export const GATEWAY_SECTIONS = ['wan', 'vlan', 'dhcp', 'routes', 'portmap'] as const satisfies readonly SectionName[];
export type GatewaySectionName = (typeof GATEWAY_SECTIONS)[number];

/**
 * sections held per project and applied to each of the project's Wi-Fi devices (WIRELESS_TYPES);
 * the renderer picks what reaches the device (docs/wireless.md)
 */
export const WIRELESS_PROJECT_SECTIONS = ['wireless-policies'] as const satisfies readonly SectionName[];
/** device types that carry the project's wireless policies */
export const WIRELESS_TYPES: readonly DeviceType[] = ['ap', 'mesh', 'wrouter'];

export function isWirelessProjectSection(section: string): boolean {
  return (WIRELESS_PROJECT_SECTIONS as readonly string[]).includes(section);
}

/** sections held per device */
export const DEVICE_SECTIONS = ['name', 'mgmt-ip', 'switch-ports', 'switch-vlan', 'switch-dhcp', 'poe', 'wifi-acl', 'radio', 'roaming'] as const satisfies readonly SectionName[];
export type DeviceSectionName = (typeof DEVICE_SECTIONS)[number];

/** sections whose change can cut a device off the cloud: sent with a rollback timer (safe apply) */
export const SAFE_APPLY_SECTIONS: readonly SectionName[] = ['wan', 'mgmt-ip', 'switch-vlan'];

/**
 * Whether this change is sent with a rollback timer: any WAN or management IP change; a switch's
 * VLANs only when what carries its own traffic changes — the management VLAN or QVLAN mode (a new
 * camera VLAN cannot cut the switch off, and need not wait for the timer's confirmation).
 */
export function needsSafeApply(section: SectionName, previous: unknown, next: unknown): boolean {
  if (!SAFE_APPLY_SECTIONS.includes(section)) return false;
  if (section !== 'switch-vlan') return true;
  const before = previous as { qvlan?: boolean; mgmtVlan?: number };
  const after = next as { qvlan?: boolean; mgmtVlan?: number };
  return before.qvlan !== after.qvlan || before.mgmtVlan !== after.mgmtVlan;
}

export const SectionNameSchema = z.enum(SECTION_NAMES);
export const GatewaySectionNameSchema = z.enum(GATEWAY_SECTIONS);
export const DeviceSectionNameSchema = z.enum(DEVICE_SECTIONS);

export function isGatewaySection(section: string): section is GatewaySectionName {
  return (GATEWAY_SECTIONS as readonly string[]).includes(section);
}

export function isDeviceSection(section: string): section is DeviceSectionName {
  return (DEVICE_SECTIONS as readonly string[]).includes(section);
}

/** `name`: the device's name, by the spec's name rule */
export const NameSectionSchema = z.object({ name });
export type NameSection = z.output<typeof NameSectionSchema>;

/**
 * `wifi-acl`: the MACs no AccessPoint of the device lets associate — the project's blacklist (spec §9:
 * at most 100), written to every Wi-Fi device of the project whenever the blacklist changes.
 */
export const WifiAclSectionSchema = z.object({
  denied: z
    .array(z.string().regex(/^[0-9A-F]{2}(:[0-9A-F]{2}){5}$/, { error: 'rules.macAddress.format' }))
    .max(100, { error: 'rules.blacklistNote.length' }),
});
export type WifiAclSection = z.output<typeof WifiAclSectionSchema>;

/** what a section's schema needs to know of the device it is for */
export interface SectionFacts {
  type: DeviceType;
  model: DeviceModel;
  /** the device's LAN address as it reports it (mgmt-ip must differ); empty when unknown */
  lanIp: string;
}

/** device types that can be a project's gateway (spec §2: the router/gateway device, one per project) */
export const GATEWAY_TYPES: readonly DeviceType[] = ['router', 'wrouter'];

/**
 * Whether a section exists on such a device: gateway sections on the project's router (a wireless
 * router's DHCP is not configurable here, spec §2 notice), switch sections and mgmt-ip on switches,
 * PoE on switches with PoE ports, the name everywhere.
 */
export function sectionApplies(section: SectionName, facts: Pick<SectionFacts, 'type' | 'model'>): boolean {
  if (section === 'name') return true;
  // every device with Wi-Fi radios keeps the project's blacklist
  if (section === 'wifi-acl') return facts.model.bands.length > 0;
  if (isWirelessProjectSection(section)) return WIRELESS_TYPES.includes(facts.type);
  if (isGatewaySection(section)) return GATEWAY_TYPES.includes(facts.type) && !(section === 'dhcp' && facts.type === 'wrouter');
  // radio settings and the roaming tuner on every device with a Wi-Fi radio
  if (section === 'radio' || section === 'roaming') return facts.model.bands.length > 0;
  if (facts.type !== 'switch') return false;
  return section !== 'poe' || facts.model.ports.poe > 0;
}

/** The one schema a section's body is checked with, in the form and on the server, for this device. */
export function sectionSchemaFor(section: SectionName, facts: SectionFacts): z.ZodType {
  switch (section) {
    case 'name': return NameSectionSchema;
    case 'wan': return wanSectionFor(facts.model);
    case 'vlan': return vlanSectionFor(facts.model);
    case 'dhcp': return dhcpSectionFor(facts.model);
    case 'routes': return routesSectionFor(facts.model);
    case 'portmap': return portmapSectionFor(facts.model);
    case 'mgmt-ip': return mgmtIpSectionFor(facts.lanIp);
    case 'switch-ports': return switchPortsSectionFor(facts.model);
    case 'switch-vlan': return switchVlanSectionFor(facts.model);
    case 'switch-dhcp': return switchDhcpSectionFor(facts.model);
    case 'poe': return poeSectionFor(facts.model);
    case 'wifi-acl': return WifiAclSectionSchema;
    case 'radio': return radioSectionFor(facts.model);
    case 'roaming': return roamingSectionFor(facts.model);
    case 'wireless-policies': return WirelessPoliciesSectionSchema;
  }
}

/** the LAN a gateway starts with before anybody configures it */
export const DEFAULT_LAN = { ip: '192.168.1.1', mask: 24 } as const;

/**
 * What a section holds before its first write: the factory settings of the model, so a page has a
 * form to start from (recorded in docs/decisions.md). `name` starts from the device's current name.
 */
export function defaultSection(section: SectionName, model: DeviceModel, currentName = ''): Record<string, unknown> {
  const ports = Array.from({ length: model.ports.count }, (_, i) => i + 1);
  switch (section) {
    case 'name': return { name: currentName };
    case 'wan': return { lines: [{ mode: 'dhcp' }] };
    case 'vlan': return { vlans: [{ id: DEFAULT_VLAN_ID, name: DEFAULT_VLAN_NAME, ...DEFAULT_LAN }] };
    case 'dhcp':
    case 'switch-dhcp': return { modes: { server: false, relay: false, snooping: false }, pools: [] };
    case 'routes': return { routes: [] };
    case 'portmap': return { rules: [] };
    case 'mgmt-ip': return { ip: '192.168.1.2', mask: 24, gateway: DEFAULT_LAN.ip, vlan: 1 };
    case 'switch-ports': return { ports: ports.map((port) => ({ port, enabled: true, rate: 'auto', duplex: 'auto', remark: '' })) };
    case 'switch-vlan': return { qvlan: false, mgmtVlan: 1, mutualAccess: true, vlans: [], ports: [] };
    case 'radio': return defaultRadioSection(model);
    case 'roaming': return defaultRoamingSection(model);
    case 'wireless-policies': return { policies: [] };
    case 'poe': {
      // every PoE port on, the budget shared evenly (an 802.3at port gives at most 30 W)
      const poePorts = ports.filter((p) => portOf(model, p)?.poe);
      const powerW = Math.min(POE_PORT_MAX_W, Math.floor((model.ports.poeBudgetW / Math.max(1, poePorts.length)) * 10) / 10);
      return { ports: poePorts.map((port) => ({ port, enabled: true, powerW })) };
    }
    case 'wifi-acl': return { denied: [] };
  }
}
