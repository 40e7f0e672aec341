// The agent's data model side of USP: Get, Set, Add and Delete against the TR-181 tree of one
// simulated device and the configuration the agent keeps (name, subscriptions, status period).
// No MQTT here: the agent sends the responses and reacts to the changes.
import {
  buildAddResp,
  buildDeleteResp,
  buildError,
  buildGetResp,
  buildSetResp,
  matchesPath,
  TR181,
  USP_ERR,
  type AddMsg,
  type CreatedObjectResult,
  type DeleteMsg,
  type DeletedObjectResult,
  type ErrorParamError,
  type GetMsg,
  type ParamError,
  type ParamSetting,
  type SetMsg,
  type UpdatedObjectResult,
  type UspMsg,
} from '@airloom/usp';
import type { SimDevice } from './device.js';
import { rollBack, SAFE_APPLY_TIMEOUT, setSafeApplyTimeout } from './safe-apply.js';
import { keepDynamicAddresses, poeAllotted, validSetting, type Settings } from './settings.js';
import {
  getPath,
  hasSearch,
  NOTIF_TYPES,
  parsePath,
  renderTree,
  resolveObjects,
  SUBSCRIPTION_TABLE,
  CONFIG_TABLES,
  configTableOf,
  ensureSettings,
  OWN_INSTANCE_TABLES,
  supportedParam,
  WRITABLE,
  type AgentConfig,
  type Subscription,
} from './tr181.js';

/** A parameter whose value a Set changed. */
export interface ModelChange {
  path: string;
  value: string;
}

interface Failure {
  errCode: number;
  errMsg: string;
}

const MAX_NAME_LENGTH = 64; // devices.name column
const SUBSCRIPTION_PARAMS = ['ID', 'Enable', 'NotifType', 'ReferenceList', 'NotifRetry', 'Persistent', 'Recipient'];
const BOOLEAN_PARAMS = ['Enable', 'NotifRetry', 'Persistent'];
const BOOL_SETTING = /\.(Enable|X_AIRLOOM_\w*Enable|X_AIRLOOM_MutualAccess|X_AIRLOOM_Trunk)$/;

export class DataModel {
  private nextSubInstance = 1;

  constructor(
    readonly device: SimDevice,
    readonly cfg: AgentConfig,
  ) {
    ensureSettings(device, cfg);
  }

  /** the configuration's settings (factory values until a controller sets them) */
  get settings(): Settings {
    return ensureSettings(this.device, this.cfg);
  }

  tree(): Map<string, string> {
    return renderTree(this.device, this.cfg);
  }

  /** Enabled subscriptions of this kind whose ReferenceList covers the path. */
  subscribersOf(notifType: string, path: string): Subscription[] {
    return this.cfg.subscriptions.filter(
      (s) => s.enable && s.notifType === notifType && s.referenceList.split(',').some((ref) => ref.trim() && matchesPath(ref.trim(), path)),
    );
  }

  get(msg: GetMsg): UspMsg {
    const tree = this.tree();
    return buildGetResp(
      msg.msgId,
      msg.paramPaths.map((requestedPath) => {
        const r = getPath(tree, requestedPath, msg.maxDepth);
        return { requestedPath, errCode: r.errCode, errMsg: r.errMsg, resolvedPathResults: r.resolved };
      }),
    );
  }

