// spec §3, §5: solution (scheme) designer vocabulary.
import { enEnums } from '../i18n/en-enums.js';
import { LIMITS } from '../limits.js';

export const SOLUTION_SCENARIOS = [
  'hotel',
  'mall',
  'supermarket',
  'medical',
  'education',
  'enterprise',
  'factory',
  'restaurant',
  'entertainment',
  'custom',
] as const;
export type SolutionScenario = (typeof SOLUTION_SCENARIOS)[number];
export const SOLUTION_SCENARIO_LABELS: Readonly<Record<SolutionScenario, string>> = enEnums.solutionScenario;

export const SOLUTION_DEVICE_KINDS = ['ac', 'gateway', 'accessSwitch', 'coreSwitch', 'ap'] as const;
export type SolutionDeviceKind = (typeof SOLUTION_DEVICE_KINDS)[number];
export const SOLUTION_DEVICE_KIND_LABELS: Readonly<Record<SolutionDeviceKind, string>> = enEnums.solutionDeviceKind;

// spec §5: at most one AC and one gateway; 99 access, 99 core switches, 999 APs
export const SOLUTION_DEVICE_CAPS: Readonly<Record<SolutionDeviceKind, number>> = {
  ac: LIMITS.solutionAcMax,
  gateway: LIMITS.solutionGatewayMax,
  accessSwitch: LIMITS.solutionAccessSwitchesMax,
  coreSwitch: LIMITS.solutionCoreSwitchesMax,
  ap: LIMITS.solutionApsMax,
};

/** spec §3 "gateway needs … required functions": what the gateway must do besides routing. */
export const GATEWAY_FUNCTIONS = ['vpn', 'multiWan', 'captivePortal', 'loadBalancing', 'behaviourControl', 'vlan'] as const;
export type GatewayFunction = (typeof GATEWAY_FUNCTIONS)[number];
export const GATEWAY_FUNCTION_LABELS: Readonly<Record<GatewayFunction, string>> = enEnums.gatewayFunction;

/**
 * spec §3 solution "type": the kind of project the solution becomes (docs/decisions/solutions.md),
 * WLAN (wired backbone, APs on switches) or MESH (nodes joined wirelessly).
 */
export const SOLUTION_TYPES = ['wlan', 'mesh'] as const;
export type SolutionType = (typeof SOLUTION_TYPES)[number];
export const SOLUTION_TYPE_LABELS: Readonly<Record<SolutionType, string>> = enEnums.solutionType;

/**
 * spec §3 solution "preferred policy": what the engine favours when two models both fit
 * (docs/solutions.md): the cheapest that fits, the balanced default, or headroom for growth.
 */
export const SOLUTION_POLICIES = ['balanced', 'cost', 'performance'] as const;
export type SolutionPolicy = (typeof SOLUTION_POLICIES)[number];
export const SOLUTION_POLICY_LABELS: Readonly<Record<SolutionPolicy, string>> = enEnums.solutionPolicy;

/** The numbers a scenario's inputs may take (spec §3 scenario inputs; bounds: docs/decisions/solutions.md). */
export const SOLUTION_INPUT_LIMITS = {
  rooms: { min: 0, max: 5000 },
  floors: { min: 1, max: 100 },
  areaM2: { min: 0, max: 500_000 },
  clientsPerRoom: { min: 0, max: 50 },
  corridorLengthM: { min: 0, max: 5000 },
  installHeightM: { min: 2, max: 20 },
  offices: { min: 0, max: 2000 },
  classrooms: { min: 0, max: 2000 },
  dormitories: { min: 0, max: 5000 },
  wards: { min: 0, max: 2000 },
  cameras: { min: 0, max: 2000 },
  /** gateway needs */
  clients: { min: 0, max: 50_000 },
  lines: { min: 1, max: 8 },
  bandwidthMbps: { min: 1, max: 10_000 },
} as const;

/** The scenario inputs of spec §3; every count is optional, the scenario's defaults fill the gaps. */
export interface SolutionInputValues {
  rooms?: number;
  floors?: number;
  areaM2?: number;
  clientsPerRoom?: number;
  corridorLengthM?: number;
  installHeightM?: number;
  offices?: number;
  classrooms?: number;
  dormitories?: number;
  wards?: number;
  cameras?: number;
}

/**
 * What a scenario is like (docs/solutions.md): its default inputs, the typical wall between two
 * spaces (attenuation, spacing), the clients a space of each kind brings, and how busy it is
 * (the share of clients connected at once).
 */
export interface ScenarioProfile {
  defaults: Readonly<Required<Pick<SolutionInputValues, 'floors' | 'installHeightM' | 'clientsPerRoom'>> & SolutionInputValues>;
  /** dB lost through one typical wall of the scenario (spec §3 obstacle attenuations) */
  wallLossDb: number;
  /** metres between two such walls (a room's width, a shelf row's pitch) */
  wallSpacingM: number;
  /** share of the clients connected at the same moment, 0…1 */
  concurrency: number;
}

// Clients brought by one space of each kind (per office, classroom, dormitory, ward).
export const SPACE_CLIENTS = { offices: 8, classrooms: 40, dormitories: 6, wards: 4 } as const;

export const SCENARIO_PROFILES: Readonly<Record<Exclude<SolutionScenario, 'custom'>, ScenarioProfile>> = {
  hotel: { defaults: { rooms: 120, floors: 6, clientsPerRoom: 3, corridorLengthM: 60, installHeightM: 2.8 }, wallLossDb: 12, wallSpacingM: 4, concurrency: 0.8 },
  mall: { defaults: { areaM2: 20_000, floors: 3, clientsPerRoom: 0, installHeightM: 5, cameras: 40 }, wallLossDb: 6, wallSpacingM: 15, concurrency: 0.5 },
  supermarket: { defaults: { areaM2: 3000, floors: 1, clientsPerRoom: 0, installHeightM: 4.5, cameras: 16 }, wallLossDb: 4, wallSpacingM: 3, concurrency: 0.5 },
  medical: { defaults: { wards: 60, offices: 20, floors: 4, clientsPerRoom: 0, corridorLengthM: 80, installHeightM: 3 }, wallLossDb: 15, wallSpacingM: 5, concurrency: 0.7 },
  education: { defaults: { classrooms: 30, offices: 10, dormitories: 0, floors: 4, clientsPerRoom: 0, installHeightM: 3.2 }, wallLossDb: 12, wallSpacingM: 8, concurrency: 0.9 },
  enterprise: { defaults: { offices: 40, areaM2: 2000, floors: 2, clientsPerRoom: 0, installHeightM: 3 }, wallLossDb: 8, wallSpacingM: 10, concurrency: 0.9 },
  factory: { defaults: { areaM2: 10_000, floors: 1, clientsPerRoom: 0, installHeightM: 8, cameras: 24 }, wallLossDb: 10, wallSpacingM: 25, concurrency: 0.6 },
  restaurant: { defaults: { areaM2: 400, floors: 1, clientsPerRoom: 0, installHeightM: 3, cameras: 4 }, wallLossDb: 6, wallSpacingM: 8, concurrency: 0.7 },
  entertainment: { defaults: { rooms: 30, areaM2: 1500, floors: 2, clientsPerRoom: 8, installHeightM: 3.5, cameras: 12 }, wallLossDb: 15, wallSpacingM: 5, concurrency: 0.9 },
};

/** A custom scenario with no walls given falls back to these (an ordinary office building). */
export const CUSTOM_SCENARIO_FALLBACK: ScenarioProfile = SCENARIO_PROFILES.enterprise;
