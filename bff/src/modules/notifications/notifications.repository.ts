// The notification tables (knex only, no rules): settings per project, deliveries with their lease,
// the attempts that make the delivery log, and the job's cursor in the gateway's alarms.
import type { DeliveryAttempt, NotificationChannel } from '@airloom/contracts';
import type { Knex } from 'knex';

interface SettingsRow {
  project_id: number;
  enabled: number | boolean;
  emails_json: string | string[];
  webhook_url: string | null;
  webhook_secret: string | null;
  alarm_types_json: string | string[];
  revision: number;
  updated_at: number;
  tested_at: number | null;
}

/** A project's settings as stored (with the secret: for the service and the job only). */
export interface StoredSettings {
  projectId: number;
  enabled: boolean;
  emails: string[];
  webhookUrl: string | null;
  webhookSecret: string | null;
  alarmTypes: string[];
  revision: number;
  updatedAt: number;
  testedAt: number | null;
}

export type DeliveryState = 'pending' | 'sending' | 'delivered' | 'failed';

export interface DeliveryRow {
  id: number;
  project_id: number;
  alarm_id: number | null;
  alarm_type: string;
  channel: NotificationChannel;
  target: string;
  dedupe_key: string;
  payload_json: string;
  state: DeliveryState;
  attempts: number;
  next_attempt_at: number;
  lease_owner: string | null;
  lease_until: number | null;
  created_at: number;
  updated_at: number;
}

export interface NewDelivery {
  projectId: number;
  alarmId: number | null;
  alarmType: string;
  channel: NotificationChannel;
  target: string;
  dedupeKey: string;
  payload: unknown;
}

export interface AttemptRecord {
  deliveryId: number;
  projectId: number;
  attempt: number;
  at: number;
  httpStatus: number | null;
  error: string | null;
  outcome: DeliveryAttempt['outcome'];
  nextRetryAt: number | null;
}

/** JSON columns come back parsed on MySQL and as text on SQLite (TOOLCHAIN) */
const list = (v: string | string[]): string[] => (Array.isArray(v) ? v : (JSON.parse(v) as string[]));
const num = (v: unknown): number => Number(v);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

function toSettings(r: SettingsRow): StoredSettings {
  return {
    projectId: num(r.project_id),
    enabled: Boolean(Number(r.enabled)),
    emails: list(r.emails_json),
    webhookUrl: r.webhook_url,
    webhookSecret: r.webhook_secret,
    alarmTypes: list(r.alarm_types_json),
    revision: num(r.revision),
    updatedAt: num(r.updated_at),
    testedAt: numOrNull(r.tested_at),
  };
}

function toDelivery(r: DeliveryRow): DeliveryRow {
  return {
    ...r,
    id: num(r.id),
    project_id: num(r.project_id),
    alarm_id: numOrNull(r.alarm_id),
    attempts: num(r.attempts),
    next_attempt_at: num(r.next_attempt_at),
    lease_until: numOrNull(r.lease_until),
    created_at: num(r.created_at),
    updated_at: num(r.updated_at),
  };
}

export interface SettingsFields {
  enabled: boolean;
  emails: string[];
  webhookUrl: string | null;
  webhookSecret: string | null;
  alarmTypes: string[];
}

