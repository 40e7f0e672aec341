// Project-wide figures over time (docs/data.md): the stats job sums (clients, traffic) and averages
// (CPU, memory) the project's devices per bucket, so a project chart reads one row per point however
// many devices the project has.
import type { Knex } from 'knex';
import { utf8mb4 } from '../schema-helpers.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('project_stats', (t) => {
    utf8mb4(knex, t);
    t.integer('project_id').notNullable();
    /** seconds per bucket: 300, 900, 3600 */
    t.integer('res').notNullable();
    /** ms UTC: the bucket's start */
    t.bigInteger('t').notNullable();
    /** devices that reported in the bucket */
    t.integer('devices').notNullable();
    /** averages over the devices, percent */
    t.double('cpu').nullable();
    t.double('memory').nullable();
    /** sums over the devices */
    t.double('clients').nullable();
    t.double('tx_rate').nullable();
    t.double('rx_rate').nullable();
    t.primary(['project_id', 'res', 't']);
    t.index(['res', 't'], 'project_stats_res_t_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('project_stats');
}
