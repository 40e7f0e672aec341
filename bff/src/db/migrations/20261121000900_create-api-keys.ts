// spec §2 "openapi" access type: API keys of an account (docs/decisions/sharing.md). Only the SHA-256
// of a key is kept (a key is 32 random bytes, so a fast hash is enough); `projects` is a JSON list of
// project ids, null for every project the account can see.
import type { Knex } from 'knex';
import { utf8mb4 } from '../schema-helpers.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('api_keys', (t) => {
    utf8mb4(knex, t);
    t.increments('id').primary();
    t.integer('account_id').unsigned().notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.string('name', 64).notNullable();
    t.string('key_hash', 64).notNullable().unique();
    t.string('prefix', 16).notNullable();
    t.string('access', 2).notNullable(); // 'r' | 'rw'
    t.text('projects').nullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('last_used_at').nullable();
    t.index(['account_id'], 'api_keys_account_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('api_keys');
}
