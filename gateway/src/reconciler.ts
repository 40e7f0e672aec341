// Desired-state configuration (ARCHITECTURE §5). The first setting is the device name: the console
// stores desired_name and bumps config_version; the gateway sends a Set of the vendor name
// parameter to online devices and records applied_version = the version it sent once the device
// confirms (SetResp, or a ValueChange equal to what is desired). Status 7 while that is pending.
import { DeviceStatus } from '@airloom/contracts';
import { buildSet, USP_ERR } from '@airloom/usp';
import { createLimiter, type KnownDevice, type RuntimeContext } from './context.js';
import { REACHABLE_STATUSES, transition } from './status.js';
import { UspErrorResponse } from './usp-controller.js';
import { nextRevision } from './store/revision.js';

/** vendor TR-181 extension; an agent without it keeps its name in the console only */
export const NAME_PARAM = 'Device.DeviceInfo.X_AIRLOOM_Name';
const NAME_OBJECT = 'Device.DeviceInfo.';
const NAME_KEY = 'X_AIRLOOM_Name';
/** the agent says the parameter is not there: treat it as an agent without a name parameter */
const NO_SUCH_PARAM = new Set<number>([USP_ERR.OBJECT_DOES_NOT_EXIST, USP_ERR.INVALID_PATH, USP_ERR.UNSUPPORTED_PARAMETER]);

export interface Reconciler {
  /** look at this device now (nudge from the console, device back online) */
  nudge(sn: string): void;
  /** every device of this instance whose desired state differs */
  poll(): Promise<void>;
  /** the device reports its name (ValueChange, DeviceInfo) as it was at `observedAt` */
  nameReported(device: KnownDevice, value: string, observedAt: number): Promise<void>;
  idle(): Promise<void>;
}

interface PendingRow {
  sn: string;
  endpoint_id: string;
  desired_name: string | null;
  config_version: number;
  applied_version: number;
  supports_name: number | null;
  status: number;
  gateway_id: string | null;
}

interface InFlight {
  version: number;
  value: string;
}

/** a rename of a whole project must not open thousands of transactions at once */
const PUSH_CONCURRENCY = 200;
const COLUMNS = ['sn', 'endpoint_id', 'desired_name', 'config_version', 'applied_version', 'supports_name', 'status', 'gateway_id'];

