// The registered model is part of a device's identity (docs/decisions/gateway.md); what the agent
// reports as Device.DeviceInfo.ModelName is kept beside it, shown as reported, never in its place.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('devices', (t) => {
    t.string('reported_model', 64).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('devices', (t) => {
    t.dropColumn('reported_model');
  });
}
