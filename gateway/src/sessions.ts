// Device sessions and status (spec §3 statuses, docs/decisions/gateway.md): who is connected, the
// subscriptions ensured on each agent once per connection, DeviceInfo learnt, Notify handled and
// answered, offline on a disconnect record or last will, or after 3 missed status periods.
import { DeviceStatus, OFFLINE_STATUSES } from '@airloom/contracts';
import { buildAdd, buildGet, buildNotifyResp, buildSet, flattenGetResp, USP_ERR, type NotifyMsg, type UspMap, type UspMsg } from '@airloom/usp';
import { createLimiter, createSerialQueue, type KnownDevice, type RuntimeContext } from './context.js';
import { RESTART_KINDS, bootedAt, finishRebootOnBoot, type Outbox } from './outbox.js';
import { NAME_PARAM, type Reconciler } from './config/engine.js';
import { transition, type StatusReason } from './status.js';
import { deviceInfoColumns, statusEventClients, statusEventColumns, statusEventMacTable, statusEventSample } from './telemetry.js';
import { ANSWER_TYPES, createDropLog, type AgentRecord } from './usp-controller.js';
import { nextRevision, touchDevice } from './store/revision.js';
import { recordActivation } from './store/activations.js';
import { locateIp } from './geoip.js';

/** subscription IDs are fixed so adding them again is idempotent (docs/decisions/gateway.md) */
export const SUBSCRIPTIONS = {
  boot: { id: 'airloom-boot', notifType: 'Event', reference: 'Device.Boot!' },
  name: { id: 'airloom-vc', notifType: 'ValueChange', reference: NAME_PARAM },
  status: { id: 'airloom-status', notifType: 'Event', reference: 'Device.X_AIRLOOM_Status!' },
  /** what the device reports in its own words (docs/devices.md): the run log, an alarm when it needs attention */
  event: { id: 'airloom-event', notifType: 'Event', reference: 'Device.X_AIRLOOM_Event!' },
  /** a plain TR-181 agent's heartbeat: the gateway then Gets what the status event would carry */
  periodic: { id: 'airloom-status', notifType: 'Event', reference: 'Device.LocalAgent.Periodic!' },
  /** the results of an AP's neighbour scan (contracts' DEVICE_OPERATIONS.neighbourScan) */
  scan: { id: 'airloom-scan', notifType: 'OperationComplete', reference: 'Device.WiFi.NeighboringWiFiDiagnostic()' },
  /** the end of a PoE port reboot, an NVR disk format or a firmware download (contracts' DEVICE_OPERATIONS) */
  maintenance: {
    id: 'airloom-maint',
    notifType: 'OperationComplete',
    reference: 'Device.X_AIRLOOM_PoE.Port.*.Reboot(),Device.X_AIRLOOM_Storage.Disk.*.Format(),Device.DeviceInfo.FirmwareImage.*.Download()',
  },
} as const;

const POLLED_TELEMETRY = ['Device.DeviceInfo.UpTime', 'Device.DeviceInfo.SoftwareVersion', 'Device.IP.Interface.1.IPv4Address.1.IPAddress'];
const SUBSCRIPTION_TABLE = 'Device.LocalAgent.Subscription.';
const KNOWN_TTL_MS = 5 * 60_000;
const UNKNOWN_TTL_MS = 10_000;
const SETUP_CONCURRENCY = 100;
/** statuses a disconnect takes offline; a rebooting device (8) is expected to drop */
const CONNECTED_STATUSES = [1, 2, 3, 4, 5, 6, 7];

interface Session extends KnownDevice {
  ready: boolean;
  settingUp: boolean;
  retryAt: number;
}

export interface Sessions {
  onRecord(ep: string, record: AgentRecord): void;
  /** offline after 3 missed status periods */
  sweep(): Promise<void>;
  /** after a telemetry write: devices heard but marked offline meanwhile (by another instance) come back */
  reviveHeard(seen: Map<string, number>): Promise<void>;
  /** the broker connection was (re)made: every device must be heard again to count as connected */
  forgetAll(): void;
  /** no more setups; waits for the ones running */
  close(): Promise<void>;
}

/** a device's own sentence is kept to this many characters in the run log */
const DEVICE_EVENT_TEXT_MAX = 200;
/** the same event code of a device is logged at most once in this long (a flooding agent is not the log's problem) */
const DEVICE_EVENT_REPEAT_MS = 60_000;