export function createReconciler(ctx: RuntimeContext): Reconciler {
  const { db, logger, controller, events, timings } = ctx;
  const inFlight = new Map<string, InFlight>();
  const retryAt = new Map<string, number>();
  /** when each device's name was last confirmed here: an older report must not undo it */
  const confirmedAt = new Map<string, number>();
  const running = new Set<Promise<void>>();
  const limit = createLimiter(PUSH_CONCURRENCY);

  function track(task: Promise<void>): void {
    running.add(task);
    void task.finally(() => running.delete(task));
  }

  /** the device holds `value` for `version`: record it, and leave status 7 if nothing newer waits */
  async function confirm(sn: string, version: number, value: string): Promise<void> {
    const now = ctx.now();
    confirmedAt.set(sn, now);
    const done = await db.transaction(async (trx) => {
      const updated = await trx('devices')
        .where({ sn })
        .andWhere('applied_version', '<', version)
        .update({ name: value, applied_version: version, updated_at: now, revision: nextRevision(trx) });
      if (updated === 0) return false;
      const row = (await trx('devices').where({ sn }).first('config_version')) as { config_version: number };
      if (Number(row.config_version) > version) return true;
      return (await transition(trx, { sn, from: [DeviceStatus.ONLINE_NOT_SAVED], to: DeviceStatus.ONLINE, reason: 'config-applied', now })) ?? true;
    });
    if (!done) return;
    if (done === true) events.device(sn);
    else events.snapshot(done);
    // a newer rename may have arrived meanwhile
    nudge(sn);
  }

  /** no name parameter on the device: the console's name is the name */
  async function applyInConsole(row: PendingRow): Promise<void> {
    const now = ctx.now();
    const changed = await db.transaction(async (trx) => {
      const updated = await trx('devices')
        .where({ sn: row.sn, config_version: row.config_version })
        .update({ name: row.desired_name ?? '', applied_version: row.config_version, updated_at: now, revision: nextRevision(trx) });
      if (updated !== 1) return null;
      return transition(trx, { sn: row.sn, from: [DeviceStatus.ONLINE_NOT_SAVED], to: DeviceStatus.ONLINE, reason: 'config-applied', now });
    });
    // one event per change (ARCHITECTURE §3): the snapshot at the transition already carries the name
    if (changed) events.snapshot(changed);
    else events.device(row.sn);
  }

  async function push(row: PendingRow): Promise<void> {
    const version = Number(row.config_version);
    const value = row.desired_name ?? '';
    inFlight.set(row.sn, { version, value });
    try {
      const changed = await transition(db, { sn: row.sn, from: [DeviceStatus.ONLINE], to: DeviceStatus.ONLINE_NOT_SAVED, reason: 'config-pending', now: ctx.now() });
      if (changed) events.snapshot(changed);
      const resp = await controller.request(
        row.endpoint_id,
        buildSet([{ objPath: NAME_OBJECT, paramSettings: [{ param: NAME_KEY, value, required: true }] }]),
      );
      const result = resp.updatedObjResults[0];
      if (result?.ok) {
        retryAt.delete(row.sn);
        await confirm(row.sn, version, result.updatedInstResults[0]?.updatedParams[NAME_KEY] ?? value);
        return;
      }
      const code = result && !result.ok ? result.errCode : USP_ERR.MESSAGE_FAILED;
      throw new UspErrorResponse(code, result && !result.ok ? result.errMsg : 'empty SetResp');
    } catch (err) {
      if (err instanceof UspErrorResponse && NO_SUCH_PARAM.has(err.errCode)) {
        await db('devices').where({ sn: row.sn }).update({ supports_name: 0, updated_at: ctx.now(), revision: nextRevision(db) });
        await applyInConsole(row);
        return;
      }
      retryAt.set(row.sn, ctx.now() + timings.resendAfterMs);
      logger.warn({ err, sn: row.sn }, 'gateway: rename not confirmed, will retry');
    } finally {
      if (inFlight.get(row.sn)?.version === version) inFlight.delete(row.sn);
    }
  }

  function consider(row: PendingRow, force: boolean): void {
    if (row.desired_name === null || Number(row.config_version) <= Number(row.applied_version)) return;
    if (!REACHABLE_STATUSES.includes(Number(row.status))) return; // offline devices wait
    if (row.supports_name === null) return; // DeviceInfo not learnt yet (the session does it)
    if (Number(row.supports_name) === 0) {
      track(applyInConsole(row));
      return;
    }
    const flying = inFlight.get(row.sn);
    if (flying && flying.version >= Number(row.config_version)) return;
    if (!force && (retryAt.get(row.sn) ?? 0) > ctx.now()) return;
    // marked in flight at once so the next poll does not queue it twice
    inFlight.set(row.sn, { version: Number(row.config_version), value: row.desired_name });
    track(limit(() => push(row)));
  }

  function nudge(sn: string): void {
    track(
      (async () => {
        const row = (await db('devices').where({ sn }).first(COLUMNS)) as PendingRow | undefined;
        // every instance hears a nudge; the one that hears the device acts on it
        if (row && (row.gateway_id === null || row.gateway_id === ctx.gatewayId)) consider(row, true);
      })().catch((err: unknown) => logger.error({ err, sn }, 'gateway: reconcile failed')),
    );
  }

  return {
    nudge,

    async poll() {
      const rows = (await db('devices')
        .whereRaw('config_version > applied_version')
        .whereIn('status', REACHABLE_STATUSES)
        // each instance serves the devices it hears; a nudge reaches any of them
        .andWhere({ gateway_id: ctx.gatewayId })
        .select(COLUMNS)) as PendingRow[];
      for (const row of rows) consider(row, false);
    },

    async nameReported(device, value, observedAt) {
      // e.g. a DeviceInfo read before our Set, handled after its SetResp
      if ((confirmedAt.get(device.sn) ?? 0) > observedAt) return;
      const flying = inFlight.get(device.sn);
      if (flying && flying.value === value) return confirm(device.sn, flying.version, value);
      const row = (await db('devices').where({ sn: device.sn }).first(COLUMNS)) as PendingRow | undefined;
      if (!row) return;
      // what the console wants is what the device has (e.g. confirmed before a gateway restart)
      if (row.desired_name === value && Number(row.config_version) > Number(row.applied_version)) {
        return confirm(device.sn, Number(row.config_version), value);
      }
      // only if no confirmation got in since the row was read
      await db('devices')
        .where({ sn: device.sn, applied_version: row.applied_version })
        .whereNot({ name: value })
        .update({ name: value.slice(0, 64), updated_at: ctx.now(), revision: nextRevision(db) });
    },

    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