  /**
   * A Set: checked in full first, so without allow_partial a failure changes nothing. `safeApply`
   * says whether a Set of Device.X_AIRLOOM_SafeApply.Timeout armed or disarmed the rollback timer.
   */
  set(msg: SetMsg): { response: UspMsg; changes: ModelChange[]; safeApply?: 'armed' | 'disarmed' } {
    const tree = this.tree();
    interface Instance {
      affectedPath: string;
      settings: ParamSetting[];
      errs: ParamError[];
    }
    const plans: { requestedPath: string; instances: Instance[]; failure?: Failure }[] = [];
    for (const obj of msg.updateObjs) {
      const instances = resolveObjects(tree, obj.objPath);
      if (!instances) {
        plans.push({ requestedPath: obj.objPath, instances: [], failure: { errCode: USP_ERR.INVALID_PATH, errMsg: `Invalid path: ${obj.objPath}` } });
        continue;
      }
      if (instances.length === 0 && !hasSearch(parsePath(obj.objPath)!.segments)) {
        plans.push({ requestedPath: obj.objPath, instances: [], failure: { errCode: USP_ERR.OBJECT_DOES_NOT_EXIST, errMsg: `No such object: ${obj.objPath}` } });
        continue;
      }
      const plan: (typeof plans)[number] = { requestedPath: obj.objPath, instances: [] };
      for (const affectedPath of instances) {
        const instance: Instance = { affectedPath, settings: [], errs: [] };
        for (const s of obj.paramSettings) {
          const err = this.checkSet(affectedPath, s.param, s.value);
          if (!err) {
            instance.settings.push(s);
            continue;
          }
          instance.errs.push({ param: s.param, ...err });
          if (s.required) plan.failure ??= { errCode: USP_ERR.REQUIRED_PARAMETER_FAILED, errMsg: `${s.param}: ${err.errMsg}` };
        }
        plan.instances.push(instance);
      }
      plans.push(plan);
    }

    const failed = plans.find((p) => p.failure);
    if (failed?.failure && !msg.allowPartial) {
      const paramErrs: ErrorParamError[] = plans.flatMap((p) =>
        p.failure && p.instances.length === 0
          ? [{ paramPath: p.requestedPath, ...p.failure }]
          : p.instances.flatMap((i) => i.errs.map((e) => ({ paramPath: i.affectedPath + e.param, errCode: e.errCode, errMsg: e.errMsg }))),
      );
      return { response: buildError(msg.msgId, failed.failure.errCode, failed.failure.errMsg, paramErrs), changes: [] };
    }

    const accepted = plans.filter((p) => !p.failure).flatMap((p) => p.instances.flatMap((i) => i.settings.map((st) => ({ path: i.affectedPath + st.param, value: st.value }))));
    const overBudget = this.poeOverBudget(accepted);
    if (overBudget) return { response: buildError(msg.msgId, overBudget.errCode, overBudget.errMsg, overBudget.paramErrs), changes: [] };
    // arming snapshots the configuration as it was before anything else in this Set
    const timeout = accepted.find((a) => a.path === SAFE_APPLY_TIMEOUT);
    const step = timeout ? setSafeApplyTimeout(this.cfg, Number(timeout.value)) : 'unchanged';
    keepDynamicAddresses(this.device.spec, this.settings);

    const changes: ModelChange[] = [];
    const results: UpdatedObjectResult[] = plans.map((p) => {
      if (p.failure) {
        return {
          requestedPath: p.requestedPath,
          ok: false,
          ...p.failure,
          updatedInstFailures: p.instances.map((i) => ({ affectedPath: i.affectedPath, paramErrs: i.errs })),
        };
      }
      return {
        requestedPath: p.requestedPath,
        ok: true,
        updatedInstResults: p.instances.map((i) => {
          const updatedParams: Record<string, string> = {};
          for (const s of i.settings) {
            const path = i.affectedPath + s.param;
            if (this.apply(path, s.value)) changes.push({ path, value: s.value });
            // a hidden parameter is not echoed back either
            updatedParams[s.param] = path === TR181.adminPassword ? '' : s.value;
          }
          return { affectedPath: i.affectedPath, paramErrs: i.errs, updatedParams };
        }),
      };
    });
    return { response: buildSetResp(msg.msgId, results), changes, ...(step === 'unchanged' ? {} : { safeApply: step }) };
  }

  /**
   * A Set that would allot the PoE ports more than the budget (their limits, ports with PoE on) is
   * refused whole with 7005 Resources Exceeded; lowering an allotment that is already over is allowed.
   */
  private poeOverBudget(accepted: readonly ModelChange[]): (Failure & { paramErrs: ErrorParamError[] }) | undefined {
    const touched = accepted.filter((a) => /\.X_AIRLOOM_PoE(Enable|PowerLimit)$/.test(a.path));
    if (touched.length === 0 || this.device.poeBudget <= 0) return undefined;
    const after = new Map(this.settings);
    for (const a of touched) if (after.has(a.path)) after.set(a.path, a.value === '1' ? 'true' : a.value === '0' ? 'false' : a.value);
    const allotted = poeAllotted(this.device.spec, after);
    if (allotted <= this.device.poeBudget + 1e-9 || allotted <= poeAllotted(this.device.spec, this.settings)) return undefined;
    const errMsg = `PoE budget exceeded: ${allotted.toFixed(1)} W allotted, ${this.device.poeBudget} W available`;
    return { errCode: USP_ERR.RESOURCES_EXCEEDED, errMsg, paramErrs: touched.map((a) => ({ paramPath: a.path, errCode: USP_ERR.RESOURCES_EXCEEDED, errMsg })) };
  }

