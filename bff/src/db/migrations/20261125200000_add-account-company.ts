// spec §1 profile, §6 membership labels, §9 "company name and address can each be changed once per
// year": the account's company fields, when each last changed, and the label an operator gives.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('accounts', (t) => {
    t.string('company_name', 255).notNullable().defaultTo('');
    t.bigInteger('company_name_changed_at').nullable();
    t.string('company_address', 512).notNullable().defaultTo('');
    t.bigInteger('company_address_changed_at').nullable();
    t.string('membership', 16).nullable(); // null: common (spec §6)
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('accounts', (t) => {
    t.dropColumn('company_name');
    t.dropColumn('company_name_changed_at');
    t.dropColumn('company_address');
    t.dropColumn('company_address_changed_at');
    t.dropColumn('membership');
  });
}
