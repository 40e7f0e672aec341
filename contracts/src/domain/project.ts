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

// spec §3: property — own, invited read-only, invited manageable; and, for company accounts (spec §6
// share roles), `managed` (one of my engineers owns it: I am its admin) and `company` (my company's
// project, reached as an engineer without a share)
export const PROJECT_PROPERTIES = ['own', 'invited-r', 'invited-rw', 'managed', 'company'] as const;
export type ProjectProperty = (typeof PROJECT_PROPERTIES)[number];
export const PROJECT_PROPERTY_LABELS: Readonly<Record<ProjectProperty, string>> = enEnums.projectProperty;

export const DEMO_PROJECT_IDS = { WLAN: LIMITS.demoProjectIdWlan, MESH: LIMITS.demoProjectIdMesh } as const;

/** spec §1: the two built-in demo projects can be viewed by everybody and configured by nobody. */
export function isDemoProject(id: number): boolean {
  return id === DEMO_PROJECT_IDS.WLAN || id === DEMO_PROJECT_IDS.MESH;
}

export const DEFAULT_ZONE = LIMITS.defaultZone;
export const DEFAULT_PROJECT_ID = LIMITS.defaultProjectId;

// spec §3: zone (default +8). A project's zone is either a fixed offset from UTC written like '+8',
// '-3.5', '+5.75' (the spec's form; these are the offsets in use worldwide, UTC−12 … UTC+14), or a
// named IANA zone such as 'Europe/Lisbon', whose offset follows daylight saving time. The field
// stays one string; docs/decisions/accounts-projects.md says how the two relate.
export const TIME_ZONES = [
  '-12', '-11', '-10', '-9.5', '-9', '-8', '-7', '-6', '-5', '-4', '-3.5', '-3', '-2', '-1',
  '+0', '+1', '+2', '+3', '+3.5', '+4', '+4.5', '+5', '+5.5', '+5.75', '+6', '+6.5', '+7', '+8',
  '+8.75', '+9', '+9.5', '+10', '+10.5', '+11', '+12', '+12.75', '+13', '+13.75', '+14',
] as const;
export type TimeZone = (typeof TIME_ZONES)[number];

/** The longest stored zone (IANA names reach 32 characters; the column holds 64). */
export const ZONE_MAX_LENGTH = 64;

// Area/Location[/Sub] or UTC, as IANA spells them (a letter first in every part).
const NAMED_ZONE_SHAPE = /^(?:UTC|[A-Z][A-Za-z_+-]*(?:\/[A-Za-z0-9][A-Za-z0-9_+-]*){1,2})$/;

/** Whether `zone` is a named IANA zone the runtime's time-zone database knows. */
export function isNamedZone(zone: string): boolean {
  if (zone.length > ZONE_MAX_LENGTH || !NAMED_ZONE_SHAPE.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Whether `zone` is a project zone: one of the fixed offsets or a named zone. */
export function isProjectZone(zone: string): boolean {
  return (TIME_ZONES as readonly string[]).includes(zone) || isNamedZone(zone);
}

/**
 * Minutes east of UTC of a zone at the instant `at` ('+5.75' → 345 always; 'Europe/Lisbon' → 0 in
 * January, 60 in July), or null when it is not a zone.
 */
export function zoneOffsetMinutes(zone: string, at: Date = new Date()): number | null {
  if ((TIME_ZONES as readonly string[]).includes(zone)) return Math.round(Number(zone) * 60);
  if (!isNamedZone(zone)) return null;
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /^GMT(?:([+-])(\d{1,2}):(\d{2}))?$/.exec(name ?? '');
  if (!match) return null;
  return match[1] ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/** 'UTC+5:45' for 345, 'UTC-3:30' for -210, 'UTC+8' for 480. */
export function offsetLabel(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const rest = abs % 60;
  return `UTC${sign}${Math.floor(abs / 60)}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

/** The named zones the runtime knows, for pickers (empty where Intl cannot list them). */
export function namedZones(): string[] {
  const intl = Intl as { supportedValuesOf?(key: 'timeZone'): string[] };
  return (intl.supportedValuesOf?.('timeZone') ?? []).filter(isNamedZone);
}

/** The zone this runtime runs in (the browser's, for a form's default), or the spec's +8 without one. */
export function localZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isNamedZone(zone) ? zone : DEFAULT_ZONE;
}
