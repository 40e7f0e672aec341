// spec §5 codes (6 digits e-mail, 4 SMS), §8/§9 sending limits and 5 attempts. Codes are stored as
// hashes; rows are kept after use so the per-minute/hour/24 h sending limits can count them.
import type { Knex } from 'knex';
import { utf8mb4 } from '../schema-helpers.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('verification_codes', (t) => {
    utf8mb4(knex, t);
    t.increments('id').primary();
    t.string('account', 254).notNullable(); // not a foreign key: sign-up codes precede the account
    t.string('purpose', 16).notNullable(); // 'signup' | 'reset'
    t.string('code_hash', 64).notNullable();
    t.integer('attempts').notNullable().defaultTo(0);
    t.boolean('delivered').notNullable().defaultTo(true); // false: reset asked for an unknown account
    t.bigInteger('created_at').notNullable();
    t.bigInteger('expires_at').notNullable();
    t.bigInteger('consumed_at').nullable(); // used, replaced or invalidated
    t.index(['account', 'created_at'], 'verification_codes_account_created_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('verification_codes');
}