  /** The safe-apply timer fired: the configuration it armed on comes back. */
  rollBack(): boolean {
    return rollBack(this.cfg);
  }

  /**
   * Add on `Device.LocalAgent.Subscription.` (an ID that exists updates that subscription) or on a
   * configuration table (CONFIG_TABLES; a new instance, its Alias unique in the table).
   */
  add(msg: AddMsg): UspMsg {
    const aliases = new Set<string>();
    const plans = msg.createObjs.map((obj) => {
      const table = configTableOf(obj.objPath);
      if (table && obj.objPath.endsWith('.') && !/\.\d+\.$/.test(obj.objPath)) return { obj, table, ...this.checkConfigAdd(obj.objPath, table, obj.paramSettings, aliases) };
      return { obj, table: undefined, ...this.checkAdd(obj.objPath, obj.paramSettings) };
    });
    const failed = plans.find((p) => p.failure);
    if (failed?.failure && !msg.allowPartial) {
      return buildError(msg.msgId, failed.failure.errCode, failed.failure.errMsg, [{ paramPath: failed.obj.objPath, ...failed.failure }]);
    }
    const results: CreatedObjectResult[] = plans.map(({ obj, table, failure, paramErrs }) => {
      if (failure) return { requestedPath: obj.objPath, ok: false, ...failure };
      const settings = obj.paramSettings.filter((s) => !paramErrs.some((e) => e.param === s.param));
      if (table) return this.createInstance(obj.objPath, table, settings, paramErrs);
      // the controller re-adds its subscriptions on every connection: same ID, same instance
      const id = settings.find((s) => s.param === 'ID')?.value;
      let sub = id ? this.cfg.subscriptions.find((s) => s.id === id) : undefined;
      if (!sub) {
        const instance = this.nextSubInstance++;
        sub = { instance, id: id ?? `cpe-${instance}`, enable: true, notifType: '', referenceList: '', notifRetry: false, persistent: true, createdAt: Date.now() };
        this.cfg.subscriptions.push(sub);
      }
      for (const s of settings) applySubscriptionParam(sub, s.param, s.value);
      return {
        requestedPath: obj.objPath,
        ok: true,
        instantiatedPath: `${SUBSCRIPTION_TABLE}${sub.instance}.`,
        paramErrs,
        uniqueKeys: { ID: sub.id, Recipient: 'Device.LocalAgent.Controller.1' },
      };
    });
    return buildAddResp(msg.msgId, results);
  }

  /** Delete of subscription or configuration-table instances; deleting what is already gone succeeds with nothing affected. */
  delete(msg: DeleteMsg): UspMsg {
    const tree = this.tree();
    const plans = msg.objPaths.map((path): { path: string; instances: string[]; failure?: Failure } => {
      const parsed = parsePath(path);
      const instances = resolveObjects(tree, path);
      if (!instances) return { path, instances: [], failure: { errCode: USP_ERR.INVALID_PATH, errMsg: `Invalid path: ${path}` } };
      const isSubscriptionInstance = parsed?.isObject && parsed.segments.length === 4 && path.startsWith(SUBSCRIPTION_TABLE);
      const table = configTableOf(path);
      const lastSegment = parsed?.segments[parsed.segments.length - 1] ?? '';
      const isConfigInstance = table !== undefined && (lastSegment === '*' || /^\d+$/.test(lastSegment) || lastSegment.startsWith('['));
      if (!isSubscriptionInstance && !isConfigInstance) return { path, instances: [], failure: { errCode: USP_ERR.OBJECT_NOT_DELETABLE, errMsg: `${path} cannot be deleted` } };
      if (isConfigInstance && instances.some((i) => !this.cfg.objects?.has(i))) {
        return { path, instances: [], failure: { errCode: USP_ERR.OBJECT_NOT_DELETABLE, errMsg: `${path}: the device's own instances cannot be deleted` } };
      }
      return { path, instances };
    });
    const failed = plans.find((p) => p.failure);
    if (failed?.failure && !msg.allowPartial) {
      return buildError(msg.msgId, failed.failure.errCode, failed.failure.errMsg, [{ paramPath: failed.path, ...failed.failure }]);
    }
    const results: DeletedObjectResult[] = plans.map(({ path, instances, failure }) => {
      if (failure) return { requestedPath: path, ok: false, ...failure };
      const gone = new Set(instances);
      for (const instance of instances) this.cfg.objects?.delete(instance);
      this.cfg.subscriptions = this.cfg.subscriptions.filter((s) => !gone.has(`${SUBSCRIPTION_TABLE}${s.instance}.`));
      return { requestedPath: path, ok: true, affectedPaths: instances, unaffectedPathErrs: [] };
    });
    return buildDeleteResp(msg.msgId, results);
  }

