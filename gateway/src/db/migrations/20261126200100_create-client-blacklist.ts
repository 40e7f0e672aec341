// A project's blacklist (spec §9: at most 100 MAC addresses): the APs of the project refuse these
// clients. Delivered to each AP as its `wifi-acl` configuration section (docs/config-engine.md).
import type { Knex } from 'knex';
import { utf8mb4 } from '../schema-helpers.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('client_blacklist', (t) => {
    utf8mb4(knex, t);
    t.integer('project_id').notNullable();
    /** upper case with colons */
    t.string('mac', 17).notNullable();
    t.string('note', 64).notNullable().defaultTo('');
    t.integer('created_by_account_id').nullable();
    /** ms UTC */
    t.bigInteger('created_at').notNullable();
    t.primary(['project_id', 'mac']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('client_blacklist');
}
