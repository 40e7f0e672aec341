// The operations outbox (ARCHITECTURE §5): queued → sent → running → done | failed | expired.
// An instance claims a row (claimed_by + a lease) before sending it, so exactly one instance works
// on it; the Operate carries command_key = the row id, so sending it again after a crash is
// harmless (an agent executes a command key once). A reboot is done when the device's Boot! comes
// back with that key; a locate is done on its OperateResp.
import { DeviceStatus, ErrorCode } from '@airloom/contracts';
import { buildOperate } from '@airloom/usp';
import type { Knex } from 'knex';
import type { RuntimeContext } from './context.js';
import { REACHABLE_STATUSES, transition } from './status.js';
import type { OperationRow } from './store/rows.js';
import { UspErrorResponse } from './usp-controller.js';

export const COMMANDS = {
  reboot: { command: 'Device.Reboot()', inputArgs: {} },
  // spec §9 has no locate duration; a minute of blinking is enough to find a device
  locate: { command: 'Device.X_AIRLOOM_Locate()', inputArgs: { Duration: '60' } },
} as const;

const BATCH = 100;
const NOT_REBOOTING = [0, 1, 2, 3, 4, 5, 6, 7, 9];

export interface Outbox {
  /** look for work now (a nudge, a device back online) */
  nudge(): void;
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
    .where({ id, sn, kind: 'reboot' })
    .whereIn('state', ['sent', 'running'])
    .update({ state: 'done', finished_at: now, updated_at: now, claim_until: null });
  return updated === 1 ? id : null;
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
      .update({ state: to, error_code: errorCode, finished_at: now, updated_at: now, claim_until: null });
    // inside a transaction the caller tells once it is committed
    if (updated === 1 && !trx.isTransaction) events.operation(Number(row.id), row.sn);
    return updated === 1;
  }

  async function expire(): Promise<void> {
    const now = ctx.now();
    const stale = (await db<OperationRow>('operations')
      .whereIn('state', ['queued', 'sent'])
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
      .andWhere('o.kind', 'reboot')
      .select('o.*', 'd.last_boot_command_key')
      .limit(BATCH)) as (OperationRow & { last_boot_command_key: string | null })[];
    const now = ctx.now();
    for (const row of rows) {
      if (row.last_boot_command_key === String(row.id)) {
        await finish(db, row, ['running'], 'done');
      } else if ((row.sent_at ?? row.updated_at) + timings.rebootGiveUpMs < now) {
        const changed = await db.transaction(async (trx) => {
          if (!(await finish(trx, row, ['running'], 'expired', ErrorCode.DEVICE_OFFLINE))) return false;
          return transition(trx, { sn: row.sn, from: [DeviceStatus.REBOOTING], to: DeviceStatus.OFFLINE, reason: 'reboot-timeout', now });
        });
        if (changed) events.snapshot(changed);
        if (changed !== false) events.operation(Number(row.id), row.sn);
      }
    }
  }

  /** spec §4: no second reboot while one runs (the BFF refuses it first; this is the backstop) */
  async function refuseBusy(): Promise<void> {
    const rows = (await db('operations as o')
      .join('devices as d', 'd.sn', 'o.sn')
      .where({ 'o.state': 'queued', 'o.kind': 'reboot' })
      .andWhere((q) =>
        q.where('d.status', DeviceStatus.REBOOTING).orWhereExists(
          db('operations as p')
            .whereRaw('p.sn = o.sn')
            .andWhere('p.kind', 'reboot')
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
      .update({ claimed_by: gatewayId, claim_until: now + timings.claimLeaseMs, updated_at: now });
    return updated === 1;
  }

  async function send(row: Candidate): Promise<void> {
    const id = Number(row.id);
    const now = ctx.now();
    const marked = await db('operations')
      .where({ id, claimed_by: gatewayId })
      .whereIn('state', ['queued', 'sent'])
      .update({ state: 'sent', sent_at: now, attempts: db.raw('attempts + 1'), updated_at: now });
    if (marked !== 1) return;
    if (row.state === 'queued') events.operation(id, row.sn);
    const { command, inputArgs } = COMMANDS[row.kind];
    try {
      const resp = await controller.request(row.endpoint_id, buildOperate(command, { commandKey: String(id), sendResp: true, inputArgs: { ...inputArgs } }));
      const result = resp.operationResults[0];
      if (!result || !result.ok) {
        logger.warn({ id, sn: row.sn, result }, 'gateway: operation failed on the device');
        await finish(db, row, ['sent'], 'failed', ErrorCode.CONFIG_FAILED);
      } else if (row.kind === 'locate') {
        await finish(db, row, ['sent'], 'done');
      } else {
        const changed = await db.transaction(async (trx) => {
          const at = ctx.now();
          // the Boot! may have beaten this answer here: then the reboot is over already
          const updated = await trx('operations').where({ id, state: 'sent' }).update({ state: 'running', updated_at: at });
          if (updated !== 1) return false;
          return transition(trx, { sn: row.sn, from: NOT_REBOOTING, to: DeviceStatus.REBOOTING, reason: 'reboot', now: at });
        });
        if (changed) events.snapshot(changed);
        if (changed !== false) events.operation(id, row.sn);
      }
    } catch (err) {
      if (err instanceof UspErrorResponse) {
        logger.warn({ err, id, sn: row.sn }, 'gateway: operation refused by the device');
        await finish(db, row, ['sent'], 'failed', ErrorCode.CONFIG_FAILED);
        return;
      }
      // no answer: stays sent; sent again (same command_key) once the lease runs out
      logger.warn({ err, id, sn: row.sn }, 'gateway: operation not answered, will send it again');
      await db('operations')
        .where({ id, claimed_by: gatewayId, state: 'sent' })
        .update({ claim_until: ctx.now() + timings.resendAfterMs });
    }
  }

  async function dispatch(): Promise<void> {
    const now = ctx.now();
    const rows = (await db('operations as o')
      .join('devices as d', 'd.sn', 'o.sn')
      .whereIn('o.state', ['queued', 'sent'])
      // never for a device that has moved to another project since the operation was asked for
      .whereRaw('o.project_id = d.project_id')
      .whereIn('d.status', REACHABLE_STATUSES)
      .andWhere((q) => q.whereNull('o.claimed_by').orWhere('o.claim_until', '<', now))
      .orderBy('o.id', 'asc')
      .select('o.*', 'd.endpoint_id', 'd.status', 'd.last_boot_command_key')
      .limit(BATCH)) as Candidate[];
    for (const row of rows) {
      const id = Number(row.id);
      if (sending.has(id) || !(await claim(row))) continue;
      // a takeover after a crash: the reboot already came back with this key
      if (row.kind === 'reboot' && row.state === 'sent' && row.last_boot_command_key === String(id)) {
        await finish(db, row, ['sent'], 'done');
        continue;
      }
      if (row.kind === 'reboot' && row.state === 'queued') {
        const other = await db('operations')
          .where({ sn: row.sn, kind: 'reboot' })
          .whereIn('state', ['sent', 'running'])
          .whereNot({ id })
          .first('id');
        if (other) {
          await finish(db, row, ['queued'], 'failed', ErrorCode.DEVICE_BUSY);
          continue;
        }
      }
      sending.add(id);
      const task = send(row)
        .catch((err: unknown) => logger.error({ err, id }, 'gateway: operation send failed'))
        .finally(() => {
          sending.delete(id);
          running.delete(task);
        });
      running.add(task);
    }
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

  return {
    nudge: () => void tick(),
    tick,
    async idle() {
      await ticking;
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