  /** Why a Set of this parameter would fail, or undefined when it would succeed. */
  private checkSet(objPath: string, param: string, value: string): Failure | undefined {
    const parsed = parsePath(objPath + param);
    const template = parsed && !parsed.isObject ? supportedParam(parsed.segments) : undefined;
    if (!template) return { errCode: USP_ERR.UNSUPPORTED_PARAMETER, errMsg: `Unsupported parameter ${param}` };
    const table = configTableOf(objPath);
    if (table) {
      // the device's own instances (its routes) are read-only
      if (!this.cfg.objects?.has(objPath)) return { errCode: USP_ERR.PARAMETER_READ_ONLY, errMsg: `${objPath} is the device's own` };
      if (param === 'Alias' && this.aliasTaken(objPath.replace(/\d+\.$/, ''), value, objPath)) {
        return { errCode: USP_ERR.UNIQUE_KEY_CONFLICT, errMsg: `Alias ${value} exists` };
      }
      return validSetting(param, value) ? undefined : { errCode: USP_ERR.INVALID_VALUE, errMsg: `Invalid value for ${param}` };
    }
    if (this.settings.has(objPath + param)) {
      return validSetting(param, value) ? undefined : { errCode: USP_ERR.INVALID_VALUE, errMsg: `Invalid value for ${param}` };
    }
    if (!WRITABLE.has(template)) return { errCode: USP_ERR.PARAMETER_READ_ONLY, errMsg: `${param} is read-only` };
    // the local administrator's password: only user 1 (admin) exists; a device keeps at most 64 characters
    if (objPath + param === TR181.managementMode) {
      return value === 'cloud' || value === 'local' ? undefined : { errCode: USP_ERR.INVALID_VALUE, errMsg: 'ManagementMode is cloud or local' };
    }
    if (template === 'Device.Users.User.{i}.Password') {
      if (objPath !== TR181.adminUser) return { errCode: USP_ERR.OBJECT_DOES_NOT_EXIST, errMsg: `No such user: ${objPath}` };
      return value.length >= 1 && value.length <= 64 ? undefined : { errCode: USP_ERR.INVALID_VALUE, errMsg: 'Invalid value for Password' };
    }
    if (param === 'ID') {
      const clash = this.cfg.subscriptions.find((s) => s.id === value && `${SUBSCRIPTION_TABLE}${s.instance}.` !== objPath);
      if (clash) return { errCode: USP_ERR.UNIQUE_KEY_CONFLICT, errMsg: `Subscription ID ${value} exists` };
    }
    return validValue(param, value) ? undefined : { errCode: USP_ERR.INVALID_VALUE, errMsg: `Invalid value for ${param}` };
  }

