// What a switch learnt on its ports (docs/topology.md "MAC tables"): its MAC address table as it
// last reported it (vendor Device.Ethernet.X_AIRLOOM_MacTable.{i}.), one row per MAC and VLAN with
// the port it was learnt on. Replaced whole by each report that carries the table, written by the
// telemetry flush; read by the project topology.
import type { Knex } from 'knex';
import { utf8mb4 } from '../schema-helpers.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('device_mac_entries', (t) => {
    utf8mb4(knex, t);
    /** the switch that learnt it */
    t.string('sn', 32).notNullable();
    /** upper case with colons */
    t.string('mac', 17).notNullable();
    /** 0 when the device names none */
    t.integer('vlan').notNullable().defaultTo(0);
    /** 0-based Ethernet port it was learnt on */
    t.integer('port').notNullable();
    /** configured by hand (static) rather than learnt (dynamic) */
    t.boolean('static').notNullable().defaultTo(false);
    t.primary(['sn', 'vlan', 'mac']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('device_mac_entries');
}
