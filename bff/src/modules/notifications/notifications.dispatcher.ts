// The notification job (docs/data.md "Alarm notifications"): every console instance runs one. A pass
// reads the gateway's alarms after the stored cursor and makes a delivery per alarm and target of the
// projects that asked for that alarm type (a unique key keeps two instances from making one twice),
// then sends the deliveries that are due. Each attempt is claimed with a conditional UPDATE that counts
// it before anything is sent (a lease, like the scheduled backups' job), so one instance makes it,
// once; a delivery whose instance died is taken again once the lease runs out. Failed attempts are
// retried after 1, 5, 15 and 60 minutes, then the delivery has failed.
import { createHash, randomBytes } from 'node:crypto';
import os from 'node:os';
import { isDemoProject, logEventText, NOTIFICATION_ATTEMPTS_MAX, WEBHOOK_RETRY_MINUTES, type NotificationChannel } from '@airloom/contracts';
import { alarmsAfter, lastAlarmId } from '@airloom/gateway/public';
import type { Knex } from 'knex';
import type { Logger } from '../../logger.js';
import type { Sender } from '../auth/sender.js';
import { postWebhook, sendEmail, WEBHOOK_TIMEOUT_MS, type AttemptResult, type WebhookPoster } from './notifications.delivery.js';
import { createNotificationsRepository, type DeliveryRow, type NewDelivery, type NotificationsRepository, type StoredSettings } from './notifications.repository.js';

/** an alarm as the gateway stores it, what a notification tells of it */
export interface NotifiableAlarm {
  id: number;
  projectId: number;
  /** ms UTC */
  t: number;
  type: string;
  text: string;
  sn: string | null;
  mac: string | null;
  model: string | null;
  deviceName: string | null;
}

/** the gateway's alarms: those after an id, oldest first, and the newest id (where a first pass starts) */
export interface AlarmSource {
  after(afterId: number, limit: number): Promise<NotifiableAlarm[]>;
  latest(): Promise<number>;
}

/** longer than any attempt (the webhook's timeout); an attempt still leased after it is made again by another instance */
export const DELIVERY_LEASE_MS = WEBHOOK_TIMEOUT_MS * 3;
/** alarms older than this when the job first sees them are not sent (a console that was down a day does not flood anyone) */
export const STALE_ALARM_MS = 60 * 60_000;
const PAGE = 500;

/** what a webhook receives: the body, signed as it is sent */
export interface NotificationPayload {
  event: 'alarm' | 'test';
  project: { id: number; name: string };
  alarm: {
    id: number | null;
    type: string;
    /** UTC, ISO 8601 */
    time: string;
    text: string;
    device: { sn: string | null; mac: string | null; model: string | null; name: string | null } | null;
  };
}

export function payloadOf(alarm: NotifiableAlarm, projectName: string, event: 'alarm' | 'test' = 'alarm'): NotificationPayload {
  return {
    event,
    project: { id: alarm.projectId, name: projectName },
    alarm: {
      id: event === 'test' ? null : alarm.id,
      type: alarm.type,
      time: new Date(alarm.t).toISOString(),
      text: alarm.text,
      device: alarm.sn || alarm.mac ? { sn: alarm.sn, mac: alarm.mac, model: alarm.model, name: alarm.deviceName } : null,
    },
  };
}

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 24);

/** the deliveries an alarm makes under a project's settings: one per recipient, one for the webhook */
export function deliveriesFor(payload: NotificationPayload, settings: StoredSettings, key: string, alarmId: number | null): NewDelivery[] {
  const targets: { channel: NotificationChannel; target: string }[] = [
    ...settings.emails.map((to) => ({ channel: 'email' as const, target: to })),
    ...(settings.webhookUrl ? [{ channel: 'webhook' as const, target: settings.webhookUrl }] : []),
  ];
  return targets.map(({ channel, target }) => ({
    projectId: payload.project.id,
    alarmId,
    alarmType: payload.event === 'test' ? 'test' : payload.alarm.type,
    channel,
    target,
    dedupeKey: `${key}:${channel}:${hashOf(target)}`,
    payload,
  }));
}

