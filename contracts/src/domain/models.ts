// One table of device models (ARCHITECTURE §5): what each model physically has and the per-model
// limits the spec leaves open as {num}. The simulator, the configuration sections and the screens
// read it; other features extend a row rather than keep their own copy. Values chosen here are
// recorded in docs/decisions/config.md.
import { LIMITS } from '../limits.js';
import type { DeviceType } from './device.js';

export type PortKind = 'ethernet' | 'sfp';

export interface ModelPorts {
  /** all physical ports, numbered 1…count */
  count: number;
  /** ports 1…poe give PoE; 0 without PoE */
  poe: number;
  /** the last `sfp` ports are SFP cages (never PoE) */
  sfp: number;
  /** W the PoE ports may draw together (spec §3 "PoE power: total"); 0 without PoE */
  poeBudgetW: number;
}

/** Rule counts the spec shows only as {num}; 0 where the model has no such setting. */
export interface ModelRuleLimits {
  vlans: number;
  dhcpPools: number;
  staticRoutes: number;
  portMappings: number;
}

export interface DeviceModel {
  model: string;
  type: DeviceType;
  ports: ModelPorts;
  /** WAN lines (WAN1, WAN2…); 0 for devices without a WAN */
  wanLines: number;
  /** the VLAN IDs this model accepts (spec §5 device-specific range, default 10–4094) */
  minVlan: number;
  maxVlan: number;
  limits: ModelRuleLimits;
  bands: readonly ('2.4GHz' | '5GHz')[];
}

const NO_RULES: ModelRuleLimits = { vlans: 0, dhcpPools: 0, staticRoutes: 0, portMappings: 0 };
const VLAN_DEFAULT = { minVlan: LIMITS.deviceVlanRangeDefaultMin, maxVlan: LIMITS.deviceVlanRangeDefaultMax };
const DUAL = ['2.4GHz', '5GHz'] as const;

function plainPorts(count: number): ModelPorts {
  return { count, poe: 0, sfp: 0, poeBudgetW: 0 };
}

export const DEVICE_MODELS = [
  {
    model: 'AL-GW1200', type: 'router', ports: plainPorts(5), wanLines: 2, ...VLAN_DEFAULT,
    limits: { vlans: 64, dhcpPools: 32, staticRoutes: 64, portMappings: 64 }, bands: DUAL,
  },
  {
    model: 'AL-WR1800', type: 'wrouter', ports: plainPorts(4), wanLines: 1, ...VLAN_DEFAULT,
    limits: { vlans: 16, dhcpPools: 8, staticRoutes: 32, portMappings: 32 }, bands: DUAL,
  },
  { model: 'AL-AP620', type: 'ap', ports: plainPorts(1), wanLines: 0, ...VLAN_DEFAULT, limits: NO_RULES, bands: DUAL },
  { model: 'AL-V7', type: 'v7', ports: plainPorts(2), wanLines: 0, ...VLAN_DEFAULT, limits: NO_RULES, bands: DUAL },
  { model: 'AL-MX300', type: 'mesh', ports: plainPorts(2), wanLines: 0, ...VLAN_DEFAULT, limits: NO_RULES, bands: DUAL },
  { model: 'AL-CPE510', type: 'cpe', ports: plainPorts(1), wanLines: 0, ...VLAN_DEFAULT, limits: NO_RULES, bands: ['5GHz'] },
  {
    model: 'AL-SW1024P', type: 'switch', ports: { count: 24, poe: 24, sfp: 0, poeBudgetW: 370 }, wanLines: 0,
    ...VLAN_DEFAULT, limits: { vlans: 256, dhcpPools: 8, staticRoutes: 0, portMappings: 0 }, bands: [],
  },
  {
    model: 'AL-SW1008P', type: 'switch', ports: { count: 8, poe: 8, sfp: 0, poeBudgetW: 120 }, wanLines: 0,
    // the small switch's chip takes VLAN IDs up to 1024 only (a device-specific range, spec §5)
    minVlan: LIMITS.deviceVlanRangeDefaultMin, maxVlan: 1024,
    limits: { vlans: 32, dhcpPools: 4, staticRoutes: 0, portMappings: 0 }, bands: [],
  },
  { model: 'AL-NVR208', type: 'nvr', ports: plainPorts(1), wanLines: 0, ...VLAN_DEFAULT, limits: NO_RULES, bands: [] },
  { model: 'AL-IPC410', type: 'ipc', ports: plainPorts(1), wanLines: 0, ...VLAN_DEFAULT, limits: NO_RULES, bands: [] },
] as const satisfies readonly DeviceModel[];

export type DeviceModelName = (typeof DEVICE_MODELS)[number]['model'];

const BY_NAME: ReadonlyMap<string, DeviceModel> = new Map(DEVICE_MODELS.map((m) => [m.model, m]));

/** The catalogue row of a model, or undefined for a model the console does not know. */
export function deviceModel(model: string): DeviceModel | undefined {
  return BY_NAME.get(model);
}

/** The row a device of this type falls back to when its model is unknown: the type's first model. */
export function defaultModelOf(type: DeviceType): DeviceModel {
  const row = DEVICE_MODELS.find((m) => m.type === type);
  if (!row) throw new Error(`no model of type ${type} in the catalogue`);
  return row;
}

/** What kind port `port` (1-based) of a model is, and whether it gives PoE. */
export function portOf(model: DeviceModel, port: number): { kind: PortKind; poe: boolean } | undefined {
  if (!Number.isInteger(port) || port < 1 || port > model.ports.count) return undefined;
  const kind: PortKind = port > model.ports.count - model.ports.sfp ? 'sfp' : 'ethernet';
  return { kind, poe: kind === 'ethernet' && port <= model.ports.poe };
}
