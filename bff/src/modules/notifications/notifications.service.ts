// Alarm notification settings, the webhook's secret, the test notification and the delivery log
// (docs/data.md "Alarm notifications"). The rules are decided here; the repository only stores.
import { randomBytes } from 'node:crypto';
import {
  DELIVERY_LOG_MAX,
  ErrorCode,
  NOTIFICATION_ATTEMPTS_MAX,
  NotificationSettingsSchema,
  type DeliveryAttempt,
  type NotificationSettings,
  type NotificationSettingsView,
} from '@airloom/contracts';
import { AppError } from '../../http/app-error.js';
import type { AuthorisedProject } from '../../http/project-access.js';
import { deliveriesFor, payloadOf, type DeliveryEngine } from './notifications.dispatcher.js';
import type { DeliveryAttemptRow, NotificationsRepository, StoredSettings } from './notifications.repository.js';

/** a second test within this time is a repeated click (§8 2010) */
export const TEST_INTERVAL_MS = 10_000;

export const newSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function viewOf(s: StoredSettings | null): NotificationSettingsView {
  if (!s) return { enabled: true, emails: [], webhookUrl: null, alarmTypes: [], secretHint: null, revision: 0, updatedAt: null };
  return {
    enabled: s.enabled,
    emails: s.emails,
    webhookUrl: s.webhookUrl,
    alarmTypes: s.alarmTypes as NotificationSettings['alarmTypes'],
    secretHint: s.webhookUrl && s.webhookSecret ? s.webhookSecret.slice(-4) : null,
    revision: s.revision,
    updatedAt: iso(s.updatedAt),
  };
}

export function attemptOf(r: DeliveryAttemptRow): DeliveryAttempt {
  return {
    id: r.id,
    deliveryId: r.delivery_id,
    at: iso(r.at)!,
    channel: r.channel,
    target: r.target,
    alarmType: r.alarm_type,
    alarmId: r.alarm_id,
    attempt: r.attempt,
    maxAttempts: NOTIFICATION_ATTEMPTS_MAX,
    httpStatus: r.http_status,
    error: r.error,
    outcome: r.outcome,
    nextRetryAt: iso(r.next_retry_at),
  };
}

export interface NotificationsServiceDeps {
  repo: NotificationsRepository;
  engine: DeliveryEngine;
  clock: () => number;
}

export function createNotificationsService({ repo, engine, clock }: NotificationsServiceDeps) {
  return {
    async get(project: AuthorisedProject): Promise<NotificationSettingsView> {
      return viewOf(await repo.settings(project.row.id));
    },

    async update(project: AuthorisedProject, body: NotificationSettings): Promise<NotificationSettingsView> {
      const settings = NotificationSettingsSchema.parse(body);
      const id = project.row.id;
      const current = await repo.settings(id);
      // a webhook keeps its secret when its address changes; the first one gets a new secret, shown once
      const made = settings.webhookUrl && !current?.webhookSecret ? newSecret() : undefined;
      const secret = settings.webhookUrl ? (made ?? current?.webhookSecret ?? null) : null;
      await repo.saveSettings(id, { ...settings, webhookSecret: secret }, clock());
      const view = viewOf(await repo.settings(id));
      return made ? { ...view, secret: made } : view;
    },

    async secret(project: AuthorisedProject): Promise<{ secret: string }> {
      const s = await repo.settings(project.row.id);
      if (!s?.webhookUrl || !s.webhookSecret) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      return { secret: s.webhookSecret };
    },

    async rotateSecret(project: AuthorisedProject): Promise<{ secret: string }> {
      const secret = newSecret();
      if (!(await repo.setSecret(project.row.id, secret, clock()))) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      return { secret };
    },

    /** a test notification to every target now (one attempt each, answered); failures are retried by the job */
    async test(project: AuthorisedProject): Promise<{ attempts: DeliveryAttempt[] }> {
      const id = project.row.id;
      const s = await repo.settings(id);
      if (!s || (s.emails.length === 0 && !s.webhookUrl)) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      const now = clock();
      if (!(await repo.claimTest(id, now, now - TEST_INTERVAL_MS))) throw new AppError(ErrorCode.REPEATED_CLICKS);
      const sample = {
        id: 0, projectId: id, t: now, type: 'device-offline',
        text: 'Test notification: a device went offline (no device is affected)',
        sn: null, mac: null, model: null, deviceName: null,
      };
      const list = deliveriesFor(payloadOf(sample, project.row.project_name, 'test'), s, `test:${now}:${randomBytes(6).toString('hex')}`, null);
      await repo.insertDeliveries(list, now);
      const ids: number[] = [];
      for (const d of list) {
        const row = await repo.deliveryByKey(d.dedupeKey);
        if (!row) continue;
        ids.push(row.id);
        await engine.attempt(row);
      }
      return { attempts: (await repo.attempts(id, ids.length * NOTIFICATION_ATTEMPTS_MAX, ids)).map(attemptOf) };
    },

    async deliveries(project: AuthorisedProject): Promise<{ items: DeliveryAttempt[] }> {
      return { items: (await repo.attempts(project.row.id, DELIVERY_LOG_MAX)).map(attemptOf) };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
