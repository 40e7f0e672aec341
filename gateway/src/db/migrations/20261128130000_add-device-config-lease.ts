// Several gateway instances (docs/deployment.md): a device's messages reach either instance through the
// shared subscription, so both may find its configuration owed. The one pushing it holds it for a while
// (renewed section by section), and the other leaves it alone until the push ends or the lease runs out.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('devices', (t) => {
    /** the gateway instance pushing the device's configuration now (its GATEWAY_ID) */
    t.string('config_push_by', 48).nullable();
    /** ms UTC: until when it holds the push; null: nobody */
    t.bigInteger('config_push_until').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('devices', (t) => {
    t.dropColumn('config_push_until');
    t.dropColumn('config_push_by');
  });
}