export function emailOf(payload: NotificationPayload): { subject: string; text: string } {
  const a = payload.alarm;
  const device = a.device ? ` — ${a.device.name ?? a.device.sn ?? ''}${a.device.mac ? ` (${a.device.mac})` : ''}` : '';
  if (payload.event === 'test') {
    return {
      subject: `[Airloom] ${payload.project.name}: test notification`,
      text: `This is a test notification of the Airloom project ${payload.project.name}. Alarms of the chosen types will be sent to this address.`,
    };
  }
  return {
    subject: `[Airloom] ${payload.project.name}: ${a.type.replace(/-/g, ' ')}${device}`,
    text: `Alarm in the Airloom project ${payload.project.name} at ${a.time.replace('T', ' ').slice(0, 19)} UTC: ${a.text}${device}.`,
  };
}

export interface DeliveryEngineDeps {
  repo: NotificationsRepository;
  sender: Sender;
  clock: () => number;
  /** the secret of the project's webhook at this address, read at each attempt (a new secret signs the retries); null: the webhook is gone or moved */
  secretOf(projectId: number, url: string): Promise<string | null>;
  poster?: WebhookPoster;
  /** this instance's name in the lease */
  instance: string;
}

/** Makes the next attempt of deliveries: claim, send, record. Shared by the job and the test button. */
export function createDeliveryEngine(deps: DeliveryEngineDeps) {
  const { repo, clock, instance } = deps;
  const poster = deps.poster ?? postWebhook;

  async function send(row: DeliveryRow, now: number): Promise<AttemptResult> {
    const payload = JSON.parse(row.payload_json) as NotificationPayload;
    if (row.channel === 'email') return sendEmail(deps.sender, { to: row.target, projectName: payload.project.name, ...emailOf(payload) });
    const secret = await deps.secretOf(row.project_id, row.target);
    if (!secret) return { ok: false, retry: false, httpStatus: null, error: 'the webhook was removed or changed in the settings' };
    return poster({ url: row.target, secret, deliveryId: row.id, event: payload.event, body: row.payload_json, now });
  }

  /** the next attempt of one delivery as it was read; false when another instance took it */
  async function attempt(row: DeliveryRow): Promise<boolean> {
    const now = clock();
    if (!(await repo.claim(row, instance, now, now + DELIVERY_LEASE_MS))) return false;
    if (row.state === 'sending') {
      // the instance that made attempt N stopped before recording it: say so, then go on with N + 1
      const last = row.attempts >= NOTIFICATION_ATTEMPTS_MAX;
      const lost = {
        deliveryId: row.id, projectId: row.project_id, attempt: row.attempts, at: now, httpStatus: null,
        error: 'no outcome recorded: the console stopped during this attempt', outcome: last ? ('failed' as const) : ('retrying' as const), nextRetryAt: last ? null : now,
      };
      if (last) return repo.finish(row.id, instance, { state: 'failed', nextAttemptAt: now }, lost);
      await repo.recordAttempt(lost);
    }
    const number = row.attempts + 1;
    const result = await send(row, now);
    const end = clock();
    const retry = !result.ok && result.retry && number < NOTIFICATION_ATTEMPTS_MAX;
    const nextRetryAt = retry ? end + WEBHOOK_RETRY_MINUTES[number - 1]! * 60_000 : null;
    const outcome = result.ok ? 'delivered' : retry ? 'retrying' : 'failed';
    await repo.finish(
      row.id,
      instance,
      { state: result.ok ? 'delivered' : retry ? 'pending' : 'failed', nextAttemptAt: nextRetryAt ?? end },
      { deliveryId: row.id, projectId: row.project_id, attempt: number, at: end, httpStatus: result.httpStatus, error: result.error, outcome, nextRetryAt },
    );
    return true;
  }

  return { attempt };
}

export type DeliveryEngine = ReturnType<typeof createDeliveryEngine>;

export interface NotificationJobDeps {
  repo: NotificationsRepository;
  alarms: AlarmSource;
  engine: DeliveryEngine;
  clock: () => number;
  logger: Logger;
}

