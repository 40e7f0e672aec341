// ARCHITECTURE §5: every status transition of a device is stored (and pushed to the UI).
import type { Knex } from 'knex';
import { utf8mb4 } from '../schema-helpers.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('device_status_log', (t) => {
    utf8mb4(knex, t);
    t.bigIncrements('id').primary();
    t.string('sn', 32).notNullable();
    t.integer('project_id').unsigned().nullable();
    t.tinyint('from_status').notNullable();
    t.tinyint('to_status').notNullable();
    t.string('reason', 64).notNullable(); // connect, boot, last-will, heartbeat-missed, reboot, config-pending, config-applied…
    t.bigInteger('at').notNullable();
    t.index(['sn', 'at'], 'device_status_log_sn_at_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('device_status_log');
}
