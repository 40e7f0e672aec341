// Two-factor sign-in required by a company account of all its engineers (beyond the spec; spec §1
// account management): a row while it is required. An engineer without two-factor sign-in then sets
// it up before anything else (docs/decisions/accounts-projects.md).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('company_two_factor_policy', (t) => {
    t.integer('account_id').unsigned().primary().references('id').inTable('accounts').onDelete('CASCADE');
    t.bigInteger('required_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('company_two_factor_policy');
}
