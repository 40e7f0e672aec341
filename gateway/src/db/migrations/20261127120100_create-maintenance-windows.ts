// Auto maintenance (docs/maintenance.md "Auto maintenance"): one row per project with a maintenance
// window — the weekdays and time it opens in the project's zone, what runs in it (restart; firmware
// upgrade is another part's) — its next opening and what the last one did. An opening is taken by
// moving next_run_at on with a conditional UPDATE, as for device reboot schedules.
import type { Knex } from 'knex';
import { utf8mb4 } from '../schema-helpers.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('project_maintenance_windows', (t) => {
    utf8mb4(knex, t);
    t.integer('project_id').unsigned().primary();
    t.boolean('enabled').notNullable();
    t.string('days', 32).notNullable(); // comma-separated weekdays, 0 = Sunday
    t.string('time', 5).notNullable(); // HH:MM in the project's zone
    t.boolean('reboot').notNullable();
    t.bigInteger('next_run_at').nullable();
    t.bigInteger('last_run_at').nullable();
    t.text('last_result_json').nullable(); // {queued, skipped, excluded}
    t.bigInteger('updated_at').notNullable();
    t.index(['next_run_at'], 'project_maintenance_windows_due_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('project_maintenance_windows');
}
