// spec §3 session/account state, §6 roles: one row per account (e-mail or mobile number).
// Datetimes in every table are UTC epoch milliseconds in BIGINT columns (docs/decisions.md).
import type { Knex } from 'knex';
import { utf8mb4 } from '../schema-helpers.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('accounts', (t) => {
    utf8mb4(knex, t);
    t.increments('id').primary();
    t.string('account', 254).notNullable().unique(); // normalised: e-mail lower-cased, mobile digits only
    t.string('account_kind', 8).notNullable(); // 'email' | 'mobile'
    t.string('nick', 64).notNullable();
    t.tinyint('role').notNullable().defaultTo(0); // spec §6: normal 0, engineer 1, manufacturer 2, other 3
    t.string('password_hash', 255).nullable(); // null: cannot log in with a password (the live-demo account)
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('accounts');
}
