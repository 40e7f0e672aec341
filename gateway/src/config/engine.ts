// The reconciler of the configuration engine (ARCHITECTURE §7): every section a device holds for its
// project (its own and, for the project's gateway, the project's gateway sections) is rendered to a
// TR-181 target, diffed with what the device reports and sent as Delete/Set/Add (./apply.ts).
//
// - A write raises the device's generation (devices.config_version, store/config.ts). While it is
//   above the generation the device settled (applied_version) an online device shows status 7.
// - Each section's result is kept per device (config_applied): applied, failed (the device refused:
//   not sent again until a new version) or rolled back (safe apply). History rows follow.
// - An answer that does not come (timeout, lost connection) leaves everything as it was: the device
//   is looked at again after resendAfterMs or when it comes back. Re-sending is harmless: what is
//   sent is recomputed from what the device holds, instances are found by Alias.
// - Safe apply (needsSafeApply: WAN, management IP, a switch's management VLAN or QVLAN mode): before
//   the change the device is armed with a rollback timer
//   (Device.X_AIRLOOM_SafeApply.Timeout, docs/devices.md); the console confirms (Timeout=0) only when
//   the device still answers a while after the change. A device cut off by the change restores its
//   previous configuration by itself, comes back with Status RolledBack, and the change is recorded
//   as rolled back (and not sent again).
// - The `name` section on an agent without the vendor name parameter is held in the console only.
import { DeviceStatus } from '@airloom/contracts';
import { defaultModelOf, defaultSection, deviceModel, needsSafeApply, SAFE_APPLY_SECTIONS } from '@airloom/contracts/config';
import { buildGet, buildSet, TR181, USP_ERR } from '@airloom/usp';
import { createLimiter, type KnownDevice, type RuntimeContext } from '../context.js';
import { REACHABLE_STATUSES, transition } from '../status.js';
import { appliedBody, recordArmed, recordResult, sectionsOf, type ChangeRow, type OwedSection } from '../store/config.js';
import { nextRevision } from '../store/revision.js';
import { UspErrorResponse, type RequestMsg, type ResponseTo } from '../usp-controller.js';
import { applyTarget, type Send } from './apply.js';
import { rendererFor } from './renderers.js';
import type { DeviceFacts } from './target.js';

/** vendor TR-181 extension; an agent without it keeps its name in the console only */
export const NAME_PARAM = TR181.name;
const SAFE_APPLY_OBJECT = 'Device.X_AIRLOOM_SafeApply.';
/** seconds the device waits for the console's confirmation before it rolls back (issue: 5 minutes) */
export const SAFE_APPLY_TIMEOUT_S = 300;
/** the agent says a parameter is not there */
const NO_SUCH_PARAM = new Set<number>([USP_ERR.OBJECT_DOES_NOT_EXIST, USP_ERR.INVALID_PATH, USP_ERR.UNSUPPORTED_PARAMETER]);

export interface Reconciler {
  /** look at this device now (a write from the console) */
  nudge(sn: string): void;
  /**
   * the device (re)connected: check everything it should hold, not only what it owes — a device that
   * was reset or replaced while away holds nothing, and only differences are sent
   */
  recheck(sn: string): void;
  /** every device of this instance whose desired state is ahead of what it settled */
  poll(): Promise<void>;
  /** the device reports its name (ValueChange, DeviceInfo) as it was at `observedAt` */
  nameReported(device: KnownDevice, value: string, observedAt: number): Promise<void>;
  idle(): Promise<void>;
}

interface PendingRow {
  sn: string;
  /** cloud | local | disable: only a cloud-managed device takes the console's settings (spec §6) */
  management_mode?: string;
  endpoint_id: string;
  project_id: number | null;
  type: string;
  model: string;
  config_version: number;
  applied_version: number;
  supports_name: number | null;
  status: number;
  gateway_id: string | null;
}

