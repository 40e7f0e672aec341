// Back-fill of the daily activation counts (20261125200100) from the records already written.
import type { Knex } from 'knex';
import { ACTIVATION_COUNTS } from './20261125200100_create-activation-counts.js';

export async function up(knex: Knex): Promise<void> {
  for (const [table, columns] of Object.entries(ACTIVATION_COUNTS)) {
    const by = columns.join(', ');
    await knex.raw(
      `INSERT INTO ${table} (project_id, day, ${by}, n) SELECT COALESCE(project_id, 0), activated_day, ${by}, count(*) FROM activations GROUP BY COALESCE(project_id, 0), activated_day, ${by}`,
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of Object.keys(ACTIVATION_COUNTS)) await knex(table).delete();
}
