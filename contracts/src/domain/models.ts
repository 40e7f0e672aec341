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
  /** the brand printed on the box (spec §1 "a list of models that support cloud management") */
  brand: string;
  /** the icon of the model's prefix (MODEL_ICONS), shown beside the model in lists */
  icon: ModelIcon;
  /** clients one radio of each band serves at most; empty without radios */
  maxClients: Readonly<Partial<Record<'2.4GHz' | '5GHz', number>>>;
  /** the firmware version the console recommends (auto maintenance upgrades to it) */
  recommendedFirmware: string;
  /** what the solution designer reads (docs/solutions.md); absent on models it never recommends */
  design?: ModelDesign;
}

/** A model's figures for the solution designer (docs/solutions.md, values in docs/decisions/solutions.md). */
export interface ModelDesign {
  /** radios: transmit power per band in dBm and antenna gain in dBi (the radio model's inputs) */
  txPowerDbm?: Readonly<Partial<Record<'2.4GHz' | '5GHz', number>>>;
  antennaGainDbi?: number;
  /** clients one radio serves with a good experience (well under maxClients, which is the hard cap) */
  designClients?: Readonly<Partial<Record<'2.4GHz' | '5GHz', number>>>;
  /** W the device draws from a PoE port */
  poeDrawW?: number;
  /** switches: where the designer places it */
  switchRole?: 'access' | 'core';
  /** gateways: routed throughput in Mbps, clients it tracks at once, the functions it offers */
  throughputMbps?: number;
  sessions?: number;
  functions?: readonly ('vpn' | 'multiWan' | 'captivePortal' | 'loadBalancing' | 'behaviourControl' | 'vlan')[];
}

/** Icons by model prefix: every model of a prefix looks the same in lists and the catalogue. */
export const MODEL_ICONS = {
  'AL-GW': 'gateway', 'AL-WR': 'wireless-router', 'AL-AP': 'access-point', 'AL-V7': 'access-point', 'AL-MX': 'mesh',
  'AL-CPE': 'bridge', 'AL-BR': 'bridge', 'AL-SW': 'switch', 'AL-NVR': 'nvr', 'AL-IPC': 'camera',
} as const;
export type ModelIcon = (typeof MODEL_ICONS)[keyof typeof MODEL_ICONS];

/** The icon of a model name by its prefix (the longest prefix that matches); 'device' when none does. */
export function modelIcon(model: string): ModelIcon | 'device' {
  let best: { prefix: string; icon: ModelIcon } | undefined;
  for (const [prefix, icon] of Object.entries(MODEL_ICONS)) {
    if (model.startsWith(prefix) && (!best || prefix.length > best.prefix.length)) best = { prefix, icon };
  }
  return best?.icon ?? 'device';
}

const NO_RULES: ModelRuleLimits = { vlans: 0, dhcpPools: 0, staticRoutes: 0, portMappings: 0 };
const VLAN_DEFAULT = { minVlan: LIMITS.deviceVlanRangeDefaultMin, maxVlan: LIMITS.deviceVlanRangeDefaultMax };
const DUAL = ['2.4GHz', '5GHz'] as const;

const BRAND = 'Airloom';
const NO_RADIO = {} as const;

function plainPorts(count: number): ModelPorts {
  return { count, poe: 0, sfp: 0, poeBudgetW: 0 };
}

