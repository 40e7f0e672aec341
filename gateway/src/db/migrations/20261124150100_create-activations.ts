// spec §3 activation record: one row per device, written by the gateway when a registered device
// first connects and updated on later connections (docs/decisions/datascreen.md). Type, model and
// brand are copied from the device's registration so the data screen counts without a join; the
// location comes from the public IP the device reports, through an offline GeoIP database.
import type { Knex } from 'knex';
import { utf8mb4 } from '../schema-helpers.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('activations', (t) => {
    utf8mb4(knex, t);
    t.string('sn', 32).primary();
    t.bigInteger('activated_at').notNullable(); // ms UTC, first connection
    t.bigInteger('updated_at').notNullable(); // ms UTC, latest connection
    t.integer('activated_day').notNullable(); // days since 1970-01-01 UTC, for the daily counts
    t.string('type', 16).notNullable();
    t.string('model', 32).notNullable();
    t.string('brand', 64).notNullable();
    t.string('mac', 17).notNullable();
    t.string('public_ip', 45).notNullable().defaultTo('');
    t.string('country', 2).notNullable().defaultTo(''); // ISO 3166-1 alpha-2; '' = unknown
    t.string('state', 64).notNullable().defaultTo('');
    t.string('city', 96).notNullable().defaultTo('');
    t.integer('project_id').unsigned().nullable(); // the project it was in when last heard
    t.integer('owner_account_id').unsigned().nullable();
    t.index(['activated_day', 'type'], 'activations_day_type_idx');
    t.index(['activated_day', 'brand'], 'activations_day_brand_idx');
    t.index(['country', 'activated_day', 'state'], 'activations_country_day_idx');
    t.index(['project_id', 'activated_day'], 'activations_project_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('activations');
}