/**
 * A `Device.X_AIRLOOM_Event!` as a run-log event: `device.event` (info), `device.warning` or
 * `device.critical` (alarms), with its `Text` (or its `Code` when it sent none). Null when it says nothing.
 */
export function deviceEventLog(params: UspMap): { event: 'device.event' | 'device.warning' | 'device.critical'; text: string; code: string } | null {
  const code = (params.Code ?? '').trim().slice(0, 64);
  const text = ((params.Text ?? '').trim() || code).slice(0, DEVICE_EVENT_TEXT_MAX);
  if (!text) return null;
  const severity = (params.Severity ?? '').trim().toLowerCase();
  const event = severity === 'critical' ? 'device.critical' : severity === 'warning' ? 'device.warning' : 'device.event';
  return { event, text, code };
}

function underPath(flat: Map<string, string>, prefix: string): UspMap {
  const out: UspMap = {};
  for (const [path, value] of flat) if (path.startsWith(prefix)) out[path.slice(prefix.length)] = value;
  return out;
}

export function createSessions(ctx: RuntimeContext, deps: { reconciler: Reconciler; outbox: Outbox }): Sessions {
  const { db, logger, controller, events, telemetry, timings } = ctx;
  const startedAt = ctx.now();
  const sessions = new Map<string, Session>();
  const known = new Map<string, { device: KnownDevice | null; until: number }>();
  const serial = createSerialQueue((err, ep) => logger.error({ err, ep }, 'gateway: device message handling failed'));
  const limit = createLimiter(SETUP_CONCURRENCY);
  const running = new Set<Promise<void>>();
  const retries = new Set<NodeJS.Timeout>();
  /** endpoints whose agent reported another device's serial number; heard again only after a setup passes */
  const refused = new Set<string>();
  const dropped = createDropLog(logger);
  let closed = false;
  /** when each device last reported each event code: a device that repeats itself is logged once a minute */
  const lastEvents = new Map<string, number>();

  function heardEvent(sn: string, code: string): boolean {
    const key = `${sn}\u0000${code}`;
    const now = ctx.now();
    const last = lastEvents.get(key);
    if (last !== undefined && now - last < DEVICE_EVENT_REPEAT_MS) return false;
    // a bounded memory: the oldest entries go first
    if (lastEvents.size >= 10_000) lastEvents.delete(lastEvents.keys().next().value!);
    lastEvents.delete(key);
    lastEvents.set(key, now);
    return true;
  }

  async function lookup(ep: string): Promise<KnownDevice | null> {
    const hit = known.get(ep);
    if (hit && hit.until > ctx.now()) return hit.device;
    const row = (await db('devices').where({ endpoint_id: ep }).first('sn')) as { sn: string } | undefined;
    const device = row ? { sn: row.sn, ep } : null;
    known.set(ep, { device, until: ctx.now() + (device ? KNOWN_TTL_MS : UNKNOWN_TTL_MS) });
    return device;
  }

  async function setStatus(sn: string, from: readonly number[], to: number, reason: StatusReason, set?: Record<string, unknown>): Promise<boolean> {
    const changed = await transition(db, { sn, from, to, reason, now: ctx.now(), set });
    if (changed) events.snapshot(changed);
    return changed !== null;
  }

  function openSession(device: KnownDevice): Session {
    const session: Session = { ...device, ready: false, settingUp: false, retryAt: 0 };
    sessions.set(device.ep, session);
    ctx.live.set(device.sn, ctx.now());
    startSetup(session);
    return session;
  }

  function startSetup(session: Session): void {
    if (closed || session.settingUp || session.retryAt > ctx.now()) return;
    session.settingUp = true;
    const task = limit(() => setup(session))
      .then(
        () => {
          session.ready = true;
          session.retryAt = 0;
        },
        (err: unknown) => {
          session.retryAt = ctx.now() + timings.resendAfterMs;
          logger.warn({ err, sn: session.sn }, 'gateway: device setup failed, will retry');
          // a device without its subscriptions may never speak again on its own
          const retry = setTimeout(() => {
            retries.delete(retry);
            if (sessions.get(session.ep) !== session || session.ready) return;
            session.retryAt = 0;
            startSetup(session);
          }, timings.resendAfterMs);
          retries.add(retry);
        },
      )
      .finally(() => {
        session.settingUp = false;
        running.delete(task);
      });
    running.add(task);
  }

  /**
   * The registered serial number is the device's identity: an agent on these credentials that
   * reports another one is refused and the attempt is logged as a security event
   * (docs/decisions/gateway.md). It stays offline and unmanaged until it reports its own.
   */
  async function refuse(session: Session, reported: string): Promise<void> {
    refused.add(session.ep);
    sessions.delete(session.ep);
    ctx.live.delete(session.sn);
    logger.error(
      { event: 'security', sn: session.sn, endpointId: session.ep, reportedSerialNumber: reported.slice(0, 64) },
      'gateway: security: the agent reports a serial number that is not the registered one; refused',
    );
    await setStatus(session.sn, CONNECTED_STATUSES, DeviceStatus.OFFLINE, 'identity-mismatch');
  }

  /** DeviceInfo, then the subscriptions, then whatever the device is owed (rename, operations). */
  async function setup(session: Session): Promise<void> {
    const { sn, ep } = session;
    const askedAt = ctx.now();
    // the subscription table is read beside DeviceInfo, not after it: one round trip less per setup
    const table = listSubscriptions(ep);
    const info = underPath(flattenGetResp(await controller.request(ep, buildGet(['Device.DeviceInfo.']))), 'Device.DeviceInfo.');
    if (info.SerialNumber !== undefined && info.SerialNumber.trim().toUpperCase() !== sn.toUpperCase()) return refuse(session, info.SerialNumber);
    if (refused.delete(ep)) await setStatus(sn, OFFLINE_STATUSES, DeviceStatus.ONLINE, 'connect', { gateway_id: ctx.gatewayId, last_seen_at: ctx.now() });
    const supportsName = info.X_AIRLOOM_Name !== undefined;
    if (supportsName) await deps.reconciler.nameReported(session, info.X_AIRLOOM_Name as string, askedAt);
    await db('devices')
      .where({ sn })
      .update({ ...deviceInfoColumns(info), supports_name: supportsName ? 1 : 0, gateway_id: ctx.gatewayId, updated_at: ctx.now(), revision: nextRevision(db) });
    // spec §3 activation record: first connection written once, later ones refresh it; the device
    // event goes out after it, so the data screen's stream reads the written record
    const publicIp = (info.X_AIRLOOM_PublicIPAddress ?? '').trim();
    await recordActivation(db, { sn, publicIp, location: await locateIp(publicIp), now: ctx.now() });
    events.device(sn);
    // a reboot whose answer was lost has run if the device booted after it was sent
    const uptime = Number(info.UpTime);
    if (info.UpTime !== undefined && Number.isFinite(uptime)) await deps.outbox.deviceBooted(sn, bootedAt(askedAt, uptime));
    await ensureSubscriptions(ep, supportsName, await table);
    deps.reconciler.recheck(sn);
    deps.outbox.nudge();
  }

  /**
   * Idempotent against what the agent already has: the table is read first; a subscription whose
   * ID exists is corrected with a Set where it differs, only a missing one is added (an agent
   * refuses a second Add of an ID with 7025, unique key conflict).
   */
  /** The agent's subscriptions by ID; none when it answers the Get with an error (it may have none yet). */
  async function listSubscriptions(ep: string): Promise<Map<string, { path: string; params: Map<string, string> }>> {
    const present = new Map<string, { path: string; params: Map<string, string> }>();
    try {
      const flat = flattenGetResp(await controller.request(ep, buildGet([SUBSCRIPTION_TABLE])));
      const rows = new Map<string, Map<string, string>>();
      for (const [path, value] of flat) {
        const m = /^(Device\.LocalAgent\.Subscription\.\d+\.)([^.]+)$/.exec(path);
        if (!m) continue;
        const params = rows.get(m[1] as string) ?? new Map<string, string>();
        params.set(m[2] as string, value);
        rows.set(m[1] as string, params);
      }
      for (const [path, params] of rows) {
        const id = params.get('ID');
        if (id !== undefined) present.set(id, { path, params });
      }
    } catch (err) {
      // an agent with no subscription yet may answer with an error: add them all
      logger.debug({ err, ep }, 'gateway: subscriptions not listed');
    }
    return present;
  }

  async function ensureSubscriptions(ep: string, vendor: boolean, present: Map<string, { path: string; params: Map<string, string> }>): Promise<void> {
    const wanted = vendor ? [SUBSCRIPTIONS.boot, SUBSCRIPTIONS.name, SUBSCRIPTIONS.status, SUBSCRIPTIONS.event, SUBSCRIPTIONS.scan, SUBSCRIPTIONS.maintenance] : [SUBSCRIPTIONS.boot, SUBSCRIPTIONS.periodic];
    const settings = (s: (typeof wanted)[number]) => ({ Enable: 'true', NotifType: s.notifType, ReferenceList: s.reference });
    const stale = wanted.flatMap((s) => {
      const row = present.get(s.id);
      if (!row) return [];
      // a parameter the agent did not list is not compared (it may not report every one)
      const same = (have: string | undefined, want: string) => have === want || (want === 'true' && have === '1');
      const differs = Object.entries(settings(s)).filter(([k, v]) => row.params.has(k) && !same(row.params.get(k), v));
      return differs.length > 0 ? [{ objPath: row.path, paramSettings: differs.map(([param, value]) => ({ param, value, required: true })) }] : [];
    });
    if (stale.length > 0) {
      const resp = await controller.request(ep, buildSet(stale, { allowPartial: true }));
      const failed = resp.updatedObjResults.filter((r) => !r.ok);
      if (failed.length > 0) logger.warn({ ep, failed }, 'gateway: agent refused to correct a subscription');
    }
    const missing = wanted.filter((s) => !present.has(s.id));
    if (missing.length === 0) return;
    const resp = await controller.request(
      ep,
      buildAdd(
        missing.map((s) => ({
          objPath: SUBSCRIPTION_TABLE,
          paramSettings: [
            { param: 'ID', value: s.id, required: true },
            ...Object.entries(settings(s)).map(([param, value]) => ({ param, value, required: true })),
            { param: 'NotifRetry', value: 'true' },
            { param: 'Persistent', value: 'true' },
          ],
        })),
        { allowPartial: true },
      ),
    );
    const failed = resp.createdObjResults.filter((r) => !r.ok && r.errCode !== USP_ERR.UNIQUE_KEY_CONFLICT);
    if (failed.length > 0) logger.warn({ ep, failed }, 'gateway: agent refused a subscription');
  }

  async function pollTelemetry(device: KnownDevice): Promise<void> {
    const flat = flattenGetResp(await controller.request(device.ep, buildGet(POLLED_TELEMETRY)));
    const info = deviceInfoColumns(underPath(flat, 'Device.DeviceInfo.'));
    const ip = flat.get('Device.IP.Interface.1.IPv4Address.1.IPAddress');
    telemetry.report(device.sn, { ...info, ...(ip !== undefined ? { ip: ip.slice(0, 45) } : {}) });
  }

  async function onConnect(device: KnownDevice): Promise<void> {
    // a refused agent is set up again (it may report its own serial number now), not shown online
    if (refused.has(device.ep)) {
      openSession(device);
      return;
    }
    telemetry.touch(device.sn);
    await setStatus(device.sn, OFFLINE_STATUSES, DeviceStatus.ONLINE, 'connect', { gateway_id: ctx.gatewayId, last_seen_at: ctx.now() });
    // a new connection: ensure the subscriptions again (the agent may have lost them)
    openSession(device);
  }

  async function onDisconnect(device: KnownDevice, why: StatusReason): Promise<void> {
    sessions.delete(device.ep);
    ctx.live.delete(device.sn);
    // a device restarting for our reboot drops on purpose (it may do so before we mark it rebooting)
    const rebooting = (await db('operations').where({ sn: device.sn }).whereIn('kind', RESTART_KINDS).whereIn('state', ['sent', 'running']).first('id', 'kind', 'step')) as
      | { id: number; kind: string; step: string | null }
      | undefined;
    // an upgrade installed: the device now restarts into the new image (spec §4 "restarting")
    if (rebooting?.kind === 'upgrade' && rebooting.step === 'upgrading') {
      const n = await db('operations').where({ id: rebooting.id, state: 'running', step: 'upgrading' }).update({ step: 'restarting', updated_at: ctx.now(), revision: nextRevision(db) });
      if (n === 1) {
        await touchDevice(db, device.sn);
        events.operation(Number(rebooting.id), device.sn);
      }
    }
    if (rebooting) return;
    await setStatus(device.sn, CONNECTED_STATUSES, DeviceStatus.OFFLINE, why);
  }

  async function onBoot(device: KnownDevice, params: UspMap): Promise<void> {
    const key = params.CommandKey ?? '';
    const now = ctx.now();
    const result = await db.transaction(async (trx) => {
      await trx('devices')
        .where({ sn: device.sn })
        .update({ last_boot_at: now, last_boot_command_key: key === '' ? null : key.slice(0, 64), gateway_id: ctx.gatewayId, last_seen_at: now, revision: nextRevision(trx) });
      const finished = await finishRebootOnBoot(trx, device.sn, key, now);
      // a Boot! from before our reboot (e.g. the first one, held until the subscription existed)
      // does not end it: only the Boot! with its key, or one when no reboot of ours runs
      const stillRebooting = finished === null && (await trx('operations').where({ sn: device.sn, state: 'running' }).whereIn('kind', RESTART_KINDS).first('id'));
      const from = stillRebooting ? OFFLINE_STATUSES : [...OFFLINE_STATUSES, DeviceStatus.REBOOTING, DeviceStatus.UPGRADING];
      // spec §3: back from an upgrade it is "upgrading success" (2) for a while, then online (the outbox settles it)
      const upgraded = finished?.kind === 'upgrade';
      const changed = await transition(trx, { sn: device.sn, from, to: upgraded ? DeviceStatus.UPGRADE_SUCCESS : DeviceStatus.ONLINE, reason: upgraded ? 'upgraded' : 'boot', now });
      return { finished, changed };
    });
    // the restart or upgrade ended on its Boot!: the run log says it was done (before "online"), as for any other operation
    if (result.finished) ctx.runLog?.operationFinished(device.sn, result.finished.kind, 'done', null);
    if (result.changed) events.snapshot(result.changed);
    if (result.finished) events.operation(result.finished.id, device.sn);
    events.device(device.sn);
    // a device that booted connects again, and that connection's session learns DeviceInfo (openSession);
    // a Boot! on a session set up or setting up is the one held until its subscription existed, and
    // that setup read DeviceInfo after the boot. Setting it up again cost every device a second setup at
    // connect: 5,000 devices took 80 s instead of 40 (docs/performance.md)
    const session = sessions.get(device.ep);
    if (session && !session.settingUp && !session.ready) startSetup(session);
    deps.reconciler.nudge(device.sn);
    deps.outbox.nudge();
  }

  async function onNotify(device: KnownDevice, msg: NotifyMsg, replyTo: string): Promise<void> {
    const n = msg.notification;
    if (n.kind === 'event' && n.eventName === 'Boot!') await onBoot(device, n.params);
    else if (n.kind === 'event' && n.eventName === 'X_AIRLOOM_Status!') {
      telemetry.report(device.sn, statusEventColumns(n.params), statusEventSample(n.params), statusEventClients(n.params), statusEventMacTable(n.params));
      ctx.runLog?.observeStatus(device.sn, n.params);
    } else if (n.kind === 'event' && n.eventName === 'X_AIRLOOM_Event!') {
      const logged = deviceEventLog(n.params);
      if (logged && heardEvent(device.sn, logged.code || logged.text)) ctx.runLog?.record(device.sn, logged.event, { text: logged.text, code: logged.code });
    }
    else if (n.kind === 'event' && n.eventName === 'Periodic!') {
      pollTelemetry(device).catch((err: unknown) => logger.debug({ err, sn: device.sn }, 'gateway: telemetry poll failed'));
    } else if (n.kind === 'valueChange' && n.paramPath === NAME_PARAM) await deps.reconciler.nameReported(device, n.paramValue, ctx.now());
    else if (n.kind === 'operComplete') await deps.outbox.operationComplete(device.sn, { commandKey: n.commandKey, ok: n.ok, ...(n.ok ? { outputArgs: n.outputArgs } : { errCode: n.errCode }) });
    else logger.debug({ sn: device.sn, notification: n.kind }, 'gateway: notification ignored');
    // answered after it is handled: if handling failed the agent sends it again. Not awaited: with
    // the broker away the answer waits in mqtt.js, and the device's next messages must not. The
    // answer goes to the reply-to the Notify named (R-MQTT.25/26)
    if (msg.sendResp) {
      controller.send(device.ep, buildNotifyResp(msg), replyTo).catch((err: unknown) => logger.debug({ err, sn: device.sn }, 'gateway: NotifyResp not sent'));
    }
  }

  async function onMsg(device: KnownDevice, msg: UspMsg, replyTo: string): Promise<void> {
    if (refused.has(device.ep)) return dropped(device.ep, device.ep, `${msg.type} from an agent refused for its serial number`);
    const session = sessions.get(device.ep);
    // answers come on another broker connection than what a device sends of its own accord
    // (docs/decisions/gateway.md): one can be read after the device's disconnect, and then says
    // nothing of now. Only this instance's requests are answered here, so without a session it is late
    if (!session && ANSWER_TYPES.has(msg.type)) return;
    telemetry.touch(device.sn);
    if (!session) {
      // traffic from a device this instance has not seen connect (a restart, or another instance's)
      await setStatus(device.sn, OFFLINE_STATUSES, DeviceStatus.ONLINE, 'traffic', { gateway_id: ctx.gatewayId, last_seen_at: ctx.now() });
      openSession(device);
    } else if (!session.ready) startSetup(session);
    if (msg.type === 'notify') await onNotify(device, msg, replyTo);
  }

  return {
    onRecord(ep, record) {
      void serial(ep, async () => {
        const device = await lookup(ep);
        if (!device) return logger.debug({ ep }, 'gateway: traffic from an unregistered endpoint ignored');
        if (record.kind === 'mqtt-connect') await onConnect(device);
        // the agent's own disconnect record and its last will look alike; the broker sends the will
        else if (record.kind === 'disconnect') await onDisconnect(device, /will|lost|unexpected|abnormal/i.test(record.reason) ? 'last-will' : 'disconnect');
        else if (record.kind === 'connection-closed') await onDisconnect(device, 'connection-closed');
        else await onMsg(device, record.msg, record.replyTo);
      });
    },

    async sweep() {
      const now = ctx.now();
      // right after a start nobody has had the chance to report yet
      if (now - startedAt < timings.offlineAfterMs) return;
      // a device connected and waiting for its setup cannot report yet (its status subscription is
      // what setup adds): its connection is what is heard of it. 20,000 devices connecting at once
      // wait minutes for their turn, and were marked offline meanwhile (docs/performance.md)
      for (const session of sessions.values()) if (session.settingUp) telemetry.touch(session.sn);
      await telemetry.flush();
      const cutoff = now - timings.offlineAfterMs;
      const rows = (await db('devices')
        .whereNotIn('status', OFFLINE_STATUSES)
        .andWhere((q) => q.where('last_seen_at', '<', cutoff).orWhereNull('last_seen_at'))
        .select('sn', 'status', 'last_seen_at')) as { sn: string; status: number; last_seen_at: number | null }[];
      for (const row of rows) {
        const status = Number(row.status);
        // a rebooting device is silent on purpose; the outbox gives its reboot up in time
        if (status === DeviceStatus.REBOOTING && (row.last_seen_at ?? 0) > now - timings.operationLifetimeMs.reboot) continue;
        if (status === DeviceStatus.UPGRADING && (row.last_seen_at ?? 0) > now - timings.operationLifetimeMs.upgrade) continue;
        const changed = await transition(db, { sn: row.sn, from: [status], to: DeviceStatus.OFFLINE, reason: 'heartbeat-missed', now, seenBefore: cutoff });
        if (!changed) continue;
        events.snapshot(changed);
        for (const [ep, s] of sessions) if (s.sn === row.sn) sessions.delete(ep);
        ctx.live.delete(row.sn);
      }
    },

    async reviveHeard(seen) {
      const sns = [...seen.keys()];
      for (let i = 0; i < sns.length; i += 500) {
        const offline = (await db('devices')
          .whereIn('sn', sns.slice(i, i + 500))
          .whereIn('status', OFFLINE_STATUSES)
          .select('sn')) as { sn: string }[];
        for (const { sn } of offline) {
          // heard after it went offline? (a disconnect handled after that message is not undone)
          const last = (await db('device_status_log').where({ sn }).max({ at: 'at' }).first()) as { at: number | null } | undefined;
          const heardAt = seen.get(sn) ?? 0;
          if (last?.at !== null && last?.at !== undefined && Number(last.at) >= heardAt) continue;
          await setStatus(sn, OFFLINE_STATUSES, DeviceStatus.ONLINE, 'traffic', { gateway_id: ctx.gatewayId });
        }
      }
    },

    forgetAll() {
      sessions.clear();
      ctx.live.clear();
    },

    async close() {
      closed = true;
      for (const t of retries) clearTimeout(t);
      retries.clear();
      await Promise.allSettled([...running]);
    },
  };
}
