// What an AP hears of the other APs of its project (TR-181 NeighboringWiFiDiagnostic() results): one
// row per observer, source and band, replaced by the observer's next scan. The Wi-Fi map compares
// them with what its walls predict (docs/radio.md "Predicted versus measured").
import type { Knex } from 'knex';
import { utf8mb4 } from '../schema-helpers.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('neighbour_measurements', (t) => {
    utf8mb4(knex, t);
    /** the AP that scanned */
    t.string('observer_sn', 32).notNullable();
    /** the AP it heard (a device of the same project, found by its BSSID) */
    t.string('source_sn', 32).notNullable();
    /** '2.4GHz' | '5GHz' */
    t.string('band', 8).notNullable();
    /** the observer's project when it scanned */
    t.integer('project_id').notNullable();
    /** dBm (TR-181 SignalStrength) */
    t.integer('rssi_dbm').notNullable();
    /** ms UTC: when the scan's results came */
    t.bigInteger('measured_at').notNullable();
    t.primary(['observer_sn', 'source_sn', 'band']);
    t.index(['project_id'], 'neighbour_measurements_project_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('neighbour_measurements');
}
