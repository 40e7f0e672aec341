// ARCHITECTURE §4: opaque token in a cookie, only its SHA-256 stored, so a database leak yields no
// usable session. Sessions live in the database: BFF instances stay stateless.
import type { Knex } from 'knex';
import { utf8mb4 } from '../schema-helpers.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sessions', (t) => {
    utf8mb4(knex, t);
    t.increments('id').primary();
    t.string('token_hash', 64).notNullable().unique();
    t.integer('account_id').unsigned().notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.boolean('demo').notNullable().defaultTo(false);
    t.bigInteger('created_at').notNullable();
    t.bigInteger('expires_at').notNullable();
    t.index(['account_id'], 'sessions_account_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('sessions');
}
