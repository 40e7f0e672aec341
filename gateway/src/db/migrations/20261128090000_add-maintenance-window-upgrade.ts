// Auto maintenance can also upgrade (docs/maintenance.md "Auto maintenance"): whether the window
// upgrades devices behind the recommended firmware, and the console address it was saved through,
// from which the devices download when PUBLIC_URL is not set (the job runs without a request).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('project_maintenance_windows', (t) => {
    t.boolean('upgrade').notNullable().defaultTo(false);
    t.string('origin', 255).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('project_maintenance_windows', (t) => {
    t.dropColumn('upgrade');
    t.dropColumn('origin');
  });
}
