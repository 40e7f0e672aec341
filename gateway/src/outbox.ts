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
import { DEVICE_OPERATIONS, DeviceStatus, ErrorCode, OPERATION_KINDS, type LedMode, type OperationArgs, type OperationKind } from '@airloom/contracts';
import { parseOperationArgs } from './store/mapping.js';
import { buildGet, buildOperate, flattenGetResp, isValidPath, type OperateMsg } from '@airloom/usp';
import type { Knex } from 'knex';
import type { RuntimeContext } from './context.js';
import { REACHABLE_STATUSES, transition } from './status.js';
import { parseScanResults, rogueAccessPoints, storeNeighbourScan } from './store/measurements.js';
import { markClientOffline } from './store/clients.js';
import type { OperationRow } from './store/rows.js';
import { nextRevision, touchDevice } from './store/revision.js';
import { UspErrorResponse, UspNotSentError } from './usp-controller.js';
import { retryDeadlock } from './store/config.js';

/**
 * The Operate of an operation, command_key = its id; the command path comes from the catalogue,
 * `{i}` is the PoE port it names or the AccessPoint a client is on, an LED mode goes as the Mode
 * input argument and a client's MAC as MACAddress (docs/devices.md).
 */
export function operateFor(kind: OperationKind, id: number, args: OperationArgs | null = null, download: FirmwareDownloadArgs | null = null): OperateMsg {
  const { command: template, inputArgs } = DEVICE_OPERATIONS[kind];
  const instance = kind === 'clientOffline' ? args?.accessPoint : kind === 'upgrade' ? FIRMWARE_IMAGE_INSTANCE : args?.port;
  const command = template.includes('{i}') ? template.replace('{i}', String(instance ?? '')) : template;
  if (!isValidPath(command)) throw new TypeError(`not a TR-181 command: ${command}`);
  const extra: Record<string, string> =
    kind === 'led' && args?.mode ? { Mode: LED_MODE_VALUES[args.mode] } : kind === 'clientOffline' && args?.mac ? { MACAddress: args.mac } : kind === 'upgrade' && download ? firmwareDownloadArgs(download)
    // remote web management: where the device dials out to and the one-time token it shows there
    : kind === 'remote-web' ? { URL: args?.tunnelUrl ?? '', Token: args?.tunnelToken ?? '' }
    : {};
  return buildOperate(command, { commandKey: String(id), sendResp: true, inputArgs: { ...inputArgs, ...extra } });
}
/**
 * TR-181 Device.DeviceInfo.FirmwareImage.{i}.Download() goes to the second image (the one a device
 * does not boot from in the field; docs/decisions/maintenance.md); AutoActivate comes from the catalogue.
 */
export const FIRMWARE_IMAGE_INSTANCE = 2;
export interface FirmwareDownloadArgs {
  url: string;
  size: number;
  sha256: string;
}
/** the Download() input arguments of TR-181 (URL, FileSize, CheckSumAlgorithm, CheckSum) */
export function firmwareDownloadArgs(d: FirmwareDownloadArgs): Record<string, string> {
  return { URL: d.url, FileSize: String(d.size), CheckSumAlgorithm: 'SHA-256', CheckSum: d.sha256 };
}
/**
 * An upgrade's failure as the device reports it in the Download() OperationComplete: TR-369's vendor
 * codes 7820 (the image could not be fetched, or its checksum did not match) and 7821 (fetched but
 * not installable: another model's, a bad header) (docs/devices.md).
 */
export const UPGRADE_ERRORS: Readonly<Record<number, number>> = {
  7820: ErrorCode.FIRMWARE_DOWNLOAD_FAILED,
  7821: ErrorCode.FIRMWARE_UPGRADE_FAILED,
};

/** Device.X_AIRLOOM_LED.SetMode(): the Mode argument's values */
export const LED_MODE_VALUES: Readonly<Record<LedMode, string>> = { on: 'On', off: 'Off', schedule: 'Schedule' };

/**
 * The spec §8 code of a failed operation. A disk format reports TR-369's vendor-specific error
 * codes 7800 (the format failed), 7801 (no disk), 7802 (disk in use): 3000–3002 (docs/devices.md).
 */