/** a rename of a whole project must not open thousands of exchanges at once */
const PUSH_CONCURRENCY = 200;
const COLUMNS = ['sn', 'endpoint_id', 'project_id', 'type', 'model', 'config_version', 'applied_version', 'supports_name', 'status', 'gateway_id', 'management_mode'];

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createReconciler(ctx: RuntimeContext): Reconciler {
  const { db, logger, controller, events, timings } = ctx;
  /** device → the generation being pushed to it */
  const inFlight = new Map<string, number>();
  const retryAt = new Map<string, number>();
  /** devices to check in full at their next push */
  const rechecks = new Set<string>();
  /** devices asked for while their push ran (a newer write, a full check): looked at again when it ends */
  const askedAgain = new Set<string>();
  /** when each device's name was last confirmed here: an older report must not undo it */
  const confirmedAt = new Map<string, number>();
  const running = new Set<Promise<void>>();
  const limit = createLimiter(PUSH_CONCURRENCY);
  /** how long a push holds its device between two sections (a section's requests and safe apply's wait fit in it) */
  const pushLeaseMs = 2 * timings.claimLeaseMs + timings.safeApplySettleMs;

  function track(task: Promise<void>): void {
    running.add(task);
    void task.finally(() => running.delete(task));
  }

  function publish(changes: readonly ChangeRow[]): void {
    for (const c of changes) events.change(c);
  }

  async function settle(row: PendingRow, section: OwedSection, state: 'applied' | 'failed' | 'rolled-back', error?: { code: number; message: string }): Promise<void> {
    // a confirmed name becomes the device's in the result's transaction
    const name = section.section === 'name' && state === 'applied' ? (section.body as { name: string }).name : undefined;
    if (name !== undefined) confirmedAt.set(row.sn, ctx.now());
    publish(
      await recordResult(
        db,
        { projectId: Number(row.project_id), deviceSn: row.sn, owner: section.owner, section: section.section, version: section.version, state, error },
        name === undefined ? undefined : (trx) => trx('devices').where({ sn: row.sn }).update({ name, updated_at: ctx.now(), revision: nextRevision(trx) }),
      ),
    );
    ctx.runLog?.record(
      row.sn,
      state === 'applied' ? 'config.applied' : state === 'failed' ? 'config.failed' : 'config.rolledBack',
      state === 'failed' ? { section: section.section, error: error?.message ?? 'unknown' } : { section: section.section },
    );
    if (name !== undefined) events.device(row.sn);
  }

  /** the device's safe-apply state, or undefined when the agent has no such extension */
  async function safeApplyStatus(send: Send): Promise<string | undefined> {
    try {
      const resp = await send(buildGet([`${SAFE_APPLY_OBJECT}Status`]));
      const result = resp.reqPathResults[0];
      if (!result || result.errCode !== 0) return undefined;
      return result.resolvedPathResults[0]?.resultParams.Status;
    } catch (err) {
      if (err instanceof UspErrorResponse) return undefined;
      throw err;
    }
  }

  function setTimer(seconds: number) {
    return buildSet([{ objPath: SAFE_APPLY_OBJECT, paramSettings: [{ param: 'Timeout', value: String(seconds), required: true }] }], { allowPartial: false });
  }

  /** a section that never goes to the device: not rendered yet, or a name the agent has no parameter for */
  function heldInConsole(row: PendingRow, section: OwedSection): boolean {
    return !rendererFor(section.section) || (section.section === 'name' && Number(row.supports_name) === 0);
  }

  /** one section onto the device; throws when no answer came (nothing is known, it is tried again) */
  async function applySection(row: PendingRow, send: Send, section: OwedSection): Promise<void> {
    const render = rendererFor(section.section);
    if (!render) return; // a section not built yet stays in the console
    if (heldInConsole(row, section)) return settle(row, section, 'applied');
    const facts: DeviceFacts = { sn: row.sn, type: row.type as DeviceFacts['type'], model: row.model };
    let armed = false;
    let arm: (() => Promise<void>) | undefined;
    if (SAFE_APPLY_SECTIONS.includes(section.section)) {
      // what the device holds: the version it applied, or its factory settings
      const held =
        (section.applied?.state === 'applied' ? await appliedBody(db, Number(row.project_id), section.owner, section.section, Number(section.applied.version)) : null) ??
        defaultSection(section.section, deviceModel(row.model) ?? defaultModelOf(row.type as DeviceFacts['type']));
      const safe = needsSafeApply(section.section, held, section.body);
      const sentArmed = section.applied?.armed_version === section.version;
      const status = safe || sentArmed ? await safeApplyStatus(send) : undefined;
      if (status === 'RolledBack' && sentArmed) {
        // the device undid this version by itself: it cut the device off the cloud
        await send(setTimer(0));
        logger.warn({ sn: row.sn, section: section.section, version: section.version }, 'gateway: the device rolled a configuration back');
        return settle(row, section, 'rolled-back', { code: USP_ERR.REQUEST_DENIED, message: 'the device lost the cloud with this change and restored its previous settings' });
      }
      // armed only if something is really sent (a device that holds the version already needs no timer)
      if (status !== undefined && safe) {
        arm = async () => {
          await recordArmed(db, { projectId: Number(row.project_id), deviceSn: row.sn, section: section.section, version: section.version });
          await send(setTimer(SAFE_APPLY_TIMEOUT_S));
          armed = true;
        };
      }
    }
    const result = await applyTarget(send, render(section.body as never, facts), arm);
    if (result.status === 'applied') {
      if (armed) {
        // confirmed only once the device still answers a while after the change
        await sleep(timings.safeApplySettleMs);
        await send(setTimer(0));
      }
      return settle(row, section, 'applied');
    }
    if (armed) await send(setTimer(0)); // refused all-or-nothing: nothing to roll back
    if (section.section === 'name' && NO_SUCH_PARAM.has(result.errCode)) {
      await db('devices').where({ sn: row.sn }).update({ supports_name: 0, updated_at: ctx.now(), revision: nextRevision(db) });
      return settle(row, section, 'applied');
    }
    logger.warn({ sn: row.sn, section: section.section, errCode: result.errCode, errMsg: result.errMsg }, 'gateway: the device refused a configuration');
    return settle(row, section, 'failed', { code: result.errCode, message: result.errMsg });
  }

  /** whether a section still has to go to the device */
  function owed(section: OwedSection): boolean {
    const a = section.applied;
    if (!a) return true;
    // a refused or rolled-back version is not sent again; a newer one is
    return Number(a.version) < section.version;
  }

  /**
   * Every section settled for generation `gen`: leave status 7 unless a newer write waits, and let the
   * push's hold go in the same update. Whether it settled (the hold is then released) and whether a
   * newer write waits.
   */
  async function settleGeneration(sn: string, gen: number): Promise<{ settled: boolean; newer: boolean }> {
    const now = ctx.now();
    const done = await db.transaction(async (trx) => {
      const updated = await trx('devices')
        .where({ sn })
        .andWhere('applied_version', '<', gen)
        .update({
          applied_version: gen,
          config_push_until: trx.raw('CASE WHEN ?? = ? THEN NULL ELSE ?? END', ['config_push_by', ctx.gatewayId, 'config_push_until']),
          updated_at: now,
          revision: nextRevision(trx),
        });
      if (updated === 0) return null;
      const row = (await trx('devices').where({ sn }).first('config_version')) as { config_version: number };
      if (Number(row.config_version) > gen) return { newer: true, row: null };
      return { newer: false, row: await transition(trx, { sn, from: [DeviceStatus.ONLINE_NOT_SAVED], to: DeviceStatus.ONLINE, reason: 'config-applied', now }) };
    });
    if (!done) return { settled: false, newer: false };
    if (done.row) events.snapshot(done.row);
    else events.device(sn);
    return { settled: true, newer: done.newer };
  }

  /**
   * Several gateway instances (docs/deployment.md): the device's messages reach either one, so both may
   * find its configuration owed; one pushes at a time. Taken (or renewed) before each section, for
   * longer than a section takes; false while another instance holds it.
   */
  async function holdPush(sn: string): Promise<boolean> {
    const now = ctx.now();
    const held = await db('devices')
      .where({ sn })
      .andWhere((q) => q.whereNull('config_push_until').orWhere('config_push_until', '<', now).orWhere({ config_push_by: ctx.gatewayId }))
      .update({ config_push_by: ctx.gatewayId, config_push_until: now + pushLeaseMs });
    return held === 1;
  }

  async function releasePush(sn: string): Promise<void> {
    await db('devices').where({ sn, config_push_by: ctx.gatewayId }).update({ config_push_until: null });
  }

  async function push(row: PendingRow): Promise<void> {
    const gen = Number(row.config_version);
    const full = rechecks.delete(row.sn);
    let holding = false;
    let newer = false;
    try {
      const sections = await sectionsOf(db, row);
      const due = sections.filter(owed);
      const toCompare = full ? sections.filter((section) => !owed(section) && section.applied?.state === 'applied') : [];
      // nothing to send, nothing to read back, the generation settled: a device connecting with nothing
      // owed (most of them) costs one read, not a hold, a settle and a release (docs/performance.md)
      if (due.length === 0 && toCompare.length === 0 && gen <= Number(row.applied_version)) {
        retryAt.delete(row.sn);
        return;
      }
      if (!(await holdPush(row.sn))) {
        // another instance pushes it now: what is still owed afterwards is seen at a poll; a full check is asked for again
        retryAt.set(row.sn, ctx.now() + timings.pollEveryMs);
        if (full) {
          rechecks.add(row.sn);
          setTimeout(() => nudge(row.sn), 2 * timings.pollEveryMs).unref();
        }
        return;
      }
      holding = true;
      // the first section goes out under the hold just taken; each later one renews it first
      let justTaken = true;
      const send: Send = <M extends RequestMsg>(msg: M) => controller.request(row.endpoint_id, msg) as Promise<ResponseTo<M>>;
      const applyHeld = async (section: OwedSection) => {
        if (!justTaken && !(await holdPush(row.sn))) throw new Error('another gateway instance took the device\'s configuration over');
        justTaken = false;
        await applySection(row, send, section);
      };
      // status 7 only while something goes to the device (a console-held name does not)
      if (due.some((section) => !heldInConsole(row, section))) {
        const changed = await transition(db, { sn: row.sn, from: [DeviceStatus.ONLINE], to: DeviceStatus.ONLINE_NOT_SAVED, reason: 'config-pending', now: ctx.now() });
        if (changed) events.snapshot(changed);
      }
      for (const section of due) await applyHeld(section);
      // what it holds already is read and compared: only a difference is sent
      for (const section of toCompare) await applyHeld(section);
      retryAt.delete(row.sn);
      const settled = await settleGeneration(row.sn, gen);
      if (settled.settled) holding = false;
      newer = settled.newer;
    } catch (err) {
      if (full) rechecks.add(row.sn);
      retryAt.set(row.sn, ctx.now() + timings.resendAfterMs);
      logger.warn({ err, sn: row.sn }, 'gateway: configuration not confirmed, will look again');
    } finally {
      if (holding) await releasePush(row.sn).catch((err: unknown) => logger.warn({ err, sn: row.sn }, 'gateway: configuration push not released'));
      if (inFlight.get(row.sn) === gen) inFlight.delete(row.sn);
      // a newer write or a full check arrived meanwhile
      const again = askedAgain.delete(row.sn);
      if (!retryAt.has(row.sn) && (again || newer)) nudge(row.sn);
    }
  }

  function consider(row: PendingRow, force: boolean): void {
    if (Number(row.config_version) <= Number(row.applied_version) && !rechecks.has(row.sn)) return;
    if (!REACHABLE_STATUSES.includes(Number(row.status))) return; // offline devices wait
    // spec §6: a device in local management takes its settings from its own page; the console's wait until it is back in the cloud
    if (row.management_mode !== undefined && row.management_mode !== 'cloud') return;
    if (row.supports_name === null) return; // DeviceInfo not learnt yet (the session does it)
    const flying = inFlight.get(row.sn);
    if (flying !== undefined) {
      // the push under way looks again when it ends if this asks for more than it sends
      if (Number(row.config_version) > flying || rechecks.has(row.sn)) askedAgain.add(row.sn);
      return;
    }
    if (!force && (retryAt.get(row.sn) ?? 0) > ctx.now()) return;
    // marked in flight at once so the next poll does not queue it twice
    inFlight.set(row.sn, Number(row.config_version));
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

    recheck(sn) {
      rechecks.add(sn);
      nudge(sn);
    },

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
      // e.g. a DeviceInfo read before our Set, handled after it was confirmed
      if ((confirmedAt.get(device.sn) ?? 0) > observedAt) return;
      // the device's own name, kept while the console wants no other name of it (a console name is
      // desired state: the device is given it back)
      await db('devices')
        .where({ sn: device.sn })
        .andWhere((q) => q.whereNull('desired_name').orWhere({ desired_name: value }))
        .whereNot({ name: value })
        .update({ name: value.slice(0, 64), updated_at: ctx.now(), revision: nextRevision(db) });
    },

    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}