export function createNotificationJob(deps: NotificationJobDeps) {
  const { repo, alarms, engine, clock, logger } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;

  /** turns the alarms after the cursor into deliveries; answers how many deliveries it made */
  async function scan(): Promise<number> {
    let made = 0;
    for (;;) {
      const from = await repo.cursor();
      if (from === null) {
        // the first pass on a database starts after the newest alarm: the past is not sent
        await repo.moveCursor(null, await alarms.latest(), clock());
        continue;
      }
      const page = await alarms.after(from, PAGE);
      if (page.length === 0) return made;
      const now = clock();
      const wanted = page.filter((a) => !isDemoProject(a.projectId) && a.t >= now - STALE_ALARM_MS);
      const projects = [...new Set(wanted.map((a) => a.projectId))];
      const [settings, names] = await Promise.all([repo.settingsOf(projects), repo.projectNames(projects)]);
      const list = wanted.flatMap((a) => {
        const s = settings.get(a.projectId);
        // spec §1: demo projects send nothing; a project sends only the types it chose, while it is on
        if (!s || !s.enabled || !s.alarmTypes.includes(a.type)) return [];
        return deliveriesFor(payloadOf(a, names.get(a.projectId) ?? String(a.projectId)), s, `alarm:${a.id}`, a.id);
      });
      await repo.insertDeliveries(list, now);
      made += list.length;
      // another instance moved the cursor meanwhile: it carries on from there (the unique key dropped any double)
      if (!(await repo.moveCursor(from, page[page.length - 1]!.id, now))) return made;
      if (page.length < PAGE) return made;
    }
  }

  /** makes every due attempt; answers how many it made */
  async function sendDue(): Promise<number> {
    let made = 0;
    for (const row of await repo.due(clock(), 100)) {
      if (await engine.attempt(row)) made++;
    }
    return made;
  }

  async function runOnce(): Promise<{ made: number; attempts: number }> {
    const made = await scan();
    const attempts = await sendDue();
    return { made, attempts };
  }

  return {
    runOnce,
    scan,
    sendDue,
    /** passes every `everyMs` until stopped; a pass never overlaps the previous one */
    start(everyMs = 5_000): void {
      const pass = () => {
        if (running) return;
        running = runOnce()
          .catch((err: unknown) => logger.error({ err }, 'notifications pass failed'))
          .finally(() => {
            running = null;
          });
      };
      timer = setInterval(pass, everyMs);
      timer.unref();
      pass();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

export type NotificationJob = ReturnType<typeof createNotificationJob>;

export const instanceName = () => `${os.hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;

/** the gateway's run-log alarms as the notifications tell them (English text from the event catalogue) */
export function gatewayAlarms(db: Knex): AlarmSource {
  return {
    latest: () => lastAlarmId(db),
    async after(afterId, limit) {
      return (await alarmsAfter(db, afterId, limit)).map((e) => ({
        id: e.id, projectId: e.projectId, t: e.t, type: e.alarmType ?? 'unknown', text: logEventText(e.event, e.params),
        sn: e.sn || null, mac: e.mac || null, model: e.model || null, deviceName: e.deviceName || null,
      }));
    },
  };
}

/** the delivery engine on a database (the console's test button, the job) */
export function deliveryEngineOn(db: Knex, options: { sender: Sender; clock: () => number; instance?: string; poster?: WebhookPoster }): DeliveryEngine {
  const repo = createNotificationsRepository(db);
  return createDeliveryEngine({
    repo,
    sender: options.sender,
    clock: options.clock,
    instance: options.instance ?? instanceName(),
    ...(options.poster ? { poster: options.poster } : {}),
    async secretOf(projectId, url) {
      const s = await repo.settings(projectId);
      return s?.webhookUrl === url ? s.webhookSecret : null;
    },
  });
}

/** the job on a database as a console instance runs it (main.ts; tests run two of them) */
export function notificationJobOn(
  db: Knex,
  options: { logger: Logger; sender: Sender; alarms: AlarmSource; clock?: () => number; instance?: string; poster?: WebhookPoster },
): NotificationJob {
  const clock = options.clock ?? Date.now;
  return createNotificationJob({
    repo: createNotificationsRepository(db),
    alarms: options.alarms,
    clock,
    logger: options.logger,
    engine: deliveryEngineOn(db, { sender: options.sender, clock, ...(options.instance ? { instance: options.instance } : {}), ...(options.poster ? { poster: options.poster } : {}) }),
  });
}
