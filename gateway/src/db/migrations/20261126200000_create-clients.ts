// The clients the project's devices report (spec §3 "Online client"; TR-181
// Device.WiFi.AccessPoint.{i}.AssociatedDevice.{i}. and Device.Hosts.Host.{i}.): one row per project and
// MAC, updated by the telemetry flush. A client that left stays 24 h as offline (docs/data.md).
import type { Knex } from 'knex';
import { utf8mb4 } from '../schema-helpers.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('clients', (t) => {
    utf8mb4(knex, t);
    t.integer('project_id').notNullable();
    /** upper case with colons */
    t.string('mac', 17).notNullable();
    /** the device it is on (its AP, or the device it is cabled to) */
    t.string('sn', 32).notNullable();
    /** 'wireless' | 'wired' */
    t.string('connection', 8).notNullable();
    /** the AccessPoint instance it is associated with (force offline names it); null when wired */
    t.integer('ap_instance').nullable();
    t.string('name', 64).notNullable().defaultTo('');
    t.string('ip', 45).notNullable().defaultTo('');
    t.string('ssid', 32).nullable();
    t.string('band', 8).nullable();
    /** dBm */
    t.integer('signal').nullable();
    t.bigInteger('tx_bytes').nullable();
    t.bigInteger('rx_bytes').nullable();
    /** kbit/s */
    t.integer('tx_rate').nullable();
    t.integer('rx_rate').nullable();
    /** contracts CLIENT_TYPES, null when nothing tells */
    t.string('type', 16).nullable();
    t.boolean('online').notNullable().defaultTo(true);
    /** ms UTC */
    t.bigInteger('online_since').notNullable();
    t.bigInteger('offline_since').nullable();
    t.bigInteger('updated_at').notNullable();
    /** ARCHITECTURE §3 */
    t.bigInteger('revision').notNullable().defaultTo(1);
    t.primary(['project_id', 'mac']);
    t.index(['sn', 'online'], 'clients_sn_online_idx');
    t.index(['offline_since'], 'clients_offline_since_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('clients');
}
