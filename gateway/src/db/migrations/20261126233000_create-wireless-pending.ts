// Wireless policies wait for the user's confirmation (spec §4, docs/wireless.md): one row per project
// holding the pending list as it will be once confirmed, who edited it last and a revision that rises
// with each edit (a confirmation names the revision the person saw). The confirmed list is the
// configuration engine's `wireless-policies` section (config_sections).
import type { Knex } from 'knex';
import { utf8mb4 } from '../schema-helpers.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('wireless_pending', (t) => {
    utf8mb4(knex, t);
    t.integer('project_id').unsigned().primary();
    t.integer('revision').notNullable();
    t.text('body_json', 'mediumtext').notNullable(); // { policies: [...] }
    t.string('actor', 128).nullable();
    t.bigInteger('updated_at').notNullable(); // epoch ms UTC
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('wireless_pending');
}
