// Alarm notifications (ARCHITECTURE §8, beyond the spec): per project, the e-mail recipients and a
// signed webhook that alarms of the chosen types are sent to, a test notification, and the delivery
// log of every attempt. docs/data.md "Alarm notifications".
import { z } from 'zod';
import { ALARM_TYPES, type AlarmType } from '../domain/run-log.js';
import { ErrorCode } from '../errors.js';
import { isEmail } from '../rules/account.js';
import { apiRuleKey } from './en-api-rules.js';
import { endpoint } from './endpoint.js';
import { ProjectIdParamSchema } from './projects.js';

/** the alarm types a project can be notified of: the run log's (docs/data.md "Run log and alarms") */
export const NOTIFICATION_ALARM_TYPES = ALARM_TYPES;
export type NotificationAlarmType = AlarmType;
/** e-mail recipients per project */
export const NOTIFICATION_EMAILS_MAX = 10;
export const WEBHOOK_URL_MAX = 512;
/** a webhook delivery is tried at most this many times: at once, then after each delay (minutes) */
export const WEBHOOK_RETRY_MINUTES = [1, 5, 15, 60] as const;
export const NOTIFICATION_ATTEMPTS_MAX = WEBHOOK_RETRY_MINUTES.length + 1;
/** delivery log entries shown at most */
export const DELIVERY_LOG_MAX = 200;

// contracts is built without DOM or Node types; URL is a global of both the browser and Node
declare const URL: new (input: string) => { protocol: string; username: string; password: string; hostname: string };

/** an http(s) address without user or password in it (those would be shown to every reader of the settings) */
export function webhookUrlProblem(value: string): 'format' | 'scheme' | 'credentials' | null {
  const url = (() => {
    try {
      return new URL(value);
    } catch {
      return null;
    }
  })();
  if (!url) return 'format';
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'scheme';
  if (url.username || url.password) return 'credentials';
  if (!url.hostname) return 'format';
  return null;
}

const webhookUrl = z
  .string({ error: apiRuleKey('webhookUrl', 'format') })
  .trim()
  .max(WEBHOOK_URL_MAX, { error: apiRuleKey('webhookUrl', 'length') })
  .superRefine((v, ctx) => {
    const problem = webhookUrlProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: apiRuleKey('webhookUrl', problem) });
  });

// list rules answer on the list itself (`emails`, `alarmTypes`), where the form shows them
const text = (key: ReturnType<typeof apiRuleKey>) => z.string({ error: key });

export const NotificationSettingsSchema = z.object({
  /** sends nothing while false; the settings are kept */
  enabled: z.boolean({ error: apiRuleKey('notificationSettings', 'enabled') }),
  emails: z
    .array(text(apiRuleKey('notificationEmail', 'format')), { error: apiRuleKey('notificationEmail', 'format') })
    .max(NOTIFICATION_EMAILS_MAX, { error: apiRuleKey('notificationEmail', 'count') })
    .transform((list) => list.map((v) => v.trim().toLowerCase()))
    .superRefine((list, ctx) => {
      if (list.some((v) => !isEmail(v))) ctx.addIssue({ code: 'custom', message: apiRuleKey('notificationEmail', 'format') });
      else if (new Set(list).size !== list.length) ctx.addIssue({ code: 'custom', message: apiRuleKey('notificationEmail', 'duplicate') });
    }),
  /** null: no webhook */
  webhookUrl: webhookUrl.nullable(),
  alarmTypes: z
    .array(text(apiRuleKey('notificationAlarmTypes', 'value')), { error: apiRuleKey('notificationAlarmTypes', 'value') })
    .superRefine((list, ctx) => {
      if (list.some((v) => !(NOTIFICATION_ALARM_TYPES as readonly string[]).includes(v))) ctx.addIssue({ code: 'custom', message: apiRuleKey('notificationAlarmTypes', 'value') });
    })
    .transform((list) => [...new Set(list)] as NotificationAlarmType[]),
});
export type NotificationSettings = z.output<typeof NotificationSettingsSchema>;

/** the form: recipients as typed (one text, separated by commas, spaces or lines), the address as typed, answered as the request body */
export const NotificationSettingsFormSchema = z
  .object({ enabled: z.boolean(), emails: z.string(), webhookUrl: z.string(), alarmTypes: z.array(z.string()) })
  .transform((v) => ({
    enabled: v.enabled,
    emails: v.emails.split(/[\s,;]+/).filter(Boolean),
    webhookUrl: v.webhookUrl.trim() === '' ? null : v.webhookUrl.trim(),
    alarmTypes: v.alarmTypes,
  }))
  .pipe(NotificationSettingsSchema);
export type NotificationSettingsFormInput = z.input<typeof NotificationSettingsFormSchema>;

