// The cloud code printed on a device's label (spec §1 "cloud code"), set by the manufacturer's
// registration and unique among devices, so an installer can add the device by it; and the
// device's remark (spec §3 device "remark"), which an import's third column fills.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('devices', (t) => {
    t.string('cloud_code', 16).nullable().unique();
    t.string('remark', 255).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('devices', (t) => {
    t.dropUnique(['cloud_code']);
    t.dropColumn('cloud_code');
    t.dropColumn('remark');
  });
}
