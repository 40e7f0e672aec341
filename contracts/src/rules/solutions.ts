// spec §3 (solution, scenario inputs, gateway needs), §5 "Solutions" and §9 (custom scenarios): the
// rules of the solution designer, written once for the designer's forms and the server.
import { z } from 'zod';
import {
  GATEWAY_FUNCTIONS,
  SOLUTION_DEVICE_CAPS,
  SOLUTION_DEVICE_KINDS,
  SOLUTION_INPUT_LIMITS as IL,
  type SolutionDeviceKind,
} from '../domain/solution.js';
import { ErrorCode, type ErrorCodeValue } from '../errors.js';
import { LIMITS } from '../limits.js';
import { charLength, ruleKey } from './key.js';

export const SOLUTION_REMARK_MAX = 200;
export const SOLUTION_NAME_MAX = 64;
export const CUSTOM_SCENARIO_NAME_MAX = 32;

/** One line of a solution's device list (its kind, model, quantity, remark); the list's caps are solutionDevices. */
export const solutionLine = z.object(
  {
    type: z.enum(SOLUTION_DEVICE_KINDS, { error: ruleKey('solutionDevices', 'required') }),
    model: z.string({ error: ruleKey('solutionDevices', 'model') }).trim().min(1, { error: ruleKey('solutionDevices', 'model') }),
    quantity: z
      .number({ error: ruleKey('solutionDevices', 'quantity') })
      .int({ error: ruleKey('solutionDevices', 'quantity') })
      .min(1, { error: ruleKey('solutionDevices', 'quantity') }),
    /** the installer's note on the line (spec §3 device list "remarks") */
    remark: z
      .string({ error: ruleKey('solutionDevices', 'remark') })
      .refine((v) => charLength(v) <= SOLUTION_REMARK_MAX, { error: ruleKey('solutionDevices', 'remark') })
      .optional(),
    /** the engine's reason for the line, kept as recommended */
    reason: z.string({ error: ruleKey('solutionDevices', 'required') }).max(500, { error: ruleKey('solutionDevices', 'required') }).optional(),
  },
  { error: ruleKey('solutionDevices', 'required') },
);

/** The first §5 limit a device list breaks, as the rule's check name; null when it keeps them all. */
export type SolutionLimitBreak = 'duplicateModel' | SolutionDeviceKind;

interface LineLike {
  type: SolutionDeviceKind;
  model: string;
  quantity: number;
}

/** Every §5 limit the lines break, in the order the spec lists them (kinds first, then a repeated model). */
export function solutionLimitBreaks(lines: readonly LineLike[]): { check: SolutionLimitBreak; index?: number }[] {
  const found: { check: SolutionLimitBreak; index?: number }[] = [];
  for (const kind of SOLUTION_DEVICE_KINDS) {
    const total = lines.filter((l) => l.type === kind).reduce((sum, l) => sum + l.quantity, 0);
    if (total > SOLUTION_DEVICE_CAPS[kind]) found.push({ check: kind });
  }
  const seen = new Set<string>();
  lines.forEach((l, index) => {
    const model = l.model.trim().toLowerCase();
    if (seen.has(model)) found.push({ check: 'duplicateModel', index });
    seen.add(model);
  });
  return found;
}

/**
 * The catalogue code that refuses a device list breaking a §5 limit (docs/decisions/solutions.md):
 * a second AC or gateway 67 (one gateway per project), a model twice 411 (data exists), more than
 * 99 access / 99 core switches or 999 APs 400 (invalid parameters). Null when the list fits.
 */
export function solutionLimitCode(lines: readonly LineLike[]): { code: ErrorCodeValue; rule: `rules.solutionDevices.${SolutionLimitBreak}` } | null {
  const first = solutionLimitBreaks(lines)[0];
  if (!first) return null;
  const rule = ruleKey('solutionDevices', first.check) as `rules.solutionDevices.${SolutionLimitBreak}`;
  if (first.check === 'ac' || first.check === 'gateway') return { code: ErrorCode.ONE_GATEWAY_PER_PROJECT, rule };
  if (first.check === 'duplicateModel') return { code: ErrorCode.DATA_EXISTS, rule };
  return { code: ErrorCode.INVALID_PARAMS, rule };
}

