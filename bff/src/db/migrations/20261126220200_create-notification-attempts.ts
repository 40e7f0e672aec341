// The delivery log (docs/data.md "Alarm notifications"): one row per attempt to deliver a
// notification, what the receiver answered, and when the next attempt is due.
import type { Knex } from 'knex';
import { utf8mb4 } from '../schema-helpers.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('notification_attempts', (t) => {
    utf8mb4(knex, t);
    t.increments('id').primary();
    t.integer('delivery_id').unsigned().notNullable().references('id').inTable('notification_deliveries').onDelete('CASCADE');
    t.integer('project_id').unsigned().notNullable();
    t.integer('attempt').notNullable();
    t.bigInteger('at').notNullable();
    t.integer('http_status').nullable();
    t.string('error', 255).nullable();
    /** delivered, retrying, failed */
    t.string('outcome', 12).notNullable();
    t.bigInteger('next_retry_at').nullable();
    t.index(['project_id', 'id'], 'notification_attempts_project_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('notification_attempts');
}