export const DISK_FORMAT_ERRORS: Readonly<Record<number, number>> = {
  7800: ErrorCode.DISK_FORMAT_FAILED,
  7801: ErrorCode.DISK_ABSENT,
  7802: ErrorCode.DISK_IN_USE,
};
export function failureCode(kind: OperationKind, errCode: number | undefined): number {
  if (kind === 'format-disk') return (errCode !== undefined ? DISK_FORMAT_ERRORS[errCode] : undefined) ?? ErrorCode.DISK_FORMAT_FAILED;
  if (kind === 'upgrade') return (errCode !== undefined ? UPGRADE_ERRORS[errCode] : undefined) ?? ErrorCode.FIRMWARE_DOWNLOAD_FAILED;
  // spec §8: the device could not open its tunnel (it could not reach the console, or refused)
  if (kind === 'remote-web') return ErrorCode.REMOTE_MANAGEMENT_FAILED;
  return ErrorCode.CONFIG_FAILED;
}

const idempotent = (kind: OperationKind): boolean => DEVICE_OPERATIONS[kind].idempotent;
const ONCE_ONLY_KINDS = (Object.keys(DEVICE_OPERATIONS) as (keyof typeof DEVICE_OPERATIONS)[]).filter((k) => !DEVICE_OPERATIONS[k].idempotent);
/** operations the device finishes by restarting (a reboot, a factory reset): its Boot! carries their key */
export const RESTART_KINDS: readonly OperationKind[] = OPERATION_KINDS.filter((k) => DEVICE_OPERATIONS[k].completion === 'boot');
/** asynchronous commands: running until their OperationComplete notification */
const ASYNC_KINDS: readonly OperationKind[] = OPERATION_KINDS.filter((k) => DEVICE_OPERATIONS[k].completion === 'operation-complete');
/** an upgrade's Download() reports its end in an OperationComplete, then the device restarts into the image (its Boot! ends it) */
const COMPLETE_KINDS: readonly OperationKind[] = [...ASYNC_KINDS, 'upgrade'];
/** the device status while an operation that restarts it runs: upgrading (3) for an upgrade, else rebooting (8) */
const busyStatus = (kind: OperationKind): number => (kind === 'upgrade' ? DeviceStatus.UPGRADING : DeviceStatus.REBOOTING);
const REQUEST_TABLE = 'Device.LocalAgent.Request.';
const UPTIME = 'Device.DeviceInfo.UpTime';

const BATCH = 100;
const NOT_REBOOTING = [0, 1, 2, 3, 4, 5, 6, 7, 9];
const NOT_BUSY = [0, 1, 2, 4, 5, 6, 7, 9];

export interface Outbox {
  /** look for work now (a nudge, a device back online) */
  nudge(): void;
  /**
   * The device reported its uptime: it booted at `bootedAt` (ms). An unconfirmed reboot sent
   * before that boot has run.
   */
  deviceBooted(sn: string, bootedAt: number): Promise<void>;
  /**
   * TR-369 OperationComplete of an asynchronous command the device ran under `commandKey`: the
   * operation with that id is done (a neighbour scan's results stored with it) or failed.
   */
  operationComplete(sn: string, completion: { commandKey: string; ok: boolean; outputArgs?: Record<string, string>; errCode?: number }): Promise<void>;
  tick(): Promise<void>;
  idle(): Promise<void>;
}

/**
 * On a Boot! with `commandKey`: the device's reboot (or upgrade) with that id is done (sent counts
 * too: its OperateResp may have been lost). Returns the operation's id and kind, or null.
 */
