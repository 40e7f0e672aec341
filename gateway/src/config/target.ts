// The renderer interface of the configuration engine (ARCHITECTURE §7).
//
// A section's renderer is a pure function `(body, facts) → Tr181Target`:
// - `body` is the section's stored document, already valid by its contracts schema
//   (SECTION_SCHEMAS in contracts/src/config/sections.ts);
// - `facts` is what the engine knows of the device (serial number, type, model) — never the
//   device's current values; a renderer says what the device SHOULD hold, not how to get there;
// - the answer lists
//   * `params`: full TR-181 parameter paths of single-instance objects → value
//     (e.g. `Device.DeviceInfo.X_AIRLOOM_Name` → `Lobby`),
//   * `tables`: the multi-instance tables the section owns, each with the instances that must exist.
//     An instance is identified by its TR-181 `Alias` (`airloom-<section>-<key>`, e.g. `airloom-vlan-10`),
//     never by its instance number, which the device chooses on Add. Parameters of an instance are
//     relative names (`VLANID` → `10`); `Alias` is added by the engine.
//     `owns: 'all'` — every other instance of the table is deleted (the section is the whole table);
//     `owns: 'airloom'` — only other instances whose Alias starts with `airloom-` are deleted
//     (the device's own instances, e.g. the default LAN bridge, are left alone).
//
// planConfig() diffs a target with the values the device reports (a Get of the same paths) and gives
// the USP messages to send: Delete of extra instances, Set of differing values, Add of missing
// instances — each sent with allow_partial=false, in that order, so a freed key (a VLAN ID, a pool
// name) can be used again by a new instance of the same change.
//
// Registering a renderer: one line in ./renderers.ts.
import type { DeviceType } from '@airloom/contracts';
import { buildAdd, buildDelete, buildSet, type AddMsg, type DeleteMsg, type SetMsg } from '@airloom/usp';

/** what a renderer may know of the device */
export interface DeviceFacts {
  sn: string;
  type: DeviceType;
  model: string;
}

export interface Tr181Instance {
  /** TR-181 Alias, unique in its table: `airloom-<section>-<key>` */
  alias: string;
  /** parameter name (relative to the instance) → value */
  params: Record<string, string>;
  /**
   * reference parameters (TR-181 strong references, e.g. a VLANPort's `VLAN`): parameter name → the
   * instance it points at, found by its values in another table of the target. Its value is that
   * instance's path without the trailing dot (`Device.Bridging.Bridge.1.VLAN.3`), known only once the
   * device holds it: an instance whose reference cannot be resolved yet waits for the next round.
   */
  refs?: Record<string, Tr181Ref>;
}

export interface Tr181Ref {
  /** the table path with a trailing dot */
  table: string;
  /** parameter values the referenced instance has, e.g. `{ VLANID: '10' }` */
  match: Record<string, string>;
}

export interface Tr181Table {
  /** the table's path with a trailing dot, e.g. `Device.Bridging.Bridge.1.VLAN.` */
  path: string;
  owns: 'all' | 'airloom';
  instances: Tr181Instance[];
}

export interface Tr181Target {
  params: Record<string, string>;
  tables: Tr181Table[];
}

export type Renderer<Body = unknown> = (body: Body, facts: DeviceFacts) => Tr181Target;

/** what the device reports: full parameter path → value (a Get of the target's paths, flattened) */
export type ReportedValues = Record<string, string>;

export const ALIAS_PREFIX = 'airloom-';

export function aliasFor(section: string, key: string | number): string {
  return `${ALIAS_PREFIX}${section}-${key}`;
}

export interface PlannedSet {
  /** object path with a trailing dot: `Device.DeviceInfo.` or `Device.Bridging.Bridge.1.VLAN.3.` */
  objPath: string;
  params: Record<string, string>;
}

export interface PlannedAdd {
  /** table path: `Device.Bridging.Bridge.1.VLAN.` */
  objPath: string;
  /** including Alias */
  params: Record<string, string>;
}