export function createNotificationsRepository(db: Knex) {
  const settings = () => db<SettingsRow>('notification_settings');
  const deliveries = () => db<DeliveryRow>('notification_deliveries');

  return {
    async settings(projectId: number): Promise<StoredSettings | null> {
      const row = (await settings().where({ project_id: projectId }).first()) as SettingsRow | undefined;
      return row ? toSettings(row) : null;
    },

    /** the settings of these projects (the job's lookup for a page of alarms) */
    async settingsOf(projectIds: readonly number[]): Promise<Map<number, StoredSettings>> {
      if (projectIds.length === 0) return new Map();
      const rows = (await settings().whereIn('project_id', [...projectIds])) as SettingsRow[];
      return new Map(rows.map((r) => [num(r.project_id), toSettings(r)]));
    },

    /** inserts or replaces the project's settings; answers the new revision */
    async saveSettings(projectId: number, fields: SettingsFields, at: number): Promise<void> {
      const values = {
        enabled: fields.enabled,
        emails_json: JSON.stringify(fields.emails),
        webhook_url: fields.webhookUrl,
        webhook_secret: fields.webhookSecret,
        alarm_types_json: JSON.stringify(fields.alarmTypes),
        updated_at: at,
      };
      const n = await settings().where({ project_id: projectId }).update({ ...values, revision: db.raw('revision + 1') as unknown as number });
      if (n === 0) await settings().insert({ project_id: projectId, ...values, revision: 1 });
    },

    async setSecret(projectId: number, secret: string, at: number): Promise<boolean> {
      const n = await settings().where({ project_id: projectId }).whereNotNull('webhook_url').update({ webhook_secret: secret, updated_at: at, revision: db.raw('revision + 1') as unknown as number });
      return n > 0;
    },

    /** marks a test as sent unless one was sent after `since`; false: too soon */
    async claimTest(projectId: number, at: number, since: number): Promise<boolean> {
      const n = await settings()
        .where({ project_id: projectId })
        .andWhere((q) => q.whereNull('tested_at').orWhere('tested_at', '<=', since))
        .update({ tested_at: at });
      return n > 0;
    },

    /** creates deliveries; one already made (same dedupe key) is left as it is */
    async insertDeliveries(list: readonly NewDelivery[], at: number): Promise<void> {
      if (list.length === 0) return;
      const rows = list.map((d) => ({
        project_id: d.projectId,
        alarm_id: d.alarmId,
        alarm_type: d.alarmType,
        channel: d.channel,
        target: d.target,
        dedupe_key: d.dedupeKey,
        payload_json: JSON.stringify(d.payload),
        state: 'pending' as const,
        attempts: 0,
        next_attempt_at: at,
        created_at: at,
        updated_at: at,
      }));
      for (let i = 0; i < rows.length; i += 100) await deliveries().insert(rows.slice(i, i + 100)).onConflict('dedupe_key').ignore();
    },

    async deliveryByKey(dedupeKey: string): Promise<DeliveryRow | null> {
      const row = (await deliveries().where({ dedupe_key: dedupeKey }).first()) as DeliveryRow | undefined;
      return row ? toDelivery(row) : null;
    },

    /** deliveries whose attempt is due, or whose sender's lease ran out */
    async due(now: number, limit: number): Promise<DeliveryRow[]> {
      const rows = (await deliveries()
        .where((q) => q.where({ state: 'pending' }).andWhere('next_attempt_at', '<=', now))
        .orWhere((q) => q.where({ state: 'sending' }).andWhere('lease_until', '<', now))
        .orderBy('next_attempt_at', 'asc')
        .orderBy('id', 'asc')
        .limit(limit)) as DeliveryRow[];
      return rows.map(toDelivery);
    },

    /**
     * Takes the next attempt of a delivery as it was read (same state and attempt count): one instance
     * wins, and the attempt's number is counted before anything is sent, so it is never made twice.
     */
    async claim(row: DeliveryRow, owner: string, now: number, leaseUntil: number): Promise<boolean> {
      const n = await deliveries()
        .where({ id: row.id, state: row.state, attempts: row.attempts })
        .update({ state: 'sending', attempts: row.attempts + 1, lease_owner: owner, lease_until: leaseUntil, updated_at: now });
      return n > 0;
    },

    /** ends an attempt this instance holds: records it and sets the delivery's next state */
    async finish(id: number, owner: string, next: { state: DeliveryState; nextAttemptAt: number }, attempt: AttemptRecord): Promise<boolean> {
      return db.transaction(async (trx) => {
        const n = await trx<DeliveryRow>('notification_deliveries')
          .where({ id, state: 'sending', lease_owner: owner })
          .update({ state: next.state, next_attempt_at: next.nextAttemptAt, lease_owner: null, lease_until: null, updated_at: attempt.at });
        if (n === 0) return false;
        await trx('notification_attempts').insert(attemptRow(attempt));
        return true;
      });
    },

    async recordAttempt(attempt: AttemptRecord): Promise<void> {
      await db('notification_attempts').insert(attemptRow(attempt));
    },

    /** the delivery log of a project, newest first */
    async attempts(projectId: number, limit: number, ids?: readonly number[]): Promise<DeliveryAttemptRow[]> {
      let q = db('notification_attempts as a')
        .join('notification_deliveries as d', 'd.id', 'a.delivery_id')
        .where('a.project_id', projectId)
        .select('a.id', 'a.delivery_id', 'a.attempt', 'a.at', 'a.http_status', 'a.error', 'a.outcome', 'a.next_retry_at', 'd.channel', 'd.target', 'd.alarm_type', 'd.alarm_id')
        .orderBy('a.id', 'desc')
        .limit(limit);
      if (ids) q = q.whereIn('a.delivery_id', [...ids]);
      return ((await q) as DeliveryAttemptRow[]).map((r) => ({
        ...r,
        id: num(r.id),
        delivery_id: num(r.delivery_id),
        attempt: num(r.attempt),
        at: num(r.at),
        http_status: numOrNull(r.http_status),
        next_retry_at: numOrNull(r.next_retry_at),
        alarm_id: numOrNull(r.alarm_id),
      }));
    },

    /** the job's position in the alarms; null before its first pass */
    async cursor(): Promise<number | null> {
      const row = (await db('notification_cursor').where({ name: 'alarms' }).first('alarm_id')) as { alarm_id: number } | undefined;
      return row ? num(row.alarm_id) : null;
    },

    /** moves the cursor from `from` (null: not there yet) to `to`; false when another instance moved it first */
    async moveCursor(from: number | null, to: number, at: number): Promise<boolean> {
      if (from === null) {
        const inserted = await db('notification_cursor').insert({ name: 'alarms', alarm_id: to, updated_at: at }).onConflict('name').ignore();
        void inserted;
        return (await this.cursor()) === to;
      }
      const n = await db('notification_cursor').where({ name: 'alarms', alarm_id: from }).update({ alarm_id: to, updated_at: at });
      return n > 0;
    },

    async projectNames(ids: readonly number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = (await db('projects').whereIn('id', [...ids]).select('id', 'project_name')) as { id: number; project_name: string }[];
      return new Map(rows.map((r) => [num(r.id), r.project_name]));
    },
  };
}

export interface DeliveryAttemptRow {
  id: number;
  delivery_id: number;
  attempt: number;
  at: number;
  http_status: number | null;
  error: string | null;
  outcome: DeliveryAttempt['outcome'];
  next_retry_at: number | null;
  channel: NotificationChannel;
  target: string;
  alarm_type: string;
  alarm_id: number | null;
}

function attemptRow(a: AttemptRecord) {
  return {
    delivery_id: a.deliveryId,
    project_id: a.projectId,
    attempt: a.attempt,
    at: a.at,
    http_status: a.httpStatus,
    error: a.error === null ? null : a.error.slice(0, 255),
    outcome: a.outcome,
    next_retry_at: a.nextRetryAt,
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