export const DEVICE_MODELS = [
  {
    model: 'AL-GW1200', type: 'router', ports: plainPorts(5), wanLines: 2, ...VLAN_DEFAULT,
    limits: { vlans: 64, dhcpPools: 32, staticRoutes: 64, portMappings: 64 }, bands: DUAL,
    brand: BRAND, icon: 'gateway', maxClients: { '2.4GHz': 64, '5GHz': 64 }, recommendedFirmware: 'V3.2.1',
    design: { throughputMbps: 1000, sessions: 500, functions: ['vpn', 'multiWan', 'captivePortal', 'loadBalancing', 'behaviourControl', 'vlan'] },
  },
  {
    model: 'AL-WR1800', type: 'wrouter', ports: plainPorts(4), wanLines: 1, ...VLAN_DEFAULT,
    limits: { vlans: 16, dhcpPools: 8, staticRoutes: 32, portMappings: 32 }, bands: DUAL,
    brand: BRAND, icon: 'wireless-router', maxClients: { '2.4GHz': 48, '5GHz': 64 }, recommendedFirmware: 'V3.1.4',
    design: { throughputMbps: 500, sessions: 64, functions: ['captivePortal', 'vlan'] },
  },
  {
    model: 'AL-AP620', type: 'ap', ports: plainPorts(1), wanLines: 0, ...VLAN_DEFAULT, limits: NO_RULES, bands: DUAL,
    brand: BRAND, icon: 'access-point', maxClients: { '2.4GHz': 64, '5GHz': 128 }, recommendedFirmware: 'V2.4.0',
    design: { txPowerDbm: { '2.4GHz': 20, '5GHz': 23 }, antennaGainDbi: 4, designClients: { '2.4GHz': 10, '5GHz': 20 }, poeDrawW: 12 },
  },
  {
    model: 'AL-V7', type: 'v7', ports: plainPorts(2), wanLines: 0, ...VLAN_DEFAULT, limits: NO_RULES, bands: DUAL,
    brand: BRAND, icon: 'access-point', maxClients: { '2.4GHz': 128, '5GHz': 256 }, recommendedFirmware: 'V7.0.2',
  },
  {
    model: 'AL-MX300', type: 'mesh', ports: plainPorts(2), wanLines: 0, ...VLAN_DEFAULT, limits: NO_RULES, bands: DUAL,
    brand: BRAND, icon: 'mesh', maxClients: { '2.4GHz': 32, '5GHz': 64 }, recommendedFirmware: 'V1.8.6',
    design: { txPowerDbm: { '2.4GHz': 20, '5GHz': 23 }, antennaGainDbi: 3, designClients: { '2.4GHz': 8, '5GHz': 16 }, poeDrawW: 10 },
  },
  {
    model: 'AL-CPE510', type: 'cpe', ports: plainPorts(1), wanLines: 0, ...VLAN_DEFAULT, limits: NO_RULES, bands: ['5GHz'],
    brand: BRAND, icon: 'bridge', maxClients: { '5GHz': 16 }, recommendedFirmware: 'V1.2.3',
  },
  {
    model: 'AL-SW1024P', type: 'switch', ports: { count: 24, poe: 24, sfp: 0, poeBudgetW: 370 }, wanLines: 0,
    ...VLAN_DEFAULT, limits: { vlans: 256, dhcpPools: 8, staticRoutes: 0, portMappings: 0 }, bands: [],
    brand: BRAND, icon: 'switch', maxClients: NO_RADIO, recommendedFirmware: 'V2.0.9',
    design: { switchRole: 'access' },
  },
  {
    model: 'AL-SW1008P', type: 'switch', ports: { count: 8, poe: 8, sfp: 0, poeBudgetW: 120 }, wanLines: 0,
    // the small switch's chip takes VLAN IDs up to 1024 only (a device-specific range, spec §5)
    minVlan: LIMITS.deviceVlanRangeDefaultMin, maxVlan: 1024,
    limits: { vlans: 32, dhcpPools: 4, staticRoutes: 0, portMappings: 0 }, bands: [],
    brand: BRAND, icon: 'switch', maxClients: NO_RADIO, recommendedFirmware: 'V2.0.9',
    design: { switchRole: 'access' },
  },
  {
    model: 'AL-NVR208', type: 'nvr', ports: plainPorts(1), wanLines: 0, ...VLAN_DEFAULT, limits: NO_RULES, bands: [],
    brand: BRAND, icon: 'nvr', maxClients: NO_RADIO, recommendedFirmware: 'V4.1.0',
  },
  {
    model: 'AL-IPC410', type: 'ipc', ports: plainPorts(1), wanLines: 0, ...VLAN_DEFAULT, limits: NO_RULES, bands: [],
    brand: BRAND, icon: 'camera', maxClients: NO_RADIO, recommendedFirmware: 'V5.3.2',
    design: { poeDrawW: 6 },
  },
  // catalogue models the simulator does not seed by default (an installer can still meet them)
  {
    model: 'AL-GW3000', type: 'router', ports: { count: 10, poe: 0, sfp: 2, poeBudgetW: 0 }, wanLines: 4, ...VLAN_DEFAULT,
    limits: { vlans: 256, dhcpPools: 64, staticRoutes: 128, portMappings: 128 }, bands: [],
    brand: BRAND, icon: 'gateway', maxClients: NO_RADIO, recommendedFirmware: 'V3.2.1',
    design: { throughputMbps: 5000, sessions: 2000, functions: ['vpn', 'multiWan', 'captivePortal', 'loadBalancing', 'behaviourControl', 'vlan'] },
  },
  {
    model: 'AL-AP820', type: 'ap', ports: { count: 2, poe: 0, sfp: 0, poeBudgetW: 0 }, wanLines: 0, ...VLAN_DEFAULT, limits: NO_RULES,
    bands: DUAL, brand: BRAND, icon: 'access-point', maxClients: { '2.4GHz': 128, '5GHz': 256 }, recommendedFirmware: 'V2.4.0',
    design: { txPowerDbm: { '2.4GHz': 22, '5GHz': 26 }, antennaGainDbi: 5, designClients: { '2.4GHz': 20, '5GHz': 40 }, poeDrawW: 22 },
  },
  {
    model: 'AL-SW2052F', type: 'switch', ports: { count: 52, poe: 48, sfp: 4, poeBudgetW: 740 }, wanLines: 0,
    ...VLAN_DEFAULT, limits: { vlans: 512, dhcpPools: 16, staticRoutes: 32, portMappings: 0 }, bands: [],
    brand: BRAND, icon: 'switch', maxClients: NO_RADIO, recommendedFirmware: 'V2.0.9',
    design: { switchRole: 'access' },
  },
  {
    // the aggregation switch the designer puts above many access switches (10G SFP+ uplinks, no PoE)
    model: 'AL-SW3028X', type: 'switch', ports: { count: 28, poe: 0, sfp: 4, poeBudgetW: 0 }, wanLines: 0,
    ...VLAN_DEFAULT, limits: { vlans: 4094, dhcpPools: 64, staticRoutes: 128, portMappings: 0 }, bands: [],
    brand: BRAND, icon: 'switch', maxClients: NO_RADIO, recommendedFirmware: 'V2.0.9',
    design: { switchRole: 'core' },
  },
  {
    model: 'AL-NVR416', type: 'nvr', ports: plainPorts(2), wanLines: 0, ...VLAN_DEFAULT, limits: NO_RULES, bands: [],
    brand: BRAND, icon: 'nvr', maxClients: NO_RADIO, recommendedFirmware: 'V4.1.0',
  },
  {
    model: 'AL-IPC820', type: 'ipc', ports: plainPorts(1), wanLines: 0, ...VLAN_DEFAULT, limits: NO_RULES, bands: [],
    brand: BRAND, icon: 'camera', maxClients: NO_RADIO, recommendedFirmware: 'V5.3.2',
    design: { poeDrawW: 8 },
  },
  {
    model: 'AL-BR500', type: 'cpe', ports: plainPorts(1), wanLines: 0, ...VLAN_DEFAULT, limits: NO_RULES, bands: ['5GHz'],
    brand: BRAND, icon: 'bridge', maxClients: { '5GHz': 8 }, recommendedFirmware: 'V1.2.3',
  },
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

/** The catalogue filtered by a search text (model, brand or type, any case) and a type; model order kept. */
export function searchModels(q?: string, type?: DeviceType): DeviceModel[] {
  const needle = q?.trim().toLowerCase() ?? '';
  return DEVICE_MODELS.filter((m) => (!type || m.type === type)
    && (!needle || [m.model, m.brand, m.type].some((v) => v.toLowerCase().includes(needle))));
}
