// The channel each neighbour was heard on (TR-181 NeighboringWiFiDiagnostic() Result.{i}.Channel), so
// an RF optimisation record counts co-channel and near-channel neighbours from the scan itself.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('neighbour_measurements', (t) => {
    t.integer('channel').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('neighbour_measurements', (t) => {
    t.dropColumn('channel');
  });
}
