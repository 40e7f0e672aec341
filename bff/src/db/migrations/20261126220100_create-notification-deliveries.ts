// Notification deliveries (docs/data.md "Alarm notifications"): one row per notification and target,
// a state machine with a lease like the gateway's operations outbox, so each attempt is made by one
// console instance, once, and a delivery survives a restart. The unique key lets several instances
// create the deliveries of the same alarm without doubles.
import type { Knex } from 'knex';
import { utf8mb4 } from '../schema-helpers.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('notification_deliveries', (t) => {
    utf8mb4(knex, t);
    t.increments('id').primary();
    t.integer('project_id').unsigned().notNullable().references('id').inTable('projects').onDelete('CASCADE');
    /** the gateway's alarm; null for a test notification */
    t.bigInteger('alarm_id').nullable();
    /** the alarm's type, or 'test' */
    t.string('alarm_type', 32).notNullable();
    t.string('channel', 8).notNullable();
    t.string('target', 512).notNullable();
    /** a key unique per notification and target: `alarm:<id>:<channel>:<target hash>` or `test:<uuid>` */
    t.string('dedupe_key', 128).notNullable();
    /** the notification as sent (JSON): the webhook's body without its delivery headers */
    t.text('payload_json').notNullable();
    /** pending (due at next_attempt_at), sending (leased), delivered, failed */
    t.string('state', 12).notNullable();
    t.integer('attempts').notNullable().defaultTo(0);
    t.bigInteger('next_attempt_at').notNullable();
    t.string('lease_owner', 64).nullable();
    t.bigInteger('lease_until').nullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.unique(['dedupe_key'], { indexName: 'notification_deliveries_dedupe_uq' });
    t.index(['state', 'next_attempt_at'], 'notification_deliveries_due_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('notification_deliveries');
}
