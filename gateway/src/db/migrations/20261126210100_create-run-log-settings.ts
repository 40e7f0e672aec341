// How long a project keeps its run log (spec §9: 7, 30, 90 or 180 days). A project without a row
// keeps the default, 30 days (docs/decisions/data.md).
import type { Knex } from 'knex';
import { utf8mb4 } from '../schema-helpers.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('run_log_settings', (t) => {
    utf8mb4(knex, t);
    t.integer('project_id').unsigned().primary();
    t.integer('retention_days').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.string('updated_by', 128).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('run_log_settings');
}