// spec §5: ≤ 1 AC, ≤ 1 gateway, ≤ 99 access and ≤ 99 core switches, ≤ 999 APs (quantities summed
// per kind); a model must not already be in the solution
export const solutionDevices = z.array(solutionLine, { error: ruleKey('solutionDevices', 'required') }).superRefine((lines, ctx) => {
  for (const b of solutionLimitBreaks(lines)) {
    ctx.addIssue({
      code: 'custom',
      message: ruleKey('solutionDevices', b.check),
      ...(b.index === undefined ? {} : { path: [b.index, 'model'] }),
      input: lines,
    });
  }
});

/** The number of custom scenarios an account already has refuses one more with 186 (spec §8, §9). */
export function customScenarioCapCode(existing: number): ErrorCodeValue | null {
  return existing >= LIMITS.customScenariosMax ? ErrorCode.CUSTOM_SCENARIO_LIMIT : null;
}

const bounded = (limits: { min: number; max: number }, integer = true) => {
  const n = z.number({ error: ruleKey('solutionInputs', 'number') });
  return (integer ? n.int({ error: ruleKey('solutionInputs', 'integer') }) : n)
    .min(limits.min, { error: ruleKey('solutionInputs', 'number') })
    .max(limits.max, { error: ruleKey('solutionInputs', 'number') });
};

/** spec §3 scenario inputs; absent values take the scenario's defaults (domain/solution.ts SCENARIO_PROFILES). */
export const solutionInputs = z.object({
  rooms: bounded(IL.rooms).optional(),
  floors: bounded(IL.floors).optional(),
  areaM2: bounded(IL.areaM2, false).optional(),
  clientsPerRoom: bounded(IL.clientsPerRoom).optional(),
  corridorLengthM: bounded(IL.corridorLengthM, false).optional(),
  installHeightM: bounded(IL.installHeightM, false).optional(),
  offices: bounded(IL.offices).optional(),
  classrooms: bounded(IL.classrooms).optional(),
  dormitories: bounded(IL.dormitories).optional(),
  wards: bounded(IL.wards).optional(),
  /** cameras to power from the switches (PoE budget) */
  cameras: bounded(IL.cameras).optional(),
});

const gatewayInt = (limits: { min: number; max: number }, check: 'clients' | 'lines' | 'bandwidth') =>
  z
    .number({ error: ruleKey('solutionGateway', check) })
    .int({ error: ruleKey('solutionGateway', check) })
    .min(limits.min, { error: ruleKey('solutionGateway', check) })
    .max(limits.max, { error: ruleKey('solutionGateway', check) });

/** spec §3 gateway needs: connected clients, broadband lines, maximum bandwidth per line, required functions. */
export const solutionGateway = z.object({
  /** clients connected at once; 0: counted from the scenario inputs */
  clients: gatewayInt(IL.clients, 'clients'),
  lines: gatewayInt(IL.lines, 'lines'),
  bandwidthMbps: gatewayInt(IL.bandwidthMbps, 'bandwidth'),
  functions: z.array(z.enum(GATEWAY_FUNCTIONS, { error: ruleKey('solutionGateway', 'function') }), { error: ruleKey('solutionGateway', 'function') }),
});

export const solutionName = z
  .string({ error: ruleKey('solutionName', 'length') })
  .trim()
  .refine((v) => charLength(v) >= 1 && charLength(v) <= SOLUTION_NAME_MAX, { error: ruleKey('solutionName', 'length') });

/** A custom scenario (spec §3, §9): a name, its own default inputs and what its walls are like. */
export const customScenario = z.object({
  name: z
    .string({ error: ruleKey('customScenario', 'name') })
    .trim()
    .refine((v) => charLength(v) >= 1 && charLength(v) <= CUSTOM_SCENARIO_NAME_MAX, { error: ruleKey('customScenario', 'name') }),
  defaults: solutionInputs,
  wallLossDb: z.number({ error: ruleKey('customScenario', 'wallLoss') }).min(0, { error: ruleKey('customScenario', 'wallLoss') }).max(40, { error: ruleKey('customScenario', 'wallLoss') }),
  wallSpacingM: z.number({ error: ruleKey('customScenario', 'wallSpacing') }).min(1, { error: ruleKey('customScenario', 'wallSpacing') }).max(100, { error: ruleKey('customScenario', 'wallSpacing') }),
  concurrency: z.number({ error: ruleKey('customScenario', 'concurrency') }).min(0.05, { error: ruleKey('customScenario', 'concurrency') }).max(1, { error: ruleKey('customScenario', 'concurrency') }),
});