export interface ConfigPlan {
  /** instance paths to delete, e.g. `Device.Bridging.Bridge.1.VLAN.4.` */
  deletes: string[];
  sets: PlannedSet[];
  adds: PlannedAdd[];
  /** instances left for a next round: they refer to instances this plan adds (see Tr181Instance.refs) */
  waiting?: number;
}

export function isEmptyPlan(plan: ConfigPlan): boolean {
  return plan.deletes.length === 0 && plan.sets.length === 0 && plan.adds.length === 0 && !plan.waiting;
}

/** `Device.DeviceInfo.X_AIRLOOM_Name` → [`Device.DeviceInfo.`, `X_AIRLOOM_Name`] */
function splitParam(path: string): [string, string] {
  const i = path.lastIndexOf('.');
  return [path.slice(0, i + 1), path.slice(i + 1)];
}

/** instance number → (parameter name → value) of one table, from flattened reported values */
export function instancesOf(reported: ReportedValues, tablePath: string): Map<string, Record<string, string>> {
  return groupInstances(reported, new Set([tablePath])).get(tablePath) ?? new Map();
}

/**
 * one pass over the reported values: table path → instance number → parameter → value, for the
 * given tables only (parameters of nested objects belong to their own tables)
 */
function groupInstances(reported: ReportedValues, tables: ReadonlySet<string>, nested: ReadonlySet<string> = new Set()): Map<string, Map<string, Record<string, string>>> {
  const out = new Map<string, Map<string, Record<string, string>>>();
  for (const path in reported) {
    let paramDot = path.lastIndexOf('.');
    if (paramDot <= 0 || paramDot === path.length - 1) continue;
    let numDot = path.lastIndexOf('.', paramDot - 1);
    if (numDot < 0) continue;
    let num = path.slice(numDot + 1, paramDot);
    // a parameter of a single-instance sub-object (`AccessPoint.3.Security.ModeEnabled`) belongs to its
    // instance as `Security.ModeEnabled`, for tables whose instances name such parameters
    if (!isDigits(num) && nested.size) {
      const sub = nestedParam(path, nested);
      if (sub) ({ paramDot, numDot, num } = sub);
    }
    if (num.length === 0 || !isDigits(num)) continue;
    const table = path.slice(0, numDot + 1);
    if (!tables.has(table)) continue;
    let instances = out.get(table);
    if (!instances) out.set(table, (instances = new Map()));
    let inst = instances.get(num);
    if (!inst) instances.set(num, (inst = {}));
    inst[path.slice(paramDot + 1)] = reported[path]!;
  }
  return out;
}

/** `<table><n>.<Sub>.<Param>` of one of the tables → where its instance number and parameter name start */
function nestedParam(path: string, tables: ReadonlySet<string>): { paramDot: number; numDot: number; num: string } | undefined {
  for (const table of tables) {
    if (!path.startsWith(table)) continue;
    const numEnd = path.indexOf('.', table.length);
    if (numEnd < 0) continue;
    const num = path.slice(table.length, numEnd);
    // only single-instance sub-objects: no instance number further down (`VLAN.3.VLANID` is another table's)
    if (!isDigits(num) || path.slice(numEnd + 1).split('.').some(isDigits)) continue;
    return { paramDot: numEnd, numDot: table.length - 1, num };
  }
  return undefined;
}

/** tables whose instances name parameters of sub-objects (`Security.ModeEnabled`) */
function nestedTables(target: Tr181Target): Set<string> {
  return new Set(target.tables.filter((t) => t.instances.some((i) => Object.keys(i.params).some((p) => p.includes('.')))).map((t) => t.path));
}

