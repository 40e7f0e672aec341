// spec §8 code 80 / §9: failures within 5 minutes lock the identifier for 30 minutes. Kept in the
// database (not memory) so a restart or another BFF instance does not reset the lock. Keyed by the
// typed identifier, whether or not an account exists, so answers do not reveal existence.
import type { Knex } from 'knex';
import { utf8mb4 } from '../schema-helpers.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('login_throttle', (t) => {
    utf8mb4(knex, t);
    t.string('identifier', 254).primary();
    t.integer('failures').notNullable().defaultTo(0);
    t.bigInteger('window_started_at').notNullable();
    t.bigInteger('locked_until').nullable();
    t.bigInteger('updated_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('login_throttle');
}