export const NotificationSettingsViewSchema = NotificationSettingsSchema.extend({
  /** the last 4 characters of the webhook's signing secret; null while there is no webhook */
  secretHint: z.string().nullable(),
  /** the signing secret, only in the answer that made it (shown once; rw users can reveal it later) */
  secret: z.string().optional(),
  revision: z.number().int(),
  /** UTC, ISO 8601; null: never saved */
  updatedAt: z.string().nullable(),
});
export type NotificationSettingsView = z.output<typeof NotificationSettingsViewSchema>;

export const WebhookSecretSchema = z.object({ secret: z.string() });

export const NOTIFICATION_CHANNELS = ['email', 'webhook'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
/** delivered (2xx or the sender took it), retrying (next retry set), failed (no more attempts) */
export const DELIVERY_OUTCOMES = ['delivered', 'retrying', 'failed'] as const;

/** one attempt to deliver one notification to one target */
export const DeliveryAttemptSchema = z.object({
  id: z.number().int(),
  deliveryId: z.number().int(),
  /** UTC, ISO 8601 */
  at: z.string(),
  channel: z.enum(NOTIFICATION_CHANNELS),
  /** the e-mail address or the webhook's URL */
  target: z.string(),
  /** 'test' for a test notification */
  alarmType: z.string(),
  alarmId: z.number().int().nullable(),
  attempt: z.number().int(),
  maxAttempts: z.number().int(),
  /** the receiver's HTTP status (webhooks) */
  httpStatus: z.number().int().nullable(),
  /** what went wrong, in plain words; null when delivered */
  error: z.string().nullable(),
  outcome: z.enum(DELIVERY_OUTCOMES),
  /** UTC, ISO 8601: when the next attempt is due */
  nextRetryAt: z.string().nullable(),
});
export type DeliveryAttempt = z.output<typeof DeliveryAttemptSchema>;

export const DeliveryLogSchema = z.object({ items: z.array(DeliveryAttemptSchema) });
export type DeliveryLog = z.output<typeof DeliveryLogSchema>;

export const TestNotificationResultSchema = z.object({ attempts: z.array(DeliveryAttemptSchema) });

const tag = 'notifications';
const nothingConfigured = { code: ErrorCode.DATA_NOT_FOUND, text: 'notifications.nothingConfigured' } as const;

export const notificationEndpoints = {
  get: endpoint({
    method: 'get', path: '/projects/:id/notifications', tag, auth: 'session', action: 'project.view',
    summary: "The project's alarm notification settings: e-mail recipients, webhook and alarm types (never the webhook's secret)",
    params: ProjectIdParamSchema, response: NotificationSettingsViewSchema,
  }),
  update: endpoint({
    method: 'put', path: '/projects/:id/notifications', tag, auth: 'session', action: 'alarm.update',
    summary: 'Change who is told of which alarms: e-mail recipients and/or an http(s) webhook',
    description: 'The first webhook gets a signing secret, answered once in `secret`. Webhook requests are signed: `X-Airloom-Signature: sha256=HMAC-SHA256(secret, X-Airloom-Timestamp + "." + body)`.',
    params: ProjectIdParamSchema, body: NotificationSettingsSchema, response: NotificationSettingsViewSchema,
  }),
  secret: endpoint({
    method: 'get', path: '/projects/:id/notifications/secret', tag, auth: 'session', action: 'alarm.update',
    summary: "Reveal the webhook's signing secret (to those who may change the settings)",
    params: ProjectIdParamSchema, response: WebhookSecretSchema,
    errors: [{ code: ErrorCode.DATA_NOT_FOUND, text: 'notifications.noWebhook' }],
  }),
  rotateSecret: endpoint({
    method: 'post', path: '/projects/:id/notifications/secret', tag, auth: 'session', action: 'alarm.update',
    summary: "Replace the webhook's signing secret; the old one stops working at once",
    params: ProjectIdParamSchema, response: WebhookSecretSchema,
    errors: [{ code: ErrorCode.DATA_NOT_FOUND, text: 'notifications.noWebhook' }],
  }),
  test: endpoint({
    method: 'post', path: '/projects/:id/notifications/test', tag, auth: 'session', action: 'alarm.update',
    summary: 'Send a test notification to every recipient and the webhook now; failures are retried like alarms',
    params: ProjectIdParamSchema, response: TestNotificationResultSchema,
    errors: [nothingConfigured, { code: ErrorCode.REPEATED_CLICKS, text: 'notifications.testTooSoon' }],
  }),
  deliveries: endpoint({
    method: 'get', path: '/projects/:id/notifications/deliveries', tag, auth: 'session', action: 'project.view',
    summary: `The delivery log: every attempt to send a notification, newest first (at most ${DELIVERY_LOG_MAX})`,
    params: ProjectIdParamSchema, response: DeliveryLogSchema,
  }),
};