function isDigits(value: string): boolean {
  if (value.length === 0) return false;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** the messages that make a device holding `reported` hold `target` (empty when nothing differs) */
export function planConfig(target: Tr181Target, reported: ReportedValues): ConfigPlan {
  const plan: ConfigPlan = { deletes: [], sets: [], adds: [] };
  const setsByObj = new Map<string, Record<string, string>>();
  const addSet = (objPath: string, param: string, value: string) => {
    let params = setsByObj.get(objPath);
    if (!params) setsByObj.set(objPath, (params = {}));
    params[param] = value;
  };
  for (const [path, value] of Object.entries(target.params)) {
    if (reported[path] === value) continue;
    const [objPath, param] = splitParam(path);
    addSet(objPath, param, value);
  }
  const grouped = groupInstances(reported, new Set(target.tables.flatMap((t) => [t.path, ...refTables(t)])), nestedTables(target));
  const resolve = (ref: Tr181Ref): string | undefined => {
    for (const [num, params] of grouped.get(ref.table) ?? []) {
      if (Object.entries(ref.match).every(([k, v]) => params[k] === v)) return `${ref.table}${num}`;
    }
    return undefined;
  };
  for (const table of target.tables) {
    const existing = grouped.get(table.path) ?? new Map<string, Record<string, string>>();
    const byAlias = new Map<string, string>();
    for (const [num, params] of existing) if (params.Alias !== undefined) byAlias.set(params.Alias, num);
    const wanted = new Set(table.instances.map((i) => i.alias));
    for (const [num, params] of existing) {
      const alias = params.Alias ?? '';
      if (wanted.has(alias)) continue;
      if (table.owns === 'all' || alias.startsWith(ALIAS_PREFIX)) plan.deletes.push(`${table.path}${num}.`);
    }
    for (const inst of table.instances) {
      const params = { ...inst.params };
      let unresolved = false;
      for (const [param, ref] of Object.entries(inst.refs ?? {})) {
        const path = resolve(ref);
        if (path === undefined) unresolved = true;
        else params[param] = path;
      }
      if (unresolved) {
        plan.waiting = (plan.waiting ?? 0) + 1;
        continue;
      }
      const num = byAlias.get(inst.alias);
      if (num === undefined) {
        plan.adds.push({ objPath: table.path, params: { Alias: inst.alias, ...params } });
        continue;
      }
      const have = existing.get(num) ?? {};
      for (const [param, value] of Object.entries(params)) {
        // a sub-object's parameter keeps its relative path (`Security.ModeEnabled`), as USP allows
        if (have[param] !== value) addSet(`${table.path}${num}.`, param, value);
      }
    }
  }
  for (const [objPath, params] of setsByObj) plan.sets.push({ objPath, params });
  return plan;
}

function refTables(table: Tr181Table): string[] {
  return table.instances.flatMap((i) => Object.values(i.refs ?? {}).map((r) => r.table));
}

/** the paths to Get from the device to diff against this target */
export function pathsToRead(target: Tr181Target): string[] {
  const objects = new Set<string>();
  for (const path of Object.keys(target.params)) objects.add(path);
  for (const table of target.tables) for (const path of [table.path, ...refTables(table)]) objects.add(path);
  return [...objects];
}

/** the USP messages of a plan, in the order they are sent, each all-or-nothing (allow_partial=false) */
export function planMessages(plan: ConfigPlan): (DeleteMsg | SetMsg | AddMsg)[] {
  const out: (DeleteMsg | SetMsg | AddMsg)[] = [];
  if (plan.deletes.length) out.push(buildDelete(plan.deletes, { allowPartial: false }));
  if (plan.sets.length) {
    out.push(
      buildSet(
        plan.sets.map((s) => ({ objPath: s.objPath, paramSettings: Object.entries(s.params).map(([param, value]) => ({ param, value, required: true })) })),
        { allowPartial: false },
      ),
    );
  }
  if (plan.adds.length) {
    out.push(
      buildAdd(
        plan.adds.map((a) => ({ objPath: a.objPath, paramSettings: Object.entries(a.params).map(([param, value]) => ({ param, value, required: true })) })),
        { allowPartial: false },
      ),
    );
  }
  return out;
}
