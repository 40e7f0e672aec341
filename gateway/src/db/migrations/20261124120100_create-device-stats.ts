// Device telemetry over time (docs/data.md): one row per device, resolution and time. Raw points
// (resolution 0, one per status report) for the recent window; 15-minute and 1-hour rollups for older
// data, made by the gateway's stats job, which also deletes what is past each resolution's retention.
import type { Knex } from 'knex';
import { utf8mb4 } from '../schema-helpers.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('device_stats', (t) => {
    utf8mb4(knex, t);
    t.string('sn', 32).notNullable();
    /** seconds per bucket: 0 raw, 900, 3600 */
    t.integer('res').notNullable();
    /** ms UTC: the report's time, or the bucket's start */
    t.bigInteger('t').notNullable();
    /** percent */
    t.float('cpu').nullable();
    /** percent of memory in use */
    t.float('memory').nullable();
    t.float('clients').nullable();
    /** bytes per second since the previous report */
    t.float('tx_rate').nullable();
    t.float('rx_rate').nullable();
    /** seconds */
    t.bigInteger('uptime').nullable();
    t.primary(['sn', 'res', 't']);
    t.index(['res', 't'], 'device_stats_res_t_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('device_stats');
}
