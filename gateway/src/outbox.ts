// The operations outbox (ARCHITECTURE §5): queued → sent → running → done | failed | expired.
// An instance claims a row (claimed_by + a lease) before sending it, so exactly one instance works
// on it. The Operate carries command_key = the row id, but TR-369 does not promise that an agent
// runs a key once, so an operation that is not idempotent (contracts' DEVICE_OPERATIONS) is sent
// at most once: marked sent before it goes out, never sent again, and published at QoS 0 so no
// MQTT client resends it after a reconnect. When its answer is lost the device is asked what
// happened (its Boot! with the key, its uptime, Device.LocalAgent.Request.); without an answer
// within the operation's lifetime it ends failed with 37, "check the device"
// (docs/decisions/gateway.md). A reboot is done when the device's Boot! comes back with its key;
// a locate on its OperateResp, and a locate may be sent again.
import { DEVICE_OPERATIONS, DeviceStatus, ErrorCode, OPERATION_KINDS, type OperationKind } from '@airloom/contracts';
import { buildGet, buildOperate, flattenGetResp, isValidPath, type OperateMsg } from '@airloom/usp';
import type { Knex } from 'knex';
import type { RuntimeContext } from './context.js';
import { REACHABLE_STATUSES, transition } from './status.js';
import type { OperationRow } from './store/rows.js';
import { nextRevision, touchDevice } from './store/revision.js';
import { UspErrorResponse, UspNotSentError } from './usp-controller.js';

/** The Operate of an operation, command_key = its id; the command path comes from the catalogue. */
export function operateFor(kind: OperationKind, id: number): OperateMsg {
  const { command, inputArgs } = DEVICE_OPERATIONS[kind];
  if (!isValidPath(command)) throw new TypeError(`not a TR-181 command: ${command}`);
  return buildOperate(command, { commandKey: String(id), sendResp: true, inputArgs: { ...inputArgs } });
}

const idempotent = (kind: OperationKind): boolean => DEVICE_OPERATIONS[kind].idempotent;
const ONCE_ONLY_KINDS = (Object.keys(DEVICE_OPERATIONS) as (keyof typeof DEVICE_OPERATIONS)[]).filter((k) => !DEVICE_OPERATIONS[k].idempotent);
/** operations the device finishes by restarting (a reboot, a factory reset): its Boot! carries their key */
export const RESTART_KINDS: readonly OperationKind[] = OPERATION_KINDS.filter((k) => DEVICE_OPERATIONS[k].completion === 'boot');
const REQUEST_TABLE = 'Device.LocalAgent.Request.';
const UPTIME = 'Device.DeviceInfo.UpTime';

const BATCH = 100;
const NOT_REBOOTING = [0, 1, 2, 3, 4, 5, 6, 7, 9];

export interface Outbox {
  /** look for work now (a nudge, a device back online) */
  nudge(): void;
  /**
   * The device reported its uptime: it booted at `bootedAt` (ms). An unconfirmed reboot sent
   * before that boot has run.
   */
  deviceBooted(sn: string, bootedAt: number): Promise<void>;
  tick(): Promise<void>;
  idle(): Promise<void>;
}

/**
 * On a Boot! with `commandKey`: the device's reboot with that id is done (sent counts too: its
 * OperateResp may have been lost). Returns the operation id, or null.
 */
export async function finishRebootOnBoot(trx: Knex.Transaction, sn: string, commandKey: string, now: number): Promise<number | null> {
  if (!/^\d{1,10}$/.test(commandKey)) return null;
  const id = Number(commandKey);
  const updated = await trx('operations')
    .where({ id, sn })
    .whereIn('kind', RESTART_KINDS)
    .whereIn('state', ['sent', 'running'])
    .update({ state: 'done', finished_at: now, updated_at: now, claim_until: null, revision: nextRevision(trx) });
  if (updated !== 1) return null;
  await touchDevice(trx, sn);
  return id;
}

/**
 * When a device that reported `uptime` seconds at `askedAt` booted, at the latest. Uptime is whole
 * seconds, so a second is given away: a boot is never placed after an operation it came before.
 */
export function bootedAt(askedAt: number, uptime: number): number {
  return askedAt - (uptime + 1) * 1000;
}

type Candidate = OperationRow & { endpoint_id: string; status: number; last_boot_command_key: string | null };

