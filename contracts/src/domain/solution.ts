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
