// spec §1, §3, §9: project vocabulary.
import { enEnums } from '../i18n/en-enums.js';
import { LIMITS } from '../limits.js';

export const NetMode = { WLAN: 0, MESH: 1 } as const;
export type NetModeValue = (typeof NetMode)[keyof typeof NetMode];
export const NET_MODE_LABELS: Readonly<Record<NetModeValue, string>> = enEnums.netMode;

// spec §3: right is rw or r, default read-write
export const ProjectRight = { READ_WRITE: 'rw', READ_ONLY: 'r' } as const;
export type ProjectRightValue = (typeof ProjectRight)[keyof typeof ProjectRight];
export const PROJECT_RIGHTS = ['rw', 'r'] as const satisfies readonly ProjectRightValue[];
export const PROJECT_RIGHT_LABELS: Readonly<Record<ProjectRightValue, string>> = enEnums.projectRight;
export const DEFAULT_PROJECT_RIGHT: ProjectRightValue = 'rw';

export const SCENARIOS = [
  'hotel',
  'supermarket-mall',
  'hospital',
  'campus',
  'factory',
  'entertainment',
  'restaurant',
  'enterprise',
  'other',
  'smart-home',
  'custom',
] as const;
export type Scenario = (typeof SCENARIOS)[number];
export const SCENARIO_LABELS: Readonly<Record<Scenario, string>> = enEnums.scenario;

// spec §3: property — own, invited read-only, invited manageable
export const PROJECT_PROPERTIES = ['own', 'invited-r', 'invited-rw'] as const;
export type ProjectProperty = (typeof PROJECT_PROPERTIES)[number];
export const PROJECT_PROPERTY_LABELS: Readonly<Record<ProjectProperty, string>> = enEnums.projectProperty;

export const DEMO_PROJECT_IDS = { WLAN: LIMITS.demoProjectIdWlan, MESH: LIMITS.demoProjectIdMesh } as const;

/** spec §1: the two built-in demo projects can be viewed by everybody and configured by nobody. */
export function isDemoProject(id: number): boolean {
  return id === DEMO_PROJECT_IDS.WLAN || id === DEMO_PROJECT_IDS.MESH;
}

export const DEFAULT_ZONE = LIMITS.defaultZone;
export const DEFAULT_PROJECT_ID = LIMITS.defaultProjectId;

// spec §3: zone is an offset from UTC written like '+8', '-3.5', '+5.75'. These are the offsets in
// use worldwide (UTC−12 … UTC+14), for pickers; rules.timeZone accepts exactly these.
export const TIME_ZONES = [
  '-12', '-11', '-10', '-9.5', '-9', '-8', '-7', '-6', '-5', '-4', '-3.5', '-3', '-2', '-1',
  '+0', '+1', '+2', '+3', '+3.5', '+4', '+4.5', '+5', '+5.5', '+5.75', '+6', '+6.5', '+7', '+8',
  '+8.75', '+9', '+9.5', '+10', '+10.5', '+11', '+12', '+12.75', '+13', '+13.75', '+14',
] as const;
export type TimeZone = (typeof TIME_ZONES)[number];

/** Offset of a zone string in minutes east of UTC ('+5.75' → 345), or null when it is not a zone. */
export function zoneOffsetMinutes(zone: string): number | null {
  return (TIME_ZONES as readonly string[]).includes(zone) ? Math.round(Number(zone) * 60) : null;
}
