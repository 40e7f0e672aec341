// spec §3 Project. Demo projects 500000/600000 are ordinary rows (seeded); ids of new projects start
// at 1,000,000 so they never collide with the demo ids on either database.
import type { Knex } from 'knex';
import { DEFAULT_ZONE } from '@airloom/contracts';
import { utf8mb4 } from '../schema-helpers.js';

export const FIRST_PROJECT_ID = 1_000_000;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('projects', (t) => {
    utf8mb4(knex, t);
    t.increments('id').primary();
    t.string('project_name', 64).notNullable();
    t.tinyint('net_mode').notNullable().defaultTo(0); // spec §1: 0 WLAN, 1 MESH
    t.string('scenario', 32).notNullable();
    t.string('location', 255).notNullable().defaultTo('');
    t.string('address', 255).notNullable().defaultTo('');
    t.string('zone', 16).notNullable().defaultTo(DEFAULT_ZONE); // spec §3/§9 default zone
    t.string('subtitle', 64).nullable();
    // null for the demo projects, which nobody owns
    t.integer('owner_account_id').unsigned().nullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['owner_account_id'], 'projects_owner_idx');
  });
  if (knex.client.config.client === 'mysql2') {
    await knex.raw('ALTER TABLE ?? AUTO_INCREMENT = ?', ['projects', FIRST_PROJECT_ID]);
  } else {
    // AUTOINCREMENT tables continue after the larger of sqlite_sequence.seq and the largest rowid.
    await knex('sqlite_sequence').insert({ name: 'projects', seq: FIRST_PROJECT_ID - 1 });
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('projects');
}
