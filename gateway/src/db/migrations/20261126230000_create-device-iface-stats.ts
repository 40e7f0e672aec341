// Per radio and per port figures over time (docs/data.md): one row per device, resolution, interface
// and time. Raw points are a status report sampled at most every 5 minutes (the counters make its
// rates the 5-minute average); 15-minute and 1-hour rollups come from the gateway's stats job.
import type { Knex } from 'knex';
import { utf8mb4 } from '../schema-helpers.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('device_iface_stats', (t) => {
    utf8mb4(knex, t);
    t.string('sn', 32).notNullable();
    /** seconds per bucket: 0 raw (sampled), 900, 3600 */
    t.integer('res').notNullable();
    /** a radio by its band (`2.4GHz`, `5GHz`, `5GHz-2` for a second one) or a port (`port1`…) */
    t.string('iface', 16).notNullable();
    /** ms UTC: the report's time, or the bucket's start */
    t.bigInteger('t').notNullable();
    /** bytes per second since the previous sample */
    t.double('tx_rate').nullable();
    t.double('rx_rate').nullable();
    /** a radio's associated clients */
    t.double('clients').nullable();
    /** a radio's noise floor, dBm */
    t.double('noise').nullable();
    /** a radio's channel utilisation, percent */
    t.double('util').nullable();
    t.primary(['sn', 'res', 'iface', 't']);
    t.index(['res', 't'], 'device_iface_stats_res_t_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('device_iface_stats');
}