export function createOutbox(ctx: RuntimeContext): Outbox {
  const { db, logger, controller, events, timings, gatewayId } = ctx;
  const sending = new Set<number>();
  const running = new Set<Promise<void>>();
  let ticking: Promise<void> | null = null;
  let again = false;

  /** a conditional state change (only from `from`), with its event */
  async function finish(
    trx: Knex | Knex.Transaction,
    row: Pick<OperationRow, 'id' | 'sn'>,
    from: string[],
    to: 'done' | 'failed' | 'expired',
    errorCode: number | null = null,
  ): Promise<boolean> {
    const now = ctx.now();
    const updated = await trx('operations')
      .where({ id: row.id })
      .whereIn('state', from)
      .update({ state: to, error_code: errorCode, finished_at: now, updated_at: now, claim_until: null, revision: nextRevision(trx) });
    if (updated === 1) await touchDevice(trx, row.sn);
    // inside a transaction the caller tells once it is committed
    if (updated === 1 && !trx.isTransaction) events.operation(Number(row.id), row.sn);
    return updated === 1;
  }

  /** back to queued: it certainly did not run, so it may be sent (again) */
  async function requeue(row: Pick<OperationRow, 'id' | 'sn'>): Promise<void> {
    const back = await db('operations')
      .where({ id: row.id, claimed_by: gatewayId, state: 'sent' })
      .update({ state: 'queued', claimed_by: null, claim_until: null, updated_at: ctx.now(), revision: nextRevision(db) });
    if (back !== 1) return;
    await touchDevice(db, row.sn);
    events.operation(Number(row.id), row.sn);
  }

  async function expire(): Promise<void> {
    const now = ctx.now();
    // a sent operation that must not run twice is not "not sent": its lifetime decides (watchSent)
    const stale = (await db<OperationRow>('operations')
      .andWhere((q) => q.where('state', 'queued').orWhere((sent) => sent.where('state', 'sent').whereNotIn('kind', ONCE_ONLY_KINDS)))
      .andWhere('expires_at', '<', now)
      // a row another instance is sending right now gets its answer first
      .andWhere((q) => q.whereNull('claimed_by').orWhere('claim_until', '<', now))
      .limit(BATCH)) as OperationRow[];
    for (const row of stale) {
      // a row being sent right now gets its answer first
      if (!sending.has(Number(row.id))) await finish(db, row, ['queued', 'sent'], 'expired', ErrorCode.DEVICE_OFFLINE);
    }
  }

  /** reboots whose Boot! came while nobody watched (crash), or that never came back */
  async function watchRunning(): Promise<void> {
    const rows = (await db('operations as o')
      .join('devices as d', 'd.sn', 'o.sn')
      .where('o.state', 'running')
      .whereIn('o.kind', RESTART_KINDS)
      .select('o.*', 'd.last_boot_command_key')
      .limit(BATCH)) as (OperationRow & { last_boot_command_key: string | null })[];
    const now = ctx.now();
    for (const row of rows) {
      if (row.last_boot_command_key === String(row.id)) {
        await finish(db, row, ['running'], 'done');
      } else if ((row.sent_at ?? row.updated_at) + timings.operationLifetimeMs[row.kind] < now) {
        const changed = await db.transaction(async (trx) => {
          if (!(await finish(trx, row, ['running'], 'expired', ErrorCode.DEVICE_OFFLINE))) return false;
          return transition(trx, { sn: row.sn, from: [DeviceStatus.REBOOTING], to: DeviceStatus.OFFLINE, reason: 'reboot-timeout', now });
        });
        if (changed) events.snapshot(changed);
        if (changed !== false) events.operation(Number(row.id), row.sn);
      }
    }
  }

  /**
   * Sent operations that must not run twice and whose answer was lost (or whose sender crashed):
   * never sent again. Done when the Boot! with the key was seen meanwhile; otherwise the device is
   * asked again every resend period while it is reachable; past its lifetime, failed with 37.
   */
  async function watchSent(): Promise<void> {
    const now = ctx.now();
    const rows = (await db('operations as o')
      .join('devices as d', 'd.sn', 'o.sn')
      .where('o.state', 'sent')
      .whereIn('o.kind', ONCE_ONLY_KINDS)
      .andWhere((q) => q.whereNull('o.claimed_by').orWhere('o.claim_until', '<', now))
      .select('o.*', 'd.endpoint_id', 'd.status', 'd.last_boot_command_key')
      .limit(BATCH)) as Candidate[];
    for (const row of rows) {
      const id = Number(row.id);
      if (sending.has(id)) continue;
      if (row.last_boot_command_key === String(id)) {
        await finish(db, row, ['sent'], 'done');
      } else if ((row.sent_at ?? row.updated_at) + timings.operationLifetimeMs[row.kind] < now) {
        logger.warn({ id, sn: row.sn, kind: row.kind }, 'gateway: operation outcome unknown, given up');
        await finish(db, row, ['sent'], 'failed', ErrorCode.DEVICE_RESULT_UNKNOWN);
      } else if (REACHABLE_STATUSES.includes(Number(row.status)) && (await claim(row))) {
        track(id, ask(row), (err) => logger.debug({ err, id }, 'gateway: operation check failed'));
      }
    }
  }

  /**
   * What became of an operation whose answer was lost: the device's uptime says whether it has
   * restarted since; Device.LocalAgent.Request. lists an asynchronous command it is still running
   * under our key. Anything else leaves it sent, to be asked again until its lifetime ends.
   */
  async function ask(row: Candidate): Promise<void> {
    const id = Number(row.id);
    const askedAt = ctx.now();
    try {
      const flat = flattenGetResp(await controller.request(row.endpoint_id, buildGet([UPTIME, REQUEST_TABLE])));
      const uptime = Number(flat.get(UPTIME));
      if (DEVICE_OPERATIONS[row.kind].completion === 'boot' && Number.isFinite(uptime) && bootedAt(askedAt, uptime) > (row.sent_at ?? row.updated_at)) {
        await finish(db, row, ['sent'], 'done');
        return;
      }
      const ours = [...flat].some(([path, value]) => path.startsWith(REQUEST_TABLE) && path.endsWith('.CommandKey') && value === String(id));
      if (ours) {
        const updated = await db('operations').where({ id, state: 'sent' }).update({ state: 'running', updated_at: ctx.now(), claim_until: null, revision: nextRevision(db) });
        if (updated === 1) await touchDevice(db, row.sn);
        if (updated === 1) events.operation(id, row.sn);
        return;
      }
      // Not run, and it can no longer arrive: the device (or this instance) has connected anew
      // since it was sent, and a device runs a command it received before it answers on a later
      // connection. Only then may it be sent again (docs/decisions/gateway.md).
      const since = ctx.live.get(row.sn);
      if (since !== undefined && since > (row.sent_at ?? row.updated_at)) {
        logger.warn({ id, sn: row.sn }, 'gateway: operation never reached the device, queued again');
        await requeue(row);
      }
    } finally {
      await db('operations')
        .where({ id, claimed_by: gatewayId, state: 'sent' })
        .update({ claim_until: ctx.now() + timings.resendAfterMs, revision: nextRevision(db) });
    }
  }

  /** spec §4: no second reboot while one runs (the BFF refuses it first; this is the backstop) */
  async function refuseBusy(): Promise<void> {
    const rows = (await db('operations as o')
      .join('devices as d', 'd.sn', 'o.sn')
      .where({ 'o.state': 'queued' })
      .whereIn('o.kind', RESTART_KINDS)
      .andWhere((q) =>
        q.where('d.status', DeviceStatus.REBOOTING).orWhereExists(
          db('operations as p')
            .whereRaw('p.sn = o.sn')
            .whereIn('p.kind', RESTART_KINDS)
            .whereIn('p.state', ['sent', 'running'])
            .whereRaw('p.id <> o.id'),
        ),
      )
      .select('o.id', 'o.sn')
      .limit(BATCH)) as Pick<OperationRow, 'id' | 'sn'>[];
    for (const row of rows) await finish(db, row, ['queued'], 'failed', ErrorCode.DEVICE_BUSY);
  }

  async function claim(row: Candidate): Promise<boolean> {
    const now = ctx.now();
    const updated = await db('operations')
      .where({ id: row.id })
      .whereIn('state', ['queued', 'sent'])
      .andWhere((q) => q.whereNull('claimed_by').orWhere('claim_until', '<', now))
      .update({ claimed_by: gatewayId, claim_until: now + timings.claimLeaseMs, updated_at: now, revision: nextRevision(db) });
    return updated === 1;
  }

  async function send(row: Candidate): Promise<void> {
    const id = Number(row.id);
    const now = ctx.now();
    const marked = await db('operations')
      .where({ id, claimed_by: gatewayId })
      .whereIn('state', ['queued', 'sent'])
      .update({ state: 'sent', sent_at: now, attempts: db.raw('attempts + 1'), updated_at: now, revision: nextRevision(db) });
    if (marked !== 1) return;
    if (row.state === 'queued') await touchDevice(db, row.sn);
    if (row.state === 'queued') events.operation(id, row.sn);
    const once = !idempotent(row.kind);
    try {
      const resp = await controller.request(row.endpoint_id, operateFor(row.kind, id), undefined, once ? 0 : 1);
      const result = resp.operationResults[0];
      if (!result || !result.ok) {
        logger.warn({ id, sn: row.sn, result }, 'gateway: operation failed on the device');
        await finish(db, row, ['sent'], 'failed', ErrorCode.CONFIG_FAILED);
      } else if (DEVICE_OPERATIONS[row.kind].completion === 'response') {
        await finish(db, row, ['sent'], 'done');
      } else {
        const changed = await db.transaction(async (trx) => {
          const at = ctx.now();
          // the Boot! may have beaten this answer here: then the reboot is over already
          const updated = await trx('operations').where({ id, state: 'sent' }).update({ state: 'running', updated_at: at, revision: nextRevision(trx) });
          if (updated !== 1) return false;
          await touchDevice(trx, row.sn);
          return transition(trx, { sn: row.sn, from: NOT_REBOOTING, to: DeviceStatus.REBOOTING, reason: 'reboot', now: at });
        });
        if (changed) events.snapshot(changed);
        if (changed !== false) events.operation(id, row.sn);
      }
    } catch (err) {
      if (err instanceof UspNotSentError) {
        // it never left: queued again, for whoever hears the device next
        logger.warn({ err, id, sn: row.sn }, 'gateway: operation not sent, queued again');
        await requeue(row);
        return;
      }
      if (err instanceof UspErrorResponse) {
        logger.warn({ err, id, sn: row.sn }, 'gateway: operation refused by the device');
        await finish(db, row, ['sent'], 'failed', ErrorCode.CONFIG_FAILED);
        return;
      }
      // no answer: it stays sent. An idempotent one is sent again once the lease runs out; any
      // other may have reached the device, so the device is asked what became of it (watchSent)
      logger.warn({ err, id, sn: row.sn }, once ? 'gateway: operation not answered, will ask the device' : 'gateway: operation not answered, will send it again');
      await db('operations')
        .where({ id, claimed_by: gatewayId, state: 'sent' })
        .update({ claim_until: once ? 0 : ctx.now() + timings.resendAfterMs, revision: nextRevision(db) });
    }
  }

  async function dispatch(): Promise<void> {
    const now = ctx.now();
    const rows = (await db('operations as o')
      .join('devices as d', 'd.sn', 'o.sn')
      // a sent operation goes out again only when running it twice is harmless
      .andWhere((q) => q.where('o.state', 'queued').orWhere((sent) => sent.where('o.state', 'sent').whereNotIn('o.kind', ONCE_ONLY_KINDS)))
      // never for a device that has moved to another project since the operation was asked for
      .whereRaw('o.project_id = d.project_id')
      .whereIn('d.status', REACHABLE_STATUSES)
      .andWhere((q) => q.whereNull('o.claimed_by').orWhere('o.claim_until', '<', now))
      .orderBy('o.id', 'asc')
      .select('o.*', 'd.endpoint_id', 'd.status', 'd.last_boot_command_key')
      .limit(BATCH)) as Candidate[];
    for (const row of rows) {
      const id = Number(row.id);
      if (!idempotent(row.kind) && !ctx.live.has(row.sn)) continue;
      if (sending.has(id) || !(await claim(row))) continue;
      // a takeover after a crash: the reboot already came back with this key
      if (RESTART_KINDS.includes(row.kind) && row.state === 'sent' && row.last_boot_command_key === String(id)) {
        await finish(db, row, ['sent'], 'done');
        continue;
      }
      if (RESTART_KINDS.includes(row.kind) && row.state === 'queued') {
        const other = await db('operations')
          .where({ sn: row.sn })
          .whereIn('kind', RESTART_KINDS)
          .whereIn('state', ['sent', 'running'])
          .whereNot({ id })
          .first('id');
        if (other) {
          await finish(db, row, ['queued'], 'failed', ErrorCode.DEVICE_BUSY);
          continue;
        }
      }
      track(id, send(row), (err) => logger.error({ err, id }, 'gateway: operation send failed'));
    }
  }

  /** work on one row in the background: nobody else here touches it meanwhile, idle() waits for it */
  function track(id: number, work: Promise<void>, onError: (err: unknown) => void): void {
    sending.add(id);
    const task = work.catch(onError).finally(() => {
      sending.delete(id);
      running.delete(task);
    });
    running.add(task);
  }

  async function tick(): Promise<void> {
    // one pass at a time; a nudge during a pass asks for another one
    if (ticking) {
      again = true;
      return ticking;
    }
    ticking = (async () => {
      do {
        again = false;
        try {
          await expire();
          await watchRunning();
          await watchSent();
          await refuseBusy();
          await dispatch();
        } catch (err) {
          logger.error({ err }, 'gateway: outbox pass failed');
        }
      } while (again);
    })().finally(() => {
      ticking = null;
    });
    return ticking;
  }

  async function deviceBooted(sn: string, booted: number): Promise<void> {
    const rows = (await db<OperationRow>('operations').where({ sn, state: 'sent' }).whereIn('kind', ONCE_ONLY_KINDS)) as OperationRow[];
    for (const row of rows) {
      if (DEVICE_OPERATIONS[row.kind].completion !== 'boot' || sending.has(Number(row.id))) continue;
      if (booted > (row.sent_at ?? row.updated_at)) await finish(db, row, ['sent'], 'done');
    }
  }

  return {
    nudge: () => void tick(),
    deviceBooted,
    tick,
    async idle() {
      await ticking;
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
