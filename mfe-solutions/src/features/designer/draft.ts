// The designer's working copy (spec §3 solution, scenario inputs, gateway needs) and its checks with
// contracts' rules (STYLE §4: a rule is written once): numbers are typed as text and parsed here.
import {
  SCENARIO_PROFILES,
  SolutionGatewayNeedsSchema,
  SolutionInputsSchema,
  SolutionSaveRequestSchema,
  solutionLimitBreaks,
  type GatewayFunction,
  type RecommendedLine,
  type Solution,
  type SolutionDeviceKind,
  type SolutionInputValues,
  type SolutionLine,
  type SolutionPolicy,
  type SolutionScenario,
  type SolutionType,
} from '@airloom/contracts';

// the rules the save request applies to one line and to the name (contracts rules/solutions.ts)
const solutionLine = SolutionSaveRequestSchema.shape.lines.element;
const solutionName = SolutionSaveRequestSchema.shape.name;

export type InputField = keyof SolutionInputValues;
export const INPUT_FIELDS: readonly InputField[] = ['rooms', 'floors', 'areaM2', 'clientsPerRoom', 'corridorLengthM', 'installHeightM', 'offices', 'classrooms', 'dormitories', 'wards', 'cameras'];

export interface Draft {
  scenario: SolutionScenario | null;
  customScenarioId: number | null;
  /** the inputs as typed; empty: the scenario's default */
  inputs: Partial<Record<InputField, string>>;
  gateway: { clients: string; lines: string; bandwidthMbps: string; functions: GatewayFunction[] };
  /** models chosen instead of the recommended ones */
  models: Partial<Record<SolutionDeviceKind, string>>;
  lines: SolutionLine[];
  advice: string[];
  advantages: string[];
  name: string;
  type: SolutionType;
  policy: SolutionPolicy;
}

export const EMPTY_DRAFT: Draft = {
  scenario: null,
  customScenarioId: null,
  inputs: {},
  gateway: { clients: '0', lines: '1', bandwidthMbps: '100', functions: [] },
  models: {},
  lines: [],
  advice: [],
  advantages: [],
  name: '',
  type: 'wlan',
  policy: 'balanced',
};

/** The inputs a scenario asks for: those its profile sets, plus the PoE cameras; a custom scenario asks for all. */
export function fieldsOf(scenario: SolutionScenario | null, customDefaults?: SolutionInputValues): InputField[] {
  const defaults = scenario === 'custom' || scenario === null ? customDefaults : SCENARIO_PROFILES[scenario].defaults;
  if (!defaults) return [...INPUT_FIELDS];
  return INPUT_FIELDS.filter((f) => f === 'cameras' || f === 'floors' || f === 'installHeightM' || defaults[f] !== undefined);
}

export function defaultsOf(scenario: SolutionScenario | null, customDefaults?: SolutionInputValues): SolutionInputValues {
  if (scenario === null) return {};
  return scenario === 'custom' ? (customDefaults ?? {}) : SCENARIO_PROFILES[scenario].defaults;
}

type Failures = Record<string, string>;

/** zod issues as field path → rule key (rules.*), the first per field. */
export function failuresOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Failures {
  const out: Failures = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    out[key] ??= issue.message;
  }
  return out;
}

const numberOrText = (raw: string): number | string => (raw.trim() === '' ? '' : Number(raw.trim()));

/** The inputs as the API takes them, or the rule keys (rules.*) of the fields that break a rule. */
export function parseInputs(draft: Draft): { ok: true; value: SolutionInputValues } | { ok: false; failures: Failures } {
  const raw: Record<string, number | string> = {};
  for (const [k, v] of Object.entries(draft.inputs)) if (v !== undefined && v.trim() !== '') raw[k] = numberOrText(v);
  const parsed = SolutionInputsSchema.safeParse(raw);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, failures: failuresOf(parsed.error.issues) };
}

export function parseGateway(draft: Draft) {
  const { clients, lines, bandwidthMbps, functions } = draft.gateway;
  const parsed = SolutionGatewayNeedsSchema.safeParse({ clients: numberOrText(clients), lines: numberOrText(lines), bandwidthMbps: numberOrText(bandwidthMbps), functions });
  return parsed.success ? ({ ok: true, value: parsed.data } as const) : ({ ok: false, failures: failuresOf(parsed.error.issues) } as const);
}

/** The lines of a recommendation as a solution keeps them (remarks empty). */
export function linesOf(recommended: readonly RecommendedLine[]): SolutionLine[] {
  return recommended.map((l) => ({ ...l, remark: '' }));
}

/**
 * What the preview refuses before the server would (spec §5): per line, its first broken rule key
 * (quantity, remark, model twice), and the kind caps over all lines; the name's rule.
 */
export function previewFailures(draft: Draft): { lines: Record<number, string>; list: string[]; name: string | null } {
  const lines: Record<number, string> = {};
  draft.lines.forEach((line, index) => {
    const parsed = solutionLine.safeParse(line);
    if (!parsed.success && parsed.error.issues[0]) lines[index] = parsed.error.issues[0].message;
  });
  const list: string[] = [];
  for (const b of solutionLimitBreaks(draft.lines.filter((l) => Number.isInteger(l.quantity)))) {
    const key = `rules.solutionDevices.${b.check}`;
    if (b.index !== undefined) lines[b.index] ??= key;
    else list.push(key);
  }
  const name = solutionName.safeParse(draft.name);
  return { lines, list, name: name.success ? null : (name.error.issues[0]?.message ?? 'rules.solutionName.length') };
}

/** A saved solution back into the designer (opened from the list). */
export function draftOf(s: Solution): Draft {
  const inputs: Draft['inputs'] = {};
  for (const [k, v] of Object.entries(s.inputs)) if (typeof v === 'number') inputs[k as InputField] = String(v);
  return {
    scenario: s.scenario,
    customScenarioId: s.customScenarioId,
    inputs,
    gateway: { clients: String(s.gateway.clients), lines: String(s.gateway.lines), bandwidthMbps: String(s.gateway.bandwidthMbps), functions: [...s.gateway.functions] },
    models: {},
    lines: s.lines.map((l) => ({ ...l })),
    advice: [...s.advice],
    advantages: [...s.advantages],
    name: s.name,
    type: s.type,
    policy: s.policy,
  };
}
