// Alarm notification settings (docs/data.md "Alarm notifications"): per project, the e-mail recipients,
// a webhook with its signing secret, and the alarm types to send. Kept in the console's database: the
// console sends notifications, devices know nothing of them.
import type { Knex } from 'knex';
import { utf8mb4 } from '../schema-helpers.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('notification_settings', (t) => {
    utf8mb4(knex, t);
    t.integer('project_id').unsigned().primary().references('id').inTable('projects').onDelete('CASCADE');
    t.boolean('enabled').notNullable().defaultTo(true);
    /** JSON array of lower-case addresses */
    t.text('emails_json').notNullable();
    t.string('webhook_url', 512).nullable();
    /** the HMAC key of the webhook's signatures; it must be readable to sign, so it is not hashed */
    t.string('webhook_secret', 64).nullable();
    /** JSON array of alarm types */
    t.text('alarm_types_json').notNullable();
    t.integer('revision').notNullable().defaultTo(1);
    t.bigInteger('updated_at').notNullable();
    /** the last test notification (ms), to refuse repeated clicks */
    t.bigInteger('tested_at').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('notification_settings');
}