export async function finishRebootOnBoot(trx: Knex.Transaction, sn: string, commandKey: string, now: number): Promise<{ id: number; kind: string } | null> {
  if (!/^\d{1,10}$/.test(commandKey)) return null;
  const id = Number(commandKey);
  const updated = await trx('operations')
    .where({ id, sn })
    .whereIn('kind', RESTART_KINDS)
    .whereIn('state', ['sent', 'running'])
    .update({ state: 'done', finished_at: now, updated_at: now, claim_until: null, revision: nextRevision(trx) });
  if (updated !== 1) return null;
  await touchDevice(trx, sn);
  const row = (await trx('operations').where({ id }).first('kind')) as { kind: string };
  return { id, kind: row.kind };
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
  /** rogue access points this gateway raised lately (measurements.ts rogueAccessPoints) */
  const roguesRaised = new Map<string, number>();
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
    if (updated === 1) ctx.runLog?.operationFinished(row.sn, (row as Partial<OperationRow>).kind, to, errorCode);
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

  /** asynchronous commands whose OperationComplete never came within their lifetime */
  async function watchAsync(): Promise<void> {
    if (ASYNC_KINDS.length === 0) return;
    const now = ctx.now();
    const rows = (await db<OperationRow>('operations').where('state', 'running').whereIn('kind', ASYNC_KINDS).limit(BATCH)) as OperationRow[];
    for (const row of rows) {
      if ((row.sent_at ?? row.updated_at) + timings.operationLifetimeMs[row.kind] < now) await finish(db, row, ['running'], 'expired', ErrorCode.DEVICE_OFFLINE);
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
          return transition(trx, { sn: row.sn, from: [busyStatus(row.kind)], to: DeviceStatus.OFFLINE, reason: 'reboot-timeout', now });
        });
        if (changed) events.snapshot(changed);
        if (changed !== false) events.operation(Number(row.id), row.sn);
      }
    }
  }

  /** spec §3: "upgrading success" (2) is shown for one status period after the new image booted, then online (1) */
  async function settleUpgraded(): Promise<void> {
    const now = ctx.now();
    const rows = (await db('devices').where('status', DeviceStatus.UPGRADE_SUCCESS).andWhere('last_boot_at', '<', now - timings.statusPeriodMs).select('sn').limit(BATCH)) as { sn: string }[];
    for (const { sn } of rows) {
      const changed = await transition(db, { sn, from: [DeviceStatus.UPGRADE_SUCCESS], to: DeviceStatus.ONLINE, reason: 'boot', now });
      if (changed) events.snapshot(changed);
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
      // And not too soon: a device answers a reboot before it restarts, so an instance that has just
      // started hearing it (after another instance sent the command and died) still reads the old
      // uptime for a moment; only a device heard here for a whole resend period without restarting
      // did not get it (crash.int.test.ts ran a reboot twice without this).
      const since = ctx.live.get(row.sn);
      if (since !== undefined && since > (row.sent_at ?? row.updated_at) && askedAt - since >= timings.resendAfterMs) {
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
        q.whereIn('d.status', [DeviceStatus.REBOOTING, DeviceStatus.UPGRADING]).orWhereExists(
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
    let download: FirmwareDownloadArgs | null = null;
    if (row.kind === 'upgrade') {
      const d = (await db('firmware_downloads').where({ operation_id: id }).first('url', 'size', 'sha256')) as { url: string; size: number; sha256: string } | undefined;
      // nothing to download (never happens through the API): it cannot run, and nothing was sent
      if (!d) {
        await finish(db, row, ['sent'], 'failed', ErrorCode.FIRMWARE_DOWNLOAD_FAILED);
        return;
      }
      download = { url: d.url, size: Number(d.size), sha256: d.sha256 };
    }
    try {
      const resp = await controller.request(row.endpoint_id, operateFor(row.kind, id, parseOperationArgs(row.args_json), download), undefined, once ? 0 : 1);
      const result = resp.operationResults[0];
      if (!result || !result.ok) {
        logger.warn({ id, sn: row.sn, result }, 'gateway: operation failed on the device');
        await finish(db, row, ['sent'], 'failed', failureCode(row.kind, result && !result.ok ? result.errCode : undefined));
      } else if (DEVICE_OPERATIONS[row.kind].completion === 'response') {
        const done = await finish(db, row, ['sent'], 'done');
        // the AP let the client go: off the list now, not at its next status report
        const mac = row.kind === 'clientOffline' ? parseOperationArgs(row.args_json)?.mac : undefined;
        if (done && mac && (await markClientOffline(db, Number(row.project_id), mac, ctx.now()))) events.clients(Number(row.project_id), row.sn, 0, 1);
      } else if (DEVICE_OPERATIONS[row.kind].completion === 'operation-complete') {
        // the OperationComplete may have beaten this answer here: then it is over already
        const updated = await db('operations').where({ id, state: 'sent' }).update({ state: 'running', updated_at: ctx.now(), claim_until: null, revision: nextRevision(db) });
        if (updated === 1) await touchDevice(db, row.sn);
        if (updated === 1) events.operation(id, row.sn);
      } else {
        const changed = await db.transaction(async (trx) => {
          const at = ctx.now();
          // the Boot! may have beaten this answer here: then the reboot is over already
          const step = row.kind === 'upgrade' ? { step: 'downloading' } : {};
          const updated = await trx('operations').where({ id, state: 'sent' }).update({ state: 'running', updated_at: at, revision: nextRevision(trx), ...step });
          if (updated !== 1) return false;
          await touchDevice(trx, row.sn);
          if (row.kind === 'upgrade') return transition(trx, { sn: row.sn, from: NOT_BUSY, to: DeviceStatus.UPGRADING, reason: 'upgrade', now: at });
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
          await settleUpgraded();
          await watchAsync();
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

  async function operationComplete(sn: string, completion: { commandKey: string; ok: boolean; outputArgs?: Record<string, string>; errCode?: number }): Promise<void> {
    if (!/^\d{1,10}$/.test(completion.commandKey)) return;
    const id = Number(completion.commandKey);
    const row = (await db<OperationRow>('operations').where({ id, sn }).whereIn('kind', COMPLETE_KINDS).first()) as OperationRow | undefined;
    // a duplicate (a resent scan answers twice) or an operation that already ended: nothing to do
    if (!row || !['sent', 'running'].includes(row.state)) return;
    if (row.kind === 'upgrade') return upgradeDownloaded(row, completion);
    if (!completion.ok) {
      logger.warn({ id, sn, errCode: completion.errCode }, 'gateway: asynchronous operation failed on the device');
      await finish(db, row, ['sent', 'running'], 'failed', failureCode(row.kind, completion.errCode));
      return;
    }
    const heard = row.kind === 'neighbourScan' ? parseScanResults(completion.outputArgs ?? {}) : [];
    // several APs' scans end at once: their replacements of measurement rows may deadlock on MariaDB,
    // and the one rolled back changed nothing, so it runs again
    const done = await retryDeadlock(() => db.transaction(async (trx) => {
      if (!(await finish(trx, row, ['sent', 'running'], 'done'))) return false;
      if (row.kind === 'neighbourScan') await storeNeighbourScan(trx, sn, heard, ctx.now());
      return true;
    }));
    if (!done) return;
    events.operation(id, sn);
    // a BSSID not of the project broadcasting one of its SSIDs is an alarm (docs/data.md "Run log and alarms")
    if (row.kind === 'neighbourScan' && ctx.runLog) {
      try {
        for (const rogue of await rogueAccessPoints(db, sn, heard, ctx.now(), roguesRaised)) ctx.runLog.record(sn, 'rogue.ap', { bssid: rogue.bssid, ssid: rogue.ssid, band: rogue.band, signal: rogue.signal });
      } catch (err) {
        logger.error({ err, sn }, 'gateway: rogue access points not checked');
      }
    }
  }

  /**
   * The Download() of an upgrade ended: fetched and checked, the device now installs it and restarts
   * (AutoActivate; its Boot! with the key ends the operation), or it failed and the device stays on
   * its image, online (download failed 913, upgrade failed 914).
   */
  async function upgradeDownloaded(row: OperationRow, completion: { ok: boolean; errCode?: number }): Promise<void> {
    const id = Number(row.id);
    const now = ctx.now();
    if (completion.ok) {
      const updated = await db('operations')
        .where({ id })
        .whereIn('state', ['sent', 'running'])
        .andWhere((q) => q.whereNull('step').orWhere('step', 'downloading'))
        .update({ state: 'running', step: 'upgrading', updated_at: now, revision: nextRevision(db) });
      if (updated === 1) await touchDevice(db, row.sn);
      if (updated === 1) events.operation(id, row.sn);
      return;
    }
    logger.warn({ id, sn: row.sn, errCode: completion.errCode }, 'gateway: firmware download failed on the device');
    const changed = await db.transaction(async (trx) => {
      if (!(await finish(trx, row, ['sent', 'running'], 'failed', failureCode('upgrade', completion.errCode)))) return false;
      return transition(trx, { sn: row.sn, from: [DeviceStatus.UPGRADING], to: DeviceStatus.ONLINE, reason: 'upgrade-failed', now });
    });
    if (changed) events.snapshot(changed);
    if (changed !== false) events.operation(id, row.sn);
  }

  return {
    nudge: () => void tick(),
    deviceBooted,
    operationComplete,
    tick,
    async idle() {
      await ticking;
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
