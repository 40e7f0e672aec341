// What a device reports of its neighbours: the LLDP neighbours on its Ethernet ports (TR-181
// Device.LLDP.Discovery.Device.{i}.) as JSON, written by telemetry with the rest of its state and
// read by the project topology.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('devices', (t) => {
    t.text('neighbours_json').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('devices', (t) => {
    t.dropColumn('neighbours_json');
  });
}
