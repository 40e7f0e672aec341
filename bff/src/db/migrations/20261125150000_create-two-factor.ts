// Two-factor sign-in (issue 16, beyond the spec): the account's TOTP secret (a pending one while it is
// being set up), the hashes of its recovery codes, the last time step used (a code counts once), and
// the short-lived challenges a login with the right password answers.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('account_two_factor', (t) => {
    t.integer('account_id').unsigned().primary();
    t.string('secret', 64).nullable(); // base32; null until confirmed
    t.string('pending_secret', 64).nullable();
    t.bigInteger('enabled_at').nullable();
    t.bigInteger('last_step').nullable();
    t.text('recovery_json').notNullable(); // sha256 hashes of unused recovery codes
    t.bigInteger('updated_at').notNullable();
  });
  await knex.schema.createTable('login_challenges', (t) => {
    t.string('token_hash', 64).primary();
    t.integer('account_id').unsigned().notNullable();
    t.integer('ttl').nullable(); // the cookie lifetime the login asked for
    t.integer('attempts').notNullable().defaultTo(0);
    t.bigInteger('expires_at').notNullable();
    t.index(['account_id'], 'login_challenges_account_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('login_challenges');
  await knex.schema.dropTable('account_two_factor');
}
