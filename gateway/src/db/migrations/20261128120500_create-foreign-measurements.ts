// What an AP hears of networks that are no device of its project (a café's Wi-Fi next door): one row
// per observer, BSSID and band, replaced by the observer's next scan. RF optimisation counts them and
// its planner keeps the project's radios off their channels (docs/wireless.md "RF optimisation").
import type { Knex } from 'knex';
import { utf8mb4 } from '../schema-helpers.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('foreign_measurements', (t) => {
    utf8mb4(knex, t);
    /** the AP that scanned */
    t.string('observer_sn', 32).notNullable();
    /** upper case with colons */
    t.string('bssid', 17).notNullable();
    /** '2.4GHz' | '5GHz' */
    t.string('band', 8).notNullable();
    /** the observer's project when it scanned */
    t.integer('project_id').notNullable();
    /** the network name it broadcasts ('' when hidden) */
    t.string('ssid', 64).notNullable().defaultTo('');
    /** dBm (TR-181 SignalStrength) */
    t.integer('rssi_dbm').notNullable();
    /** the channel it was heard on (null: not reported) */
    t.integer('channel').nullable();
    /** ms UTC: when the scan's results came */
    t.bigInteger('measured_at').notNullable();
    t.primary(['observer_sn', 'bssid', 'band']);
    t.index(['project_id'], 'foreign_measurements_project_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('foreign_measurements');
}
