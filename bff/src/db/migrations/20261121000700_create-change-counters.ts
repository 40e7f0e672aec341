// One counter per cached data set. A write to projects or project_members bumps `projects` in the
// same transaction (db/change-counters.ts); every BFF instance compares it with the version of its
// cached project lists, so a cache is never served after a write, whichever instance wrote.
import type { Knex } from 'knex';
import { utf8mb4 } from '../schema-helpers.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('change_counters', (t) => {
    utf8mb4(knex, t);
    t.string('name', 32).primary();
    t.bigInteger('version').notNullable().defaultTo(0);
  });
  await knex('change_counters').insert({ name: 'projects', version: 0 });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('change_counters');
}