  private checkAdd(objPath: string, settings: readonly ParamSetting[]): { failure?: Failure; paramErrs: ParamError[] } {
    if (objPath !== SUBSCRIPTION_TABLE) {
      const parsed = parsePath(objPath);
      const known = parsed?.isObject && resolveObjects(this.tree(), objPath) !== undefined;
      return {
        failure: known
          ? { errCode: USP_ERR.OBJECT_NOT_CREATABLE, errMsg: `${objPath} cannot be created` }
          : { errCode: USP_ERR.INVALID_PATH, errMsg: `Invalid path: ${objPath}` },
        paramErrs: [],
      };
    }
    const paramErrs: ParamError[] = [];
    let failure: Failure | undefined;
    for (const s of settings) {
      const known = SUBSCRIPTION_PARAMS.includes(s.param);
      if (known && validValue(s.param, s.value)) continue;
      const errCode = known ? USP_ERR.INVALID_VALUE : USP_ERR.UNSUPPORTED_PARAMETER;
      paramErrs.push({ param: s.param, errCode, errMsg: `Invalid ${s.param}` });
      if (s.required) failure ??= { errCode: USP_ERR.OBJECT_NOT_CREATED, errMsg: `${s.param} could not be set` };
    }
    const given = (param: string) => settings.some((s) => s.param === param && s.value && !paramErrs.some((e) => e.param === param));
    if (!given('NotifType') || !given('ReferenceList')) failure ??= { errCode: USP_ERR.OBJECT_NOT_CREATED, errMsg: 'NotifType and ReferenceList are required' };
    return { failure, paramErrs };
  }

  /** Whether another instance of this table (path with trailing dot) already has this Alias. */
  private aliasTaken(tablePath: string, alias: string, except?: string): boolean {
    for (const [instance, params] of this.cfg.objects ?? []) {
      if (instance !== except && params.Alias === alias && instance.startsWith(tablePath) && /^\d+\.$/.test(instance.slice(tablePath.length))) return true;
    }
    return false;
  }

  private checkConfigAdd(
    objPath: string,
    table: string,
    settings: readonly ParamSetting[],
    aliases: Set<string>,
  ): { failure?: Failure; paramErrs: ParamError[] } {
    const paramErrs: ParamError[] = [];
    let failure: Failure | undefined;
    // a nested table needs its parent instance (`Device.Bridging.Bridge.1.` for its VLAN table)
    const parent = objPath.replace(/[^.]+\.$/, '');
    if (/\.\d+\.$/.test(parent) && (resolveObjects(this.tree(), parent) ?? []).length === 0) {
      return { failure: { errCode: USP_ERR.OBJECT_DOES_NOT_EXIST, errMsg: `No such object: ${parent}` }, paramErrs };
    }
    const known = CONFIG_TABLES[table] ?? [];
    for (const s of settings) {
      if (known.includes(s.param) && validSetting(s.param, s.value)) continue;
      if (known.includes(s.param)) {
        paramErrs.push({ param: s.param, errCode: USP_ERR.INVALID_VALUE, errMsg: `Invalid value for ${s.param}` });
        if (s.required) failure ??= { errCode: USP_ERR.OBJECT_NOT_CREATED, errMsg: `${s.param} could not be set` };
        continue;
      }
      paramErrs.push({ param: s.param, errCode: USP_ERR.UNSUPPORTED_PARAMETER, errMsg: `Unsupported parameter ${s.param}` });
      if (s.required) failure ??= { errCode: USP_ERR.OBJECT_NOT_CREATED, errMsg: `${s.param} could not be set` };
    }
    const alias = settings.find((s) => s.param === 'Alias')?.value;
    if (alias !== undefined) {
      const key = `${objPath}${alias}`;
      if (this.aliasTaken(objPath, alias) || aliases.has(key)) failure ??= { errCode: USP_ERR.UNIQUE_KEY_CONFLICT, errMsg: `Alias ${alias} exists` };
      aliases.add(key);
    }
    return { failure, paramErrs };
  }

  private createInstance(objPath: string, table: string, settings: readonly ParamSetting[], paramErrs: ParamError[]): CreatedObjectResult {
    this.cfg.objects ??= new Map();
    this.cfg.nextInstance ??= new Map();
    let number = this.cfg.nextInstance.get(objPath) ?? 1;
    while (this.cfg.objects.has(`${objPath}${number}.`) || this.ownInstance(`${objPath}${number}.`)) number++;
    this.cfg.nextInstance.set(objPath, number + 1);
    const params: Record<string, string> = {};
    for (const p of CONFIG_TABLES[table] ?? []) params[p] = '';
    params.Alias = `cpe-${number}`;
    for (const s of settings) params[s.param] = s.value;
    const instantiatedPath = `${objPath}${number}.`;
    this.cfg.objects.set(instantiatedPath, params);
    return { requestedPath: objPath, ok: true, instantiatedPath, paramErrs, uniqueKeys: { Alias: params.Alias } };
  }

