// Scheduled and cyclic reboots (docs/maintenance.md "Scheduled and cyclic reboot"): one row per device
// with a schedule — its list (spec §4 modes, at most 4), the next due slot, and what the last slot did.
// A slot is taken by moving next_run_at on with a conditional UPDATE, so of several console instances
// exactly one queues its reboot, and a restart of the console neither repeats nor loses a slot's record.
import type { Knex } from 'knex';
import { utf8mb4 } from '../schema-helpers.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('device_reboot_schedules', (t) => {
    utf8mb4(knex, t);
    t.string('sn', 64).primary();
    t.integer('project_id').unsigned().notNullable();
    t.text('schedules_json').notNullable(); // contracts' rebootSchedules, never empty (an empty list deletes the row)
    t.bigInteger('next_run_at').nullable(); // epoch ms of the next slot
    t.bigInteger('last_run_at').nullable(); // the last slot taken
    t.string('last_result', 16).nullable(); // queued | skipped-offline | skipped-busy | skipped-local
    t.integer('last_operation_id').nullable();
    t.bigInteger('updated_at').notNullable();
    t.integer('updated_by').nullable(); // account id
    t.index(['next_run_at'], 'device_reboot_schedules_due_idx');
    t.index(['project_id'], 'device_reboot_schedules_project_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('device_reboot_schedules');
}