  /** Whether the device itself has this instance (not one a controller added): its routes. */
  private ownInstance(instancePath: string): boolean {
    if (!OWN_INSTANCE_TABLES.some((t) => instancePath.startsWith(t))) return false;
    for (const key of this.tree().keys()) if (key.startsWith(instancePath)) return true;
    return false;
  }

  /** Applies a checked Set; true when the value changed. */
  private apply(path: string, value: string): boolean {
    let instance = path.slice(0, path.lastIndexOf('.') + 1);
    let stored = this.cfg.objects?.get(instance);
    // a parameter of an instance's sub-object (`AccessPoint.7.Security.ModeEnabled`) is kept with the instance
    const nested = stored ? null : /^(.*\.\d+\.)[^.\d][^]*$/.exec(path);
    if (nested?.[1] && this.cfg.objects?.has(nested[1])) {
      instance = nested[1];
      stored = this.cfg.objects.get(instance);
    }
    if (stored) {
      const param = path.slice(instance.length);
      if (stored[param] === value) return false;
      stored[param] = value;
      return true;
    }
    const settings = this.settings;
    if (settings.has(path)) {
      // booleans are kept as TR-181 writes them back: true/false
      const v = value === '1' && BOOL_SETTING.test(path) ? 'true' : value === '0' && BOOL_SETTING.test(path) ? 'false' : value;
      if (settings.get(path) === v) return false;
      settings.set(path, v);
      return true;
    }
    if (path === SAFE_APPLY_TIMEOUT) return true;
    // kept, never reported: not a change a subscriber hears of (a ValueChange would carry it)
    if (path === TR181.managementMode) {
      if ((this.cfg.managementMode ?? 'cloud') === value) return false;
      this.cfg.managementMode = value as 'cloud' | 'local';
      return true;
    }
    if (path === TR181.adminPassword) {
      this.cfg.adminPassword = value;
      return false;
    }
    if (path === 'Device.DeviceInfo.X_AIRLOOM_Name') {
      if (this.cfg.name === value) return false;
      this.cfg.name = value;
      return true;
    }
    if (path.endsWith('.PeriodicNotifInterval')) {
      if (this.cfg.periodicNotifInterval === Number(value)) return false;
      this.cfg.periodicNotifInterval = Number(value);
      return true;
    }
    const m = /^Device\.LocalAgent\.Subscription\.(\d+)\.(\w+)$/.exec(path);
    const sub = m && this.cfg.subscriptions.find((s) => s.instance === Number(m[1]));
    if (!sub || !m) return false;
    applySubscriptionParam(sub, m[2]!, value);
    return true;
  }
}

function parseBool(value: string): boolean | undefined {
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return undefined;
}

function validValue(param: string, value: string): boolean {
  if (BOOLEAN_PARAMS.includes(param)) return parseBool(value) !== undefined;
  switch (param) {
    case 'X_AIRLOOM_Name':
      return value.length >= 1 && value.length <= MAX_NAME_LENGTH;
    case 'Timeout':
      return /^\d{1,10}$/.test(value);
    case 'PeriodicNotifInterval':
      return /^\d+$/.test(value) && Number(value) >= 1;
    case 'NotifType':
      return NOTIF_TYPES.includes(value);
    case 'ID':
      return value.length > 0;
    default:
      return true;
  }
}

function applySubscriptionParam(sub: Subscription, param: string, value: string): void {
  switch (param) {
    case 'ID':
      sub.id = value;
      break;
    case 'Enable':
      sub.enable = parseBool(value) ?? sub.enable;
      break;
    case 'NotifType':
      sub.notifType = value;
      break;
    case 'ReferenceList':
      sub.referenceList = value;
      break;
    case 'NotifRetry':
      sub.notifRetry = parseBool(value) ?? sub.notifRetry;
      break;
    case 'Persistent':
      sub.persistent = parseBool(value) ?? sub.persistent;
      break;
  }
}
